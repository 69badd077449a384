/* The bin/perft command line.
 *
 * Divide follows the perftree contract: `perft DEPTH "POSITION" "MOVES"`
 * prints one "move count" line per root move, sorted, a blank line and the
 * total on stdout; timing goes to stderr. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "crosscheck.h"
#include "engine_cli.h"
#include "move_text.h"
#include "parallel.h"
#include "random_games.h"
#include "registry.h"
#include "session.h"
#include "suite.h"

enum { CLI_MAX_ARGS = 3 };

static const char *const DEFAULT_BACKEND = "bitboard";

/* Long options without a short form return codes past any character. */
enum {
    OPT_BULK = 256,
    OPT_NO_BULK,
    OPT_SUITE,
    OPT_MAX_DEPTH,
    OPT_MAX_NODES,
    OPT_RANDOM,
    OPT_SEED,
    OPT_PLIES,
    OPT_FROM,
    OPT_LIST,
    OPT_ENGINE,
    OPT_ENGINE_TIMEOUT,
    OPT_FORMAT,
    OPT_HASH,
    OPT_HASH_VERIFY,
    OPT_PROGRESS,
    OPT_CHECKPOINT
};

static const struct option LONG_OPTIONS[] = {
    {"backend", required_argument, NULL, 'b'},
    {"bulk", no_argument, NULL, OPT_BULK},
    {"no-bulk", no_argument, NULL, OPT_NO_BULK},
    {"suite", required_argument, NULL, OPT_SUITE},
    {"max-depth", required_argument, NULL, OPT_MAX_DEPTH},
    {"max-nodes", required_argument, NULL, OPT_MAX_NODES},
    {"random", required_argument, NULL, OPT_RANDOM},
    {"seed", required_argument, NULL, OPT_SEED},
    {"plies", required_argument, NULL, OPT_PLIES},
    {"from", required_argument, NULL, OPT_FROM},
    {"list", no_argument, NULL, OPT_LIST},
    {"engine", required_argument, NULL, OPT_ENGINE},
    {"engine-timeout", required_argument, NULL, OPT_ENGINE_TIMEOUT},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"hash", required_argument, NULL, OPT_HASH},
    {"hash-verify", no_argument, NULL, OPT_HASH_VERIFY},
    {"threads", required_argument, NULL, 't'},
    {"progress", no_argument, NULL, OPT_PROGRESS},
    {"checkpoint", required_argument, NULL, OPT_CHECKPOINT},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* '-': arguments come back in order as code 1, so options may follow them
 * (as they always could) and argv is never reordered.  ':': a missing value
 * is reported as ':', not '?'.  getopt prints nothing itself (opterr = 0). */
static const char SHORT_OPTIONS[] = "-:b:t:h";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: perft [OPTIONS] DEPTH \"POSITION\" [\"MOVES\"]\n"
            "       perft [OPTIONS] --suite FILE [--max-depth N] [--max-nodes N]\n"
            "       perft [OPTIONS] --random GAMES [--seed S] [--plies N] [--from FILE]\n"
            "\n"
            "POSITION is QFEN (Quaternity) or FEN (chess); MOVES are space-separated\n"
            "move texts (d4e5, d11e12q, e1g1) played before counting.  Divide prints\n"
            "\"move count\" per root move, sorted, a blank line and the total; timing\n"
            "and nodes per second go to stderr.\n"
            "\n"
            "Options may come before or after the arguments.  A value follows its\n"
            "option (-b NAME, --backend NAME) or is attached (-bNAME, --backend=NAME);\n"
            "long options may be shortened to any unambiguous prefix; \"--\" ends the\n"
            "options.\n"
            "\n"
            "  -b, --backend=NAME  mailbox, padded, bitboard, all: every backend of the\n"
            "                      game, cross-checked, or none: the engines alone\n"
            "                      (default %s)\n"
            "      --engine=SPEC   an external engine beside the backends (repeatable):\n"
            "                      uci:COMMAND (go perft over UCI) or perftree:COMMAND\n"
            "                      (COMMAND DEPTH \"POSITION\" \"MOVES\" per query), either\n"
            "                      optionally after NAME= for the reports\n"
            "      --engine-timeout=SECONDS  time an engine may take per query (default 60)\n"
            "      --format=FORMAT text (default), json (one JSON document) or stockfish\n"
            "                      (divide as \"move: count\" and \"Nodes searched: N\")\n"
            "      --bulk          count the last ply without making its moves (default)\n"
            "      --no-bulk       make every move down to depth 0\n"
            "      --suite=FILE    check every ;Dn count of an EPD file (QFEN or FEN lines)\n"
            "      --max-depth=N   deepest depth a suite checks (default 3)\n"
            "      --max-nodes=N   skip suite counts above N nodes (default: no limit)\n"
            "      --random=GAMES  play GAMES random legal games from the opening and\n"
            "                      chess start (or every position of --from FILE),\n"
            "                      comparing every backend's legal moves at every node\n"
            "      --from=FILE     the start positions of --random (an EPD file)\n"
            "      --seed=S        random seed (default 1)\n"
            "      --plies=N       plies per random game (default 200)\n"
            "  -t, --threads=N     count on N threads (0: every core; default 1)\n"
            "      --progress      a progress line on stderr even when it is not a\n"
            "                      terminal (on a terminal it is drawn anyway)\n"
            "      --checkpoint=FILE\n"
            "                      divide: append finished work units to FILE; the\n"
            "                      same command run again resumes from it\n"
            "      --hash=MIB      a table of counts of MIB MiB (divide of one backend\n"
            "                      and --suite; default off)\n"
            "      --hash-verify   recompute about one hash hit in 1024 without the table\n"
            "                      and fail on a mismatch\n"
            "      --list          list the backends (the default marked)\n"
            "  -h, --help          this text\n",
            DEFAULT_BACKEND);
}

