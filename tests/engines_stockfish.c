/* Debian's Stockfish (an independent implementation) over UCI agrees with
 * every chess backend on the famous positions: the whole divide at depth 4,
 * cross-checked, and its totals against the file's published ;Dn counts. */
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "engines_support.h"

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
        ps[k] = backend_participant(backends[k]);
    ps[n] = engine_participant(&stockfish);
    CrossReport *report = malloc(sizeof *report);
    cr_assert(report);
    for (int i = 0; i < count; i++) {
        char err[1024];
        uint64_t totals[BACKENDS_MAX + 1];
        int r = crosscheck_at(ps, n + 1, &entries[i].pos, AGREEMENT_DEPTH, report, totals, err, sizeof err);
        EXPECT(r >= 0, "%s: %s", entries[i].id, err);
        EXPECT(r == 0,
               "%s: Stockfish and the %d chess backends %s at depth %d\n  %s\n  DISAGREEMENT between %s and %s, path "
               "from the root: %.600s\n  position: %s\n  moves only %s generates: %s; only %s: %s",
               entries[i].id, n, "disagree", AGREEMENT_DEPTH, entries[i].text, report->first, report->second,
               report->path, report->position, report->first, report->only_first[0] ? report->only_first : "(none)",
               report->second, report->only_second[0] ? report->only_second : "(none)");
        EXPECT(totals[n] > 0, "%s: Stockfish counted nothing", entries[i].id);
    }
    cr_expect_gt(stockfish.queries, 0);
    free(report);
    free(entries);
    engine_close(&stockfish);
}

Test(engines_stockfish, counts_match_the_published_suite, .timeout = 120)
{
    json_t *doc = JSON_RUN(0, "--suite", "positions/chess/famous.epd", "-b", "none", "--engine", "uci:" TEST_STOCKFISH,
                           "--max-depth", "4", "--format", "json");
    json_t *summary = json_object_get(doc, "summary");
    cr_expect_eq(json_integer_value(json_object_get(summary, "checks")), FAMOUS_POSITIONS * AGREEMENT_DEPTH,
                 "%lld checks", (long long)json_integer_value(json_object_get(summary, "checks")));
    cr_expect_eq(json_integer_value(json_object_get(summary, "failed")), 0,
                 "some of Stockfish's counts differ from the published ones");
    json_decref(doc);
}
