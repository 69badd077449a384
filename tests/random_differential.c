/* Random differential testing inside `make test`: seeded random games from
 * every fixture, every backend's sorted legal moves compared at every node
 * and every move made and unmade.  scripts/random-long.sh runs millions of
 * positions the same way. */
#include <criterion/criterion.h>

#include "random_games.h"
#include "registry.h"

static void run_games(const char *fixtures, Game game, long games, int plies, long min_positions)
{
    cr_assert_geq(backend_count(game), 2, "random differential testing needs two %s backends", game_name(game));
    RandomTotals totals;
    char err[256];
    FILE *out = tmpfile();
    cr_assert(out);
    int r = random_games_run(fixtures, "all", games, 20261130u, plies, out, &totals, err, sizeof err);
    char report[4096] = "";
    rewind(out);
    size_t n = fread(report, 1, sizeof report - 1, out);
    report[n] = '\0';
    fclose(out);
    cr_assert_geq(r, 0, "%s", err);
    cr_assert_eq(r, 0, "%s", report);
    cr_assert_geq(totals.positions, min_positions, "only %ld positions compared", totals.positions);
    cr_assert_eq(totals.disagreements, 0);
}

Test(random_differential, quaternity_games_from_every_fixture, .timeout = 300)
{
    run_games("positions/quaternity/reference.epd", GAME_QUATERNITY, 150, 200, 20000);
}

Test(random_differential, chess_games_from_every_fixture, .timeout = 300)
{
    run_games("positions/chess/published.epd", GAME_CHESS, 352, 120, 20000);
}
