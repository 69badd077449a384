/* The deep runner on Chess960 positions: two threads and the hash table
 * (its Zobrist keys carry castling rights per rook file) give the counts of
 * positions/chess/chess960.epd (the 960 reference positions) and
 * positions/chess/frc-special.epd (Stockfish's Chess960 perft test) with
 * every chess backend, and a run killed outright resumes from its
 * checkpoint to the file's count. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "support.h"

/* Every count of `e` up to `max_depth`, with each backend on two threads
 * through a table (verified); returns how many were checked. */
static int check_entry(const EpdEntry *e, int max_depth, const char *file)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends), checked = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        if (!e->has[depth])
            continue;
        char depth_text[8];
        snprintf(depth_text, sizeof depth_text, "%d", depth);
        for (int b = 0; b < n; b++) {
            CliRun r = RUN("-b", backends[b]->name, "-t", "2", "--hash", "16", "--hash-verify", depth_text, e->text);
            EXPECT(r.status == 0 && divide_total(r.out) == e->expected[depth],
                   "%s %s depth %d, %s on 2 threads with the table: status %d, %llu, the file says %llu; %s", file,
                   e->id, depth, backends[b]->name, r.status, divide_total(r.out),
                   (unsigned long long)e->expected[depth], r.err);
            cli_free(&r);
            checked++;
        }
    }
    return checked;
}

Test(chess960_deep, threads_and_the_table_give_the_files_counts, .timeout = 300 * TEST_SLOWDOWN)
{
    int count, checked = 0;
    EpdEntry *special = fixtures_load_exactly("positions/chess/frc-special.epd", 11, &count);
    for (int i = 0; i < count; i++)
        checked += check_entry(&special[i], 5, "frc-special.epd");
    free(special);
    EpdEntry *reference = fixtures_load_exactly("positions/chess/chess960.epd", 960, &count);
    for (int i = 0; i < count; i += 120)
        checked += check_entry(&reference[i], 4, "chess960.epd");
    free(reference);
    int backends = backends_of(GAME_CHESS, (const Backend *[BACKENDS_MAX]){0});
    /* frc-special: D2, D3, D4, D4 and D5 of the inner-rook rows; chess960:
     * D1-D4 of 8 rows. */
    cr_expect_eq(checked, backends * (5 + 8 * 4), "%d counts checked", checked);
}

Test(chess960_deep, a_killed_run_resumes_from_its_checkpoint_to_the_files_count, .timeout = 120 * TEST_SLOWDOWN)
{
    int count;
    EpdEntry *special = fixtures_load_exactly("positions/chess/frc-special.epd", 11, &count);
    const EpdEntry *e = &special[count - 1]; /* frc-inner-rook-4, D5 79,014,522 */
    cr_assert(strcmp(e->id, "frc-inner-rook-4") == 0 && e->has[5], "%s", e->id);
    char path[] = "/tmp/chess960-checkpoint-XXXXXX", out_path[] = "/tmp/chess960-checkpoint-out-XXXXXX";
    close(mkstemp(path));
    unlink(path);
    close(mkstemp(out_path));
    /* The mailbox without bulk counting: slow enough to be killed midway. */
    const char *const args[] = {"-b", "mailbox",      "--no-bulk", "-t", "2",     "--hash",
                                "16", "--checkpoint", path,        "5",  e->text, NULL};
    Child c = child_start(args, out_path);
    cr_assert(child_kill_at_lines(&c, path, 6), "the run ended before it could be killed");
    unlink(out_path);
    CliRun resumed = cli_run(args);
    cr_expect(resumed.status == 0 && strstr(resumed.err, "units already counted, resuming"), "status %d: %s",
              resumed.status, resumed.err);
    cr_expect(divide_total(resumed.out) == e->expected[5], "resumed total %llu, frc-special.epd says %llu",
              divide_total(resumed.out), (unsigned long long)e->expected[5]);
    cli_free(&resumed);
    unlink(path);
    free(special);
}
