/* Suite files (--suite) and start-position files (--random --from) that are
 * wrong, and what the suite tells about what it did not check: a duplicated
 * ;Dn, a directory or a missing file (with the system's reason), NUL bytes
 * (the line numbers after them), counts skipped above --max-nodes (said in
 * the closing line), and ids longer than the table's column. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "clock.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* A temporary file holding `len` bytes of `text`; its path goes to `path`. */
static void temp_file(const char *text, size_t len, char path[64])
{
    snprintf(path, 64, "/tmp/perft-suite-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp: %s", strerror(errno));
    cr_assert(write(fd, text, len) == (ssize_t)len, "write %s: %s", path, strerror(errno));
    close(fd);
}

/* `args` with "FILE" replaced by `path`: status `status`, stderr exactly
 * `message` (NULL: anything). */
static CliRun run_on(const char *path, const char *const *args)
{
    const char *argv[CLI_ARGS_MAX + 1];
    int n = 0;
    for (; args[n]; n++)
        argv[n] = strcmp(args[n], "FILE") == 0 ? path : args[n];
    argv[n] = NULL;
    return cli_run(argv);
}

static void expect_error_on(const char *path, const char *const *args, const char *message)
{
    CliRun r = run_on(path, args);
    EXPECT(r.status == 2, "%s: status %d, expected 2; stderr %s", path, r.status, r.err);
    EXPECT(strcmp(r.err, message) == 0, "stderr\n  %s\nexpected\n  %s", r.err, message);
    cli_free(&r);
}

#define EXPECT_ERROR_ON(path, message, ...) expect_error_on(path, (const char *const[]){__VA_ARGS__, NULL}, message)

/* The message with "%s" replaced by the path. */
static const char *with_path(const char *format, const char *path, char *buf, size_t size)
{
    snprintf(buf, size, format, path);
    return buf;
}

Test(suite_errors, duplicated_depth_is_an_error)
{
    char text[256], path[64], message[256];
    snprintf(text, sizeof text, "# two counts for one depth\n%s ;D1 20 ;D2 400 ;D1 21 ;id twice\n", CHESS_INITIAL);
    temp_file(text, strlen(text), path);
    EXPECT_ERROR_ON(path, with_path("perft: %s:2: ;D1 is given twice\n", path, message, sizeof message), "--suite",
                    "FILE");
    EXPECT_ERROR_ON(path, with_path("perft: %s:2: ;D1 is given twice\n", path, message, sizeof message), "--random",
                    "1", "--from", "FILE");
    unlink(path);
}

Test(suite_errors, directory_says_why)
{
    char dir[] = "/tmp/perft-dir-XXXXXX", message[256];
    cr_assert(mkdtemp(dir) != NULL);
    EXPECT_ERROR_ON(dir,
                    with_path("perft: cannot read suite file '%s': Is a directory\n", dir, message, sizeof message),
                    "--suite", "FILE");
    EXPECT_ERROR_ON(
        dir, with_path("perft: cannot read start positions '%s': Is a directory\n", dir, message, sizeof message),
        "--random", "1", "--from", "FILE");
    rmdir(dir);
}

Test(suite_errors, missing_file_says_why)
{
    const char *path = "/tmp/perft-no-such-dir/none.epd";
    char message[256];
    EXPECT_ERROR_ON(
        path,
        with_path("perft: cannot open suite file '%s': No such file or directory\n", path, message, sizeof message),
        "--suite", "FILE");
    EXPECT_ERROR_ON(path,
                    with_path("perft: cannot open start positions '%s': No such file or directory\n", path, message,
                              sizeof message),
                    "--random", "1", "--from", "FILE");
}

/* A NUL byte is an error at its own line, and the lines after a long one
 * holding a NUL keep their numbers. */