/* Writes `text` with every control character as \xNN (\n, \r and \t by
 * their letters), so that words from the command line or a file can
 * neither break the one-line message nor drive the terminal. */
static void write_escaped(FILE *err, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t')
            fprintf(err, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
        else if (iscntrl(*p))
            fprintf(err, "\\x%02x", *p);
        else
            fputc(*p, err);
    }
}

int perft_error(FILE *err, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int length = vsnprintf(NULL, 0, fmt, ap);
    char *message = length >= 0 ? malloc((size_t)length + 1) : NULL;
    fputs("perft: ", err);
    if (message) {
        vsnprintf(message, (size_t)length + 1, fmt, again);
        write_escaped(err, message);
        free(message);
    } else {
        fputs("out of memory formatting a message", err);
    }
    fputc('\n', err);
    va_end(again);
    va_end(ap);
    return 2;
}

/* A whole decimal number in [min, max], or -1: digits only (no sign, no
 * white space, no base prefix), as every number the command line takes. */
static long parse_number(const char *text, long min, long max)
{
    long v = 0;
    if (!*text)
        return -1;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9' || v > (LONG_MAX - (*p - '0')) / 10)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v < min || v > max ? -1 : v;
}

typedef struct Options {
    const char *backend, *suite, *from, *checkpoint;
    long max_depth, max_nodes, random_games, seed, plies, hash_mib, threads;
    int bulk, hash_verify, progress;
    unsigned given;                 /* bit i: OPTION_MODES[i] was given */
    const char *args[CLI_MAX_ARGS]; /* DEPTH POSITION MOVES */
    int nargs;
    CliEngines engines;      /* --engine, --engine-timeout, --format */
    const CliDivide *divide; /* bin/perft-mpi's count, or NULL */
} Options;

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
    for (const struct option *o = LONG_OPTIONS; o->name; o++) {
        if (strlen(o->name) == n && strncmp(o->name, word + 2, n) == 0)
            return 1; /* an exact name is never ambiguous */
        matches += strncmp(o->name, word + 2, n) == 0;
    }
    return matches;
}

/* The message for the option getopt rejected at argv[at]. */
static int option_error(FILE *err, int code, const char *word)
{
    bool is_long = strncmp(word, "--", 2) == 0;
    int name_length = is_long ? (int)strcspn(word, "=") : 2;
    if (code == ':')
        return perft_error(err, "option %s needs a value", word);
    if (is_long && optopt != 0)
        return perft_error(err, "option %.*s takes no value (see --help)", name_length, word);
    if (is_long && long_matches(word) > 1)
        return perft_error(err, "option '%.*s' is ambiguous (see --help)", name_length, word);
    return perft_error(err, "unknown option '%s' (see --help)", word);
}

