/* PGN read (gen/perft/pgn.c): tags, SAN kept as written, move numbers,
 * comments, nested variations, annotation glyphs, escape lines and results
 * skipped; FEN and Variant tags honoured; several games; unclosed comments,
 * variations and tags refused in one line naming the file, game and line.
 * And the games played through the walk's `pgn` command: their SAN must
 * reach the same positions as the same moves in UCI text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "pgn.h"
#include "support.h"
#include "walk_driver.h"

static const char GAMES[] =
    "% an escape line, skipped\n"
    "[Event \"castling both ways, en passant, promotion\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. e4 {a comment (with a parenthesis)} d5 2. e5 f5 3. exf6 $1 (3. Nf3 (3. d4) Nc6) gxf6 ; to the end\n"
    "4. Nf3 Bg4 5. Be2 Qd6 6. O-O Nc6 7. d3 O-O-O 8. c4 h5 9. cxd5 h4 10. dxc6 h3 11. cxb7+ Kd7 12. b8=Q *\n"
    "\n"
    "[Event \"the scholar's mate\"]\n"
    "1.e4 e5 2.Bc4 Nc6 3.Qh5 Nf6?? 4.Qxf7# 1-0\n"
    "\n"
    "[Event \"Chess960 from a FEN\"]\n"
    "[Variant \"Chess960\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1\"]\n"
    "1. O-O-O Ke7 2. Rh1 1/2-1/2\n"
    "[Event \"no result, the next tags end it\"]\n"
    "1. d4 d5\n"
    "[Event \"disambiguation\"]\n"
    "[FEN \"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1\"]\n"
    "1. Qa1b2 Kd8 2. Qab3 Ke8 3. Q1d2 *\n";

static FILE *text_file(const char *text)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    cr_assert(f);
    return f;
}

Test(pgn, games_tags_comments_variations_and_results)
{
    FILE *f = text_file(GAMES);
    int line = 0, number = 0;
    char err[256];
    PgnGame *g = malloc(sizeof *g);
    cr_assert(g);
    cr_assert_eq(pgn_next(f, "games.pgn", &line, &number, g, err, sizeof err), 1, "%s", err);
    cr_expect_eq(g->number, 1);
    cr_expect_eq(g->line, 2);
    cr_expect_str_eq(g->start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    cr_expect_str_eq(g->moves, "e4 d5 e5 f5 exf6 gxf6 Nf3 Bg4 Be2 Qd6 O-O Nc6 d3 O-O-O c4 h5 cxd5 h4 dxc6 h3 cxb7+ "
                               "Kd7 b8=Q");
    cr_expect_eq(g->plies, 23);
    cr_expect(!g->chess960);
    cr_assert_eq(pgn_next(f, "games.pgn", &line, &number, g, err, sizeof err), 1, "%s", err);
    cr_expect_str_eq(g->moves, "e4 e5 Bc4 Nc6 Qh5 Nf6?? Qxf7#");
    cr_assert_eq(pgn_next(f, "games.pgn", &line, &number, g, err, sizeof err), 1, "%s", err);
    cr_expect(g->chess960);
    cr_expect_str_eq(g->start, "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1");
    cr_expect_str_eq(g->moves, "O-O-O Ke7 Rh1");
    cr_assert_eq(pgn_next(f, "games.pgn", &line, &number, g, err, sizeof err), 1, "%s", err);
    cr_expect_str_eq(g->moves, "d4 d5");
    cr_assert_eq(pgn_next(f, "games.pgn", &line, &number, g, err, sizeof err), 1, "%s", err);
    cr_expect_eq(g->number, 5);
    cr_expect_str_eq(g->moves, "Qa1b2 Kd8 Qab3 Ke8 Q1d2");
    cr_expect_eq(pgn_next(f, "games.pgn", &line, &number, g, err, sizeof err), 0);
    fclose(f);
    free(g);
}

static void expect_refused(const char *text, const char *message)
{
    FILE *f = text_file(text);
    int line = 0, number = 0;
    char err[256] = "";
    PgnGame *g = malloc(sizeof *g);
    cr_assert(g);
    int r;
    while ((r = pgn_next(f, "bad.pgn", &line, &number, g, err, sizeof err)) == 1)
        ;
    cr_expect_eq(r, -1, "'%s' is read", text);
    cr_expect_str_eq(err, message);
    fclose(f);
    free(g);
}

Test(pgn, unclosed_comments_variations_and_tags_are_refused)
{
    expect_refused("1. e4 e5 *\n\n1. d4 {never closed\n",
                   "PGN bad.pgn line 3: game 2: a comment opened here is not closed");
    expect_refused("1. e4 (1. d4 (1. c4) e5 *\n", "PGN bad.pgn line 1: game 1: a variation opened here is not closed");
    expect_refused("[Event \"x\"\n1. e4 *\n", "PGN bad.pgn line 1: game 1: tag [Event ...] is not closed");
    expect_refused("[Event x]\n", "PGN bad.pgn line 1: game 1: tag [Event ...] has no quoted value");
    expect_refused("1. e4 ) e5\n", "PGN bad.pgn line 1: game 1: ')' closes nothing");
}

/* The walk's answer to `line`, which must end with "ok", holding `part`. */
static char *walk_expect(WalkDriver *d, const char *line, const char *part)
{
    char *answer = walk_ask(d, line, 60 * TEST_SLOWDOWN);
    cr_assert(answer, "no answer to '%s'", line);
    cr_expect(strstr(answer, part), "'%s': no '%s' in:\n%s", line, part, answer);
    return answer;
}

