/* --random with engines: at every node of the random games each engine's
 * divide at depth 1 (its legal moves) is compared with the backends'.
 * Stockfish agrees along seeded chess games; a planted-bug engine that adds
 * a move at a start position is caught at once, naming the move. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "engines_support.h"

Test(engines_random, stockfish_agrees_along_random_chess_games, .timeout = 60)
{
    json_t *doc = JSON_RUN(0, "--random", "7", "--plies", "40", "--seed", "7", "--from", "positions/chess/famous.epd",
                           "-b", "all", "--engine", "uci:" TEST_STOCKFISH, "--format", "json");
    json_t *random = json_object_get(doc, "random");
    json_int_t positions = json_integer_value(json_object_get(random, "positions"));
    cr_expect_geq(positions, 7 * 10, "only %lld positions compared", (long long)positions);
    json_int_t queries =
        json_integer_value(json_object_get(json_array_get(json_object_get(doc, "engines"), 0), "queries"));
    cr_expect_eq(queries, positions, "Stockfish was asked %lld times for %lld positions", (long long)queries,
                 (long long)positions);
    json_decref(doc);
}

Test(engines_random, an_added_move_is_caught)
{
    const char *root = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    char from[] = "/tmp/engines_random_XXXXXX";
    int fd = mkstemp(from);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "%s ;id root\n", root);
    fclose(f);
    char spec[1024];
    snprintf(spec, sizeof spec,
             "bug=uci:" TEST_PLANTED_BUG " --protocol uci --inner 'perftree:" TEST_PERFT_BIN
             "' --root '%s' --add e4e6 --like e4e5",
             root);
    CliRun r = RUN("--random", "1", "--plies", "10", "--seed", "7", "--from", from, "-b", "all", "--engine", spec);
    remove(from);
    cr_expect_eq(r.status, 1, "not caught:\n%s%s", r.out, r.err);
    cr_expect(strstr(r.out, "moves only bug generates: e4e6\n"), "the report does not name e4e6:\n%s", r.out);
    cr_expect(strstr(r.out, "ply 0"), "not caught at the start:\n%s", r.out);
    cli_free(&r);
}
