/* The speed table of a run with several participants: a row per
 * participant with its nodes, seconds, nodes per second and ratio to the
 * fastest, the columns aligned whatever the names' lengths, a slow
 * engine's ratio in figures (never 0.00), and each engine's row saying how
 * its time was taken and that its bulk counting is its own (--no-bulk is
 * the backends', never Stockfish's).  A divide prints it on stderr (its
 * standard output is perftree's contract), a suite with its results. */
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "engines_support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* A name longer than any column was, and a delay that makes it the slowest
 * by far. */
#define SLOW_ENGINE "a-perftree-engine-with-a-long-name=chess:perftree:sleep 0.5; exec " TEST_PERFT_BIN

/* The table's lines: from its heading to the line after its notes. */
static const char *table_of(const char *text)
{
    return strstr(text, "game        participant");
}

/* Where the nodes column ends on each of the table's rows: the same. */
static void expect_aligned(const char *table, int rows)
{
    int seen = 0;
    long column = -1;
    for (const char *line = table; *line && seen <= rows; line += strcspn(line, "\n") + 1, seen++) {
        /* "nodes" in the heading; the row's count ends at the same place. */
        long end = seen == 0 ? (long)(strstr(line, "nodes ") - line) + 5 : -1;
        if (seen > 0) {
            const char *p = line + strlen("game        "); /* the game's column */
            p += strcspn(p, " ");                          /* the participant's name */
            p += strspn(p, " ");
            end = (long)(p - line) + (long)strspn(p, "0123456789");
        }
        if (column < 0)
            column = end;
        EXPECT(end == column, "row %d's nodes end at %ld, the heading's at %ld:\n%s", seen, end, column, table);
    }
}

/* Before: a line per participant, and with --no-bulk Stockfish's was said
 * to count with "bulk counting off". */
Test(speed_table, a_divide_with_engines_prints_the_table_on_stderr, .timeout = 60)
{
    CliRun r =
        RUN("-b", "all", "--no-bulk", "--engine", "uci:" TEST_STOCKFISH, "--engine", SLOW_ENGINE, "4", CHESS_INITIAL);
    cr_assert(r.status == 0, "status %d: %s", r.status, r.err);
    cr_expect(strstr(r.out, "\n197281\n"), "the divide is not on stdout:\n%s", r.out);
    cr_expect(!strstr(r.out, "participant"), "the table is on stdout:\n%s", r.out);
    const char *table = table_of(r.err);
    cr_assert(table, "no table on stderr:\n%s", r.err);
    expect_aligned(table, 5);
    cr_expect(strstr(table, "  bulk counting off, no hashing, 1 thread\n"), "the backends' rows:\n%s", table);
    cr_expect(strstr(table, "  by the engine, over UCI (a)\n") && strstr(table, "  by the engine, over perftree (b)\n"),
              "the engines' rows:\n%s", table);
    cr_expect(strstr(table, "\n(a) UCI: timed from the query sent to the total read, the engine's start-up not in "
                            "it; its bulk counting, hashing and threads are its own\n") &&
                  strstr(table, "\n(b) perftree: timed from the process started to the total read, one process per "
                                "query; its bulk counting, hashing and threads are its own\n"),
              "the notes:\n%s", table);
    /* The slow engine's ratio: below 0.1, in two figures. */
    const char *slow = strstr(table, "\nchess       a-perftree-engine-with-a-long-name ");
    cr_assert(slow, "no row for the slow engine:\n%s", table);
    char ratio[32] = "";
    const char *by = strstr(slow, "  by the engine");
    const char *p = by;
    while (p > slow && p[-1] == ' ')
        p--;
    const char *start = p;
    while (start > slow && start[-1] != ' ')
        start--;
    snprintf(ratio, sizeof ratio, "%.*s", (int)(p - start), start);
    double value = strtod(ratio, NULL);
    cr_expect(value > 0 && value < 0.1 && strcmp(ratio, "0.00") != 0 && strlen(ratio) >= 4,
              "the slow engine's ratio is '%s':\n%s", ratio, table);
    cli_free(&r);
}

/* A suite's rows and its table keep their columns for a long name; its
 * rows give nodes per second in figures too. */
Test(speed_table, a_suite_keeps_its_columns_for_long_names, .timeout = 60)
{
    CliRun r = RUN("--suite", "positions/chess/famous.epd", "--max-depth", "1", "--engine", SLOW_ENGINE);
    cr_assert(r.status == 0, "status %d: %s", r.status, r.err);
    const char *table = table_of(r.out);
    cr_assert(table, "no table:\n%s", r.out);
    expect_aligned(table, 2);
    /* The rows: "got" ends where the heading's does. */
    long got = (long)(strstr(r.out, " got ") - r.out) + 4;
    for (const char *line = strchr(r.out, '\n') + 1; strncmp(line, "suite ", 6) != 0; line += strcspn(line, "\n") + 1) {
        const char *end = line + got;
        EXPECT(end[0] == ' ' && end[-1] >= '0' && end[-1] <= '9', "a row's count does not end under 'got':\n%s", r.out);
    }
    cli_free(&r);
}
