#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "deep/counting_threads.h"
#include "deep/work_units.h"
#include "digits.h"
#include "engine/engine.h"
#include "perft_hash.h"
#include "position_text.h"
#include "registry.h"

/* The modes an option may apply to, as bits. */
enum { M_DIVIDE = 1, M_SUITE = 2, M_RANDOM = 4, M_ANY = 7 };
static const char *const MODE_NAMES[] = {"divide", "--suite", "--random"}; /* by bit */

/* Every option, in --help's order.  An option added later gets its row
 * here, with the modes it applies to; a rule that depends on other options
 * gets a row in REQUIREMENTS below. */
typedef enum OptionId {
    OPT_BACKEND,
    OPT_ENGINE,
    OPT_ENGINE_TIMEOUT,
    OPT_ENGINE_OPTION,
    OPT_FORMAT,
    OPT_OUTPUT,
    OPT_BULK,
    OPT_NO_BULK,
    OPT_STATS,
    OPT_THREADS,
    OPT_HASH,
    OPT_HASH_VERIFY,
    OPT_HASH_SEED,
    OPT_UNITS,
    OPT_SPLIT,
    OPT_PROGRESS,
    OPT_CHECKPOINT,
    OPT_SUITE,
    OPT_MAX_DEPTH,
    OPT_MAX_NODES,
    OPT_RANDOM,
    OPT_SEED,
    OPT_PLIES,
    OPT_FROM,
    OPT_CHESS960,
    OPT_BOARD,
    OPT_COLOR,
    OPT_RANDOM_START,
    OPT_LIST,
    OPT_HELP,
    OPT_VERSION,
    OPT_UCI,
    OPT_WALK,
    OPT_PGN,
    OPT_EVERY_PLY,
    OPTION_COUNT
} OptionId;

/* The values of the options that name one of a few. */
static const char *const FORMATS[] = {
    [FORMAT_TEXT] = "text", [FORMAT_JSON] = "json", [FORMAT_STOCKFISH] = "stockfish", NULL};
static const char *const UNIT_KINDS[] = {"positions", "lines", NULL}; /* units_lines: the second */
static const char *const BOARD_STYLES[] = {
    [BOARD_NONE] = "none", [BOARD_LETTERS] = "letters", [BOARD_UNICODE] = "unicode", NULL};
static const char *const COLOR_WHENS[] = {
    [COLOR_AUTO] = "auto", [COLOR_ALWAYS] = "always", [COLOR_NEVER] = "never", NULL};

/* A row's field: its type, where it is in RunSettings, its JSON key. */
#define FIELD(type, member, json) type, offsetof(RunSettings, member), json, NULL
#define CHOICE(type, member, json, choices) type, offsetof(RunSettings, member), json, choices
#define NO_FIELD FIELD_NONE, 0, NULL, NULL