static int add_argument(Options *o, const char *arg, FILE *err)
{
    if (o->nargs == CLI_MAX_ARGS)
        return perft_error(err, "unexpected argument '%s': quote the position and the move list", arg);
    o->args[o->nargs++] = arg;
    return -1;
}

/* The long name of an option code, for messages. */
static const char *option_name(int code)
{
    for (const struct option *o = LONG_OPTIONS; o->name; o++)
        if (o->val == code)
            return o->name;
    return "?";
}

/* The options that take a number: where it goes, its range, and what the
 * error calls it ("--plies 'x' is not a number from 1 to 10000"). */
static const struct NumberOption {
    int code;
    size_t field; /* offsetof(Options, ...), a long */
    long min, max;
    const char *noun;
} NUMBER_OPTIONS[] = {
    {OPT_MAX_DEPTH, offsetof(Options, max_depth), 1, MAX_DEPTH, "depth"},
    {OPT_MAX_NODES, offsetof(Options, max_nodes), 1, LONG_MAX - 1, "number"},
    {OPT_RANDOM, offsetof(Options, random_games), 1, 100000000, "game count"},
    {OPT_SEED, offsetof(Options, seed), 0, 2147483647, "number"},
    {OPT_PLIES, offsetof(Options, plies), 1, 10000, "number"},
    {OPT_HASH, offsetof(Options, hash_mib), 1, PERFT_HASH_MAX_MIB, "size in MiB"},
    {'t', offsetof(Options, threads), 0, 1024, "thread count (0: every core)"},
};

static int apply_number(Options *o, int code, const char *value, FILE *err)
{
    for (size_t i = 0; i < sizeof NUMBER_OPTIONS / sizeof *NUMBER_OPTIONS; i++) {
        const struct NumberOption *n = &NUMBER_OPTIONS[i];
        if (n->code != code)
            continue;
        long *field = (long *)((char *)o + n->field);
        if ((*field = parse_number(value, n->min, n->max)) < 0)
            return perft_error(err, "--%s '%s' is not a %s from %ld to %ld", option_name(code), value, n->noun, n->min,
                               n->max);
        return -1;
    }
    return perft_error(err, "internal error: option code %d takes no number", code);
}

/* The modes of the command line, and which options apply to each: an
 * option given in a mode it does not apply to is an error, never ignored.
 * An option added later gets its row here. */
enum { MODE_DIVIDE = 1, MODE_SUITE = 2, MODE_RANDOM = 4, MODE_ANY = 7 };
static const char *const MODE_NAMES[] = {"divide", "--suite", "--random"}; /* by bit */

static const struct OptionModes {
    int code;
    unsigned modes;
} OPTION_MODES[] = {
    {'b', MODE_ANY},
    {OPT_BULK, MODE_DIVIDE | MODE_SUITE}, /* random games compare moves: no perft */
    {OPT_NO_BULK, MODE_DIVIDE | MODE_SUITE},
    {OPT_SUITE, MODE_SUITE},
    {OPT_MAX_DEPTH, MODE_SUITE},
    {OPT_MAX_NODES, MODE_SUITE},
    {OPT_RANDOM, MODE_RANDOM},
    {OPT_SEED, MODE_RANDOM},
    {OPT_PLIES, MODE_RANDOM},
    {OPT_FROM, MODE_RANDOM},
    {OPT_ENGINE, MODE_ANY},
    {OPT_ENGINE_TIMEOUT, MODE_ANY},
    {OPT_FORMAT, MODE_ANY}, /* which formats a mode takes, engine_cli.c says */
    {OPT_HASH, MODE_DIVIDE | MODE_SUITE},
    {OPT_HASH_VERIFY, MODE_DIVIDE | MODE_SUITE},
    {'t', MODE_DIVIDE | MODE_SUITE},
    {OPT_PROGRESS, MODE_DIVIDE | MODE_SUITE},
    {OPT_CHECKPOINT, MODE_DIVIDE},
};
enum { OPTION_MODES_COUNT = sizeof OPTION_MODES / sizeof *OPTION_MODES };

static void note_given(Options *o, int code)
{
    for (int i = 0; i < OPTION_MODES_COUNT; i++)
        if (OPTION_MODES[i].code == code)
            o->given |= 1u << i;
}

