/* --pgn FILE as a suite (gen/perft/run_pgn_suite.c): the final position of
 * every game, or with --every-ply every position along it, counted by every
 * participant and held to each other (a PGN has no counts).  The games:
 * two of the 19th century (the Immortal Game, London 1851, and Morphy's
 * Opera Game, Paris 1858: public domain) and three of our own (castling
 * both ways, en passant, promotions; Chess960 from a FEN tag; disambiguation
 * by file, rank and both), with comments, variations, annotation glyphs,
 * move numbers and results.  The sources of truth: the backends' and
 * Debian's Stockfish's agreement, and the chessprogramming wiki's "Perft
 * Results" for the start position; a planted bug (tests/planted/) must be
 * found in the game, at the ply, with its descent; bad PGN is refused in one
 * line naming the file, game, ply and move. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"
#include "failure_report.h"
#include "support.h"

static const char GAMES[] =
    "[Event \"London\"]\n"
    "[Site \"London ENG\"]\n"
    "[Date \"1851.06.21\"]\n"
    "[Round \"?\"]\n"
    "[White \"Adolf Anderssen\"]\n"
    "[Black \"Lionel Kieseritzky\"]\n"
    "[Result \"1-0\"]\n"
    "\n"
    "1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 {Bryan's Counter Gambit} 5. Bxb5 Nf6\n"
    "6. Nf3 Qh6 7. d3 Nh5 8. Nh4 Qg5 9. Nf5 c6 10. g4 Nf6 11. Rg1 $1 cxb5 12. h4 Qg6\n"
    "13. h5 Qg5 14. Qf3 Ng8 15. Bxf4 Qf6 16. Nc3 Bc5 17. Nd5 Qxb2 18. Bd6 Bxg1\n"
    "(18... Qxa1+ 19. Ke2 Qb2 20. Kd2) 19. e5 Qxa1+ 20. Ke2 Na6 21. Nxg7+ Kd8\n"
    "22. Qf6+ Nxf6 23. Be7# 1-0\n"
    "\n"
    "[Event \"Paris\"]\n"
    "[Round \"?\"]\n"
    "[White \"Paul Morphy\"]\n"
    "[Black \"Duke Karl / Count Isouard\"]\n"
    "[Result \"1-0\"]\n"
    "\n"
    "1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7\n"
    "8.Nc3 c6 9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7\n"
    "14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8 17.Rd8# 1-0\n"
    "\n"
    "[Event \"castling both ways, en passant, promotion\"]\n"
    "1. e4 {a comment (with a parenthesis)} d5 2. e5 f5 3. exf6 $1 (3. Nf3 (3. d4) Nc6) gxf6 ; to the end\n"
    "4. Nf3 Bg4 5. Be2 Qd6 6. O-O Nc6 7. d3 O-O-O 8. c4 h5 9. cxd5 h4 10. dxc6 h3 11. cxb7+ Kd7 12. b8=Q *\n"
    "\n"
    "[Event \"Chess960 from a FEN\"]\n"
    "[Variant \"Chess960\"]\n"
    "[FEN \"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1\"]\n"
    "1. O-O-O Ke7 2. Rh1 1/2-1/2\n"
    "[Event \"disambiguation\"]\n"
    "[FEN \"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1\"]\n"
    "1. Qa1b2 Kd8 2. Qab3 Ke8 3. Q1d2 *\n";

/* Each game's plies, counted by hand from the movetext above. */
static const int PLIES[] = {45, 33, 23, 3, 5};
enum { GAMES_IN_FILE = 5, DEPTH = 3 };

static char games_path[] = "/tmp/pgn-suite-XXXXXX";

static void write_games(void)
{
    int fd = mkstemp(games_path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, GAMES, strlen(GAMES)), (ssize_t)strlen(GAMES));
    close(fd);
}

static void remove_games(void)
{
    unlink(games_path);
}

static int every_ply_positions(void)
{
    int n = 0;
    for (int g = 0; g < GAMES_IN_FILE; g++)
        n += PLIES[g] + 1;
    return n;
}

static int summary(json_t *doc, const char *key)
{
    return (int)json_integer_value(json_object_get(json_object_get(doc, "summary"), key));
}