static const OptionRow OPTIONS[OPTION_COUNT] = {
    [OPT_BACKEND] = {"backend", 'b', "NAME", M_ANY, 0, -1, NULL,
                     "a backend (see --list); all: every backend of the game,\ncross-checked; none: the engines "
                     "alone (default " DEFAULT_BACKEND ")",
                     FIELD(FIELD_TEXT, backend, "backend")},
    [OPT_ENGINE] =
        {"engine", 0, "SPEC", M_ANY, 0, -1, NULL,
         "an external engine beside the backends (repeatable):\n[NAME=][GAME:]uci:COMMAND (go perft over "
         "UCI) or\n[NAME=][GAME:]perftree:COMMAND (COMMAND DEPTH \"POSITION\"\n\"MOVES\" per query); "
         "NAME names it in the reports,\nGAME (chess or quaternity) is the game it is asked\nabout: "
         "undeclared, a UCI engine plays chess and a\nperftree engine the game of the run's positions\n(refused "
         "when they are of both games)",
         FIELD(FIELD_ENGINES, engines, "engines")},
    [OPT_ENGINE_TIMEOUT] = {"engine-timeout", 0, "SECONDS", M_ANY, 0, -1, NULL,
                            "time an engine may take per query (default 60)",
                            FIELD(FIELD_DOUBLE, engine_timeout, "engine_timeout")},
    [OPT_ENGINE_OPTION] = {"engine-option", 0, "NAME=VALUE", M_ANY, 0, -1, NULL,
                           "a UCI option of the --engine before it (repeatable),\nsent as \"setoption name NAME value "
                           "VALUE\" after\nuciok; NAME must be one the engine lists",
                           FIELD(FIELD_ENGINE_OPTIONS, engine_options, "engine_options")},
    [OPT_FORMAT] = {"format", 0, "FORMAT", M_ANY, 0, -1, NULL,
                    "text (default), json (one JSON document) or stockfish\n(divide as \"move: count\" and \"Nodes "
                    "searched: N\")",
                    CHOICE(FIELD_CHOICE, format, "format", FORMATS)},
    [OPT_OUTPUT] = {"output", 'o', "FILE", M_ANY, 0, -1, NULL,
                    "write the results to FILE instead of standard output (under\nmpirun, where standard output is "
                    "mpirun's, the one way to\nhave a failed write reported)",
                    FIELD(FIELD_TEXT, output, "output")},
    [OPT_BULK] = {"bulk", 0, NULL, M_DIVIDE | M_SUITE, 0, -1, NULL,
                  "count the last ply without making its moves (default)", FIELD(FIELD_FLAG, bulk, "bulk")},
    [OPT_NO_BULK] = {"no-bulk", 0, NULL, M_DIVIDE | M_SUITE, 0, -1, NULL, "make every move down to depth 0",
                     FIELD(FIELD_FLAG_OFF, bulk, NULL)},
    [OPT_STATS] = {"stats", 0, NULL, M_DIVIDE | M_SUITE, 0, -1, NULL,
                   "count the leaves of each kind too (captures, en passant,\ncastles, promotions, checks and mates "
                   "split four ways,\nstalemates: gen/chess/RULES.md#perft-statistics), per root\nmove and in "
                   "total, compared between backends; every\nlast-ply move is made (no bulk counting); a backend "
                   "or\nengine without statistics is compared on nodes",
                   FIELD(FIELD_FLAG, stats, "stats")},
    [OPT_THREADS] = {"threads", 't', "N", M_DIVIDE | M_SUITE, 0, 1024, "thread count (0: every core)",
                     "count on N threads (0: every core; default 1)", FIELD(FIELD_INT, threads, "threads")},
    [OPT_HASH] = {"hash", 0, "SIZE", M_DIVIDE | M_SUITE, 0, -1, NULL,
                  "a table of counts of SIZE: MiB, or with a suffix M, G or T\n(512M, 8G; default: none)",
                  FIELD(FIELD_INT, hash_mib, "hash_mib")},
    [OPT_HASH_VERIFY] = {"hash-verify", 0, NULL, M_DIVIDE | M_SUITE, 0, -1, NULL,
                         "recompute about one hash hit in 1024 without the table\nand fail on a mismatch",
                         FIELD(FIELD_FLAG, hash_verify, "hash_verify")},
    [OPT_HASH_SEED] = {"hash-seed", 0, "N", M_DIVIDE | M_SUITE, 0, LONG_MAX, "seed",
                       "Zobrist keys from seed N (default 0): another seed gives\nindependent keys, to confirm a count",
                       FIELD(FIELD_U64, hash_seed, "hash_seed")},
    [OPT_UNITS] = {"units", 0, "KIND", M_DIVIDE, 0, -1, NULL,
                   "a deep count's work units: positions (default: each\ndistinct position at the split once, with "
                   "its lines'\nmultiplicities) or lines (every move path)",
                   CHOICE(FIELD_CHOICE_FLAG, units_lines, "units", UNIT_KINDS)},
    [OPT_SPLIT] = {"split", 0, "N", M_DIVIDE, 1, MAX_DEPTH - 1, "split depth",
                   "work units N plies below the root (default: the\nshallowest split giving enough units)",
                   FIELD(FIELD_INT_ZERO_NULL, split, "split")},
    [OPT_PROGRESS] = {"progress", 0, NULL, M_ANY, 0, -1, NULL,
                      "a progress line on stderr even when it is not a\nterminal (on a terminal it is drawn anyway): "
                      "a deep\ncount's work units; a suite's positions, counts,\nfailures and disagreements; random "
                      "games, positions\nand disagreements; the engine awaited and for how long",
                      FIELD(FIELD_FLAG, progress, "progress")},
    [OPT_CHECKPOINT] = {"checkpoint", 0, "FILE", M_DIVIDE, 0, -1, NULL,
                        "append finished work units to FILE; the same command\nrun again resumes from it",
                        FIELD(FIELD_TEXT, checkpoint, "checkpoint")},
    [OPT_SUITE] = {"suite", 0, "FILE", M_SUITE, 0, -1, NULL, "check every ;Dn count of an EPD file (QFEN or FEN lines)",
                   FIELD(FIELD_TEXT, suite, "suite.file")},
    [OPT_MAX_DEPTH] = {"max-depth", 0, "N", M_SUITE, 1, MAX_DEPTH, "depth", "deepest depth a suite checks (default 3)",
                       FIELD(FIELD_INT, max_depth, "suite.max_depth")},
    [OPT_MAX_NODES] = {"max-nodes", 0, "N", M_SUITE, 1, LONG_MAX - 1, "number",
                       "count each suite count within N nodes: one that passes\nN is stopped there and skipped "
                       "(failed when the\nfile says N or fewer; default: no limit)",
                       FIELD(FIELD_U64_MAX_NULL, max_nodes, "suite.max_nodes")},
    [OPT_RANDOM] = {"random", 0, "GAMES", M_RANDOM, 1, 100000000, "game count",
                    "play GAMES random legal games from the opening and the\nchess start (or every position of --from "
                    "FILE),\ncomparing every participant's legal moves at every node",
                    FIELD(FIELD_LONG, random_games, "random.games")},
    [OPT_SEED] = {"seed", 0, "S", M_RANDOM, 0, 2147483647, "number", "random seed (default 1)",
                  FIELD(FIELD_UNSIGNED, seed, "random.seed")},
    [OPT_PLIES] = {"plies", 0, "N", M_RANDOM, 1, 10000, "number", "plies per random game (default 200)",
                   FIELD(FIELD_INT, plies, "random.plies")},
    [OPT_FROM] = {"from", 0, "FILE", M_RANDOM, 0, -1, NULL, "the start positions of --random (an EPD file)",
                  FIELD(FIELD_TEXT, from, "random.from")},
    [OPT_CHESS960] = {"chess960", 0, NULL, M_ANY, 0, -1, NULL,
                      "Chess960 notation for every chess position: castling as\nthe king taking its rook (e1h1), "
                      "UCI engines with\nUCI_Chess960 (default: for Chess960 positions only)",
                      FIELD(FIELD_FLAG, chess960, "chess960")},
    [OPT_BOARD] = {"board", 0, "STYLE", M_ANY, 0, -1, NULL,
                   "a board diagram of the position beside every\ndisagreement report: letters, or unicode (chess's "
                   "piece\nsymbols); none (default): no diagram, and the walk's\nboard command draws letters",
                   CHOICE(FIELD_CHOICE, board, "board", BOARD_STYLES)},
    [OPT_COLOR] = {"color", 0, "WHEN", M_ANY, 0, -1, NULL,
                   "colour in board diagrams: auto (default: when they go\nto a terminal and NO_COLOR is not set), "
                   "always or\nnever",
                   CHOICE(FIELD_CHOICE, color, "color", COLOR_WHENS)},
    [OPT_RANDOM_START] = {"random-start", 0, "SET", M_RANDOM, 0, -1, NULL,
                          "where --random's games start: chess960 (every one of\nthe 960 arrangements in turn), dfrc "
                          "(every White and\nBlack pair in turn) or one POSITION (default: --from)",
                          FIELD(FIELD_TEXT, random_start_text, "random.start")},
    [OPT_LIST] = {"list", 0, NULL, 0, 0, -1, NULL, "list the backends (the default marked)", NO_FIELD},
    [OPT_HELP] = {"help", 'h', NULL, 0, 0, -1, NULL, "this text", NO_FIELD},
    [OPT_VERSION] = {"version", 0, NULL, 0, 0, -1, NULL,
                     "the version, the build's options (PEXT or magic, AVX2\nor portable sets, debug) and where the "
                     "position\nsuites are",
                     NO_FIELD},
    [OPT_UCI] = {"uci", 0, NULL, 0, 0, -1, NULL,
                 "be a UCI engine on standard input and output: go perft\nDEPTH answered as Stockfish does (-b, -t "
                 "and --hash\nset its Backend, Threads and Hash options' defaults)",
                 NO_FIELD},
    [OPT_WALK] = {"walk", 0, NULL, 0, 0, -1, NULL,
                  "walk the tree by hand: a line of commands at a time on\nstandard input (fen, moves, depth, divide, "
                  "move, back,\ndiff, descend, board, engines; help lists them) over\nthe participants of a divide; "
                  "arguments DEPTH\n\"POSITION\" [\"MOVES\"] are where it starts (default: the\nchess start, "
                  "depth 3)",
                  NO_FIELD},
    [OPT_PGN] = {"pgn", 0, "FILE", 0, 0, -1, NULL,
                 "count the final position of every game of the PGN file\nFILE to --max-depth, the participants "
                 "held to each\nother (no counts in the file: -b all or an --engine);\nwith --walk: start at the "
                 "end of its first game (FEN\nand Variant \"Chess960\" tags honoured; the walk's pgn\nFILE N "
                 "command takes another)",
                 FIELD(FIELD_TEXT, pgn, "pgn")},
    [OPT_EVERY_PLY] = {"every-ply", 0, NULL, 0, 0, -1, NULL,
                       "with --pgn FILE: count every position along each game,\nits start and after every ply, not "
                       "only its final one",
                       FIELD(FIELD_FLAG, every_ply, "every_ply")},
};

