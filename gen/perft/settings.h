/* What one command asks for, parsed and checked once (options.c): the
 * mode, who counts, what is counted and how.  Every runner reads this and
 * nothing else from the command line. */
#ifndef GEN_PERFT_SETTINGS_H
#define GEN_PERFT_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "position.h"

typedef enum RunMode {
    RUN_DIVIDE, /* DEPTH POSITION [MOVES]: divide, cross-checked when several take part */
    RUN_SUITE,  /* --suite FILE */
    RUN_RANDOM, /* --random GAMES */
    RUN_HELP,   /* --help */
    RUN_LIST    /* --list */
} RunMode;

/* How results are written (output.h): text (perftree's divide, tables and
 * reports), one JSON document, or Stockfish's divide ("move: count",
 * "Nodes searched: N"). */
typedef enum OutputFormat { FORMAT_TEXT, FORMAT_JSON, FORMAT_STOCKFISH } OutputFormat;

enum { MAX_ENGINES = 8, MAX_ENGINE_OPTIONS = 32 };

typedef struct RunSettings {
    RunMode mode;
    OutputFormat format;
    const char *output; /* -o FILE: the results' file, or NULL: standard output */

    /* Who counts. */
    const char *backend;              /* a registered backend's name, "all" (every backend of the game) or "none" */
    const char *engines[MAX_ENGINES]; /* --engine specifications */
    int engine_count;
    const char *engine_options[MAX_ENGINE_OPTIONS]; /* --engine-option NAME=VALUE, as given */
    int engine_option_of[MAX_ENGINE_OPTIONS];       /* the engine each applies to: the --engine before it */
    int engine_option_count;
    double engine_timeout; /* seconds an engine may take per query */

    /* Divide: DEPTH POSITION [MOVES]. */
    int depth;
    const char *position_text; /* as given */
    Position position;         /* parsed */
    const char *moves;         /* as given, or NULL */

    /* How the built-in backends count. */
    bool bulk;    /* the last ply counted, not made */
    int threads;  /* counting threads, >= 1 (-t 0 is resolved to the online cores) */
    int hash_mib; /* the table of counts, in MiB; 0: none */
    bool hash_verify;
    uint64_t hash_seed;     /* --hash-seed: the Zobrist keys' seed (zobrist_seed.h) */
    bool units_lines;       /* --units lines: work units are move paths, not positions */
    int split;              /* --split: work units this many plies below the root; 0: chosen */
    bool progress;          /* the progress line even when stderr is not a terminal */
    const char *checkpoint; /* divide's checkpoint file, or NULL */

    /* --suite. */
    const char *suite;
    int max_depth;
    uint64_t max_nodes; /* UINT64_MAX: no limit */

    /* --random. */
    long random_games;
    unsigned seed;
    int plies;
    const char *from; /* start positions (EPD), or NULL: the two openings */

    /* Which options were given, by their place in options.c's table: what
     * the JSON settings and the refusals name. */
    uint32_t given;
} RunSettings;

#endif
