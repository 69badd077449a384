/* Chess960 in bin/perft's command line: which notation a run writes
 * (--chess960, or the position's own castling), castling read in either
 * form, start positions by number (chess960:N, dfrc:W,B, dfrc:N) and their
 * errors, and random games from numbered starts (--random-start).
 *
 * Counts: the orthodox start's from the chessprogramming wiki ("Perft
 * Results": 20, 400, 8902), Shredder-FEN's and X-FEN's orthodox start from
 * positions/chess/frc-special.epd (Stockfish's own Chess960 perft test). */
#include <stdlib.h>
#include <string.h>

#include "chess960_start.h"
#include "cli_run.h"
#include "support.h"

static const char CASTLES[] = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
/* frc-special.epd's frc-1: rights by the rooks on b and f, the king on e. */
static const char FRC_1[] = "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9";

/* The divide's move lines in order, each a prefix of a line of `out`. */
static bool sorted_by_text(const char *out)
{
    const char *previous = NULL;
    for (const char *line = out; *line && *line != '\n'; line = strchr(line, '\n') + 1) {
        if (previous && strncmp(previous, line, strcspn(line, " ")) >= 0 &&
            strcspn(previous, " ") >= strcspn(line, " "))
            return false;
        previous = line;
    }
    return previous != NULL;
}

Test(chess960_harness, standard_positions_print_e1g1_and_with_chess960_e1h1)
{
    CliRun standard = RUN("1", CASTLES), chess960 = RUN("--chess960", "1", CASTLES);
    cr_expect(strstr(standard.out, "\ne1c1 1\n") && strstr(standard.out, "\ne1g1 1\n") &&
                  !strstr(standard.out, "e1h1") && !strstr(standard.out, "Chess960"),
              "%s", standard.out);
    cr_expect(strstr(chess960.out, "\ne1a1 1\n") && strstr(chess960.out, "\ne1h1 1\n") && !strstr(chess960.out, "e1g1"),
              "%s", chess960.out);
    cr_expect(strstr(chess960.err, "perft: Chess960 notation, castling as the king taking its rook (--chess960)\n"),
              "%s", chess960.err);
    cr_expect(sorted_by_text(standard.out) && sorted_by_text(chess960.out), "%s\n%s", standard.out, chess960.out);
    cli_free(&standard);
    cli_free(&chess960);
}

Test(chess960_harness, a_chess960_position_is_written_in_chess960_notation_by_itself)
{
    CliRun r = RUN("-b", "all", "2", FRC_1);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "(the position's castling is Chess960's)"), "%s", r.err);
    cr_expect(sorted_by_text(r.out), "%s", r.out);
    cli_free(&r);
    /* The king on b1 castles with the rook on c1 (to g1 and f1): b1c1, which
     * sorts before b1c2 where its standard text b1g1 would sort after. */
    r = RUN("1", "4k3/8/8/8/8/8/8/1KR5 w C - 0 1");
    cr_expect(strstr(r.out, "b1b2 1\nb1c1 1\nb1c2 1\n") && sorted_by_text(r.out), "%s", r.out);
    cli_free(&r);
    /* Castling given either way is the same move. */
    CliRun a = RUN("--format", "json", "2", CASTLES, "e1g1"), b = RUN("--format", "json", "2", CASTLES, "e1h1");
    json_t *ja = json_loads(a.out, 0, NULL), *jb = json_loads(b.out, 0, NULL);
    cr_assert(ja && jb, "%s\n%s", a.out, b.out);
    json_t *da = json_object_get(json_array_get(json_object_get(ja, "divides"), 0), "moves");
    json_t *db = json_object_get(json_array_get(json_object_get(jb, "divides"), 0), "moves");
    cr_expect(json_object_size(da) > 0 && json_equal(da, db), "after e1g1 and after e1h1:\n%s\n%s", a.out, b.out);
    cr_expect_str_eq(json_string_value(json_object_get(ja, "notation")), "standard");
    cr_expect_str_eq(json_string_value(json_object_get(ja, "moves")), "e1g1"); /* as given */
    json_decref(ja);
    json_decref(jb);
    cli_free(&a);
    cli_free(&b);
    CliRun q = RUN("--chess960", "2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    cr_expect(strstr(q.out, "\n400\n"), "%s", q.out); /* chessprogramming wiki: 400 */
    cli_free(&q);
    EXPECT_ERROR("perft: --chess960 is chess's notation: the position given is Quaternity", "--chess960", "1",
                 "rK10bK/12/12/12/12/12/12/12/12/12/12/wK10gK w");
}

/* The divide of `position` at depth 3: stdout, which the caller frees. */
static char *divide_3(const char *position)
{
    CliRun r = RUN("3", position);
    cr_assert_eq(r.status, 0, "%s: %s", position, r.err);
    free(r.err);
    return r.out;
}

