/* A backend instance with a position loaded: what every harness command
 * works on.  Parsing, move validation and error text live here once. */
#ifndef GEN_PERFT_SESSION_H
#define GEN_PERFT_SESSION_H

#include <stdbool.h>
#include <stddef.h>

#include "backend.h"
#include "divide.h"
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
/* The same, writing the moves played into `written` (`size` bytes, enough
 * for the text given) space-separated in `notation`: castling given as
 * e1g1 or e1h1 comes out in the one form the run's engines are sent. */
int session_play_written(Session *s, const char *moves, MoveNotation notation, char *written, size_t size, char *err,
                         size_t errlen);

/* Divide on the session's one instance, no threads, no table: every legal
 * root move (sorted by text) and its perft(depth - 1) count, for depth >= 1;
 * returns the number of root moves.  `entries` holds MAX_MOVES.  (The
 * harness counts on the deep runner; this is the plain reference.) */
int session_divide(Session *s, int depth, bool bulk, DivideEntry *entries);

#endif
