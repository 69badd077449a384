/* Bad input to bin/perft and its parsers, case by case (options, numbers,
 * positions, moves, suite files): each gets one line naming what and where, exit status 2, and
 * nothing is silently ignored or misread.  Options that do not apply to the
 * chosen mode, numbers that are not strictly decimal, control characters
 * echoed from the command line, a promotion without its piece, a FEN digit
 * 9, FEN clocks the tool itself produces, the one depth limit, and the
 * default backend marked by --list.  (Suite files: tests/suite_errors.c.) */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "command.h"
#include "epd.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char SUITE[] = "positions/chess/famous.epd";

/* ---- options that do not apply to the mode ---- */

Test(bad_input, options_that_do_not_apply_to_divide)
{
    EXPECT_ERROR("perft: --seed does not apply to divide (it goes with --random)", "--seed", "3", "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --seed does not apply to divide (it goes with --random)", "1", CHESS_INITIAL, "--se=3");
    EXPECT_ERROR("perft: --plies does not apply to divide (it goes with --random)", "--plies=5", "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --from does not apply to divide (it goes with --random)", "--from", SUITE, "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --max-depth does not apply to divide (it goes with --suite)", "--max-depth", "2", "1",
                 CHESS_INITIAL);
    EXPECT_ERROR("perft: --max-nodes does not apply to divide (it goes with --suite)", "1", CHESS_INITIAL,
                 "--max-nodes=9");
}

Test(bad_input, options_that_do_not_apply_to_suite_or_random)
{
    EXPECT_ERROR("perft: --suite and --random are two modes: give one of them", "--suite", SUITE, "--random", "1");
    EXPECT_ERROR("perft: --suite and --random are two modes: give one of them", "--random=1", "--suite", SUITE);
    EXPECT_ERROR("perft: --seed does not apply to --suite (it goes with --random)", "--suite", SUITE, "--seed", "2");
    EXPECT_ERROR("perft: --plies does not apply to --suite (it goes with --random)", "--suite", SUITE, "--plies", "2");
    EXPECT_ERROR("perft: --max-depth does not apply to --random (it goes with --suite)", "--random", "1", "--max-depth",
                 "2");
    EXPECT_ERROR("perft: --max-nodes does not apply to --random (it goes with --suite)", "--random", "1", "--max-nodes",
                 "2");
    /* Random games compare legal moves at every node: no perft, no bulk. */
    EXPECT_ERROR("perft: --no-bulk does not apply to --random (it goes with divide or --suite)", "--random", "1",
                 "--no-bulk");
    EXPECT_ERROR("perft: --bulk does not apply to --random (it goes with divide or --suite)", "--bulk", "--random",
                 "1");
}

/* Before: "--uci --list" listed while "--list --uci" was refused, and
 * "--suite F --list" listed: the last mode word won.  Now any two modes
 * are refused in either order, naming both in --help's order. */
Test(bad_input, two_modes_are_refused_in_either_order)
{
    static const char *const MODES[][2] = {{"--suite", SUITE}, {"--random", "1"},   {"--list", NULL},
                                           {"--help", NULL},   {"--version", NULL}, {"--uci", NULL}};
    enum { N = sizeof MODES / sizeof *MODES };
    for (int a = 0; a < N; a++)
        for (int b = 0; b < N; b++) {
            if (a == b)
                continue;
            const char *args[6];
            int n = 0;
            for (int k = 0; k < 2; k++) {
                const char *const *mode = MODES[k == 0 ? a : b];
                args[n++] = mode[0];
                if (mode[1])
                    args[n++] = mode[1];
            }
            args[n] = NULL;
            char message[128];
            snprintf(message, sizeof message, "perft: %s and %s are two modes: give one of them\n",
                     MODES[a < b ? a : b][0], MODES[a < b ? b : a][0]);
            cli_expect_error(args, message);
        }
}

/* Before: --chess960 was taken in silence where no chess position is
 * counted: a Quaternity suite, random games from Quaternity starts only. */