static const char *mode_name(unsigned mode)
{
    for (int m = 0; m < 3; m++)
        if (mode == 1u << m)
            return MODE_NAMES[m];
    return "?";
}

static unsigned chosen_mode(const Options *o)
{
    return o->suite ? MODE_SUITE : o->random_games > 0 ? MODE_RANDOM : MODE_DIVIDE;
}

/* -1 when every option given applies to the mode, or the exit status. */
static int check_modes(const Options *o, FILE *err)
{
    if (o->suite && o->random_games > 0)
        return perft_error(err, "--suite and --random are two modes: give one of them");
    unsigned mode = chosen_mode(o);
    for (int i = 0; i < OPTION_MODES_COUNT; i++) {
        if (!(o->given & (1u << i)) || (OPTION_MODES[i].modes & mode))
            continue;
        char goes_with[64] = "";
        for (int m = 0; m < 3; m++)
            if (OPTION_MODES[i].modes & (1u << m))
                snprintf(goes_with + strlen(goes_with), sizeof goes_with - strlen(goes_with), "%s%s",
                         goes_with[0] ? " or " : "", MODE_NAMES[m]);
        return perft_error(err, "--%s does not apply to %s (it goes with %s)", option_name(OPTION_MODES[i].code),
                           mode_name(mode), goes_with);
    }
    return -1;
}

/* One option's effect on `o`: -1 to go on, or the exit status. */
static int apply_option(Options *o, int code, const char *value, FILE *out, FILE *err)
{
    note_given(o, code);
    switch (code) {
    case 'h': usage(out); return 0;
    case OPT_LIST:
        for (int k = 0; backend_registry[k]; k++)
            fprintf(out, "%-10s %-11s %s%s\n", backend_registry[k]->name, game_name(backend_registry[k]->game),
                    backend_registry[k]->summary,
                    strcmp(backend_registry[k]->name, DEFAULT_BACKEND) == 0 ? " (default)" : "");
        return 0;
    case OPT_BULK: o->bulk = 1; return -1;
    case OPT_HASH_VERIFY: o->hash_verify = 1; return -1;
    case OPT_NO_BULK: o->bulk = 0; return -1;
    case 'b': o->backend = value; return -1;
    case OPT_SUITE: o->suite = value; return -1;
    case OPT_FROM: o->from = value; return -1;
    case OPT_PROGRESS: o->progress = 1; return -1;
    case OPT_CHECKPOINT: o->checkpoint = value; return -1;
    case 't':
    case OPT_MAX_DEPTH:
    case OPT_MAX_NODES:
    case OPT_RANDOM:
    case OPT_SEED:
    case OPT_PLIES:
    case OPT_HASH: return apply_number(o, code, value, err);
    case OPT_ENGINE:
    case OPT_ENGINE_TIMEOUT:
    case OPT_FORMAT:
        return cli_engines_option(&o->engines,
                                  code == OPT_ENGINE   ? "engine"
                                  : code == OPT_FORMAT ? "format"
                                                       : "timeout",
                                  value, err);
    default: return perft_error(err, "internal error: option code %d has no case", code);
    }
}

/* Parses the command line into `o`, in order, stopping at the first error
 * as the messages always have.  Returns -1 to go on, or the exit status
 * when the command line is done with (--help, --list) or wrong.
 *
 * getopt reads a negative number as options, so it is given a copy of argv
 * in which those words lose their '-'; every word it hands back (a value
 * or an argument) is mapped to the original through its index.  No word is
 * reordered, so the index of the word just read is optind - 1. */
static int parse_options(int argc, char **argv, char **words, Options *o, FILE *out, FILE *err)
{
    for (int i = 0; i < argc; i++)
        words[i] = i > 0 && negative_number(argv[i]) ? argv[i] + 1 : argv[i];
    words[argc] = NULL;
    opterr = 0;
    optind = 0; /* a fresh scan (glibc, musl), even when perft_cli ran before */
    for (;;) {
        /* Options take one word each (a short option with a value ends its
         * word; -h ends the parse), so getopt starts each call on a word. */
        int at = optind > 0 ? optind : 1;
        int code = getopt_long(argc, words, SHORT_OPTIONS, LONG_OPTIONS, NULL);
        int status = -1;
        if (code == -1)
            break;
        if (code == '?' || code == ':')
            status = option_error(err, code, argv[at]);
        else if (code == 1)
            status = add_argument(o, argv[optind - 1], err);
        else
            status = apply_option(o, code, optarg ? argv[optind - 1] + (optarg - words[optind - 1]) : NULL, out, err);
        if (status >= 0)
            return status;
    }
    for (int i = optind; i < argc; i++) { /* after "--" */
        int status = add_argument(o, argv[i], err);
        if (status >= 0)
            return status;
    }
    return -1;
}

