/* Every option of --help in every mode and every format: it either takes
 * effect, shown in the output, the stderr lines or the JSON document's
 * settings, or is refused in one line that names it.  Nothing is ever
 * dropped in silence.  An option added to --help without a row here fails
 * the coverage test below. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"

static const char CHESS_START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* The suite and start files the modes read, written once per test. */
static char suite_path[] = "/tmp/options-suite-XXXXXX";
static char from_path[] = "/tmp/options-from-XXXXXX";
static char checkpoint_path[] = "/tmp/options-checkpoint-XXXXXX";
static char output_path[] = "/tmp/options-output-XXXXXX";

static void write_file(char *path, const char *text)
{
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp %s", path);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
}

static void files_setup(void)
{
    /* Counts: chessprogramming wiki "Perft Results", the initial position. */
    write_file(suite_path, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400 ;id start\n");
    write_file(from_path, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;id start\n");
    write_file(checkpoint_path, "");
    unlink(checkpoint_path); /* a fresh name: the run creates it */
    write_file(output_path, "");
}

static void files_teardown(void)
{
    unlink(suite_path);
    unlink(from_path);
    unlink(checkpoint_path);
    unlink(output_path);
}

typedef enum { DIVIDE, DIVIDE_ALL, DIVIDE_ENGINE, SUITE, RANDOM, MODE_COUNT } Mode;
static const char *const MODE_NAMES[] = {"divide", "divide -b all", "divide beside an engine", "--suite", "--random"};
static const char *const FORMATS[] = {"text", "json", "stockfish"};

/* One run: what a check looks at. */
typedef struct Run {
    Mode mode;
    int format; /* index in FORMATS */
    CliRun r;
    json_t *doc;      /* FORMAT json: the document, else NULL */
    json_t *settings; /* its "settings" */
} Run;

static bool err_has(const Run *run, const char *text)
{
    return strstr(run->r.err, text) != NULL;
}
static bool out_has(const Run *run, const char *text)
{
    return strstr(run->r.out, text) != NULL;
}
static json_t *setting(const Run *run, const char *key)
{
    return json_object_get(run->settings, key);
}
static json_t *mode_setting(const Run *run, const char *mode, const char *key)
{
    return json_object_get(json_object_get(run->settings, mode), key);
}

/* ---- each option's effect ---- */

static bool backend_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(setting(run, "backend")), "mailbox") == 0;
    /* The stderr line of one participant, a row of the speed table, or the
     * random run's summary. */
    return err_has(run, "chess mailbox,") || err_has(run, "\nchess       mailbox ") || out_has(run, " mailbox ") ||
           out_has(run, "(-b mailbox");
}
static bool engines_alone_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(setting(run, "backend")), "none") == 0;
    /* The engine counted and no backend did. */
    return err_has(run, "chess e, engine") || out_has(run, " e       ") ? !err_has(run, "chess bitboard,") : false;
}
static bool engine_shown(const Run *run)
{
    if (run->doc) {
        json_t *engines = json_object_get(run->doc, "engines");
        for (size_t i = 0; i < json_array_size(engines); i++)
            if (strcmp(json_string_value(json_object_get(json_array_get(engines, i), "name")), "x") == 0)
                return true;
        return false;
    }
    return err_has(run, "engine x (perftree: ");
}
static bool timeout_shown(const Run *run)
{
    if (run->doc)
        return json_real_value(setting(run, "engine_timeout")) == 30.0;
    return err_has(run, "time-out 30 s a query");
}
static bool engine_option_shown(const Run *run)
{
    if (run->doc) {
        json_t *options = json_object_get(run->settings, "engine_options");
        json_t *last = json_array_get(options, json_array_size(options) - 1);
        return json_array_size(last) == 1 && strcmp(json_string_value(json_array_get(last, 0)), "Threads=1") == 0;
    }
    return err_has(run, "; setoption Threads=1)");
}
static bool format_shown(const Run *run)
{
    if (run->format == 1)
        return run->doc != NULL;
    if (run->format == 2)
        return out_has(run, "Nodes searched: ");
    return run->r.out[0] != '\0' && run->r.out[0] != '{';
}
static bool output_shown(const Run *run)
{
    /* Nothing on standard output; the results, in the run's format, in the
     * file. */
    char *text = file_text(output_path);
    bool shown = run->r.out[0] == '\0' && text && text[0] != '\0';
    if (shown && run->format == 1) {
        json_t *doc = json_loads(text, 0, NULL);
        const char *named = json_string_value(json_object_get(json_object_get(doc, "settings"), "output"));
        shown = named && strcmp(named, output_path) == 0;
        json_decref(doc);
    } else if (shown && run->format == 2) {
        shown = strstr(text, "Nodes searched: ") != NULL;
    }
    free(text);
    return shown;
}
static bool bulk_is(const Run *run, bool on)
{
    if (run->doc)
        return json_is_true(setting(run, "bulk")) == on;
    return err_has(run, on ? "bulk counting on" : "bulk counting off") ||
           out_has(run, on ? "bulk counting on" : "bulk counting off");
}
static bool bulk_shown(const Run *run)
{
    return bulk_is(run, true);
}
static bool no_bulk_shown(const Run *run)
{
    return bulk_is(run, false);
}
static bool stats_shown(const Run *run)
{
    if (run->doc) {
        if (!json_is_true(setting(run, "stats")))
            return false;
        json_t *divides = json_object_get(run->doc, "divides"), *checks = json_object_get(run->doc, "checks");
        json_t *first = json_array_get(divides ? divides : checks, 0);
        /* An engine's divide has none: the backends' come first. */
        return json_integer_value(json_object_get(json_object_get(first, "stats"), "nodes")) > 0;
    }
    return out_has(run, "statistics at depth 2, leaves only") || out_has(run, "  statistics: nodes ");
}
static bool threads_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(setting(run, "threads")) == 2;
    return err_has(run, "2 threads") || out_has(run, ", 2 threads\n");
}
static bool hash_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(setting(run, "hash_mib")) == 1;
    return err_has(run, "hash 1 MiB: ");
}
static bool hash_verify_shown(const Run *run)
{
    if (run->doc)
        return json_is_true(setting(run, "hash_verify"));
    return err_has(run, "recomputed without the table");
}
static bool hash_seed_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(setting(run, "hash_seed")) == 7;
    return err_has(run, "key seed 7") || out_has(run, "key seed 7");
}
static bool units_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(setting(run, "units")), "lines") == 0;
    return err_has(run, "units (lines, split");
}
static bool split_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(setting(run, "split")) == 1;
    return err_has(run, ", split 1)");
}
static bool progress_shown(const Run *run)
{
    if (run->doc && !json_is_true(setting(run, "progress")))
        return false;
    return err_has(run, ", done in ");
}
static bool checkpoint_shown(const Run *run)
{
    if (run->doc && strcmp(json_string_value(setting(run, "checkpoint")), checkpoint_path) != 0)
        return false;
    char *text = file_text(checkpoint_path);
    bool written = text && strncmp(text, "perft-checkpoint ", 17) == 0;
    free(text);
    unlink(checkpoint_path);
    return written;
}
static bool suite_shown(const Run *run)
{
    if (run->doc)
        return json_object_get(run->doc, "checks") != NULL;
    return out_has(run, "suite /tmp/options-suite-");
}
static bool max_depth_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(mode_setting(run, "suite", "max_depth")) == 1;
    return out_has(run, "deeper than --max-depth 1 skipped");
}
static bool max_nodes_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(mode_setting(run, "suite", "max_nodes")) == 100;
    return out_has(run, "above --max-nodes skipped");
}
static bool random_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(mode_setting(run, "random", "games")) == 3;
    return out_has(run, "random: 3 games");
}
static bool seed_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(mode_setting(run, "random", "seed")) == 5;
    return out_has(run, "(seed 5)");
}
static bool plies_shown(const Run *run)
{
    if (run->doc)
        return json_integer_value(mode_setting(run, "random", "plies")) == 3;
    return out_has(run, "up to 3 plies");
}
static bool from_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(mode_setting(run, "random", "from")), from_path) == 0;
    return out_has(run, from_path);
}
static bool chess960_shown(const Run *run)
{
    if (run->doc)
        return json_is_true(setting(run, "chess960"));
    return err_has(run, "Chess960 notation, castling as the king taking its rook (--chess960)") ||
           out_has(run, ", --chess960)");
}
static bool board_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(setting(run, "board")), "letters") == 0;
    return err_has(run, "perft: a board diagram (letters, colour off) beside every disagreement report\n");
}
static bool color_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(setting(run, "color")), "always") == 0;
    return err_has(run, "perft: a board diagram (unicode, colour on) beside every disagreement report\n");
}
static bool random_start_shown(const Run *run)
{
    if (run->doc)
        return strcmp(json_string_value(mode_setting(run, "random", "start")), "chess960:518") == 0;
    return out_has(run, "from --random-start chess960:518 (");
}
static bool list_shown(const Run *run)
{
    return out_has(run, "bitboard   chess");
}
static bool help_shown(const Run *run)
{
    return strncmp(run->r.out, "Usage: perft", 12) == 0;
}
static bool version_shown(const Run *run)
{
    return strncmp(run->r.out, "perft ", 6) == 0 && out_has(run, "\nbuild: ");
}
/* --uci is a mode of its own that takes no arguments and only -b, -t and
 * --hash: beside every mode's words it is refused (tests/uci_server.c runs
 * the session). */