Test(bad_input, chess960_where_no_chess_position_is_counted)
{
    static const char QUATERNITY_SUITE[] = "positions/quaternity/reference.epd";
    EXPECT_ERROR("perft: --chess960 is chess's notation: suite positions/quaternity/reference.epd holds Quaternity "
                 "positions only",
                 "--chess960", "--suite", QUATERNITY_SUITE);
    EXPECT_ERROR("perft: --chess960 is chess's notation: this run's games start from Quaternity positions only "
                 "(--from positions/quaternity/reference.epd)",
                 "--random", "2", "--from", QUATERNITY_SUITE, "--chess960");
    /* The default start list begins with the Quaternity opening. */
    EXPECT_ERROR("perft: --chess960 is chess's notation: this run's one game starts from Quaternity positions only "
                 "(the default start list's first)",
                 "--chess960", "--random", "1");
    /* Where a chess position is counted it applies. */
    CliRun both = RUN("--chess960", "--random", "2", "--plies", "2");
    EXPECT(both.status == 0 && strstr(both.out, "--chess960"), "--random 2 --chess960: status %d, %s %s", both.status,
           both.out, both.err);
    cli_free(&both);
}

/* ---- numbers: decimal digits only, and a range said as a range ---- */

Test(bad_input, numbers_are_strict)
{
    EXPECT_ERROR("perft: depth '+3' is not a number from 1 to 20", "+3", CHESS_INITIAL);
    EXPECT_ERROR("perft: depth ' 3' is not a number from 1 to 20", " 3", CHESS_INITIAL);
    EXPECT_ERROR("perft: depth '3 ' is not a number from 1 to 20", "3 ", CHESS_INITIAL);
    EXPECT_ERROR("perft: depth '' is not a number from 1 to 20", "", CHESS_INITIAL);
    EXPECT_ERROR("perft: depth '0x3' is not a number from 1 to 20", "0x3", CHESS_INITIAL);
    EXPECT_ERROR("perft: --seed '+5' is not a number from 0 to 2147483647", "--random", "1", "--seed=+5");
    EXPECT_ERROR("perft: --random ' 1' is not a game count from 1 to 100000000", "--random", " 1");
    EXPECT_ERROR("perft: --plies '+9' is not a number from 1 to 10000", "--random", "1", "--plies", "+9");
    EXPECT_ERROR("perft: --max-depth '+2' is not a depth from 1 to 20", "--suite", SUITE, "--max-depth", "+2");
    EXPECT_ERROR("perft: --max-nodes '+1' is not a number from 1 to 9223372036854775806", "--suite", SUITE,
                 "--max-nodes", "+1");
}

Test(bad_input, too_large_numbers_name_the_range)
{
    EXPECT_ERROR("perft: --max-nodes '99999999999999999999' is not a number from 1 to 9223372036854775806", "--suite",
                 SUITE, "--max-nodes", "99999999999999999999");
    EXPECT_ERROR("perft: --max-nodes '9223372036854775807' is not a number from 1 to 9223372036854775806", "--suite",
                 SUITE, "--max-nodes", "9223372036854775807");
    EXPECT_ERROR("perft: depth '99999999999999999999' is not a number from 1 to 20", "99999999999999999999",
                 CHESS_INITIAL);
    EXPECT_ERROR("perft: --random '100000001' is not a game count from 1 to 100000000", "--random", "100000001");
}

/* ---- control characters never reach the terminal raw ---- */

/* stderr is one line ending in a newline, with no other control byte, and
 * holds `escaped`. */
static void expect_escaped(const char *const *args, const char *escaped)
{
    char where[512];
    joined(args, where, sizeof where);
    CliRun r = cli_run(args);
    EXPECT(r.status == 2, "status %d, expected 2", r.status);
    size_t n = strlen(r.err);
    EXPECT(n > 0 && r.err[n - 1] == '\n', "stderr does not end a line: %s", r.err);
    for (size_t i = 0; i + 1 < n; i++)
        EXPECT(!iscntrl((unsigned char)r.err[i]), "stderr byte %zu is control character 0x%02x: %s", i,
               (unsigned char)r.err[i], r.err);
    EXPECT(strstr(r.err, escaped) != NULL, "stderr does not hold '%s': %s", escaped, r.err);
    cli_free(&r);
}

#define EXPECT_ESCAPED(escaped, ...) expect_escaped((const char *const[]){__VA_ARGS__, NULL}, escaped)