static bool is_number_option(OptionId id)
{
    return OPTIONS[id].min <= OPTIONS[id].max;
}

static bool given(const RunSettings *s, OptionId id)
{
    return s->given & ((uint64_t)1 << id);
}

static bool backend_is(const RunSettings *s, const char *name)
{
    return strcmp(s->backend, name) == 0;
}

/* ---- Rules that depend on other options: each refuses the option named,
 * given, with the true reason. ---- */

static bool no_engine(const RunSettings *s)
{
    return s->engine_count == 0;
}
static bool engines_alone_without_engine(const RunSettings *s)
{
    return backend_is(s, "none") && s->engine_count == 0;
}
static bool engines_alone(const RunSettings *s)
{
    return backend_is(s, "none");
}
static bool engines_alone_in_random(const RunSettings *s)
{
    return backend_is(s, "none") && s->mode == RUN_RANDOM;
}
static bool every_backend(const RunSettings *s)
{
    return backend_is(s, "all");
}
static bool no_hash(const RunSettings *s)
{
    return s->hash_mib == 0;
}
static bool engines_alone_in_suite(const RunSettings *s)
{
    return backend_is(s, "none") && s->mode == RUN_SUITE;
}
static bool from_given(const RunSettings *s)
{
    return s->from != NULL;
}
static bool stockfish_beyond_divide(const RunSettings *s)
{
    return s->format == FORMAT_STOCKFISH && s->mode != RUN_DIVIDE;
}
static bool stats_asked(const RunSettings *s)
{
    return s->stats;
}
static bool stockfish_format(const RunSettings *s)
{
    return s->format == FORMAT_STOCKFISH;
}

static bool no_board_beyond_walk(const RunSettings *s)
{
    return s->board == BOARD_NONE && s->mode != RUN_WALK;
}

static bool no_pgn(const RunSettings *s)
{
    return s->pgn == NULL;
}