/* The "position ..." line of an answer. */
static void position_line(const char *answer, char *out, size_t size)
{
    const char *p = strstr(answer, "\nposition ");
    cr_assert(p, "%s", answer);
    snprintf(out, size, "%.*s", (int)strcspn(p + 1, "\n"), p + 1);
}

/* Game `game` of the file through `pgn`, and the same moves in UCI text
 * from its start: the same position, the path shown in UCI text. */
static void expect_game(WalkDriver *d, const char *path, int game, const char *start, const char *uci)
{
    char command[4096], by_pgn[512], by_uci[512];
    snprintf(command, sizeof command, "pgn %s %d", path, game);
    char expected_moves[2048];
    snprintf(expected_moves, sizeof expected_moves, "\nmoves %s\n", uci);
    char *a = walk_expect(d, command, expected_moves);
    position_line(a, by_pgn, sizeof by_pgn);
    free(a);
    snprintf(command, sizeof command, "position fen %s moves %s", start, uci);
    a = walk_expect(d, command, "ok\n");
    position_line(a, by_uci, sizeof by_uci);
    free(a);
    cr_expect_str_eq(by_pgn, by_uci, "game %d", game);
}

Test(pgn, the_walk_plays_each_game_to_its_end)
{
    char path[] = "/tmp/walk-pgn-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, GAMES, strlen(GAMES)), (ssize_t)strlen(GAMES));
    const char *bad = "\n[Event \"an illegal move\"]\n1. e4 e5 2. Nc4 *\n";
    cr_assert_eq(write(fd, bad, strlen(bad)), (ssize_t)strlen(bad));
    close(fd);
    WalkDriver d = walk_start(TEST_PERFT_BIN, (const char *const[]){"-b", "mailbox", NULL}, NULL);
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /* Castling both ways, en passant, a promotion with check. */
    expect_game(&d, path, 1, start,
                "e2e4 d7d5 e4e5 f7f5 e5f6 g7f6 g1f3 c8g4 f1e2 d8d6 e1g1 b8c6 d2d3 e8c8 c2c4 h7h5 c4d5 h5h4 d5c6 "
                "h4h3 c6b7 c8d7 b7b8q");
    expect_game(&d, path, 2, start, "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    free(walk_expect(&d, "board", "to move: black\n")); /* mated */
    /* Chess960 from the FEN tag, castling written as the king takes its rook. */
    expect_game(&d, path, 3, "4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "e1b1 e8e7 g1h1");
    free(walk_expect(&d, "state", "notation chess960"));
    expect_game(&d, path, 4, start, "d2d4 d7d5");
    expect_game(&d, path, 5, "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2 e8d8 a3b3 d8e8 c1d2");
    char command[256], expected[512];
    snprintf(command, sizeof command, "pgn %s 6", path);
    snprintf(expected, sizeof expected,
             "error: pgn: PGN %s game 6 (line 22): ply 3 'Nc4': no knight can go to c4, in "
             "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n",
             path);
    char *a = walk_ask(&d, command, 60);
    cr_expect(a && strcmp(a, expected) == 0, "%s", a);
    free(a);
    snprintf(command, sizeof command, "pgn %s 7", path);
    snprintf(expected, sizeof expected, "error: pgn: PGN %s holds 6 games, not a game 7\n", path);
    a = walk_ask(&d, command, 60);
    cr_expect(a && strcmp(a, expected) == 0, "%s", a);
    free(a);
    a = walk_ask(&d, "pgn /nonexistent.pgn", 60);
    cr_expect(a && strncmp(a, "error: pgn: ", 12) == 0 && strstr(a, "/nonexistent.pgn"), "%s", a);
    free(a);
    cr_expect_eq(walk_finish(&d), 0);
    unlink(path);
}

Test(pgn, the_walk_starts_at_the_end_of_the_first_game)
{
    char path[] = "/tmp/walk-pgn-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, GAMES, strlen(GAMES)), (ssize_t)strlen(GAMES));
    close(fd);
    WalkDriver d = walk_start(TEST_PERFT_BIN, (const char *const[]){"-b", "mailbox", "--pgn", path, NULL}, NULL);
    /* Game 1's 23 plies, and three below them. */
    free(walk_expect(&d, "state", "\nmoves e2e4 d7d5 e4e5 "));
    free(walk_expect(&d, "depth", "depth 26\nok\n"));
    free(walk_expect(&d, "back", "c6b7 c8d7\n"));
    cr_expect_eq(walk_finish(&d), 0);
    EXPECT_ERROR("perft: unexpected argument '1' with --pgn (--max-depth N: the depth counted)", "--pgn", path, "1",
                 "8/8/8/8/8/8/8/K6k w - - 0 1");
    EXPECT_ERROR("perft: --pgn gives the walk its start: no DEPTH \"POSITION\" with it (depth N in the walk)", "--walk",
                 "--pgn", path, "1", "8/8/8/8/8/8/8/K6k w - - 0 1");
    unlink(path);
}
