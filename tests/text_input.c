/* Text from files and engines read strictly and shown for what it is:
 * counts are digits only and one beyond 64 bits is called out of range;
 * a suite's ";D1" without a count says so; a UTF-8 byte-order mark is
 * named; bytes above 0x7f are escaped in every message, and a message
 * holding them still reaches the JSON document's failures. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* A temporary file holding `text`; its path goes to `path`. */
static void temp_file(const char *text, char path[64])
{
    snprintf(path, 64, "/tmp/perft-text-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp: %s", strerror(errno));
    cr_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
}

/* A suite of `text` fails with exactly "perft: PATH:MESSAGE". */
static void expect_suite_error(const char *text, const char *message)
{
    char path[64], expected[512];
    temp_file(text, path);
    snprintf(expected, sizeof expected, "perft: %s:%s\n", path, message);
    CliRun r = RUN("--suite", path);
    EXPECT(r.status == 2 && strcmp(r.err, expected) == 0, "status %d, stderr\n  %s\nexpected\n  %s", r.status, r.err,
           expected);
    cli_free(&r);
    unlink(path);
}

Test(text_input, suite_counts)
{
    char text[512];
    /* Before: "bad depth in 'D1' (1 to 20)". */
    snprintf(text, sizeof text, "%s ;D1\n", CHESS_INITIAL);
    expect_suite_error(text, "1: ';D1' has no count (want ';D1 COUNT')");
    /* 2^128: one past the largest count (2^64 and above are counts now). */
    snprintf(text, sizeof text, "%s ;D1 20 ;D2 340282366920938463463374607431768211456\n", CHESS_INITIAL);
    expect_suite_error(text, "1: count in 'D2 340282366920938463463374607431768211456' is out of range (above "
                             "340282366920938463463374607431768211455)");
    snprintf(text, sizeof text, "%s ;D1 -20\n", CHESS_INITIAL);
    expect_suite_error(text, "1: bad count in 'D1 -20' (digits only)");
    snprintf(text, sizeof text, "%s ;D1 +20\n", CHESS_INITIAL);
    expect_suite_error(text, "1: bad count in 'D1 +20' (digits only)");
}

/* Before: "FEN: rank 8, file a: unknown piece letter '\xef'", the byte
 * itself written to the terminal. */
Test(text_input, a_byte_order_mark_is_named)
{
    char text[512];
    snprintf(text, sizeof text, "\xef\xbb\xbf%s ;D1 20\n", CHESS_INITIAL);
    expect_suite_error(text, "1: the file starts with a UTF-8 byte-order mark (save it without one)");
}

static bool ascii_only(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        if (*p >= 0x7f || (*p < ' ' && *p != '\n'))
            return false;
    return true;
}

Test(text_input, bytes_above_0x7f_are_escaped_and_reach_json)
{
    char path[64];
    temp_file("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xe9 w KQkq - 0 1 ;D1 20\n", path);
    CliRun r = RUN("--suite", path);
    char expected[256];
    snprintf(expected, sizeof expected, "perft: %s:1: FEN: rank 1, file h: unknown piece letter '\\xe9'\n", path);
    EXPECT(r.status == 2 && strcmp(r.err, expected) == 0 && ascii_only(r.err), "stderr %s", r.err);
    cli_free(&r);

    /* Latin-1 is not UTF-8: before, jansson refused the message and the
     * document's failures stayed empty. */
    json_t *doc = JSON_RUN(2, "--suite", path, "--format", "json");
    json_t *failures = json_object_get(doc, "failures");
    cr_expect(json_array_size(failures) == 1 &&
                  strstr(json_string_value(json_array_get(failures, 0)), "unknown piece letter '\\xe9'"),
              "failures: %zu", json_array_size(failures));
    json_decref(doc);
    unlink(path);

    r = RUN("1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xc3\xa9 w KQkq - 0 1");
    EXPECT(r.status == 2 && ascii_only(r.err) && strstr(r.err, "\\xc3"), "stderr %s", r.err);
    cli_free(&r);
}

/* An engine's count beyond 128 bits (2^128): out of range, not "neither move count
 * nor total"; a signed one is malformed. */
Test(text_input, engine_counts_out_of_range)
{
    static const struct {
        const char *engine, *what;
    } CASES[] = {
        {"big=chess:perftree:printf 'e2e4 "
         "340282366920938463463374607431768211456\\n\\n340282366920938463463374607431768211456\\n'; :",
         "an out-of-range count (above 2^128 - 1, the largest count there is); it sent 'e2e4 "
         "340282366920938463463374607431768211456' (line 1)"},
        {"big=chess:perftree:printf 'e2e4 1\\n\\n340282366920938463463374607431768211456\\n'; :",
         "an out-of-range count (above 2^128 - 1, the largest count there is); it sent "
         "'340282366920938463463374607431768211456' (line 2)"},
        {"big=chess:uci:read a; echo uciok; read a; echo readyok; read a; echo readyok; read a; read a; echo "
         "'e2e4: 340282366920938463463374607431768211456'; sleep 5",
         "an out-of-range count (above 2^128 - 1, the largest count there is); it sent 'e2e4: "
         "340282366920938463463374607431768211456' (line 1)"},
        {"big=chess:perftree:printf 'e2e4 -1\\n\\n-1\\n'; :",
         "a line that is neither 'move count', a blank line nor the total; it sent 'e2e4 -1' (line 1)"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        CliRun r = RUN("--engine-timeout", "2", "--engine", CASES[i].engine, "1", CHESS_INITIAL);
        EXPECT(r.status == 2 && strstr(r.err, CASES[i].what), "%s: status %d, stderr %s", CASES[i].engine, r.status,
               r.err);
        cli_free(&r);
    }
}

/* --engine-timeout takes digits and a decimal point (0.5, 10), as every
 * number of the command line is digits only; before, strtod also took
 * " 5", "+5", "0x10", "1e3" and "inf". */
Test(text_input, engine_timeout_is_digits_and_a_point)
{
    static const char *const REFUSED[] = {" 5", "+5", "0x10", "1e3", "inf", "5.", ".5", "5,5"};
    for (size_t i = 0; i < sizeof REFUSED / sizeof *REFUSED; i++) {
        char message[128];
        snprintf(message, sizeof message,
                 "perft: --engine-timeout '%s' is not a number of seconds above 0 and up to 86400\n", REFUSED[i]);
        CliRun r = RUN("--engine-timeout", REFUSED[i], "--engine", "uci:/usr/games/stockfish", "1", CHESS_INITIAL);
        EXPECT(r.status == 2 && strcmp(r.err, message) == 0, "'%s': status %d, stderr %s", REFUSED[i], r.status, r.err);
        cli_free(&r);
    }
}
