/* The bin/perft command line: options and arguments parsed with
 * getopt_long, and the command they select (divide, the `-b all` cross-check,
 * a suite, random games).  main() is one call to perft_cli, so tests run the
 * same code in-process on their own streams. */
#ifndef GEN_PERFT_CLI_H
#define GEN_PERFT_CLI_H

#include <stdio.h>

#include "parallel.h"

/* Runs bin/perft on argv (argv[0] is the program name): results go to `out`,
 * timing and errors to `err`.  Returns the exit status: 0 done, 1 a
 * disagreement or a failed check, 2 a usage or input error.  Not reentrant:
 * getopt keeps its place in globals. */
int perft_cli(int argc, char **argv, FILE *out, FILE *err);

/* What bin/perft-mpi (gen/mpi) puts in place of this process's deep count:
 * `divide` counts as deep_divide does (it may set the settings' executor,
 * units_target and workers_text first); `printed` is called with the exit
 * status once divide's output is written.  Divide (DEPTH POSITION, text or
 * stockfish format) is the one mode counted this way: --suite, --random,
 * engines, -b all and --format json are refused with a message naming
 * `program`. */
typedef struct CliDivide {
    const char *program;
    int (*divide)(const DeepJob *job, DeepSettings *settings, DeepResult *result, char *err, size_t errlen,
                  void *context);
    void (*printed)(int status, void *context);
    void *context;
} CliDivide;

/* perft_cli with divide counted by `divide`. */
int perft_cli_divide(int argc, char **argv, FILE *out, FILE *err, const CliDivide *divide);

/* Prints "perft: MESSAGE" and a newline to `err`; returns 2, the exit status
 * of a usage or input error, so callers can `return perft_error(...)`. */
int perft_error(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
