/* One command, from text to exit status: parse the command line into
 * RunSettings (options.c), build the participants (participants.c), run
 * the mode (run_divide.c, run_suite.c, run_random.c) and print through one
 * output (output.c).  main() is one call to perft_command, so tests run the
 * same code in-process on their own streams. */
#ifndef GEN_PERFT_COMMAND_H
#define GEN_PERFT_COMMAND_H

#include <stdbool.h>
#include <stdio.h>

#include "participants.h"

/* What bin/perft-mpi (gen/mpi) puts in place of this process's deep count:
 * `program` names it in the refusals of what it does not run (everything
 * but one backend's divide in text or stockfish format); `divide` counts as
 * deep_divide does; `printed` is called with the exit status once the
 * output is written; `results_elsewhere` (a rank other than 0) leaves -o
 * FILE to the process that prints, writing its own results to `out`. */
typedef struct CommandHooks {
    const char *program;
    DeepDivideHook divide;
    bool results_elsewhere;
    void (*printed)(int status, void *context);
    void *context;
} CommandHooks;

/* Runs bin/perft on argv (argv[0] is the program name): results go to
 * `out`, timing and errors to `err`.  `hooks` is NULL for bin/perft.
 * Returns the exit status (report.h).  Not reentrant: getopt keeps its
 * place in globals. */
int perft_command(int argc, char **argv, FILE *out, FILE *err, const CommandHooks *hooks);

#endif