Test(bad_input, control_characters_are_escaped)
{
    EXPECT_ESCAPED("'\\x1b[31me2e4'", "1", CHESS_INITIAL, "\x1b[31me2e4");
    EXPECT_ESCAPED("'e2e4\\x07'", "1", CHESS_INITIAL, "e2e4\x07");
    EXPECT_ESCAPED("'e2e4\\r'", "1", CHESS_INITIAL, "e2e4\r");
    EXPECT_ESCAPED("'\\x7f'", "1", CHESS_INITIAL, "e2e4 \x7f");
    EXPECT_ESCAPED("'\\x07'", "1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\x07 w KQkq - 0 1");
    EXPECT_ESCAPED("'--bo\\x1bgus'", "--bo\x1bgus", "1", CHESS_INITIAL);
    EXPECT_ESCAPED("'\\x1b'", "-b", "\x1b", "1", CHESS_INITIAL);
    EXPECT_ESCAPED("'1\\n'", "1\n", CHESS_INITIAL);
}

/* ---- a promotion without its piece ---- */

Test(bad_input, promotion_without_its_piece)
{
    EXPECT_ERROR("perft: move 1 'a7a8' needs a promotion piece: a7a8q, a7a8r, a7a8b or a7a8n", "1",
                 "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8");
    EXPECT_ERROR("perft: move 2 'b2a1' needs a promotion piece: b2a1q, b2a1r, b2a1b or b2a1n", "1",
                 "4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1", "e1d1 b2a1");
    /* A move that is not legal with any piece is still just not legal. */
    EXPECT_ERROR("perft: move 1 'a6a7' is not legal in 4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1",
                 "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a6a7");
}

/* ---- FEN board digits ---- */

static void expect_fen_error(const char *text, const char *message)
{
    Position pos;
    char err[ERROR_TEXT_MAX];
    int r = fen_parse(text, &pos, err, sizeof err);
    EXPECT(r < 0, "'%s' parsed", text);
    EXPECT(r >= 0 || strcmp(err, message) == 0, "'%s': message\n  %s\nexpected\n  %s", text, err, message);
}

Test(bad_input, fen_empty_square_digits)
{
    expect_fen_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                     "FEN: rank 6, file a: empty-square count '9' is not 1 to 8");
    expect_fen_error("rnbqkbnr/pppppppp/80/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                     "FEN: rank 6: two digits in a row ('80'); a run of empty squares is one digit");
    expect_fen_error("rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                     "FEN: rank 6, file a: empty-square count '0' is not 1 to 8");
    expect_fen_error("rnbqkbnr/pppppppp/4x3/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                     "FEN: rank 6, file e: unknown piece letter 'x'");
}

/* ---- FEN clocks: what a backend saves parses back ---- */

typedef struct ClockCase {
    const char *fen;
    const char *move;       /* a quiet move that advances the clock */
    int halfmove, fullmove; /* the clocks saved after it */
} ClockCase;

static const ClockCase CLOCK_CASES[] = {
    /* The two cases: past six digits. */
    {"4k3/8/8/8/8/8/8/4K3 w - - 999999 9", "e1d1", 1000000, 9},
    {"k7/8/8/8/8/8/8/K7 b - - 0 999999", "a8b8", 1, 1000000},
    /* At the largest clock a FEN may give, saved clocks stay there. */
    {"4k3/8/8/8/8/8/8/4K3 w - - 999999999 9", "e1d1", POSITION_CLOCK_MAX, 9},
    {"k7/8/8/8/8/8/8/K7 b - - 0 999999999", "a8b8", 1, POSITION_CLOCK_MAX},
};

Test(bad_input, fen_clocks_the_backends_save_parse_back)
{
    const Backend *backends[BACKENDS_MAX];
    int nb = backends_of(GAME_CHESS, backends);
    for (size_t c = 0; c < sizeof CLOCK_CASES / sizeof *CLOCK_CASES; c++) {
        const ClockCase *k = &CLOCK_CASES[c];
        Position start, saved, back;
        char err[ERROR_TEXT_MAX], text[POSITION_TEXT_MAX];
        if (fen_parse(k->fen, &start, err, sizeof err) < 0) {
            EXPECT(false, "'%s' does not parse: %s", k->fen, err);
            continue;
        }
        Move move;
        cr_assert(move_parse(GAME_CHESS, k->move, &move) == 0);
        for (int b = 0; b < nb; b++) {
            void *state = instance_open(backends[b], &start);
            backends[b]->make(state, move);
            backends[b]->save(state, &saved);
            EXPECT(saved.halfmove_clock == k->halfmove && saved.fullmove_number == k->fullmove,
                   "%s, '%s' then %s: clocks %d %d, expected %d %d", backends[b]->name, k->fen, k->move,
                   saved.halfmove_clock, saved.fullmove_number, k->halfmove, k->fullmove);
            fen_format(&saved, text, sizeof text);
            EXPECT(fen_parse(text, &back, err, sizeof err) == 0 && position_equal(&back, &saved),
                   "%s, '%s' then %s: saved '%s', which does not parse back: %s", backends[b]->name, k->fen, k->move,
                   text, err);
            backends[b]->unmake(state, move);
            backends[b]->save(state, &saved);
            EXPECT(position_equal(&saved, &start), "%s, '%s': %s unmade does not give the start back",
                   backends[b]->name, k->fen, k->move);
            instance_close(backends[b], state);
        }
    }
}

Test(bad_input, fen_clocks_out_of_range)
{
    expect_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 1000000000 9",
                     "FEN: halfmove clock '1000000000' is not a number from 0 to 999999999");
    expect_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 9",
                     "FEN: halfmove clock '99999999999999999999' is not a number from 0 to 999999999");
    expect_fen_error("4k3/8/8/8/8/8/8/4K3 w - - +1 9", "FEN: halfmove clock '+1' is not a number from 0 to 999999999");
    expect_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "FEN: fullmove number '0' is not a number from 1 to 999999999");
    expect_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1000000000",
                     "FEN: fullmove number '1000000000' is not a number from 1 to 999999999");
}