static bool uci_shown(const Run *run)
{
    return out_has(run, "uciok");
}

/* --walk takes a divide's participants and counting but no --format:
 * beside every mode's words it is refused (tests/walk_pipe.c runs the
 * walk).  Were it to run, it would have read no command (standard input
 * ends at once) and printed nothing. */
static bool walk_shown(const Run *run)
{
    return run->r.status == 0 && run->r.out[0] == '\0';
}

/* --pgn FILE is a mode of its own (tests/pgn_suite.c runs it), and
 * --every-ply goes with it alone: beside every mode's words both are
 * refused, and were either to run, the row would fail. */
static bool never_runs(const Run *run)
{
    (void)run;
    return false;
}

/* An option's row: the words that give it (a value where it takes one),
 * the words it needs beside it, and how its effect shows. */
typedef struct OptionCase {
    const char *name; /* the long name --help lists */
    const char *words[2];
    const char *needs[2];
    bool (*shown)(const Run *run);
} OptionCase;

static const OptionCase CASES[] = {
    {"backend", {"-b", "mailbox"}, {NULL}, backend_shown},
    {"backend", {"-b", "none"}, {NULL}, engines_alone_shown},
    {"engine", {"--engine", "x=chess:perftree:" TEST_PERFT_BIN " -b padded"}, {NULL}, engine_shown},
    {"engine-timeout", {"--engine-timeout", "30"}, {NULL}, timeout_shown},
    {"engine-option", {"--engine-option", "Threads=1"}, {"--engine", "o=uci:" TEST_STOCKFISH}, engine_option_shown},
    {"format", {NULL}, {NULL}, format_shown}, /* every run gives it */
    {"output", {"-o", output_path}, {NULL}, output_shown},
    {"bulk", {"--bulk"}, {NULL}, bulk_shown},
    {"no-bulk", {"--no-bulk"}, {NULL}, no_bulk_shown},
    {"stats", {"--stats"}, {NULL}, stats_shown},
    {"threads", {"-t", "2"}, {NULL}, threads_shown},
    {"hash", {"--hash", "1"}, {NULL}, hash_shown},
    {"hash-verify", {"--hash-verify"}, {"--hash", "1"}, hash_verify_shown},
    {"hash-seed", {"--hash-seed", "7"}, {"--hash", "1"}, hash_seed_shown},
    {"units", {"--units", "lines"}, {NULL}, units_shown},
    {"split", {"--split", "1"}, {NULL}, split_shown},
    {"progress", {"--progress"}, {NULL}, progress_shown},
    {"checkpoint", {"--checkpoint", checkpoint_path}, {NULL}, checkpoint_shown},
    {"suite", {"--suite", suite_path}, {NULL}, suite_shown},
    {"max-depth", {"--max-depth", "1"}, {NULL}, max_depth_shown},
    {"max-nodes", {"--max-nodes", "100"}, {NULL}, max_nodes_shown},
    {"random", {"--random", "3"}, {NULL}, random_shown},
    {"seed", {"--seed", "5"}, {NULL}, seed_shown},
    {"plies", {"--plies", "3"}, {NULL}, plies_shown},
    {"from", {"--from", from_path}, {NULL}, from_shown},
    {"chess960", {"--chess960"}, {NULL}, chess960_shown},
    {"board", {"--board", "letters"}, {NULL}, board_shown},
    {"color", {"--color", "always"}, {"--board", "unicode"}, color_shown},
    {"random-start", {"--random-start", "chess960:518"}, {NULL}, random_start_shown},
    {"list", {"--list"}, {NULL}, list_shown},
    {"help", {"--help"}, {NULL}, help_shown},
    {"version", {"--version"}, {NULL}, version_shown},
    {"uci", {"--uci"}, {NULL}, uci_shown},
    {"walk", {"--walk"}, {NULL}, walk_shown},
    {"pgn", {"--pgn", "/dev/null"}, {NULL}, never_runs},
    {"every-ply", {"--every-ply"}, {NULL}, never_runs},
};
enum { CASE_COUNT = sizeof CASES / sizeof *CASES };

