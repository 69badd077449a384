/* Debian's Stockfish (an independent implementation) over UCI agrees with
 * every chess backend on the famous positions: the whole divide at depth 4,
 * cross-checked, and its totals against the file's published ;Dn counts. */
#include <stdlib.h>
#include <string.h>

#include "engines_support.h"
#include "suite.h"

enum { FAMOUS_POSITIONS = 7, AGREEMENT_DEPTH = 4 };

Test(engines_stockfish, agrees_with_every_chess_backend_on_the_famous_positions, .timeout = 120)
{
    Engine stockfish;
    engine_start(&stockfish, 60, "uci:%s", TEST_STOCKFISH);
    int count;
    EpdEntry *entries = fixtures_load_exactly("positions/chess/famous.epd", FAMOUS_POSITIONS, &count);
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    Participant ps[BACKENDS_MAX + 1];
    for (int k = 0; k < n; k++)
        ps[k] = participant_of_backend(backends[k]);
    ps[n] = participant_of_engine(&stockfish);
    CrossReport *report = malloc(sizeof *report);
    cr_assert(report);
    for (int i = 0; i < count; i++) {
        char err[1024];
        FILE *out = tmpfile();
        int r = crosscheck_participants(ps, n + 1, &entries[i].pos, NULL, AGREEMENT_DEPTH, 1, FORMAT_TEXT, out, NULL,
                                        report, err, sizeof err);
        fclose(out);
        EXPECT(r == 0, "%s: Stockfish and the %d chess backends %s at depth %d", entries[i].id, n,
               r < 0 ? err : "disagree", AGREEMENT_DEPTH);
        EXPECT(report->total[n] > 0, "%s: Stockfish counted nothing", entries[i].id);
    }
    cr_expect_gt(stockfish.queries, 0);
    free(report);
    free(entries);
    engine_close(&stockfish);
}

Test(engines_stockfish, counts_match_the_published_suite, .timeout = 120)
{
    Engine stockfish;
    engine_start(&stockfish, 60, "uci:%s", TEST_STOCKFISH);
    SuiteTotals totals;
    char err[1024];
    FILE *out = tmpfile();
    int r = suite_run_with_engines("positions/chess/famous.epd", "none", &stockfish, 1, AGREEMENT_DEPTH, ~0ull, 1, out,
                                   NULL, &totals, err, sizeof err);
    fclose(out);
    engine_close(&stockfish);
    cr_assert_geq(r, 0, "%s", err);
    cr_expect_eq(totals.checks, FAMOUS_POSITIONS * AGREEMENT_DEPTH, "%d checks", totals.checks);
    cr_expect_eq(totals.failed, 0, "%d of Stockfish's counts differ from the published ones", totals.failed);
}
