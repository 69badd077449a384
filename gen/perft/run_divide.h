/* Divide: DEPTH POSITION [MOVES] counted by every participant, compared,
 * and on a disagreement the descent to the first position where they
 * differ.  One participant is a plain divide.  It prints nothing: the
 * DivideRun it fills is printed by output_divide_run (output_divide.h). */
#ifndef GEN_PERFT_RUN_DIVIDE_H
#define GEN_PERFT_RUN_DIVIDE_H

#include <stddef.h>

#include "count_policy.h"
#include "participants.h"
#include "run_results.h"
#include "settings.h"

/* Runs the divide of `s` into `run` (free it with divide_run_free, however
 * it ended): 0, or -1 with one line in err (run->started says whether the
 * position and moves were taken). */
int run_divide(const RunSettings *s, Participants *parts, const CountPolicy *policy, DivideRun *run, char *err,
               size_t errlen);

void divide_run_free(DivideRun *run);

#endif