/* The count `participant` made of game `game` at `ply` and `depth`, or -1. */
static long long count_of(json_t *doc, int game, int ply, int depth, const char *participant)
{
    json_t *checks = json_object_get(doc, "checks"), *c;
    size_t i;
    json_array_foreach(checks, i, c)
    {
        if (json_integer_value(json_object_get(c, "game")) == game &&
            json_integer_value(json_object_get(c, "ply")) == ply &&
            json_integer_value(json_object_get(c, "depth")) == depth &&
            strcmp(json_string_value(json_object_get(c, "participant")), participant) == 0)
            return (long long)json_integer_value(json_object_get(c, "got"));
    }
    return -1;
}

/* Every count of the run agreed, and there are `counts` of `participants`. */
static void expect_all_agree(json_t *doc, int counts, int participants)
{
    json_t *checks = json_object_get(doc, "checks"), *c;
    json_t *first = json_array_get(json_object_get(doc, "disagreements"), 0);
    EXPECT(!first, "DISAGREEMENT at game %lld ply %lld between %s and %s\n  path from the root: %.600s\n  position: %s",
           (long long)json_integer_value(json_object_get(first, "game")),
           (long long)json_integer_value(json_object_get(first, "ply")),
           json_string_value(json_object_get(first, "first")), json_string_value(json_object_get(first, "second")),
           json_string_value(json_object_get(first, "path")), json_string_value(json_object_get(first, "position")));
    cr_expect_eq(summary(doc, "counts"), counts);
    cr_expect_eq(summary(doc, "checks"), counts * participants);
    cr_expect_eq(summary(doc, "disagreements"), 0);
    cr_expect_eq((int)json_array_size(checks), counts * participants);
    size_t i;
    json_array_foreach(checks, i, c)
    {
        EXPECT(json_is_true(json_object_get(c, "agree")), "check %zu: %s at game %lld ply %lld disagrees", i,
               json_string_value(json_object_get(c, "participant")),
               (long long)json_integer_value(json_object_get(c, "game")),
               (long long)json_integer_value(json_object_get(c, "ply")));
    }
}

Test(pgn_suite, every_position_of_every_game_agrees_between_the_backends, .init = write_games, .fini = remove_games,
     .timeout = 120 * TEST_SLOWDOWN)
{
    json_t *doc = JSON_RUN(0, "-b", "all", "--pgn", games_path, "--every-ply", "--format", "json");
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    cr_assert_geq(n, 2, "a cross-check needs two chess backends");
    cr_expect_eq(summary(doc, "games"), GAMES_IN_FILE);
    cr_expect_eq(summary(doc, "positions"), every_ply_positions());
    expect_all_agree(doc, every_ply_positions() * DEPTH, n);
    json_t *games = json_object_get(doc, "games");
    cr_assert_eq((int)json_array_size(games), GAMES_IN_FILE);
    for (int g = 0; g < GAMES_IN_FILE; g++)
        cr_expect_eq(json_integer_value(json_object_get(json_array_get(games, (size_t)g), "plies")), PLIES[g],
                     "game %d", g + 1);
    cr_expect_str_eq(json_string_value(json_object_get(json_array_get(games, 0), "name")),
                     "game 1 (Adolf Anderssen - Lionel Kieseritzky, London)");
    cr_expect(json_is_true(json_object_get(json_array_get(games, 3), "chess960")));
    /* The start (ply 0): chessprogramming wiki, "Perft Results". */
    cr_expect_eq(count_of(doc, 1, 0, 1, backends[0]->name), 20);
    cr_expect_eq(count_of(doc, 1, 0, 2, backends[0]->name), 400);
    cr_expect_eq(count_of(doc, 1, 0, 3, backends[0]->name), 8902);
    /* Mate has no legal move: the last position of the Immortal Game. */
    cr_expect_eq(count_of(doc, 1, PLIES[0], 1, backends[0]->name), 0);
    json_decref(doc);
}

Test(pgn_suite, stockfish_agrees_on_every_position, .init = write_games, .fini = remove_games,
     .timeout = 240 * TEST_SLOWDOWN)
{
    json_t *doc = JSON_RUN(0, "-b", "bitboard", "--engine", "sf=uci:" TEST_STOCKFISH, "--pgn", games_path,
                           "--every-ply", "--format", "json");
    expect_all_agree(doc, every_ply_positions() * DEPTH, 2);
    /* Chess960 castling sent as the king taking its rook: O-O-O from the
     * FEN tag's start is in Stockfish's count of game 4's start. */
    cr_expect_gt(count_of(doc, 4, 0, 1, "sf"), 0);
    cr_expect_eq(count_of(doc, 4, 0, 1, "sf"), count_of(doc, 4, 0, 1, "bitboard"));
    json_decref(doc);
}

