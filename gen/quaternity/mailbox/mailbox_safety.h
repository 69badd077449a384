/* King safety for the Quaternity mailbox backend: checks and pins, found
 * from the mover's kings outward before any move is generated.
 *
 * The mover may control up to four armies, so up to four kings, and every
 * one of them must be safe after its move (spec section 4).  Each king
 * looks along its eight rays and at its knight squares.  On a ray, the
 * first man met gives check if it is a live enemy that attacks along that
 * ray: a rook or queen on a rank or file, a bishop or queen on a diagonal,
 * and, next to the king, an enemy king or a pawn that captures back toward
 * it.  If the first man is a friend (of any army the mover controls, kings
 * included) and the next man beyond it is an enemy slider of the ray's
 * kind, the friend is pinned.  Frozen men attack nothing, so they never
 * check or pin, but they block rays like any man.
 *
 * The squares that matter are kept as SquareSets: for each checked king,
 * the squares that answer its check (the checker and the squares between);
 * for each pinned man, the line it may move along (king to pinner). */
#ifndef GEN_QUATERNITY_MAILBOX_SAFETY_H
#define GEN_QUATERNITY_MAILBOX_SAFETY_H

#include <stdbool.h>

#include "mailbox.h"

/* A set of squares, one bit each: check answers and pin lines. */
typedef struct SquareSet {
    uint64_t word[3];
} SquareSet;

static inline void set_add(SquareSet *s, int square)
{
    s->word[square >> 6] |= 1ull << (square & 63);
}

static inline bool set_has(const SquareSet *s, int square)
{
    return (s->word[square >> 6] >> (square & 63)) & 1;
}

static inline void set_intersect(SquareSet *s, const SquareSet *t)
{
    for (int i = 0; i < 3; i++)
        s->word[i] &= t->word[i];
}

enum { MAX_KINGS = 4, MAX_PINS = MAX_KINGS * DIR_COUNT };

/* What the mover's kings need from this position's moves. */
typedef struct KingSafety {
    int king_count;
    uint8_t king_square[MAX_KINGS];
    bool in_check[MAX_KINGS];
    SquareSet answers[MAX_KINGS]; /* for a king in check: squares that capture the checker or block */

    int checked_count;     /* kings in check */
    SquareSet all_answers; /* squares answering every check: where a man that is not a king may go */

    SquareSet pinned; /* squares of pinned men */
    int pin_count;
    uint8_t pin_square[MAX_PINS];
    SquareSet pin_line[MAX_PINS]; /* from the king to the pinner, pinner included */
} KingSafety;

/* Finds the checks on, and the pins to, every king of the controller on
 * turn. */
void analyse_kings(const QuaternityMailbox *m, KingSafety *ks);

/* Whether a live enemy of the controller on turn attacks `square`, with
 * the board as it stands (lift a moving king off it first). */
bool square_attacked(const QuaternityMailbox *m, int square);

#endif
