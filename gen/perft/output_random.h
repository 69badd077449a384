/* A random run's results (RandomResult, run_results.h), in text and JSON. */
#ifndef GEN_PERFT_OUTPUT_RANDOM_H
#define GEN_PERFT_OUTPUT_RANDOM_H

#include <stdio.h>

#include "output.h"
#include "participants.h"
#include "run_results.h"

/* Text: on agreement the summary line (games, starts, participants,
 * positions compared, round trips, seed); on a disagreement the game, seed,
 * ply and start, the cross-check's diagnosis (path from the start,
 * position, the moves in dispute) and how to replay it.  JSON: "random"
 * (seed, games, plies, positions, round_trips, disagreements: a count) and
 * "disagreements", an array of the cross-check's objects (as a suite's)
 * with the seed, game, ply, start and start_number.  An error is one line
 * on `err` (and in "failures").  Returns the run's exit status. */
int output_random(Output *o, FILE *err, const RunSettings *s, const Participants *parts, const RandomResult *r);

#endif
