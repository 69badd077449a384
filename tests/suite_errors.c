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
