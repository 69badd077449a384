/* The README's tour of the walk (README.md, "The same bug, walked by
 * hand") stays true: its session is run as written there, through a pipe,
 * and every command's answer is held to the README's text, line for line.
 * The bug is tests/engines/planted_bug.py's: the engine lacks the en
 * passant capture e5f6 after 1. e4 d5 2. e5 f5; the counts it is held
 * against are bin/perft's own (bitboard beside the engine wrapping it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "engines_support.h"
#include "walk_driver.h"

static const char ROOT_LINE[] = "    $ ROOT='rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2'\n";
static const char ROOT[] = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
static const char COMMAND[] =
    "    $ bin/perft --walk -b bitboard --engine \"bug=perftree:python3 tests/engines/planted_bug.py --protocol "
    "perftree \\\n"
    "          --inner perftree:bin/perft --root '$ROOT' --path 'e4e5 f7f5' --drop e5f6\" 3 \"$ROOT\"\n";

/* The line at `p` without its indent and newline, into `out`; the next
 * line, or NULL at the end of the block (a line not indented four
 * spaces). */
static const char *block_line(const char *p, char *out, size_t size)
{
    if (!p || strncmp(p, "    ", 4) != 0)
        return NULL;
    size_t n = strcspn(p + 4, "\n");
    snprintf(out, size, "%.*s", (int)n, p + 4);
    return p[4 + n] ? p + 5 + n : p + 4 + n;
}

Test(walk_readme, the_tour_session_answers_as_the_readme_shows, .timeout = 300 * TEST_SLOWDOWN)
{
    char *readme = file_text("README.md");
    cr_assert(readme, "cannot read README.md");
    cr_assert(strstr(readme, ROOT_LINE), "README.md no longer sets ROOT as this test does");
    const char *p = strstr(readme, COMMAND);
    cr_assert(p, "README.md no longer runs the walk's session as this test does:\n%s", COMMAND);
    p += strlen(COMMAND);
    char engine[1024];
    snprintf(engine, sizeof engine,
             "bug=perftree:python3 " TEST_PLANTED_BUG " --protocol perftree --inner perftree:" TEST_PERFT_BIN
             " --root '%s' --path 'e4e5 f7f5' --drop e5f6",
             ROOT);
    WalkDriver d =
        walk_start(TEST_PERFT_BIN, (const char *const[]){"-b", "bitboard", "--engine", engine, "3", ROOT, NULL}, NULL);
    char command[256], line[512];
    int commands = 0;
    /* A command, then its answer up to the "ok" or "error: ..." line. */
    while ((p = block_line(p, command, sizeof command))) {
        char *answer = walk_ask(&d, command, 120 * TEST_SLOWDOWN);
        cr_assert(answer, "no answer to '%s'", command);
        char expected[8192] = "";
        for (;;) {
            p = block_line(p, line, sizeof line);
            cr_assert(p, "README.md: the answer to '%s' does not end with ok", command);
            snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s\n", line);
            if (strcmp(line, "ok") == 0 || strncmp(line, "error: ", 7) == 0)
                break;
        }
        cr_expect_str_eq(answer, expected, "'%s' answers otherwise than README.md shows", command);
        free(answer);
        commands++;
    }
    cr_expect_geq(commands, 5, "README.md's session has %d commands", commands);
    cr_expect_eq(walk_finish(&d), 0);
    free(readme);
}
