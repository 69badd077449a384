/* Random differential testing: seeded random legal games in which every
 * backend of the game is asked, at every node, for its sorted legal moves,
 * and every move is made and unmade to check that the position comes back. */
#ifndef GEN_PERFT_RANDOM_GAMES_H
#define GEN_PERFT_RANDOM_GAMES_H

#include <stddef.h>
#include <stdio.h>

typedef struct RandomTotals {
    long games;
    long positions;   /* nodes at which the backends were compared */
    long round_trips; /* make/unmake pairs checked */
    long disagreements;
} RandomTotals;

/* Plays `games` games of at most `plies` plies.  Game g starts from start
 * position g mod N, where the starts are every line of `from_file` (an EPD
 * file; NULL: the Quaternity opening and the chess initial position), and
 * draws its moves from a generator seeded by (seed, g), so any game can be
 * replayed alone.  `backend_name` is "all" or one name (then only the
 * round-trips are checked).  Stops at the first disagreement, printing the
 * seed, game, position and differing moves.  Returns 0 when all agreed, 1 on
 * a disagreement, -1 on an error. */
int random_games_run(const char *from_file, const char *backend_name, long games, unsigned seed, int plies, FILE *out,
                     RandomTotals *totals, char *err, size_t errlen);

/* The same with external engines: at every node each engine's divide at
 * depth 1 (its legal moves) is compared with the backends'.  The backends
 * play the games, so `backend_name` may not be "none". */
struct Engine;
int random_games_run_with_engines(const char *from_file, const char *backend_name, struct Engine *engines, int nengines,
                                  long games, unsigned seed, int plies, FILE *out, RandomTotals *totals, char *err,
                                  size_t errlen);

#endif