/* The mode's own words. */
static int mode_words(Mode mode, const char **args)
{
    int n = 0;
    switch (mode) {
    case DIVIDE_ALL: args[n++] = "-b", args[n++] = "all"; break;
    case DIVIDE_ENGINE: args[n++] = "--engine", args[n++] = "e=chess:perftree:" TEST_PERFT_BIN " -b mailbox"; break;
    case SUITE: args[n++] = "--suite", args[n++] = suite_path; break;
    case RANDOM: args[n++] = "--random", args[n++] = "2", args[n++] = "--plies", args[n++] = "4"; break;
    default: break;
    }
    if (mode <= DIVIDE_ENGINE)
        args[n++] = "2", args[n++] = CHESS_START;
    return n;
}

/* Whether a refusal names the option: --name, or its short form. */
static bool names_option(const char *err, const OptionCase *c)
{
    char long_name[64];
    snprintf(long_name, sizeof long_name, "--%s", c->name);
    if (strstr(err, long_name) || (c->words[0] && strstr(err, c->words[0])))
        return true;
    for (int i = 0; i < 2 && c->needs[i]; i++)
        if (strncmp(c->needs[i], "--", 2) == 0 && strstr(err, c->needs[i]))
            return true;
    return false;
}

/* Runs the mode in the format with the option's words after; JSON parsed. */
static Run run_case(Mode m, int f, const OptionCase *oc, char *where, size_t size)
{
    const char *args[CLI_ARGS_MAX + 1];
    int n = mode_words(m, args);
    args[n++] = "--format";
    args[n++] = FORMATS[f];
    for (int i = 0; oc && i < 2 && oc->needs[i]; i++)
        args[n++] = oc->needs[i];
    for (int i = 0; oc && i < 2 && oc->words[i]; i++)
        args[n++] = oc->words[i];
    args[n] = NULL;
    joined(args, where, size);
    Run run = {.mode = m, .format = f, .r = cli_run(args)};
    if (f == 1 && run.r.status != 2 && run.r.out[0] == '{') {
        json_error_t error;
        run.doc = json_loads(run.r.out, 0, &error);
        run.settings = json_object_get(run.doc, "settings");
    }
    return run;
}

