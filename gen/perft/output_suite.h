/* A suite's rows, its summary and the speed table, in text and JSON. */
#ifndef GEN_PERFT_OUTPUT_SUITE_H
#define GEN_PERFT_OUTPUT_SUITE_H

#include "crosscheck.h"
#include "epd.h"
#include "output.h"
#include "output_speed.h"
#include "run_results.h"

/* Text: the rows' heading; `name_width` is the participant column's width
 * (the longest name, 11 at least), which every row keeps. */
void output_suite_heading(Output *o, int name_width);
/* One count held against the file's: text, a row (and the position when it
 * failed); JSON, an entry of "checks". */
void output_suite_check(Output *o, const EpdEntry *e, int depth, const Participant *p, const Divide *d, bool ok,
                        int name_width);
/* A count stopped past --max-nodes `budget` by participant p: a row saying
 * so, failed (`wrong`: the file's count is within the budget) or skipped;
 * JSON, an entry of "checks" whose "got" is null. */
void output_suite_past_budget(Output *o, const EpdEntry *e, int depth, const Participant *p, const Divide *d,
                              uint64_t budget, bool wrong, int name_width);
/* Text: the position of the rows above that failed (file line and text). */
void output_suite_failed_position(Output *o, const EpdEntry *e);
/* The participants' disagreement on a count (text: the diagnosis under the
 * rows; JSON: an entry of "disagreements"). */
void output_suite_disagreement(Output *o, const EpdEntry *e, int depth, const CrossReport *r);
/* The end of a suite: the closing line (what ran, what failed, what was
 * skipped and why), on stderr how many positions were in Chess960
 * notation, then the speed table of `rows`. */
void output_suite_end(Output *o, const RunSettings *s, const CountPolicy *policy, const SuiteTotals *t,
                      const SpeedRow *rows, int nrows);
#endif
