/* --random GAMES: seeded random legal games in which, at every node, the
 * participants of the game (participants_of_game: the backends -b selects,
 * then the engines) are cross-checked (crosscheck_node): every backend's
 * sorted legal moves, its bulk count and the make/unmake of every move,
 * every engine's divide at depth 1.  The run computes; output_random.c
 * prints. */
#ifndef GEN_PERFT_RUN_RANDOM_H
#define GEN_PERFT_RUN_RANDOM_H

#include <stdio.h>

#include "participants.h"
#include "run_results.h"
#include "settings.h"

/* Plays s->random_games games of at most s->plies plies.  Game g starts
 * from start position g mod N, where the starts are every line of s->from
 * (an EPD file; NULL: the Quaternity opening and the chess initial
 * position), or from --random-start's, and draws its moves from a
 * generator seeded by (seed, g), so any game can be replayed alone.  Stops
 * at the first disagreement.  Fills `result` (large: the caller's heap's)
 * and returns its status.  The progress line goes to `err`. */
int run_random(const RunSettings *s, Participants *parts, FILE *err, RandomResult *result);

#endif