static const struct Requirement {
    OptionId option;
    bool (*refused)(const RunSettings *s);
    const char *reason;
} REQUIREMENTS[] = {
    {OPT_BACKEND, engines_alone_without_engine, "-b none needs at least one --engine (the engines alone take part)"},
    {OPT_BACKEND, engines_alone_in_random,
     "--random needs backends to play the games: -b all or -b NAME beside the engines"},
    {OPT_ENGINE_TIMEOUT, no_engine, "--engine-timeout applies to engines: give --engine SPEC"},
    {OPT_HASH_VERIFY, no_hash, "--hash-verify needs --hash SIZE"},
    {OPT_HASH_SEED, no_hash, "--hash-seed seeds the table's keys: give --hash SIZE"},
    {OPT_THREADS, engines_alone,
     "-t counts the built-in backends on threads: with -b none only engines count, on their own"},
    {OPT_HASH, engines_alone, "--hash keeps the built-in backends' counts: with -b none only engines count"},
    {OPT_CHECKPOINT, engines_alone,
     "--checkpoint keeps a built-in backend's work units: with -b none only engines count"},
    {OPT_CHECKPOINT, every_backend,
     "--checkpoint keeps one backend's work units: -b all counts with every backend (choose one with -b NAME)"},
    {OPT_MAX_NODES, engines_alone_in_suite,
     "--max-nodes is a budget the built-in backends count within, before any engine is asked: with -b none only "
     "engines count (--engine-timeout bounds them)"},
    {OPT_COLOR, no_board_beyond_walk, "--color colours board diagrams: give --board letters or --board unicode"},
    {OPT_EVERY_PLY, no_pgn, "--every-ply counts the positions along --pgn's games: give --pgn FILE"},
    {OPT_RANDOM_START, from_given, "--random-start and --from both say where the games start: give one of them"},
    {OPT_BULK, stats_asked,
     "--bulk does not go with --stats: a leaf is classified by making the move that reaches it, so --stats makes "
     "every last-ply move"},
    {OPT_STATS, stockfish_format,
     "--stats prints its statistics as text or json: --format stockfish has no place for them"},
    {OPT_FORMAT, stockfish_beyond_divide,
     "--format stockfish is for divide only (use text or json with --suite, --pgn or --random)"},
};

/* ---- Parsing ---- */

/* --hash's SIZE into MiB: digits, optionally with M, G or T (either
 * case); 0, or -1 when it is no size from 1 MiB to PERFT_HASH_MAX_MIB. */
static int hash_size_parse(const char *text, int *mib)
{
    size_t digits = strspn(text, "0123456789");
    const char *suffix = text + digits;
    int shift = 0;
    if (*suffix == 'G' || *suffix == 'g')
        shift = 10;
    else if (*suffix == 'T' || *suffix == 't')
        shift = 20;
    else if (*suffix != 'M' && *suffix != 'm' && *suffix != '\0')
        return -1;
    if (*suffix && suffix[1] != '\0')
        return -1;
    char number[10];
    long value;
    if (digits == 0 || digits >= sizeof number)
        return -1;
    memcpy(number, text, digits);
    number[digits] = '\0';
    if (digits_in_range(number, 1, LONG_MAX, &value) < 0)
        return -1;
    if (value < 1 || value > (long)PERFT_HASH_MAX_MIB >> shift)
        return -1;
    *mib = (int)(value << shift);
    return 0;
}

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* The backend names of the registry, "all" and "none", for messages. */
static void known_backends(char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; backend_registry[i]; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(backend_registry[j]->name, backend_registry[i]->name) == 0;
        if (!seen && n < size)
            n += (size_t)snprintf(out + n, size - n, "%s, ", backend_registry[i]->name);
    }
    if (n < size)
        snprintf(out + n, size - n, "all, none");
}

/* --engine-option NAME=VALUE for the --engine before it, a UCI one. */
static int engine_option_add(RunSettings *s, const char *value, char *err, size_t errlen)
{
    if (s->engine_count == 0)
        return fail(err, errlen,
                    "--engine-option '%s' comes before any --engine (it sets an option of the --engine "
                    "before it)",
                    value);
    size_t name_length = strcspn(value, "=");
    if (name_length == 0 || !value[name_length])
        return fail(err, errlen, "--engine-option '%s' is not NAME=VALUE", value);
    for (const char *c = value; *c; c++)
        if ((unsigned char)*c < ' ' || *c == 0x7f) /* a newline would send the engine a command of its own */
            return fail(err, errlen, "--engine-option '%s' holds a control character", value);
    EngineSpec spec;
    const char *engine = s->engines[s->engine_count - 1];
    if (engine_spec_parse(engine, &spec, err, errlen) < 0)
        return -1;
    if (spec.protocol != ENGINE_UCI)
        return fail(err, errlen,
                    "--engine-option '%s': engine %s speaks perftree (options are for UCI engines, sent with "
                    "setoption)",
                    value, spec.name);
    if (s->engine_option_count == MAX_ENGINE_OPTIONS)
        return fail(err, errlen, "--engine-option '%s': at most %d engine options", value, MAX_ENGINE_OPTIONS);
    s->engine_options[s->engine_option_count] = value;
    s->engine_option_of[s->engine_option_count++] = s->engine_count - 1;
    return 0;
}

