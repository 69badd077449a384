/* Divide: DEPTH POSITION [MOVES] counted by every participant, compared,
 * and on a disagreement the descent to the first position where they
 * differ.  One participant is a plain divide. */
#ifndef GEN_PERFT_RUN_DIVIDE_H
#define GEN_PERFT_RUN_DIVIDE_H

#include "output.h"
#include "participants.h"
#include "settings.h"

/* Runs the divide of `s`; returns the exit status (report.h), errors
 * printed on err. */
int run_divide(const RunSettings *s, Participants *parts, Counting *counting, Output *o, FILE *err);

#endif
