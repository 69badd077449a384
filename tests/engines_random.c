/* --random with engines: at every node of the random games each engine's
 * divide at depth 1 (its legal moves) is compared with the backends'.
 * Stockfish agrees along seeded chess games; a planted-bug engine that adds
 * a move at a start position is caught at once, naming the move. */
#include <stdlib.h>
#include <string.h>

#include "engines_support.h"
#include "random_games.h"

static char *run_random(const char *from, Engine *engine, long games, int plies, int *status, RandomTotals *t)
{
    char *text, err[1024];
    size_t size;
    FILE *out = open_memstream(&text, &size);
    cr_assert(out);
    *status = random_games_run_with_engines(from, "all", engine, 1, games, 7, plies, out, t, err, sizeof err);
    fclose(out);
    cr_assert_geq(*status, 0, "%s", err);
    return text;
}

Test(engines_random, stockfish_agrees_along_random_chess_games, .timeout = 60)
{
    Engine stockfish;
    engine_start(&stockfish, 60, "uci:%s", TEST_STOCKFISH);
    RandomTotals t;
    int status;
    char *text = run_random("positions/chess/famous.epd", &stockfish, 7, 40, &status, &t);
    engine_close(&stockfish);
    cr_expect_eq(status, 0, "%s", text);
    cr_expect_geq(t.positions, 7 * 10, "only %ld positions compared", t.positions);
    cr_expect_eq(stockfish.queries, t.positions, "Stockfish was asked %d times for %ld positions", stockfish.queries,
                 t.positions);
    free(text);
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
    Engine bug;
    engine_start(&bug, 60,
                 "bug=uci:" TEST_PLANTED_BUG " --protocol uci --inner 'perftree:" TEST_PERFT_BIN
                 "' --root '%s' --add e4e6 --like e4e5",
                 root);
    RandomTotals t;
    int status;
    char *text = run_random(from, &bug, 1, 10, &status, &t);
    engine_close(&bug);
    remove(from);
    cr_expect_eq(status, 1, "not caught:\n%s", text);
    cr_expect(strstr(text, "moves only bug generates: e4e6\n"), "the report does not name e4e6:\n%s", text);
    cr_expect(strstr(text, "ply 0"), "not caught at the start:\n%s", text);
    free(text);
}
