/* The command line's engine options (--engine, --engine-timeout, --format,
 * -b none) and the runs they select: divide and cross-check, suites and
 * random games with any mix of built-in backends and external engines, in
 * text, JSON or Stockfish's divide format. */
#ifndef GEN_PERFT_ENGINE_CLI_H
#define GEN_PERFT_ENGINE_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "crosscheck.h"
#include "engine.h"

enum { CLI_MAX_ENGINES = 8 };

typedef struct CliEngines {
    const char *specs[CLI_MAX_ENGINES];
    int count;
    double timeout; /* seconds per query */
    OutputFormat format;
} CliEngines;

#define CLI_ENGINES_DEFAULT                                                                                            \
    {                                                                                                                  \
        .count = 0, .timeout = ENGINE_DEFAULT_TIMEOUT_SECONDS, .format = FORMAT_TEXT                                   \
    }

/* Takes one option's value: `which` is "engine", "timeout" or "format".
 * Returns -1 to go on, or 2 after a one-line message. */
int cli_engines_option(CliEngines *c, const char *which, const char *value, FILE *err);

/* Whether the run goes through cli_engines_run: engines given, -b none, or
 * a format other than text. */
bool cli_engines_wanted(const CliEngines *c, const char *backend);

/* Runs divide (args: DEPTH POSITION [MOVES]), --suite or --random with the
 * backends `backend` selects ("none", a name, "all") and the engines.
 * Returns the exit status: 0, 1 (a disagreement or a failed check), 2 (a
 * usage or input error, or an engine's failure). */
int cli_engines_run(const CliEngines *c, const char *backend, const char *suite, const char *from, long random_games,
                    int max_depth, unsigned long long max_nodes, unsigned seed, int plies, int bulk,
                    const char *const *args, int nargs, FILE *out, FILE *err);

#endif