Test(pgn_suite, the_final_positions_alone_without_every_ply, .init = write_games, .fini = remove_games,
     .timeout = 60 * TEST_SLOWDOWN)
{
    json_t *doc = JSON_RUN(0, "-b", "all", "--pgn", games_path, "--max-depth", "2", "--format", "json");
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    cr_expect_eq(summary(doc, "positions"), GAMES_IN_FILE);
    expect_all_agree(doc, GAMES_IN_FILE * 2, n);
    for (int g = 0; g < GAMES_IN_FILE; g++) {
        json_t *first = NULL, *c;
        size_t i;
        json_array_foreach(json_object_get(doc, "checks"), i, c)
        {
            if (json_integer_value(json_object_get(c, "game")) == g + 1 && !first)
                first = c;
        }
        cr_assert(first, "game %d has no row", g + 1);
        cr_expect_eq(json_integer_value(json_object_get(first, "ply")), PLIES[g], "game %d", g + 1);
    }
    cr_expect_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(doc, "checks"), 0), "move")),
                     "Be7#");
    json_decref(doc);
    /* Text: a line per game naming it, a row per count. */
    CliRun r = RUN("-b", "all", "--pgn", games_path, "--max-depth", "1");
    EXPECT(r.status == 0, "status %d:\n%s", r.status, report_excerpt(r.out));
    cr_expect(strstr(r.out, "\ngame 2 (Paul Morphy - Duke Karl / Count Isouard, Paris): line "), "%s", r.out);
    cr_expect(strstr(r.out, "    2    33 Rd8#          1 "), "%s", r.out);
    cr_expect(strstr(r.out, ": 5 games, 5 positions (final) to depth 1, 5 counts, "), "%s", r.out);
    cli_free(&r);
}

/* The planted backend (the mailbox but for one position) lacks White's
 * king move Kf1 after 1. e4 e5 2. f4 exf4 3. Bc4 Qh4+, a position of the
 * Immortal Game (ply 6), which is the file counted. */
static char *run_planted(const char *args, int *status)
{
    /* The Immortal Game alone: no pawn comes within three plies of
     * promoting in it, so a backend whose bug is in promotions
     * (tests/template_recipe.sh plants one) agrees on it, and the test meets
     * one bug. */
    char command[2048], immortal[] = "/tmp/pgn-suite-immortal-XXXXXX";
    size_t first_game = (size_t)(strstr(GAMES, "[Event \"Paris\"]") - GAMES);
    int fd = mkstemp(immortal);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, GAMES, first_game), (ssize_t)first_game);
    close(fd);
    snprintf(
        command, sizeof command,
        "PLANTED_ROOT='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' PLANTED_PATH='e2e4 e7e5 f2f4 e5f4 "
        "f1c4 d8h4' PLANTED_DROP=e1f1 %s -b all --pgn %s --every-ply %s",
        TEST_PLANTED_PERFT, immortal, args);
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run %s", command);
    size_t size = 1 << 16, length = 0, n;
    char *out = malloc(size);
    cr_assert(out);
    while ((n = fread(out + length, 1, size - length - 1, p)) > 0)
        if ((length += n) + 1 == size)
            cr_assert((out = realloc(out, size *= 2)));
    out[length] = '\0';
    int r = pclose(p);
    unlink(immortal);
    *status = WIFEXITED(r) ? WEXITSTATUS(r) : -1;
    return out;
}