/* The table's use, on stderr after a hashed run. */
static void report_hash(const PerftHash *table, FILE *err)
{
    if (!table)
        return;
    PerftHashCounts c = perft_hash_counts(table);
    fprintf(err, "hash %zu MiB: %llu probes, %llu hits (%.1f%%), %llu stores", perft_hash_bytes(table) >> 20,
            (unsigned long long)c.probes, (unsigned long long)c.hits,
            c.probes ? 100.0 * (double)c.hits / (double)c.probes : 0.0, (unsigned long long)c.stores);
    if (perft_hash_verifying(table))
        fprintf(err, "; %llu hits recomputed without the table, all equal", (unsigned long long)c.verified);
    fputc('\n', err);
}

/* The finished root moves as "move count" lines, then the total, or on an
 * interrupt the line naming the root moves not finished; returns the exit
 * status (128 + the signal when interrupted, as a shell reports it). */
static int print_divide(const DeepJob *job, const DeepSettings *deep, const DeepResult *r, OutputFormat format,
                        FILE *out, FILE *err)
{
    uint64_t total = 0;
    int unfinished = 0;
    for (int i = 0; i < r->root_count; i++) {
        if (r->roots[i].finished) {
            divide_print_move(out, format, job->start.game, r->roots[i].move, r->roots[i].count);
            total += r->roots[i].count;
        } else
            unfinished++;
    }
    const char *signal_name = r->signal == SIGINT ? "SIGINT" : "SIGTERM";
    if (r->signal) {
        fprintf(out, "\ninterrupted by %s; %d root moves not finished:", signal_name, unfinished);
        for (int i = 0; i < r->root_count; i++) {
            char mt[MOVE_TEXT_MAX];
            move_format(job->start.game, r->roots[i].move, mt);
            if (!r->roots[i].finished)
                fprintf(out, " %s", mt);
        }
        fputc('\n', out);
    } else
        divide_print_total(out, format, total);
    fflush(out);
    char threads[128];
    if (deep->workers_text)
        snprintf(threads, sizeof threads, "%s, %zu units", deep->workers_text, r->units);
    else
        snprintf(threads, sizeof threads, "%d thread%s, %zu units", deep->threads, deep->threads == 1 ? "" : "s",
                 r->units);
    if (r->signal) {
        fprintf(err, "perft: interrupted by %s: %zu of %zu units counted (%s)%s%s%s\n", signal_name, r->units_done,
                r->units, threads, deep->checkpoint ? "; the same command resumes from " : "",
                deep->checkpoint ? deep->checkpoint : "", deep->checkpoint ? "" : "; --checkpoint FILE keeps them");
        return 128 + r->signal;
    }
    /* The speed is of this run's nodes: resumed units took no time here. */
    uint64_t counted = total - r->nodes_resumed;
    if (r->units_resumed)
        snprintf(threads + strlen(threads), sizeof threads - strlen(threads), ", %zu from the checkpoint",
                 r->units_resumed);
    char hashing[64];
    perft_hash_describe(deep->shared, hashing, sizeof hashing);
    fprintf(err, "perft %d: %llu nodes in %.3f s, %.2f Mnps (%s %s, bulk counting %s, %s, %s)\n", job->depth,
            (unsigned long long)total, r->seconds, r->seconds > 0 ? (double)counted / r->seconds / 1e6 : 0.0,
            game_name(job->start.game), job->backend->name, job->bulk ? "on" : "off", hashing, threads);
    report_hash(deep->shared, err);
    return 0;
}