/* ---- one depth limit ---- */

Test(bad_input, one_depth_limit_for_divide_and_suites)
{
    char message[64];
    snprintf(message, sizeof message, "perft: depth '%d' is not a number from 1 to %d\n", MAX_DEPTH + 1, MAX_DEPTH);
    char depth[16];
    snprintf(depth, sizeof depth, "%d", MAX_DEPTH + 1);
    cli_expect_error((const char *const[]){depth, CHESS_INITIAL, NULL}, message);
    snprintf(message, sizeof message, "perft: --max-depth '%d' is not a depth from 1 to %d\n", MAX_DEPTH + 1,
             MAX_DEPTH);
    cli_expect_error((const char *const[]){"--suite", SUITE, "--max-depth", depth, NULL}, message);
    /* A suite line deeper than the harness runs is an error, not ignored. */
    char line[256];
    snprintf(line, sizeof line, "%s ;D%d 1\n", CHESS_INITIAL, MAX_DEPTH + 1);
    FILE *file = fmemopen(line, strlen(line), "r");
    cr_assert(file != NULL);
    EpdEntry e;
    int at = 0;
    char err[ERROR_TEXT_MAX + 64];
    int r = epd_next(file, "deep.epd", &at, &e, err, sizeof err);
    fclose(file);
    snprintf(message, sizeof message, "deep.epd:1: bad depth in 'D%d 1' (1 to %d)", MAX_DEPTH + 1, MAX_DEPTH);
    EXPECT(r < 0 && strcmp(err, message) == 0, "';D%d': status %d, message %s", MAX_DEPTH + 1, r,
           r < 0 ? err : "(none)");
}

/* ---- what --list and --help tell a new user ---- */

Test(bad_input, list_marks_the_default_backend)
{
    CliRun r = RUN("--list");
    cr_expect(r.status == 0, "--list: status %d", r.status);
    int defaults = 0;
    for (char *line = strtok(r.out, "\n"); line; line = strtok(NULL, "\n")) {
        bool marked = strstr(line, "(default)") != NULL;
        defaults += marked;
        EXPECT(marked == (strncmp(line, "bitboard ", 9) == 0), "--list line '%s': default marked wrongly", line);
    }
    EXPECT(defaults == 2, "--list marks %d backends as the default, expected 2 (one a game)", defaults);
    cli_free(&r);
}

Test(bad_input, help_states_the_defaults)
{
    CliRun r = RUN("--help");
    cr_expect(r.status == 0, "--help: status %d", r.status);
    const char *wanted[] = {"[--max-depth N] [--max-nodes N]", "(default bitboard)", "(default 3)", "(default 1)",
                            "(default 200)"};
    for (size_t i = 0; i < sizeof wanted / sizeof *wanted; i++)
        EXPECT(strstr(r.out, wanted[i]) != NULL, "--help does not say '%s':\n%s", wanted[i], r.out);
    cli_free(&r);
}
