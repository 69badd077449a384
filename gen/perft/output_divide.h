/* Divides, the cross-check's table and its diagnosis, in every format. */
#ifndef GEN_PERFT_OUTPUT_DIVIDE_H
#define GEN_PERFT_OUTPUT_DIVIDE_H

#include "crosscheck.h"
#include "output.h"
#include "run_results.h"

/* The diagnosis of a disagreement: the position, the path to it and the
 * moves in dispute (text), or "disagreement" (JSON). */
void output_disagreement(Output *o, const CrossReport *r);

/* The diagnosis as a JSON object (verdict, the pair, path, position...). */
json_t *output_report_json(const CrossReport *r);

/* A divide run, whole: on standard output the divide (or, when the
 * participants differ, the table and the diagnosis; when interrupted, what
 * was finished), in JSON the divides, the speed and the time; on standard
 * error the Chess960 note and the speed (a line, or a table of every
 * participant and the verdict), or how to resume.  `error` (or NULL): the
 * run's failure, printed instead.  Returns the exit status. */
int output_divide_run(Output *o, const RunSettings *s, const DivideRun *run, const char *error);

#endif