static int run_divide(const char *backend_name, int depth, const char *text, const char *moves, int bulk,
                      DeepSettings *deep, const CliDivide *divide, OutputFormat format, FILE *out, FILE *err)
{
    char message[ERROR_TEXT_MAX];
    Position pos;
    if (position_parse(text, &pos, message, sizeof message) < 0)
        return perft_error(err, "%s", message);
    if (strcmp(backend_name, "all") == 0) {
        if (deep->threads != 1 || deep->checkpoint)
            return perft_error(err, "-b all cross-checks on one thread: -t and --checkpoint need one backend");
        const Backend *backends[16];
        int n = 0;
        for (int i = 0; backend_registry[i]; i++)
            if (backend_registry[i]->game == pos.game)
                backends[n++] = backend_registry[i];
        if (n == 0)
            return perft_error(err, "no %s backend is registered", game_name(pos.game));
        if (deep->shared)
            return perft_error(err, "--hash works with one backend, not -b all (a shared table would hide a "
                                    "disagreement)");
        CrossReport *report = malloc(sizeof *report);
        if (!report)
            return perft_error(err, "out of memory");
        double start = seconds_now();
        int r = crosscheck(backends, n, &pos, moves, depth, bulk, out, report, message, sizeof message);
        double seconds = seconds_now() - start;
        free(report);
        if (r < 0)
            return perft_error(err, "%s", message);
        fprintf(err, "%d %s backends %s at depth %d in %.3f s (bulk counting %s, no hashing)\n", n, game_name(pos.game),
                r == 0 ? "agree" : "DISAGREE", depth, seconds, bulk ? "on" : "off");
        return r;
    }
    const Backend *backend = backend_find(backend_name, pos.game);
    if (!backend)
        return perft_error(err, "unknown backend '%s' for %s (see --list)", backend_name, game_name(pos.game));
    Session s;
    if (session_open(&s, backend, &pos, message, sizeof message) < 0 ||
        session_play(&s, moves, message, sizeof message) < 0) {
        session_close(&s);
        return perft_error(err, "%s", message);
    }
    DeepJob job = {.backend = backend, .depth = depth, .bulk = bulk, .moves_text = moves};
    backend->save(s.state, &job.start);
    session_close(&s);
    char position_text[POSITION_TEXT_MAX];
    position_format(&pos, position_text, sizeof position_text);
    job.position_text = position_text;
    DeepResult result = {.roots = malloc(sizeof *result.roots * MAX_MOVES)};
    if (!result.roots)
        return perft_error(err, "out of memory");
    if ((divide ? divide->divide(&job, deep, &result, message, sizeof message, divide->context)
                : deep_divide(&job, deep, &result, message, sizeof message)) < 0) {
        free(result.roots);
        return perft_error(err, "%s", message);
    }
    int status = print_divide(&job, deep, &result, format, out, err);
    free(result.roots);
    if (divide && divide->printed)
        divide->printed(status, divide->context);
    return status;
}

/* -1 when the command is a divide bin/perft-mpi counts, or the exit status
 * after a message naming what it does not do. */
static int check_divide_only(const Options *o, FILE *err)
{
    const char *program = o->divide->program;
    if (o->suite || o->random_games > 0)
        return perft_error(err, "%s counts divide (DEPTH POSITION) only: --suite and --random are bin/perft's",
                           program);
    if (o->engines.count > 0 || strcmp(o->backend, "none") == 0)
        return perft_error(err, "%s counts with one backend: --engine and -b none are bin/perft's", program);
    if (strcmp(o->backend, "all") == 0)
        return perft_error(err, "%s counts with one backend: -b all (the cross-check) is bin/perft's", program);
    if (o->engines.format == FORMAT_JSON)
        return perft_error(err, "%s prints text or stockfish format: --format json is bin/perft's", program);
    return -1;
}

/* The command the parsed options select, with the table of --hash (or
 * NULL). */
