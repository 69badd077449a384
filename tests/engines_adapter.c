/* The example adapter of the README's tour, tests/engines/stockfish_perftree.sh
 * (the perftree contract around Debian's Stockfish), runs as a user would
 * run it: beside every backend over the published suite
 * (positions/chess/famous.epd) and in a divide after moves, agreeing with
 * them. */
#include <string.h>

#include "cli_run.h"
#include "engines_support.h"

#define ADAPTER "sf=perftree:tests/engines/stockfish_perftree.sh"

Test(engines_adapter, the_tour_adapter_passes_the_published_suite, .timeout = 120)
{
    CliRun r = RUN("--suite", "positions/chess/famous.epd", "--max-depth", "3", "-b", "all", "--engine", ADAPTER);
    EXPECT(r.status == 0, "status %d:\n%s", r.status, report_excerpt(r.out));
    char line[64];
    snprintf(line, sizeof line, "7 positions, 21 counts, %d checks, 0 failed", 21 * (backend_count(GAME_CHESS) + 1));
    cr_expect(strstr(r.out, line), "the suite's line:\n%s", r.out);
    cr_expect(strstr(r.err, "engine sf (perftree: tests/engines/stockfish_perftree.sh; chess): 21 queries"),
              "the engine's line:\n%s", r.err);
    cli_free(&r);
}

Test(engines_adapter, the_tour_adapter_divides_after_moves_alone, .timeout = 60)
{
    CliRun r = RUN("-b", "none", "--engine", ADAPTER, "3", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                   "e2e4 e7e5");
    /* 1. e4 e5, perft 3: the adapter's (Stockfish's) divide, printed alone,
     * equals the default backend's: two independent implementations. */
    CliRun backend = RUN("3", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5");
    cr_expect(r.status == 0 && backend.status == 0 && strcmp(r.out, backend.out) == 0,
              "the adapter's divide differs from bitboard's:\n%s\n%s", r.out, backend.out);
    cli_free(&r);
    cli_free(&backend);
}
