/* --progress in the runs an engine slows down: a suite draws its own line
 * (positions done of the file's, counts, failures and disagreements so
 * far), with engines alone too; a random run's line counts games,
 * positions and disagreements.  The engine is this build's bin/perft behind
 * a delay, so that the run lasts the second after which the line is drawn. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