Test(suite_errors, nul_bytes_and_line_numbers)
{
    char text[4096], path[64], message[256];
    size_t n = (size_t)snprintf(text, sizeof text, "%s ;D1 20\n# note", CHESS_INITIAL);
    text[n++] = '\0';
    memset(text + n, 'x', 3000);
    n += 3000;
    text[n++] = '\n';
    temp_file(text, n, path);
    EXPECT_ERROR_ON(path, with_path("perft: %s:2: NUL byte at column 7\n", path, message, sizeof message), "--suite",
                    "FILE");
    unlink(path);

    n = (size_t)snprintf(text, sizeof text, "%s ;D1 20\n%s", CHESS_INITIAL, CHESS_INITIAL);
    text[n++] = '\0';
    n += (size_t)snprintf(text + n, sizeof text - n, " ;D1 20\n");
    temp_file(text, n, path);
    char column[256];
    snprintf(column, sizeof column, "perft: %%s:2: NUL byte at column %zu\n", strlen(CHESS_INITIAL) + 1);
    EXPECT_ERROR_ON(path, with_path(column, path, message, sizeof message), "--suite", "FILE");
    unlink(path);
}

/* The closing line names the counts --max-nodes (and --max-depth) passed
 * over, so a wrong
 * count above the limit cannot pass without a word. */
