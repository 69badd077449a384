/* --suite FILE: every ";Dn" count of an EPD file, position by position,
 * through the divide path: every participant divides the position, each
 * total is held against the file's count, and when participants disagree
 * the run descends to the first diverging position as divide does.
 * --max-nodes N is a budget each count is counted within, never the file's
 * count trusted: a count passing N is stopped there, and is skipped, or
 * failed when the file says it is N or fewer. */
#ifndef GEN_PERFT_RUN_SUITE_H
#define GEN_PERFT_RUN_SUITE_H

#include "count_policy.h"
#include "output.h"
#include "participants.h"
#include "run_results.h"
#include "settings.h"

/* Runs the suite of `s`, each check printed as it is made (output_suite.h:
 * a row per check, then a summary that names what was skipped and a speed
 * table per participant).  Returns the exit status: EXIT_DIFFER when a
 * check failed or nothing was checked; `totals` (may be NULL) says what
 * ran. */
int run_suite(const RunSettings *s, Participants *parts, const CountPolicy *policy, Output *o, SuiteTotals *totals);

#endif
