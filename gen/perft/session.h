/* A backend instance with a position loaded: what every harness command
 * works on.  Parsing, move validation and error text live here once. */
#ifndef GEN_PERFT_SESSION_H
#define GEN_PERFT_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "position_text.h"

typedef struct Session {
    const Backend *backend;
    void *state;
    Game game;
} Session;

/* Opens `backend` on the parsed position; -1 with a message if the
 * backend cannot be created. */
int session_open(Session *s, const Backend *backend, const Position *pos, char *err, size_t errlen);
void session_close(Session *s);

/* Plays the space-separated moves in `moves` (may be NULL or empty); stops
 * at the first that is not legal, with a message naming it and its place. */
int session_play(Session *s, const char *moves, char *err, size_t errlen);

/* One root move's count, for divide. */
typedef struct DivideEntry {
    Move move;
    uint64_t count;
} DivideEntry;

/* Divide: every legal root move (sorted by text) and its perft(depth - 1)
 * count, for depth >= 1; returns the number of root moves.  `entries`
 * holds MAX_MOVES. */
int session_divide(Session *s, int depth, int bulk, DivideEntry *entries);
/* The same with a shared table of counts (perft_hash.h; NULL: none). */
int session_divide_hashed(Session *s, int depth, int bulk, PerftHash *table, DivideEntry *entries);

/* Perft from the session's position, through the table when there is one
 * and the backend can use it. */
uint64_t session_perft(Session *s, int depth, int bulk, PerftHash *table);

/* Wall-clock seconds, monotonic. */
double seconds_now(void);

#endif