Test(pgn_suite, a_planted_bug_is_named_by_game_ply_and_descent, .timeout = 120 * TEST_SLOWDOWN)
{
    int status;
    char *out = run_planted("--format json", &status);
    cr_expect_eq(status, 1, "a disagreement exits 1");
    json_error_t error;
    json_t *doc = json_loads(out, 0, &error);
    cr_assert(doc, "not one JSON document (%s):\n%s", error.text, out);
    json_t *list = json_object_get(doc, "disagreements");
    cr_assert_gt(json_array_size(list), 0, "%s", out);
    /* The first count that passes the position: from ply 4 (after
     * 2... exf4), three plies deep, Kf1 is a leaf. */
    json_t *d = json_array_get(list, 0);
    cr_expect_eq(json_integer_value(json_object_get(d, "game")), 1);
    cr_expect_eq(json_integer_value(json_object_get(d, "ply")), 4);
    cr_expect_str_eq(json_string_value(json_object_get(d, "move")), "exf4");
    cr_expect_eq(json_integer_value(json_object_get(d, "suite_depth")), 3);
    cr_expect_str_eq(json_string_value(json_object_get(d, "verdict")), "moves differ");
    cr_expect_str_eq(json_string_value(json_object_get(d, "second")), "planted");
    cr_expect_str_eq(json_string_value(json_object_get(d, "path")), "f1c4 d8h4");
    cr_expect_str_eq(json_string_value(json_object_get(d, "only_first")), "e1f1");
    cr_expect_str_eq(json_string_value(json_object_get(d, "only_second")), "");
    /* Every later count that passes it too, and nothing else: plies 4 to 6. */
    size_t i;
    json_array_foreach(list, i, d)
    {
        json_int_t ply = json_integer_value(json_object_get(d, "ply"));
        EXPECT(ply >= 4 && ply <= 6 && json_integer_value(json_object_get(d, "game")) == 1,
               "a disagreement at game %lld ply %lld", (long long)json_integer_value(json_object_get(d, "game")),
               (long long)ply);
    }
    cr_expect_eq(summary(doc, "disagreements"), 6, "ply 4 depth 3, ply 5 depths 2 and 3, ply 6 depths 1 to 3");
    json_decref(doc);
    free(out);
    out = run_planted("--board letters", &status);
    cr_expect_eq(status, 1);
    cr_expect(strstr(out, "  game 1 (Adolf Anderssen - Lionel Kieseritzky, London), ply 4 after exf4, depth 3: the "
                          "participants disagree on rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP2PP/RNBQKBNR w KQkq - 0 3\n"
                          "DISAGREEMENT between mailbox and planted\n  path from the root: f1c4 d8h4\n"),
              "%s", out);
    cr_expect(strstr(out, "  moves only mailbox generates: e1f1\n  moves only planted generates: (none)\n"), "%s", out);
    cr_expect(strstr(out, "to move: white"), "no board diagram:\n%s", out);
    cr_expect(strstr(out, ", 6 disagreements ("), "%s", out);
    free(out);
}

/* `text` as the PGN file, and the one-line refusal it gets. */
static void expect_refused(const char *text, const char *message)
{
    char path[] = "/tmp/pgn-suite-bad-XXXXXX", expected[1024];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    snprintf(expected, sizeof expected, message, path);
    strcat(expected, "\n");
    cli_expect_error((const char *const[]){"-b", "all", "--pgn", path, "--every-ply", NULL}, expected);
    unlink(path);
}

