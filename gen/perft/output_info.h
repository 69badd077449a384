/* What the command says of itself: --help (the usage lines and every row
 * of the options table, options.h), --version and --list, as text on the
 * run's output. */
#ifndef GEN_PERFT_OUTPUT_INFO_H
#define GEN_PERFT_OUTPUT_INFO_H

#include "output.h"

/* --help: the usage lines and every option of the table.  `divide_only`
 * names a divide-only program (bin/perft-mpi, whose usage is its one
 * line), or is NULL. */
void output_usage(Output *o, const char *divide_only);

/* --version for `program` ("perft", "perft-mpi"): its name and version on
 * the first line (as help2man reads it), the build's options, where the
 * position suites are found. */
void output_version(Output *o, const char *program);

/* --list: every registered backend, its game and summary, the default
 * marked. */
void output_backends(Output *o);

#endif
