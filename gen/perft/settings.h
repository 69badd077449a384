/* What one command asks for, parsed and checked once (options.c): the
 * mode, who counts, what is counted and how.  Every runner reads this and
 * nothing else from the command line. */
#ifndef GEN_PERFT_SETTINGS_H
#define GEN_PERFT_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "castling.h"
#include "move_text.h"
#include "position.h"

typedef enum RunMode {
    RUN_DIVIDE,     /* DEPTH POSITION [MOVES]: divide, cross-checked when several take part */
    RUN_SUITE,      /* --suite FILE, or --pgn FILE (its games' positions) */
    RUN_RANDOM,     /* --random GAMES */
    RUN_HELP,       /* --help */
    RUN_LIST,       /* --list */
    RUN_VERSION,    /* --version */
    RUN_UCI_SERVER, /* --uci: a UCI engine on standard input and output (gen/perft/uci_server/) */
    RUN_WALK        /* --walk: the tree walked by hand, a command a line (gen/perft/walk/) */
} RunMode;

/* Where --random's games start (--random-start): the --from list (or the
 * two openings), the 960 Chess960 arrangements, the 921,600 Double Fischer
 * Random pairs, or one position. */
typedef enum RandomStart {
    RANDOM_START_LIST,
    RANDOM_START_CHESS960,
    RANDOM_START_DFRC,
    RANDOM_START_POSITION
} RandomStart;

/* How results are written (output.h): text (perftree's divide, tables and
 * reports), one JSON document, or Stockfish's divide ("move: count",
 * "Nodes searched: N"). */
typedef enum OutputFormat { FORMAT_TEXT, FORMAT_JSON, FORMAT_STOCKFISH } OutputFormat;

enum { MAX_ENGINES = 8, MAX_ENGINE_OPTIONS = 32 };

/* --board: no diagram (the walk's board command draws letters), letters,
 * or chess's piece symbols.  --color: colour when the diagram goes to a
 * terminal and NO_COLOR is not set, always, or never. */
typedef enum BoardChoice { BOARD_NONE, BOARD_LETTERS, BOARD_UNICODE } BoardChoice;
typedef enum ColorChoice { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } ColorChoice;

/* Where --walk starts without arguments: the chess start. */
#define WALK_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

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

    /* --chess960: every chess position's castling written king-takes-rook
     * and UCI engines in UCI_Chess960 mode, standard positions included
     * (without it, Chess960 positions alone: settings_notation). */
    bool chess960;

    /* Board diagrams (output_board.h): --board's style, beside every
     * disagreement report and in the walk; --color's when. */
    BoardChoice board;
    ColorChoice color;

    /* --pgn FILE: a suite of its games' positions (RUN_SUITE with no
     * --suite: run_pgn_suite.h), or, with --walk, where the walk starts;
     * --every-ply: every position along each game, not only its last. */
    const char *pgn;
    bool every_ply;

    /* How the built-in backends count. */
    bool bulk;    /* the last ply counted, not made */
    bool stats;   /* --stats: the leaves classified (perft_stats.h); bulk is then off */
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
    RandomStart random_start;
    const char *random_start_text;  /* --random-start as given, or NULL */
    Position random_start_position; /* RANDOM_START_POSITION's */

    /* Which options were given, by their place in options.c's table: what
     * the JSON settings and the refusals name. */
    uint64_t given;
} RunSettings;

/* The notation of a run's moves from `root` (and the mode a UCI engine is
 * put in): Chess960's for a chess position whose castling is Chess960's
 * (castling_is_chess960) or with --chess960, else standard. */
static inline MoveNotation settings_notation(const RunSettings *s, const Position *root)
{
    if (root->game != GAME_CHESS)
        return MOVE_NOTATION_STANDARD;
    return s->chess960 || castling_is_chess960(root) ? MOVE_NOTATION_CHESS960 : MOVE_NOTATION_STANDARD;
}

#endif