Test(pgn_suite, bad_pgn_is_refused_in_one_line_naming_the_file_game_ply_and_move, .timeout = 60 * TEST_SLOWDOWN)
{
    /* Found before anything is counted: game 2 is bad, game 1 is not counted. */
    expect_refused("1. e4 e5 *\n\n[Event \"x\"]\n1. e4 e5 2. Nc4 *\n",
                   "perft: PGN %s game 2 (line 3): ply 3 'Nc4': no knight can go to c4, in "
                   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    expect_refused("[FEN \"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1\"]\n1. Qb2 *\n",
                   "perft: PGN %s game 1 (line 1): ply 1 'Qb2' names a1b2 and c1b2: add the file or the rank the "
                   "queen comes from, in 4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    expect_refused("1. e4 e5 2. Ke3 *\n", "perft: PGN %s game 1 (line 1): ply 3 'Ke3': no king can go to e3, in "
                                          "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    expect_refused("1. e4 e5 2. Zz9 *\n",
                   "perft: PGN %s game 1 (line 1): ply 3 'Zz9' is neither move text nor SAN (like e2e4, Nf3, exd6, "
                   "e8=Q or O-O)");
    expect_refused("1. e4 e5 *\n\n1. d4 {never closed\n",
                   "perft: PGN %s line 3: game 2: a comment opened here is not closed");
    expect_refused("[Event x]\n1. e4 *\n", "perft: PGN %s line 1: game 1: tag [Event ...] has no quoted value");
    expect_refused("[FEN \"8/8/8\"]\n1. e4 *\n", "perft: PGN %s game 1 (line 1): the FEN tag: position: board has 3 "
                                                 "ranks; expected 12 (QFEN) or 8 (FEN)");
    expect_refused("", "perft: PGN %s holds no game");
    EXPECT_ERROR("perft: cannot read PGN file '/tmp': Is a directory", "-b", "all", "--pgn", "/tmp");
}

Test(pgn_suite, options_that_do_not_fit_are_refused, .init = write_games, .fini = remove_games,
     .timeout = 60 * TEST_SLOWDOWN)
{
    char expected[512];
    /* One participant has nothing to be held to. */
    snprintf(expected, sizeof expected,
             "perft: --pgn %s: a PGN holds no counts, so the participants are held to each other, and mailbox alone "
             "counts chess (give -b all, or an --engine beside -b NAME)\n",
             games_path);
    cli_expect_error((const char *const[]){"-b", "mailbox", "--pgn", games_path, NULL}, expected);
    EXPECT_ERROR("perft: --every-ply counts the positions along --pgn's games: give --pgn FILE", "-b", "all", "--suite",
                 "positions/chess/famous.epd", "--every-ply");
    EXPECT_ERROR("perft: unexpected argument '3' with --pgn (--max-depth N: the depth counted)", "-b", "all", "--pgn",
                 games_path, "3");
    EXPECT_ERROR("perft: --suite and --pgn are two modes: give one of them", "--suite", "positions/chess/famous.epd",
                 "--pgn", games_path);
    EXPECT_ERROR("perft: --units does not apply to --pgn (it goes with divide)", "-b", "all", "--pgn", games_path,
                 "--units", "lines");
    EXPECT_ERROR("perft: --every-ply does not apply to --walk (it takes -b, --engine, --engine-timeout, "
                 "--engine-option, --bulk, --no-bulk, -t, --hash, --hash-seed, --chess960, --board, --color and --pgn)",
                 "--walk", "--pgn", games_path, "--every-ply");
}

/* A pipe is read once, its games checked as they come: the same counts. */
Test(pgn_suite, a_pipe_is_read_as_it_comes, .init = write_games, .fini = remove_games, .timeout = 60 * TEST_SLOWDOWN)
{
    char command[1024];
    snprintf(command, sizeof command, "cat %s | %s -b all --pgn /dev/stdin --every-ply --max-depth 2 --format json",
             games_path, TEST_PERFT_BIN);
    FILE *p = popen(command, "r");
    cr_assert(p);
    json_error_t error;
    json_t *doc = json_loadf(p, 0, &error);
    int r = pclose(p);
    cr_assert(doc, "not one JSON document: %s", error.text);
    const Backend *backends[BACKENDS_MAX];
    /* A disagreement first, in its one block; then the exit status. */
    expect_all_agree(doc, every_ply_positions() * 2, backends_of(GAME_CHESS, backends));
    cr_expect(WIFEXITED(r) && WEXITSTATUS(r) == 0);
    json_decref(doc);
}

static int deep_count(const char *line)
{
    return strstr(line, ", depth 6, ") != NULL;
}

/* Ctrl-C stops the count under way, and the run says where it was. */
Test(pgn_suite, sigint_stops_the_run_naming_the_game_and_ply, .timeout = 120 * TEST_SLOWDOWN)
{
    char pgn[] = "/tmp/pgn-suite-slow-XXXXXX";
    int fd = mkstemp(pgn);
    cr_assert(fd >= 0);
    const char *text = "[Event \"slow\"]\n1. e4 *\n";
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    Signalled run =
        child_signal_at_line((const char *const[]){"-b", "all", "--pgn", pgn, "--max-depth", "8", "--progress", NULL},
                             "game 1 ply 1, depth 6, ", deep_count, SIGINT);
    char *out = run.out, line[512];
    unlink(pgn);
    cr_assert(run.seen, "the run ended (status %d) before its depth 6 count", run.status);
    cr_expect_eq(run.status, 130);
    cr_assert(out);
    snprintf(line, sizeof line, "pgn %s: interrupted by SIGINT at game 1 (slow) ply 1 depth 6\n", pgn);
    cr_expect(strstr(out, line), "%s", out);
    free(out);
}