Test(chess960_harness, start_positions_by_number)
{
    /* 518 is the orthodox start, its castling written HAha. */
    Position pos, expected;
    char err[256], text[POSITION_TEXT_MAX];
    cr_assert_eq(position_parse("chess960:518", &pos, err, sizeof err), 0, "%s", err);
    cr_assert_eq(position_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", &expected, err, sizeof err),
                 0);
    position_format(&pos, text, sizeof text);
    cr_expect(position_equal(&pos, &expected), "chess960:518 is %s", text);
    char *start = divide_3("chess960:518");
    cr_expect(strstr(start, "\n8902\n"), "%s", start);
    /* dfrc:K,K and dfrc:961K are chess960:K; dfrc:W,B is dfrc:(960W + B). */
    const int numbers[] = {0, 1, 517, 959};
    for (int i = 0; i < 4; i++) {
        char a[32], b[32], c[32];
        snprintf(a, sizeof a, "chess960:%d", numbers[i]);
        snprintf(b, sizeof b, "dfrc:%d,%d", numbers[i], numbers[i]);
        snprintf(c, sizeof c, "dfrc:%d", 961 * numbers[i]);
        Position pa, pb, pc;
        cr_assert_eq(position_parse(a, &pa, err, sizeof err), 0, "%s", err);
        cr_assert_eq(position_parse(b, &pb, err, sizeof err), 0, "%s", err);
        cr_assert_eq(position_parse(c, &pc, err, sizeof err), 0, "%s", err);
        cr_expect(position_equal(&pa, &pb) && position_equal(&pa, &pc), "%s, %s and %s differ", a, b, c);
    }
    Position pair, by_number;
    cr_assert_eq(position_parse("dfrc:12,345", &pair, err, sizeof err), 0, "%s", err);
    cr_assert_eq(position_parse("dfrc:11865", &by_number, err, sizeof err), 0, "%s", err);
    cr_expect(position_equal(&pair, &by_number));
    Kind white[C_WIDTH], black[C_WIDTH];
    chess960_back_rank(12, white);
    chess960_back_rank(345, black);
    for (int f = 0; f < C_WIDTH; f++)
        cr_expect(PIECE_KIND(pair.board[f]) == white[f] && PIECE_KIND(pair.board[56 + f]) == black[f], "file %d", f);
    free(start);
}

Test(chess960_harness, start_numbers_out_of_range_are_one_line_errors)
{
    EXPECT_ERROR("perft: position 'chess960:960': out of range (chess960:N with N from 0 to 959)", "1", "chess960:960");
    EXPECT_ERROR("perft: position 'chess960:99999999999999999999': out of range (chess960:N with N from 0 to 959)", "1",
                 "chess960:99999999999999999999");
    EXPECT_ERROR("perft: position 'chess960:-1' is not chess960:N with N from 0 to 959", "1", "chess960:-1");
    EXPECT_ERROR("perft: position 'chess960:' is not chess960:N with N from 0 to 959", "1", "chess960:");
    EXPECT_ERROR("perft: position 'dfrc:960,0': out of range (dfrc:W,B with W and B from 0 to 959)", "1", "dfrc:960,0");
    EXPECT_ERROR("perft: position 'dfrc:0,960': out of range (dfrc:W,B with W and B from 0 to 959)", "1", "dfrc:0,960");
    EXPECT_ERROR("perft: position 'dfrc:921600': out of range (dfrc:W,B or dfrc:N with N from 0 to 921599)", "1",
                 "dfrc:921600");
    EXPECT_ERROR("perft: position 'dfrc:1,2,3' is not dfrc:W,B with W and B from 0 to 959", "1", "dfrc:1,2,3");
    EXPECT_ERROR("perft: position 'dfrc:+1' is not dfrc:W,B or dfrc:N with N from 0 to 921599", "1", "dfrc:+1");
    EXPECT_ERROR("perft: --random-start 'chess960:960' is not chess960, dfrc or a position (position 'chess960:960': "
                 "out of range (chess960:N with N from 0 to 959))",
                 "--random", "1", "--random-start", "chess960:960");
}

Test(chess960_harness, random_games_from_numbered_starts, .timeout = 120 * TEST_SLOWDOWN)
{
    /* 960 games of one ply: every arrangement once (the summary counts
     * them), every backend agreeing at each start. */
    CliRun all = RUN("--random", "960", "--plies", "1", "--random-start", "chess960", "-b", "all");
    cr_expect(all.status == 0 && strstr(all.out, "; 960 of the 960 arrangements) (-b all): 1920 positions compared"),
              "%d %s %s", all.status, all.out, all.err);
    cli_free(&all);
    /* Seeded: the same seed replays the same games, another seed others. */
    const char *const sets[] = {"chess960", "dfrc"};
    for (int i = 0; i < 2; i++) {
        CliRun a = RUN("--random", "4", "--plies", "40", "--random-start", sets[i], "--seed", "7", "--format", "json");
        CliRun b = RUN("--random", "4", "--plies", "40", "--random-start", sets[i], "--seed", "7", "--format", "json");
        CliRun c = RUN("--random", "4", "--plies", "40", "--random-start", sets[i], "--seed", "8", "--format", "json");
        cr_expect(a.status == 0 && strcmp(a.out, b.out) == 0 && strcmp(a.out, c.out) != 0, "%s\n%s\n%s", a.out, b.out,
                  c.out);
        json_t *doc = json_loads(a.out, 0, NULL);
        cr_expect_str_eq(
            json_string_value(json_object_get(json_object_get(json_object_get(doc, "settings"), "random"), "start")),
            sets[i]);
        json_decref(doc);
        cli_free(&a);
        cli_free(&b);
        cli_free(&c);
    }
    CliRun dfrc = RUN("--random", "3", "--plies", "10", "--random-start", "dfrc", "-b", "all");
    cr_expect(strstr(dfrc.out, "from Double Fischer Random starts (--random-start dfrc: game g from dfrc:N") &&
                  strstr(dfrc.out, "; 3 of the 921600 pairs)"),
              "%s", dfrc.out);
    cli_free(&dfrc);
    CliRun one = RUN("--random", "2", "--plies", "10", "--random-start", "dfrc:12,345", "-b", "all");
    cr_expect(one.status == 0 && strstr(one.out, "from --random-start dfrc:12,345 (-b all)"), "%s", one.out);
    cli_free(&one);
    EXPECT_ERROR("perft: --random-start and --from both say where the games start: give one of them", "--random", "1",
                 "--random-start", "dfrc", "--from", "positions/chess/famous.epd");
}
