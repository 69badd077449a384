/* --progress in the runs an engine slows down: a suite draws its own line
 * (positions done of the file's, counts, failures and disagreements so
 * far), with engines alone too; a random run's line counts games,
 * positions and disagreements; while an engine is awaited, the line says
 * which and for how long.  The engine is this build's bin/perft behind a
 * delay, so that the run lasts the second after which the line is drawn. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "cli_run.h"
#include "support.h"

/* The lines of `text` starting with `prefix`, and how many say "left" (drawn
 * while running) and "done in" (the last). */
static void count_lines(const char *text, const char *prefix, int *running, int *done)
{
    *running = *done = 0;
    for (const char *line = text; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] != '\0')) {
        if (strncmp(line, prefix, strlen(prefix)) != 0)
            continue;
        size_t n = strcspn(line, "\n");
        char copy[512];
        snprintf(copy, sizeof copy, "%.*s", (int)n, line);
        *running += strstr(copy, " left") != NULL;
        *done += strstr(copy, ", done in ") != NULL;
    }
}

/* Before: -b none refused --progress, and a suite drew no line of its own. */
Test(progress_lines, a_suite_of_engine_counts_draws_positions_failures_and_disagreements, .timeout = 120)
{
    char prefix[128] = "suite positions/chess/famous.epd: positions ";
    CliRun r = RUN("--suite", "positions/chess/famous.epd", "--max-depth", "1", "-b", "none", "--engine",
                   "slow=chess:perftree:sleep 0.3; exec " TEST_PERFT_BIN, "--progress");
    cr_expect(r.status == 0, "status %d: %s", r.status, r.err);
    int running, done;
    count_lines(r.err, prefix, &running, &done);
    cr_expect(running >= 1 && done == 1, "%d lines while running, %d at the end:\n%s", running, done, r.err);
    cr_expect(strstr(r.err, "suite positions/chess/famous.epd: positions 7/7, 7 counts, 0 failed, 0 disagreements, "),
              "the last line:\n%s", r.err);
    cli_free(&r);
}

/* Before: the line counted games and positions only. */
Test(progress_lines, a_random_run_with_a_perftree_engine_draws_disagreements_so_far, .timeout = 120)
{
    CliRun r = RUN("--random", "2", "--plies", "8", "--from", "positions/chess/famous.epd", "--engine",
                   "slow=chess:perftree:sleep 0.2; exec " TEST_PERFT_BIN, "--progress");
    cr_expect(r.status == 0, "status %d: %s", r.status, r.err);
    int running, done;
    count_lines(r.err, "random: games ", &running, &done);
    cr_expect(running >= 1 && done == 1, "%d lines while running, %d at the end:\n%s", running, done, r.err);
    cr_expect(strstr(r.err, "random: games 2/2, 18 positions, 0 disagreements, "), "the last line:\n%s", r.err);
    cli_free(&r);
}

/* The lines of `text` holding `needle`. */
static int lines_with(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        n++;
    return n;
}

/* Before: --progress drew nothing while an engine counted (and -b none
 * refused it in a divide).  Now the line names the engine awaited and the
 * time so far, once a second, and ends on how long it took; over both
 * protocols, and beside the backends. */
Test(progress_lines, an_engine_awaited_is_named_with_the_time_elapsed, .timeout = 120)
{
    static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    static const struct {
        const char *backend, *engine, *who;
    } CASES[] = {
        {"none", "slow=chess:perftree:sleep 1.8; exec " TEST_PERFT_BIN " 2>/dev/null",
         "engine slow (perftree, time-out 60 s)"},
        {"none", "slow=uci:tests/engines/slow_uci.sh 1.8 " TEST_PERFT_BIN " --uci", "engine slow (UCI, time-out 60 s)"},
        {"all", "slow=uci:tests/engines/slow_uci.sh 1.8 " TEST_PERFT_BIN " --uci", "engine slow (UCI, time-out 60 s)"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        CliRun r = RUN("-b", CASES[i].backend, "--engine", CASES[i].engine, "--progress", "2", START);
        char waiting[128], answered[128];
        snprintf(waiting, sizeof waiting, "waiting on %s, ", CASES[i].who);
        snprintf(answered, sizeof answered, "\n%s answered in ", CASES[i].who);
        /* 400: perft 2 of the start, published (positions/chess/famous.epd). */
        EXPECT(r.status == 0 && divide_total(r.out) == 400, "-b %s --engine '%s': status %d, stdout %s, stderr %s",
               CASES[i].backend, CASES[i].engine, r.status, r.out, r.err);
        EXPECT(lines_with(r.err, waiting) >= 1 && strstr(r.err, " elapsed\n") && lines_with(r.err, answered) == 1,
               "-b %s --engine '%s': no line '%s... elapsed' or not one '%s...':\n%s", CASES[i].backend,
               CASES[i].engine, waiting, answered + 1, r.err);
        cli_free(&r);
    }
}