/* --random-start SET: chess960, dfrc or a POSITION. */
static int random_start_parse(RunSettings *s, const char *value, char *err, size_t errlen)
{
    s->random_start_text = value;
    if (strcmp(value, "chess960") == 0)
        s->random_start = RANDOM_START_CHESS960;
    else if (strcmp(value, "dfrc") == 0)
        s->random_start = RANDOM_START_DFRC;
    else if (position_parse(value, &s->random_start_position, err, errlen) == 0)
        s->random_start = RANDOM_START_POSITION;
    else {
        char why[ERROR_TEXT_MAX];
        snprintf(why, sizeof why, "%s", err);
        return fail(err, errlen, "--random-start '%s' is not chess960, dfrc or a position (%s)", value, why);
    }
    return 0;
}

/* The choices of a row as a message lists them: "text, json or stockfish". */
static void choices_text(const char *const *choices, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; choices[i] && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s%s", i == 0 ? "" : choices[i + 1] ? ", " : " or ", choices[i]);
}

/* An option whose row says all: its value (a number already in range, or
 * the text) stored in its field as the field's type. */
static int set_field(RunSettings *s, const OptionRow *row, const char *value, long number, char *err, size_t errlen)
{
    void *field = (char *)s + row->offset;
    switch (row->type) {
    case FIELD_TEXT: *(const char **)field = value; break;
    case FIELD_FLAG: *(bool *)field = true; break;
    case FIELD_FLAG_OFF: *(bool *)field = false; break;
    case FIELD_INT:
    case FIELD_INT_ZERO_NULL: *(int *)field = (int)number; break;
    case FIELD_UNSIGNED: *(unsigned *)field = (unsigned)number; break;
    case FIELD_LONG: *(long *)field = number; break;
    case FIELD_U64:
    case FIELD_U64_MAX_NULL: *(uint64_t *)field = (uint64_t)number; break;
    case FIELD_CHOICE:
    case FIELD_CHOICE_FLAG: {
        int k = 0;
        while (row->choices[k] && strcmp(value, row->choices[k]) != 0)
            k++;
        if (!row->choices[k]) {
            char listed[128];
            choices_text(row->choices, listed, sizeof listed);
            return fail(err, errlen, "--%s '%s' is not %s", row->name, value, listed);
        }
        if (row->type == FIELD_CHOICE)
            *(int *)field = k;
        else
            *(bool *)field = k == 1;
        break;
    }
    case FIELD_NONE:
    case FIELD_DOUBLE:
    case FIELD_ENGINES:
    case FIELD_ENGINE_OPTIONS: break; /* read by set_value itself */
    }
    return 0;
}

static int set_value(RunSettings *s, OptionId id, const char *value, char *err, size_t errlen)
{
    long number = 0;
    if (is_number_option(id) && digits_in_range(value, OPTIONS[id].min, OPTIONS[id].max, &number) < 0)
        return fail(err, errlen, "--%s '%s' is not a %s from %ld to %ld", OPTIONS[id].name, value, OPTIONS[id].noun,
                    OPTIONS[id].min, OPTIONS[id].max);
    /* The options whose value is more than its row says; every other is
     * set_field's. */
    switch (id) {
    case OPT_ENGINE: {
        if (s->engine_count == MAX_ENGINES)
            return fail(err, errlen, "--engine '%s': at most %d engines", value, MAX_ENGINES);
        EngineSpec spec; /* checked now, so that nothing starts before a bad one */
        if (engine_spec_parse(value, &spec, err, errlen) < 0)
            return -1;
        s->engines[s->engine_count++] = value;
        break;
    }
    case OPT_ENGINE_TIMEOUT: {
        /* Digits and one decimal point only: strtod would take " 5", "+5",
         * "0x10", "1e3" and "inf" too. */
        size_t whole = strspn(value, "0123456789"), fraction = 0;
        if (value[whole] == '.')
            fraction = 1 + strspn(value + whole + 1, "0123456789");
        char *end;
        errno = 0;
        double t = strtod(value, &end);
        if (whole == 0 || value[whole + fraction] != '\0' || fraction == 1 || *end || errno || !(t > 0 && t <= 86400))
            return fail(err, errlen, "--engine-timeout '%s' is not a number of seconds above 0 and up to 86400", value);
        s->engine_timeout = t;
        break;
    }
    case OPT_ENGINE_OPTION:
        if (engine_option_add(s, value, err, errlen) < 0)
            return -1;
        break;
    case OPT_THREADS: s->threads = number == 0 ? threads_every_core() : (int)number; break;
    case OPT_HASH:
        if (hash_size_parse(value, &s->hash_mib) < 0)
            return fail(err, errlen,
                        "--hash '%s' is not a table size: MiB as digits, or digits with M, G or T (1 MiB to %d MiB)",
                        value, PERFT_HASH_MAX_MIB);
        break;
    case OPT_RANDOM_START:
        if (random_start_parse(s, value, err, errlen) < 0)
            return -1;
        break;
    case OPT_LIST: s->mode = RUN_LIST; break;
    case OPT_HELP: s->mode = RUN_HELP; break;
    case OPT_VERSION: s->mode = RUN_VERSION; break;
    case OPT_UCI: s->mode = RUN_UCI_SERVER; break;
    case OPT_WALK: s->mode = RUN_WALK; break;
    default:
        if (set_field(s, &OPTIONS[id], value, number, err, errlen) < 0)
            return -1;
        break;
    }
    s->given |= (uint64_t)1 << id;
    return 0;
}

