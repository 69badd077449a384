/* Random differential testing inside `make test`: seeded random games from
 * every fixture, every backend's sorted legal moves compared at every node
 * and every move made and unmade, through bin/perft's own --random run.
 * scripts/random-long.sh runs millions of positions the same way. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli_run.h"
#include "registry.h"

static void run_games(const char *fixtures, Game game, long games, int plies, long min_positions)
{
    cr_assert_geq(backend_count(game), 2, "random differential testing needs two %s backends", game_name(game));
    char games_text[16], plies_text[16];
    snprintf(games_text, sizeof games_text, "%ld", games);
    snprintf(plies_text, sizeof plies_text, "%d", plies);
    json_t *doc = JSON_RUN(0, "--random", games_text, "--plies", plies_text, "--from", fixtures, "--seed", "20261130",
                           "-b", "all", "--format", "json");
    json_t *random = json_object_get(doc, "random");
    cr_assert(random, "no \"random\" in the JSON document");
    json_int_t positions = json_integer_value(json_object_get(random, "positions"));
    cr_assert_geq(positions, min_positions, "only %lld positions compared", (long long)positions);
    char *found = json_dumps(json_object_get(doc, "disagreements"), JSON_INDENT(2));
    cr_assert_eq(json_integer_value(json_object_get(random, "disagreements")), 0, "%s", found);
    free(found);
    cr_assert_eq(json_integer_value(json_object_get(random, "games")), games);
    json_decref(doc);
}

Test(random_differential, quaternity_games_from_every_fixture, .timeout = 300)
{
    run_games("positions/quaternity/reference.epd", GAME_QUATERNITY, 150, 200, 20000);
}

Test(random_differential, chess_games_from_every_fixture, .timeout = 300)
{
    run_games("positions/chess/published.epd", GAME_CHESS, 352, 120, 20000);
}