Test(suite_errors, counts_skipped_above_max_nodes_are_reported)
{
    char text[256], path[64];
    /* D3's count is wrong on purpose: it is above the limit, so skipped. */
    snprintf(text, sizeof text, "%s ;D1 20 ;D2 400 ;D3 8903 ;id start\n", CHESS_INITIAL);
    temp_file(text, strlen(text), path);
    const struct {
        const char *max_nodes, *said;
        int status;
    } cases[] = {
        {"500", "1 count above --max-nodes skipped", 0},
        {"100", "2 counts above --max-nodes skipped", 0},
        {"10", "3 counts above --max-nodes skipped", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CliRun r = run_on(path, (const char *const[]){"--suite", "FILE", "--max-nodes", cases[i].max_nodes, NULL});
        EXPECT(r.status == cases[i].status, "--max-nodes %s: status %d, expected %d; stderr %s", cases[i].max_nodes,
               r.status, cases[i].status, r.err);
        const char *closing = strstr(r.out, "suite ");
        const char *eol = closing ? strchr(closing, '\n') : NULL;
        const char *said = closing ? strstr(closing, cases[i].said) : NULL;
        EXPECT(said && said < eol, "--max-nodes %s: the closing line does not say '%s':\n%s", cases[i].max_nodes,
               cases[i].said, r.out);
        cli_free(&r);
    }
    /* Counts deeper than --max-depth are said too. */
    CliRun d = run_on(path, (const char *const[]){"--suite", "FILE", "--max-depth", "1", NULL});
    EXPECT(d.status == 0 && strstr(d.out, "2 counts deeper than --max-depth 1 skipped"), "--max-depth 1: status %d\n%s",
           d.status, d.out);
    cli_free(&d);
    /* Without a limit nothing is skipped, the wrong count fails, and no
     * skipped counts are mentioned. */
    CliRun r = run_on(path, (const char *const[]){"--suite", "FILE", NULL});
    EXPECT(r.status == 1 && !strstr(r.out, "skipped"), "no --max-nodes: status %d\n%s", r.status, r.out);
    cli_free(&r);
    unlink(path);
}

/* Every row keeps its columns whatever the id's length: the id column is
 * 32 wide, and the depth follows it at the same place in every row. */
Test(suite_errors, long_ids_keep_the_table)
{
    char text[512], path[64];
    snprintf(text, sizeof text, "%s ;D1 20 ;id short\n%s ;D1 20 ;id %s\n", CHESS_INITIAL, CHESS_INITIAL,
             "an-id-much-longer-than-the-thirty-two-characters-of-its-column");
    temp_file(text, strlen(text), path);
    CliRun r = run_on(path, (const char *const[]){"--suite", "FILE", NULL});
    EXPECT(r.status == 0, "status %d; stderr %s", r.status, r.err);
    int rows = 0;
    size_t header_length = 0;
    for (char *line = strtok(r.out, "\n"); line && strncmp(line, "suite ", 6) != 0; line = strtok(NULL, "\n")) {
        if (!header_length) {
            header_length = strlen(line);
            continue;
        }
        rows++;
        EXPECT(strlen(line) == header_length - strlen("result") + strlen("ok") && strncmp(line + 32, "     1 ", 7) == 0,
               "row '%s' is out of its columns (header %zu long)", line, header_length);
    }
    EXPECT(rows == 2, "%d rows, expected 2:\n%s", rows, r.out);
    cli_free(&r);
    unlink(path);
}

/* --max-nodes is a budget the count is counted within, never the file's
 * count trusted.  Before, a wrong ";D9 5" under --max-nodes 1000000 started
 * the 2.4e12-node perft of the chess start at depth 9 (published 2439530234167,
 * chessprogramming wiki "Perft Results"). */
Test(suite_errors, max_nodes_is_a_budget_not_the_files_count, .timeout = 60)
{
    char text[256], path[64];
    snprintf(text, sizeof text, "%s ;D1 20 ;D9 5 ;id start\n%s ;D9 2439530234167 ;id published\n", CHESS_INITIAL,
             CHESS_INITIAL);
    temp_file(text, strlen(text), path);
    double start = seconds_now();
    CliRun r = run_on(
        path, (const char *const[]){"--suite", "FILE", "--max-depth", "9", "--max-nodes", "1000000", "-t", "2", NULL});
    double seconds = seconds_now() - start;
    EXPECT(seconds < 10 * TEST_SLOWDOWN, "took %.1f s", seconds);
    EXPECT(r.status == 1, "status %d: %s", r.status, r.err);
    EXPECT(strstr(r.out, "start                                9 bitboard                  5        >1000000 ") &&
               strstr(r.out, "FAIL (the count passes --max-nodes, the file's does not)\n  start:1 position: "),
           "the wrong count is not failed:\n%s", r.out);
    EXPECT(strstr(r.out, "published                            9 bitboard      2439530234167        >1000000 ") &&
               strstr(r.out, "skipped (passes --max-nodes: stopped)\n"),
           "the published count is not skipped:\n%s", r.out);
    EXPECT(strstr(r.out, "2 positions, 2 counts, 2 checks, 1 failed, 1 count above --max-nodes skipped (stopped "
                         "there)"),
           "the closing line:\n%s", r.out);
    cli_free(&r);

    json_t *doc = JSON_RUN(1, "--suite", path, "--max-depth", "9", "--max-nodes", "1000000", "--format", "json");
    json_t *checks = json_object_get(doc, "checks");
    cr_assert_eq(json_array_size(checks), 3);
    json_t *wrong = json_array_get(checks, 1), *skipped = json_array_get(checks, 2);
    cr_expect(json_is_null(json_object_get(wrong, "got")) &&
                  json_integer_value(json_object_get(wrong, "past_max_nodes")) == 1000000 &&
                  strcmp(json_string_value(json_object_get(wrong, "result")), "failed") == 0,
              "the failed check's entry");
    cr_expect(strcmp(json_string_value(json_object_get(skipped, "result")), "skipped") == 0, "the skipped entry");
    json_decref(doc);

    /* Engines alone cannot be held to it. */
    r = run_on(path, (const char *const[]){"--suite", "FILE", "--max-nodes", "1000", "-b", "none", "--engine",
                                           "uci:/usr/games/stockfish", NULL});
    EXPECT(r.status == 2 && strcmp(r.err, "perft: --max-nodes is a budget the built-in backends count within, before "
                                          "any engine is asked: with -b none only engines count (--engine-timeout "
                                          "bounds them)\n") == 0,
           "-b none: %d %s", r.status, r.err);
    cli_free(&r);
    unlink(path);
}