/* A word getopt would take for a cluster of short options but the command
 * line has always read as an argument: a negative number, such as a depth
 * of -1 (which then gets the depth's own message). */
static bool negative_number(const char *word)
{
    return word[0] == '-' && word[1] >= '0' && word[1] <= '9';
}

/* How many long options `word` ("--name" or "--name=value") abbreviates. */
static int long_matches(const char *word)
{
    size_t n = strcspn(word + 2, "=");
    int matches = 0;
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (strlen(OPTIONS[i].name) == n && strncmp(OPTIONS[i].name, word + 2, n) == 0)
            return 1; /* an exact name is never ambiguous */
        matches += strncmp(OPTIONS[i].name, word + 2, n) == 0;
    }
    return matches;
}

/* The message for the word getopt rejected. */
static int option_error(int code, const char *word, char *err, size_t errlen)
{
    bool is_long = strncmp(word, "--", 2) == 0;
    int name_length = is_long ? (int)strcspn(word, "=") : 2;
    if (code == ':')
        return fail(err, errlen, "option %s needs a value", word);
    if (is_long && optopt != 0)
        return fail(err, errlen, "option %.*s takes no value (see --help)", name_length, word);
    if (is_long && long_matches(word) > 1)
        return fail(err, errlen, "option '%.*s' is ambiguous (see --help)", name_length, word);
    return fail(err, errlen, "unknown option '%s' (see --help)", word);
}

enum { MAX_ARGS = 3, LONG_CODE = 256 }; /* DEPTH POSITION MOVES; getopt codes of long-only options */

/* getopt_long's tables, built from OPTIONS. */
static void getopt_tables(struct option *longs, char *shorts)
{
    /* '-': arguments come back in order as code 1, so options may follow
     * them and argv is never reordered.  ':': a missing value is reported
     * as ':', not '?'. */
    size_t n = 0;
    shorts[n++] = '-';
    shorts[n++] = ':';
    for (int i = 0; i < OPTION_COUNT; i++) {
        int code = OPTIONS[i].letter ? OPTIONS[i].letter : LONG_CODE + i;
        longs[i] = (struct option){OPTIONS[i].name, OPTIONS[i].value ? required_argument : no_argument, NULL, code};
        if (OPTIONS[i].letter) {
            shorts[n++] = OPTIONS[i].letter;
            if (OPTIONS[i].value)
                shorts[n++] = ':';
        }
    }
    longs[OPTION_COUNT] = (struct option){NULL, 0, NULL, 0};
    shorts[n] = '\0';
}

static OptionId option_of_code(int code)
{
    if (code >= LONG_CODE)
        return (OptionId)(code - LONG_CODE);
    int i = 0;
    while (i < OPTION_COUNT && OPTIONS[i].letter != code)
        i++;
    return (OptionId)i;
}

/* Reads the words of argv, in order, into `s` and `args`, stopping at the
 * first error as the messages always have.
 *
 * getopt reads a negative number as options, so it is given a copy of argv
 * in which those words lose their '-'; every word it hands back (a value
 * or an argument) is mapped to the original through its index.  No word is
 * reordered, so the index of the word just read is optind - 1. */
static int read_words(int argc, char **argv, char **words, RunSettings *s, const char **args, int *nargs, char *err,
                      size_t errlen)
{
    struct option longs[OPTION_COUNT + 1];
    char shorts[2 + 2 * OPTION_COUNT + 1];
    getopt_tables(longs, shorts);
    for (int i = 0; i < argc; i++)
        words[i] = i > 0 && negative_number(argv[i]) ? argv[i] + 1 : argv[i];
    words[argc] = NULL;
    opterr = 0;
    optind = 0; /* a fresh scan (glibc, musl), even when a command ran before */
    for (;;) {
        /* Options take one word each (a short option with a value ends its
         * word), so getopt starts each call on a word. */
        int at = optind > 0 ? optind : 1;
        int code = getopt_long(argc, words, shorts, longs, NULL);
        if (code == -1)
            break;
        if (code == '?' || code == ':')
            return option_error(code, argv[at], err, errlen);
        const char *word = argv[optind - 1];
        if (code == 1) {
            if (*nargs == MAX_ARGS)
                return fail(err, errlen, "unexpected argument '%s': quote the position and the move list", word);
            args[(*nargs)++] = word;
            continue;
        }
        const char *value = optarg ? word + (optarg - words[optind - 1]) : NULL;
        if (set_value(s, option_of_code(code), value, err, errlen) < 0)
            return -1;
    }
    for (int i = optind; i < argc; i++) { /* after "--" */
        if (*nargs == MAX_ARGS)
            return fail(err, errlen, "unexpected argument '%s': quote the position and the move list", argv[i]);
        args[(*nargs)++] = argv[i];
    }
    return 0;
}

/* ---- Checking what was read ---- */

/* The options that choose what the command does: at most one of them, so
 * that no order of the words decides which one runs. */
static const OptionId MODE_OPTIONS[] = {OPT_SUITE,   OPT_RANDOM, OPT_LIST, OPT_HELP,
                                        OPT_VERSION, OPT_UCI,    OPT_WALK, OPT_PGN};