/* A refusal: one line on stderr, nothing on stdout. */
static bool one_line_refusal(const Run *run)
{
    const char *newline = strchr(run->r.err, '\n');
    return run->r.status == 2 && strncmp(run->r.err, "perft: ", 7) == 0 && newline && newline[1] == '\0' &&
           run->r.out[0] == '\0';
}

Test(options_table, every_option_in_every_mode_and_format_takes_effect_or_is_refused, .init = files_setup,
     .fini = files_teardown, .timeout = 300 * TEST_SLOWDOWN)
{
    int took_effect = 0, refused = 0, base_refused = 0;
    char where[2048];
    for (int m = 0; m < MODE_COUNT; m++)
        for (int f = 0; f < 3; f++) {
            /* The mode in the format, no option added: stockfish's format is
             * a divide's, so --suite and --random refuse it. */
            Run base = run_case((Mode)m, f, NULL, where, sizeof where);
            bool base_ok = base.r.status != 2;
            EXPECT(base_ok || (one_line_refusal(&base) && strstr(base.r.err, "--format")),
                   "[%s, %s] '%s': status %d, stderr %s", MODE_NAMES[m], FORMATS[f], where, base.r.status, base.r.err);
            EXPECT(base_ok == (f != 2 || m <= DIVIDE_ENGINE), "[%s, %s] '%s': status %d", MODE_NAMES[m], FORMATS[f],
                   where, base.r.status);
            json_decref(base.doc);
            cli_free(&base.r);
            unlink(checkpoint_path);
            for (int c = 0; c < CASE_COUNT; c++) {
                const OptionCase *oc = &CASES[c];
                Run run = run_case((Mode)m, f, oc, where, sizeof where);
                if (run.r.status == 2) {
                    /* Refused: one line naming the option (or, when the mode
                     * refuses the format, the format), nothing else. */
                    EXPECT(one_line_refusal(&run) && (names_option(run.r.err, oc) || !base_ok),
                           "[%s, %s, --%s] '%s' is refused without one line naming it:\nstdout: %s\nstderr: %s",
                           MODE_NAMES[m], FORMATS[f], oc->name, where, run.r.out, run.r.err);
                    if (base_ok)
                        refused++;
                    else
                        base_refused++;
                } else {
                    EXPECT(run.r.status <= 1 && oc->shown(&run),
                           "[%s, %s, --%s] '%s' (status %d) does not show the option's effect:\nstdout: %s\nstderr: "
                           "%s",
                           MODE_NAMES[m], FORMATS[f], oc->name, where, run.r.status, run.r.out, run.r.err);
                    took_effect++;
                }
                json_decref(run.doc);
                cli_free(&run.r);
                unlink(checkpoint_path);
            }
        }
    cr_expect_eq(took_effect + refused + base_refused, CASE_COUNT * MODE_COUNT * 3);
    /* Both outcomes occur: the table refuses, and options work across modes. */
    cr_expect_gt(refused, 40, "%d refused", refused);
    cr_expect_gt(took_effect, 150, "%d took effect", took_effect);
}

/* Every option --help lists has a row above. */
Test(options_table, every_option_of_help_has_a_row)
{
    CliRun help = RUN("--help");
    cr_assert_eq(help.status, 0);
    int listed = 0;
    /* Option lines start "  -x, --name" or "      --name". */
    for (const char *line = help.out; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != 0)) {
        const char *p = line + strspn(line, " ");
        if (p[0] == '-' && p[1] != '-' && p[2] == ',')
            p += 3 + strspn(p + 3, " ");
        if (p == line || strncmp(p, "--", 2) != 0)
            continue;
        p += 2;
        size_t n = strcspn(p, "= \n");
        bool found = false;
        for (int c = 0; c < CASE_COUNT; c++)
            found |= strlen(CASES[c].name) == n && strncmp(CASES[c].name, p, n) == 0;
        EXPECT(found, "--%.*s is in --help but has no row in tests/options_table.c", (int)n, p);
        listed++;
    }
    cr_expect_geq(listed, 20, "only %d options found in --help:\n%s", listed, help.out);
    cli_free(&help);
}
