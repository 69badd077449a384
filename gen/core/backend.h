/* The one interface every generator backend implements.
 *
 * The grain is coarse on purpose: the harness calls a backend per position
 * (load, generate, make, unmake) or per search (perft), never per node, so
 * each backend runs its own perft recursion with direct calls and inlined
 * code.  A backend instance owns all its state, so threads can later run one
 * instance each without locks. */
#ifndef GEN_CORE_BACKEND_H
#define GEN_CORE_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "position.h"

typedef struct Backend {
    const char *name;    /* "mailbox", "padded", "bitboard": what -b takes */
    Game game;           /* one entry per (representation, game) */
    const char *summary; /* one line for --help and reports */

    void *(*create)(void); /* NULL on allocation failure */
    void (*destroy)(void *state);

    /* Load a position that shared code has already validated. */
    void (*load)(void *state, const Position *pos);
    /* Write the current position back in neutral form (for printing, for
     * cross-checks and for make/unmake round-trip tests). */
    void (*save)(const void *state, Position *pos);

    /* Legal moves of the side (controller) on turn, in any order; returns
     * the count.  `moves` has room for MAX_MOVES. */
    int (*generate)(void *state, Move *moves);
    /* Make a move that generate() returned; unmake the last one made, which
     * the caller names again.  Makes nest to depth MAX_DEPTH + 1 at least. */
    void (*make)(void *state, Move move);
    void (*unmake)(void *state, Move move);

    /* Perft from the current position; bulk: count the last ply's legal
     * moves instead of making them.  The position is unchanged afterwards. */
    uint64_t (*perft)(void *state, int depth, int bulk);
} Backend;

#endif