static int check_one_mode(const RunSettings *s, char *err, size_t errlen)
{
    const char *first = NULL;
    for (size_t i = 0; i < sizeof MODE_OPTIONS / sizeof *MODE_OPTIONS; i++) {
        if (!given(s, MODE_OPTIONS[i]) || (MODE_OPTIONS[i] == OPT_PGN && given(s, OPT_WALK)))
            continue; /* --walk --pgn FILE: the walk starts at the game's end */
        if (first)
            return fail(err, errlen, "--%s and --%s are two modes: give one of them", first,
                        OPTIONS[MODE_OPTIONS[i]].name);
        first = OPTIONS[MODE_OPTIONS[i]].name;
    }
    return 0;
}

static unsigned mode_bit(RunMode mode)
{
    return mode == RUN_SUITE ? M_SUITE : mode == RUN_RANDOM ? M_RANDOM : M_DIVIDE;
}

/* Every option given applies to the mode (the table's modes). */
static int check_modes(const RunSettings *s, char *err, size_t errlen)
{
    unsigned mode = mode_bit(s->mode);
    for (int i = 0; i < OPTION_COUNT; i++) {
        if (!given(s, (OptionId)i) || OPTIONS[i].modes == 0 || (OPTIONS[i].modes & mode))
            continue;
        char goes_with[64] = "";
        for (int m = 0; m < 3; m++)
            if (OPTIONS[i].modes & (1u << m))
                snprintf(goes_with + strlen(goes_with), sizeof goes_with - strlen(goes_with), "%s%s",
                         goes_with[0] ? " or " : "", MODE_NAMES[m]);
        return fail(err, errlen, "--%s does not apply to %s (it goes with %s)", OPTIONS[i].name,
                    s->pgn ? "--pgn"
                           : MODE_NAMES[mode == M_SUITE    ? 1
                                        : mode == M_RANDOM ? 2
                                                           : 0],
                    goes_with);
    }
    return 0;
}

/* What a divide-only program (bin/perft-mpi) does not run. */
static int check_divide_only(const RunSettings *s, const char *program, char *err, size_t errlen)
{
    if (s->mode != RUN_DIVIDE)
        return fail(err, errlen, "%s counts divide (DEPTH POSITION) only: --suite and --random are bin/perft's",
                    program);
    if (s->engine_count > 0 || backend_is(s, "none"))
        return fail(err, errlen, "%s counts with one backend: --engine and -b none are bin/perft's", program);
    if (backend_is(s, "all"))
        return fail(err, errlen, "%s counts with one backend: -b all (the cross-check) is bin/perft's", program);
    if (s->format == FORMAT_JSON)
        return fail(err, errlen, "%s prints text or stockfish format: --format json is bin/perft's", program);
    return 0;
}

static int check_requirements(const RunSettings *s, char *err, size_t errlen)
{
    for (size_t i = 0; i < sizeof REQUIREMENTS / sizeof *REQUIREMENTS; i++)
        if (given(s, REQUIREMENTS[i].option) && REQUIREMENTS[i].refused(s))
            return fail(err, errlen, "%s", REQUIREMENTS[i].reason);
    return 0;
}

/* DEPTH POSITION [MOVES], or nothing beside --suite and --random. */
static int check_arguments(RunSettings *s, const char **args, int nargs, char *err, size_t errlen)
{
    if (s->mode != RUN_DIVIDE && !(s->mode == RUN_WALK && nargs > 0)) {
        if (nargs > 0 && s->pgn)
            return fail(err, errlen, "unexpected argument '%s' with --pgn (--max-depth N: the depth counted)", args[0]);
        if (nargs > 0)
            return fail(err, errlen, "unexpected argument '%s' with --suite or --random", args[0]);
        return 0;
    }
    if (nargs == 0)
        return fail(err, errlen,
                    "nothing to do: give DEPTH \"POSITION\" [\"MOVES\"], --suite FILE or --random GAMES "
                    "(see --help)");
    if (nargs == 1)
        return fail(err, errlen, "missing the POSITION argument after depth '%s' (see --help)", args[0]);
    /* Divide needs a ply to divide: depth 0 (perft 0 = 1) has no root moves. */
    long depth;
    if (digits_in_range(args[0], 1, MAX_DEPTH, &depth) < 0)
        return fail(err, errlen, "depth '%s' is not a number from 1 to %d", args[0], MAX_DEPTH);
    s->depth = (int)depth;
    if (s->split > work_units_deepest_split(s->depth))
        return fail(err, errlen, "--split %d leaves no ply to count at depth %d (at most %d)", s->split, s->depth,
                    work_units_deepest_split(s->depth));
    s->position_text = args[1];
    s->moves = nargs > 2 ? args[2] : NULL;
    if (position_parse(args[1], &s->position, err, errlen) < 0)
        return -1;
    if (s->chess960 && s->position.game != GAME_CHESS)
        return fail(err, errlen, "--chess960 is chess's notation: the position given is Quaternity");
    if (!backend_is(s, "all") && !backend_is(s, "none") && !backend_find(s->backend, s->position.game))
        return fail(err, errlen, "unknown backend '%s' for %s (see --list)", s->backend, game_name(s->position.game));
    return 0;
}

/* --uci: the engine's options' defaults (-b, -t, --hash) and nothing else:
 * the positions and depths come over standard input. */