static int run_command(const Options *o, PerftHash *table, FILE *out, FILE *err)
{
    int mode_status = check_modes(o, err);
    if (mode_status >= 0)
        return mode_status;
    if (o->divide && (mode_status = check_divide_only(o, err)) >= 0)
        return mode_status;
    if (cli_engines_wanted(&o->engines, o->backend) && !o->divide && table)
        return perft_error(err, "--hash does not apply to runs with engines or -b none (one table per backend)");
    if (cli_engines_wanted(&o->engines, o->backend) && !o->divide)
        return cli_engines_run(&o->engines, o->backend, o->suite, o->from, o->random_games, (int)o->max_depth,
                               o->max_nodes < 0 ? ~0ull : (unsigned long long)o->max_nodes, (unsigned)o->seed,
                               (int)o->plies, o->bulk, o->args, o->nargs, out, err);
    if (strcmp(o->backend, "all") != 0 && !backend_name_known(o->backend))
        return perft_error(err, "unknown backend '%s' (known: mailbox, padded, bitboard, all; see --list)", o->backend);
    char message[ERROR_TEXT_MAX];
    DeepSettings deep = {.threads = o->threads == 0 ? threads_every_core() : (int)o->threads,
                         .progress = o->progress,
                         .checkpoint = o->checkpoint,
                         .err = err,
                         .shared = table};
    if (o->random_games > 0 && !o->suite && (o->threads != 1 || o->progress))
        return perft_error(err, "--random runs on one thread, without a progress line: drop -t and --progress");
    if ((o->suite || o->random_games > 0) && o->checkpoint)
        return perft_error(err, "--checkpoint is for divide (DEPTH POSITION), not --suite or --random");
    if (o->suite || o->random_games > 0) {
        if (o->nargs)
            return perft_error(err, "unexpected argument '%s' with --suite or --random", o->args[0]);
        if (o->suite) {
            SuiteTotals totals;
            int r = suite_run_full(o->suite, o->backend, NULL, 0, (int)o->max_depth,
                                   o->max_nodes < 0 ? ~0ull : (unsigned long long)o->max_nodes, o->bulk, &deep, table,
                                   out, NULL, &totals, message, sizeof message);
            return r < 0 ? perft_error(err, "%s", message) : r;
        }
        if (table)
            return perft_error(err, "--hash works with divide and --suite, not --random");
        RandomTotals totals;
        int r = random_games_run(o->from, o->backend, o->random_games, (unsigned)o->seed, (int)o->plies, out, &totals,
                                 message, sizeof message);
        return r < 0 ? perft_error(err, "%s", message) : r;
    }
    if (o->nargs == 0) {
        usage(err);
        return 2;
    }
    if (o->nargs == 1)
        return perft_error(err, "missing the POSITION argument after depth '%s' (see --help)", o->args[0]);
    /* Divide needs a ply to divide: depth 0 (perft 0 = 1) has no root moves. */
    long depth = parse_number(o->args[0], 1, MAX_DEPTH);
    if (depth < 0)
        return perft_error(err, "depth '%s' is not a number from 1 to %d", o->args[0], MAX_DEPTH);
    return run_divide(o->backend, (int)depth, o->args[1], o->nargs > 2 ? o->args[2] : NULL, o->bulk, &deep, o->divide,
                      o->engines.format, out, err);
}

static int run(const Options *o, FILE *out, FILE *err)
{
    if (o->hash_verify && o->hash_mib < 0)
        return perft_error(err, "--hash-verify needs --hash MIB");
    if (o->hash_mib < 0)
        return run_command(o, NULL, out, err);
    PerftHash *table = perft_hash_create((size_t)o->hash_mib);
    if (!table)
        return perft_error(err, "--hash %ld: cannot allocate a table of %ld MiB", o->hash_mib, o->hash_mib);
    perft_hash_set_verify(table, o->hash_verify != 0);
    int status = run_command(o, table, out, err);
    perft_hash_destroy(table);
    return status;
}

int perft_cli(int argc, char **argv, FILE *out, FILE *err)
{
    return perft_cli_divide(argc, argv, out, err, NULL);
}

int perft_cli_divide(int argc, char **argv, FILE *out, FILE *err, const CliDivide *divide)
{
    Options o = {.backend = DEFAULT_BACKEND,
                 .max_depth = 3,
                 .max_nodes = -1,
                 .random_games = -1,
                 .seed = 1,
                 .plies = 200,
                 .hash_mib = -1,
                 .threads = 1,
                 .bulk = 1,
                 .engines = CLI_ENGINES_DEFAULT,
                 .divide = divide};
    char **words = malloc(sizeof *words * ((size_t)argc + 1));
    if (!words)
        return perft_error(err, "out of memory");
    int status = parse_options(argc, argv, words, &o, out, err);
    free(words);
    if (status >= 0)
        return status;
    return run(&o, out, err);
}
