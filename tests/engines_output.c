/* The output formats: --format stockfish prints the lines Stockfish's own
 * `go perft` prints (checked against Debian's Stockfish: same lines, ours
 * sorted by move text); --format json is one JSON document holding the
 * divides, the engines, the settings and, on a disagreement, the diagnosis. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "command.h"
#include "engines_support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static int run_cli(const char *const *args, int nargs, char **out)
{
    CliRun r = cli_run_n(args, nargs);
    free(r.err);
    *out = r.out;
    return r.status;
}

/* Stockfish's own lines for `go perft DEPTH` after `moves` from the initial
 * position (in its generation order). */
static char *stockfish_lines(const char *moves, int depth)
{
    char command[512];
    snprintf(command, sizeof command,
             "printf 'position startpos moves %s\\ngo perft %d\\nisready\\n' | " TEST_STOCKFISH, moves, depth);
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run %s", command);
    char *text;
    size_t size;
    FILE *out = open_memstream(&text, &size);
    char line[256];
    while (fgets(line, sizeof line, p))
        if (strstr(line, ": ") && (strchr(line, ':') - line == 4 || strchr(line, ':') - line == 5 ||
                                   strncmp(line, "Nodes searched: ", 16) == 0))
            fputs(line, out);
    pclose(p);
    fclose(out);
    return text;
}

/* Every non-blank line of our Stockfish-form divide is a line Stockfish
 * prints, and there are as many. */
Test(engines_output, stockfish_format_prints_what_stockfish_prints)
{
    char *ours;
    const char *backend_args[] = {"-b", "bitboard", "--format", "stockfish", "3", CHESS_INITIAL, "e2e4 e7e5"};
    cr_assert_eq(run_cli(backend_args, 7, &ours), 0);
    char *lines = stockfish_lines("e2e4 e7e5", 3);
    size_t n = strlen(lines);
    char *theirs = malloc(n + 2); /* "\n" + Stockfish's lines: every line between newlines */
    cr_assert(theirs);
    theirs[0] = '\n';
    memcpy(theirs + 1, lines, n + 1);
    int our_lines = 0, their_lines = 0;
    for (const char *c = lines; *c; c++)
        their_lines += *c == '\n';
    for (char *line = strtok(ours, "\n"); line; line = strtok(NULL, "\n")) {
        char framed[300];
        snprintf(framed, sizeof framed, "\n%s\n", line);
        cr_expect(strstr(theirs, framed), "our line '%s' is not one Stockfish prints:\n%s", line, lines);
        our_lines++;
    }
    cr_expect_eq(our_lines, their_lines, "%d lines of ours, %d of Stockfish's:\n%s", our_lines, their_lines, lines);
    cr_expect(strstr(lines, "Nodes searched: "), "Stockfish printed no total:\n%s", lines);
    free(ours);
    free(lines);
    free(theirs);
}

static json_t *json_run(const char *const *args, int nargs, int expected_status)
{
    char *out;
    int status = run_cli(args, nargs, &out);
    cr_assert_eq(status, expected_status, "exit status %d:\n%s", status, out);
    json_error_t error;
    json_t *doc = json_loads(out, 0, &error);
    cr_assert(doc, "not one JSON document (%s, line %d):\n%s", error.text, error.line, out);
    free(out);
    return doc;
}

Test(engines_output, json_divide_with_an_engine)
{
    const char *args[] = {"-b", "all", "--engine", "sf=uci:" TEST_STOCKFISH, "--format", "json", "2", CHESS_INITIAL};
    json_t *doc = json_run(args, 8, 0);
    cr_expect_str_eq(json_string_value(json_object_get(doc, "command")), "divide");
    cr_expect(json_is_true(json_object_get(doc, "agree")));
    cr_expect(json_is_true(json_object_get(doc, "bulk")));
    cr_expect(json_is_false(json_object_get(doc, "hashing")));
    cr_expect_eq(json_array_size(json_object_get(doc, "failures")), 0);
    json_t *engines = json_object_get(doc, "engines");
    cr_expect_eq(json_array_size(engines), 1);
    cr_expect_str_eq(json_string_value(json_object_get(json_array_get(engines, 0), "name")), "sf");
    json_t *divides = json_object_get(doc, "divides");
    size_t n = json_array_size(divides);
    cr_expect_eq(n, json_array_size(json_object_get(doc, "backends")) + 1);
    for (size_t i = 0; i < n; i++) {
        json_t *d = json_array_get(divides, i);
        /* 400: perft 2 of the initial position (published). */
        cr_expect_eq(json_integer_value(json_object_get(d, "total")), 400);
        cr_expect_eq(json_integer_value(json_object_get(json_object_get(d, "moves"), "e2e4")), 20);
    }
    json_decref(doc);
}

Test(engines_output, json_disagreement_and_failure)
{
    char spec[1024];
    const char *root = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    snprintf(spec, sizeof spec,
             "bug=perftree:" TEST_PLANTED_BUG " --protocol perftree --inner 'perftree:" TEST_PERFT_BIN
             "' --root '%s' --path 'e4e5 f7f5' --drop e5f6",
             root);
    const char *args[] = {"-b", "mailbox", "--engine", spec, "--format", "json", "3", root};
    json_t *doc = json_run(args, 8, 1);
    json_t *d = json_object_get(doc, "disagreement");
    cr_assert(d, "no disagreement in the document");
    cr_expect_str_eq(json_string_value(json_object_get(d, "path")), "e4e5 f7f5");
    cr_expect_str_eq(json_string_value(json_object_get(d, "only_first")), "e5f6");
    cr_expect_str_eq(json_string_value(json_object_get(d, "second")), "bug");
    json_decref(doc);

    const char *failing[] = {"--engine", "perftree:exit 4", "--format", "json", "1", CHESS_INITIAL};
    doc = json_run(failing, 6, 2);
    json_t *failures = json_object_get(doc, "failures");
    cr_expect_eq(json_array_size(failures), 1);
    cr_expect(strstr(json_string_value(json_array_get(failures, 0)), "exited with status 4"));
    json_decref(doc);
}

Test(engines_output, json_suite_has_checks_and_speed)
{
    const char *args[] = {"--suite",     "positions/chess/famous.epd",
                          "-b",          "bitboard",
                          "--engine",    "uci:" TEST_STOCKFISH,
                          "--max-depth", "2",
                          "--format",    "json"};
    json_t *doc = json_run(args, 10, 0);
    cr_expect_eq(json_integer_value(json_object_get(json_object_get(doc, "summary"), "failed")), 0);
    cr_expect_eq(json_array_size(json_object_get(doc, "checks")), 7 * 2 * 2);
    json_t *speed = json_object_get(doc, "speed");
    cr_expect_eq(json_array_size(speed), 2);
    cr_expect_str_eq(json_string_value(json_object_get(json_array_get(speed, 1), "participant")), "stockfish");
    json_decref(doc);
}
