/* --random GAMES: seeded random legal games in which every backend of the
 * game is asked, at every node, for its sorted legal moves (and its bulk
 * count), every engine for its divide at depth 1, and every move is made
 * and unmade to check that the position comes back. */
#ifndef GEN_PERFT_RUN_RANDOM_H
#define GEN_PERFT_RUN_RANDOM_H

#include <stdio.h>

#include "output.h"
#include "participants.h"
#include "settings.h"

typedef struct RandomTotals {
    long games;
    long positions;   /* nodes at which the participants were compared */
    long round_trips; /* make/unmake pairs checked */
    long disagreements;
} RandomTotals;

/* Plays s->random_games games of at most s->plies plies.  Game g starts
 * from start position g mod N, where the starts are every line of s->from
 * (an EPD file; NULL: the Quaternity opening and the chess initial
 * position), and draws its moves from a generator seeded by (seed, g), so
 * any game can be replayed alone.  With one backend only the round trips
 * (and the engines) are checked.  Stops at the first disagreement, printing
 * the seed, game, position and differing moves.  Returns the exit status;
 * `totals` (may be NULL) says what ran. */
int run_random(const RunSettings *s, Participants *parts, Output *o, FILE *err, RandomTotals *totals);

#endif
