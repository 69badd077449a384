/* --pgn FILE (without --walk): the games of a PGN file as a suite.  Each
 * game is played from its start (pgn_play.h) and its final position (with
 * --every-ply, every position along it) is divided at every depth from 1
 * to --max-depth by every participant, through the suite's cross-check
 * (crosscheck.h).  A PGN holds no counts: the participants are held to
 * each other, so a run needs two of them at least, and their disagreement
 * is reported with the descent to the first diverging position, naming
 * the game and the ply.  The file is read whole before anything is
 * counted (when it can be read twice: not a pipe), so a bad game is
 * refused at once, in one line naming the file, game, ply and move. */
#ifndef GEN_PERFT_RUN_PGN_SUITE_H
#define GEN_PERFT_RUN_PGN_SUITE_H

#include "count_policy.h"
#include "output.h"
#include "participants.h"
#include "run_results.h"
#include "settings.h"

/* Runs the PGN suite of `s`, each count printed as it is made
 * (output_pgn_suite.h, from PgnSuiteTotals: run_results.h).  Returns the
 * exit status: EXIT_DIFFER when the participants disagreed or nothing was
 * compared, EXIT_USAGE for a bad file or too few participants,
 * EXIT_SIGNAL_BASE + the signal when interrupted. */
int run_pgn_suite(const RunSettings *s, Participants *parts, const CountPolicy *policy, Output *o);

#endif