static int check_uci(const RunSettings *s, const char *argument, const char *divide_only, char *err, size_t errlen)
{
    if (divide_only)
        return fail(err, errlen, "%s counts divide (DEPTH POSITION) only: --uci is bin/perft's", divide_only);
    if (argument)
        return fail(err, errlen,
                    "unexpected argument '%s' with --uci (positions and depths come over standard input: "
                    "position ..., go perft DEPTH)",
                    argument);
    for (int i = 0; i < OPTION_COUNT; i++)
        if (given(s, (OptionId)i) && i != OPT_UCI && i != OPT_BACKEND && i != OPT_THREADS && i != OPT_HASH)
            return fail(err, errlen,
                        "--%s does not apply to --uci (only -b, -t and --hash, the engine options' defaults)",
                        OPTIONS[i].name);
    if (backend_is(s, "all") || backend_is(s, "none"))
        return fail(err, errlen, "-b %s does not apply to --uci: the engine counts with one backend (-b NAME)",
                    s->backend);
    if (!backend_name_known(s->backend)) {
        char known[256];
        known_backends(known, sizeof known);
        return fail(err, errlen, "unknown backend '%s' (known: %s; see --list)", s->backend, known);
    }
    return 0;
}

/* -b names a backend (or all, none), and every requirement holds. */
static int check_backend_and_requirements(const RunSettings *s, char *err, size_t errlen)
{
    if (!backend_is(s, "all") && !backend_is(s, "none") && !backend_name_known(s->backend)) {
        char known[256];
        known_backends(known, sizeof known);
        return fail(err, errlen, "unknown backend '%s' (known: %s; see --list)", s->backend, known);
    }
    return check_requirements(s, err, errlen);
}

/* The options a walk takes: who counts and how, as a divide's. */
static bool walk_takes(OptionId id)
{
    static const OptionId TAKEN[] = {
        OPT_BACKEND, OPT_ENGINE,    OPT_ENGINE_TIMEOUT, OPT_ENGINE_OPTION, OPT_BULK,  OPT_NO_BULK, OPT_THREADS,
        OPT_HASH,    OPT_HASH_SEED, OPT_CHESS960,       OPT_BOARD,         OPT_COLOR, OPT_WALK,    OPT_PGN};
    for (size_t i = 0; i < sizeof TAKEN / sizeof *TAKEN; i++)
        if (TAKEN[i] == id)
            return true;
    return false;
}

/* --walk: a divide's participants and counting, the rest refused; the
 * arguments, when given, are a divide's. */
static int check_walk(RunSettings *s, const char **args, int nargs, const char *divide_only, char *err, size_t errlen)
{
    if (divide_only)
        return fail(err, errlen, "%s counts divide (DEPTH POSITION) only: --walk is bin/perft's", divide_only);
    for (int i = 0; i < OPTION_COUNT; i++)
        if (given(s, (OptionId)i) && !walk_takes((OptionId)i))
            return fail(err, errlen,
                        "--%s does not apply to --walk (it takes -b, --engine, --engine-timeout, --engine-option, "
                        "--bulk, --no-bulk, -t, --hash, --hash-seed, --chess960, --board, --color and --pgn)",
                        OPTIONS[i].name);
    if (check_backend_and_requirements(s, err, errlen) < 0)
        return -1;
    if (s->pgn && nargs > 0)
        return fail(err, errlen, "--pgn gives the walk its start: no DEPTH \"POSITION\" with it (depth N in the walk)");
    if (nargs == 0) {
        s->depth = 3;
        return position_parse(WALK_START, &s->position, err, errlen);
    }
    return check_arguments(s, args, nargs, err, errlen);
}

int options_parse(int argc, char **argv, const char *divide_only, RunSettings *s, char *err, size_t errlen)
{
    *s = (RunSettings){.mode = RUN_DIVIDE,
                       .format = FORMAT_TEXT,
                       .backend = DEFAULT_BACKEND,
                       .engine_timeout = ENGINE_DEFAULT_TIMEOUT_SECONDS,
                       .bulk = true,
                       .threads = 1,
                       .max_depth = 3,
                       .max_nodes = UINT64_MAX,
                       .seed = 1,
                       .plies = 200};
    const char *args[MAX_ARGS];
    int nargs = 0;
    char **words = malloc(sizeof *words * ((size_t)argc + 1));
    if (!words)
        return fail(err, errlen, "out of memory");
    int status = read_words(argc, argv, words, s, args, &nargs, err, errlen);
    free(words);
    if (status == 0)
        status = check_one_mode(s, err, errlen);
    if (status < 0 || s->mode == RUN_HELP || s->mode == RUN_LIST || s->mode == RUN_VERSION)
        return status;
    if (s->mode == RUN_UCI_SERVER)
        return check_uci(s, nargs > 0 ? args[0] : NULL, divide_only, err, errlen);
    if (s->mode == RUN_WALK)
        return check_walk(s, args, nargs, divide_only, err, errlen);
    s->mode = s->suite || s->pgn ? RUN_SUITE : s->random_games > 0 ? RUN_RANDOM : RUN_DIVIDE;
    if (check_modes(s, err, errlen) < 0 || (divide_only && check_divide_only(s, divide_only, err, errlen) < 0))
        return -1;
    if (check_backend_and_requirements(s, err, errlen) < 0)
        return -1;
    if (s->stats)
        s->bulk = false; /* a leaf is classified by making its move (--bulk is refused above) */
    return check_arguments(s, args, nargs, err, errlen);
}

const OptionRow *options_row(int i)
{
    return i >= 0 && i < OPTION_COUNT ? &OPTIONS[i] : NULL;
}
