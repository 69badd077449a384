/* bin/perft --walk driven through a pipe as a script drives it: a command
 * a line, each answer awaited up to its "ok" or its one "error: ..." line
 * (tests/support/walk_driver.c).  Every command, both games, Chess960, an
 * engine (Debian's Stockfish) beside the backends, a planted bug found by
 * divide, diff, move and descend, refusals of every kind, Ctrl-C during a
 * count.  The counts come from published tables (named where used) or from
 * the agreement of the participants the walk shows side by side. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engines_support.h"
#include "walk_driver.h"

static const double WAIT = 60 * TEST_SLOWDOWN;

/* The answer to `line`, which must end with "ok". */
static char *ask_ok(WalkDriver *d, const char *line)
{
    char *answer = walk_ask(d, line, WAIT);
    cr_assert(answer, "no answer to '%s'", line);
    size_t n = strlen(answer);
    cr_assert(n >= 3 && strcmp(answer + n - 3, "ok\n") == 0, "'%s' was answered:\n%s", line, answer);
    return answer;
}

/* `line` is refused in one line holding `words`. */
static void expect_refused(WalkDriver *d, const char *line, const char *words)
{
    char *answer = walk_ask(d, line, WAIT);
    cr_assert(answer, "no answer to '%s'", line);
    cr_expect(strncmp(answer, "error: ", 7) == 0 && strchr(answer, '\n') == answer + strlen(answer) - 1,
              "'%s' is not refused in one line:\n%s", line, answer);
    cr_expect(strstr(answer, words), "'%s': the refusal does not say '%s':\n%s", line, words, answer);
    free(answer);
}

static void expect_in(WalkDriver *d, const char *line, const char *words)
{
    char *answer = ask_ok(d, line);
    cr_expect(strstr(answer, words), "'%s': no '%s' in:\n%s", line, words, answer);
    free(answer);
}

/* quit: no answer, and the walk ends with status 0. */
static void quit(WalkDriver *d)
{
    walk_send(d, "quit\n", 5);
    char line[256];
    cr_expect(!walk_line(d, line, sizeof line, WAIT), "quit answered '%s'", line);
    cr_expect_eq(walk_finish(d), 0);
}

/* The three built-in chess backends by name: -b all would add any extra
 * backend of the build (make test-template's). */
static void add_padded_and_bitboard(WalkDriver *d)
{
    expect_in(d, "engines add padded", "participant padded backend chess\n");
    expect_in(d, "engines add bitboard", "participant bitboard backend chess\n");
}

#define WALK(...) walk_start(TEST_PERFT_BIN, (const char *const[]){__VA_ARGS__, NULL}, NULL)

Test(walk_pipe, every_command_answers_and_every_refusal_is_one_line)
{
    WalkDriver d = WALK("-b", "mailbox");
    add_padded_and_bitboard(&d);
    /* The chess start, depth 3 from the root. */
    expect_in(&d, "state",
              "position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ndepth 3 (3 below here)\n");
    expect_in(&d, "depth 2", "depth 2 (2 below here)\n");
    expect_in(&d, "depth", "depth 2\nok\n");
    /* Perft 2 of the start is 400 (published: chessprogramming wiki, Perft
     * Results), each of the 20 moves 20, the three backends side by side. */
    char *divide = ask_ok(&d, "divide");
    cr_expect(strstr(divide, "move      mailbox   padded bitboard\n"), "%s", divide);
    cr_expect(strstr(divide, "\ne2e4           20       20       20\n"), "%s", divide);
    cr_expect(strstr(divide, "\ntotal         400      400      400\nagree: 3 participants, 20 moves, depth 2\nok\n"),
              "%s", divide);
    free(divide);
    /* diff: no row differs. */
    char *diff = ask_ok(&d, "diff");
    cr_expect(!strstr(diff, "e2e4"), "%s", diff);
    cr_expect(strstr(diff, "agree: 3 participants"), "%s", diff);
    free(diff);
    /* Step in, perftree's way: the depth stays the root's, one ply fewer below. */
    expect_in(&d, "move e2e4",
              "moves e2e4\nposition rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
              "depth 2 (1 below here)\n");
    expect_in(&d, "divide", "\ntotal          20       20       20\n");
    expect_in(&d, "child e7e5", "moves e2e4 e7e5\n");
    expect_refused(&d, "divide", "nothing to count: depth 2 from the root, and here is 2 plies in");
    expect_in(&d, "moves", "moves e2e4 e7e5\nok\n");
    expect_in(&d, "parent", "moves e2e4\n");
    expect_in(&d, "unmove", "moves (none: at the root)\n");
    expect_in(&d, "moves d2d4 d7d5 c2c4", "moves d2d4 d7d5 c2c4\n");
    expect_in(&d, "back 2", "moves d2d4\n");
    expect_in(&d, "root", "moves (none: at the root)\n");
    expect_in(&d, "fen", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nok\n");
    expect_in(&d, "position startpos moves g1f3", "moves g1f3\n");
    expect_in(&d, "board",
              " 3  . . . . . N . .\n 2  P P P P P P P P\n 1  R N B Q K B . R\n    a b c d e f g h\nto move: black\n");
    expect_in(&d, "move Nc6", "moves g1f3 b8c6\n"); /* SAN, as everywhere a chess move is read */
    expect_in(&d, "back", "moves g1f3\n");
    expect_refused(&d, "move Nc4", "move 1 'Nc4': no knight can go to c4, in ");
    expect_in(&d, "engines", "participant bitboard backend chess\n");
    expect_in(&d, "help", "descend");
    /* A promotion in either case names one move. */
    expect_in(&d, "fen r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "moves (none: at the root)\n");
    char *upper = ask_ok(&d, "move b7a8Q");
    expect_in(&d, "back", "moves (none");
    char *lower = ask_ok(&d, "move b7a8q");
    cr_expect_str_eq(upper, lower);
    cr_expect(strstr(lower, "moves b7a8q\nposition Q3k3/8/8/8/8/8/8/4K3 b - - 0 1\n"), "%s", lower);
    free(upper), free(lower);
    expect_in(&d, "back", "moves (none");
    /* Refusals: one line each, and the walk goes on. */
    expect_refused(&d, "move b7b8", "needs a promotion piece");
    expect_refused(&d, "move e2e4", "move 1 'e2e4' is not legal in");
    expect_refused(&d, "move e7e9", "'e7e9' is neither move text nor SAN");
    expect_refused(&d, "move", "move: which move?");
    expect_refused(&d, "back", "at the root already");
    expect_refused(&d, "back 3", "at the root already");
    expect_refused(&d, "depth 0", "depth: '0' is not a number from 1 to 20");
    expect_refused(&d, "depth 21", "'21' is not a number from 1 to 20");
    expect_refused(&d, "depth +3", "'+3' is not a number");
    expect_refused(&d, "fen 8/8/8 w - - 0 1", "fen: ");
    expect_refused(&d, "position", "the position is missing");
    expect_refused(&d, "frobnicate", "unknown command 'frobnicate'");
    expect_refused(&d, "divide 3", "unexpected '3'");
    expect_refused(&d, "engines drop nobody", "no participant of that name");
    expect_refused(&d, "engines add mailbox", "already takes part");
    expect_refused(&d, "engines add nothing", "nor an engine");
    expect_refused(&d, "engines frob", "engines add NAME|SPEC");
    /* A NUL byte, and a line longer than any command: refused whole. */
    walk_send(&d, "fen \0x\n", 7);
    char line[4096];
    cr_assert(walk_line(&d, line, sizeof line, WAIT));
    cr_expect(strstr(line, "error: a line longer than 65535 bytes or holding a NUL byte"), "%s", line);
    char *longest = malloc(70000);
    memset(longest, 'a', 69999), longest[69999] = '\0';
    expect_refused(&d, longest, "a line longer than 65535 bytes");
    free(longest);
    /* A blank line is no command: the next command's answer comes next. */
    walk_send(&d, "\n  \n", 4);
    expect_in(&d, "depth", "depth 2\nok\n");
    quit(&d);
}

Test(walk_pipe, the_end_of_input_leaves)
{
    WalkDriver d = WALK("-b", "mailbox", "1", "8/8/8/8/8/8/8/K6k w - - 0 1");
    expect_in(&d, "divide", "\ntotal           3\nagree: 1 participant, 3 moves, depth 1\nok\n");
    cr_expect_eq(walk_finish(&d), 0);
}

Test(walk_pipe, quaternity_opening_agrees_with_the_published_count)
{
    /* Perft 2 of the Quaternity opening is 1681 (positions/quaternity/
     * reference.epd: counted by the independent QuaterniTS). */
    WalkDriver d = WALK("-b", "all");
    char command[1024];
    snprintf(command, sizeof command, "fen %s", QUATERNITY_OPENING_QFEN);
    expect_in(&d, command, "moves (none: at the root)\n");
    expect_in(&d, "depth 2", "depth 2 (2 below here)\n");
    expect_in(&d, "divide", " 1681     1681     1681\nagree: 3 participants, 41 moves, depth 2\n");
    expect_in(&d, "engines", "participant mailbox backend quaternity\n");
    expect_in(&d, "move a5a6", "moves a5a6\n");
    expect_in(&d, "divide", "agree: 3 participants");
    expect_in(&d, "board", "to move: red (controller r)\n");
    quit(&d);
}

Test(walk_pipe, chess960_beside_stockfish)
{
    /* Chess960 position 0 of positions/chess/chess960.epd (the
     * chessprogramming wiki's Chess960 perft results): perft 2 is 528; its
     * castling written as the king taking its rook, and read either way. */
    WalkDriver d = WALK("-b", "mailbox", "--engine", "uci:" TEST_STOCKFISH, "2",
                        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1");
    add_padded_and_bitboard(&d);
    expect_in(&d, "state", "notation chess960 (castling as the king taking its rook)\n");
    char *divide = ask_ok(&d, "divide");
    cr_expect(strstr(divide, "move       mailbox    padded  bitboard stockfish\n"), "%s", divide);
    cr_expect(strstr(divide, "\ntotal          528       528       528       528\nagree: 4 participants, 21 moves"),
              "%s", divide);
    free(divide);
    /* Out of the opening, castling both ways. */
    expect_in(&d, "fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "moves (none");
    expect_in(&d, "chess960", "notation chess960");
    char *divide960 = ask_ok(&d, "divide");
    cr_expect(strstr(divide960, "\ne1h1 "), "%s", divide960);
    cr_expect(strstr(divide960, "agree: 4 participants, 26 moves, depth 2"), "%s", divide960);
    free(divide960);
    char *by_rook = ask_ok(&d, "move e1h1");
    expect_in(&d, "nochess960", "moves e1g1\n");
    expect_in(&d, "back", "moves (none");
    char *by_king = ask_ok(&d, "move e1g1");
    cr_expect(strstr(by_rook, "position r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n"), "%s", by_rook);
    cr_expect(strstr(by_king, "position r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1\n"), "%s", by_king);
    free(by_rook), free(by_king);
    quit(&d);
}

/* After 1. e4 d5 2. e5 f5 the planted backend drops White's en passant
 * capture exf6 (tests/planted/planted_backend.h). */
static const char PLANTED_ROOT[] = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
static const char *const PLANTED_ENV[] = {"PLANTED_ROOT=rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
                                          "PLANTED_PATH=e4e5 f7f5", "PLANTED_DROP=e5f6", NULL};

Test(walk_pipe, a_planted_bug_is_found_by_divide_diff_move_and_descend)
{
    WalkDriver d =
        walk_start(TEST_PLANTED_PERFT, (const char *const[]){"-b", "mailbox", "3", PLANTED_ROOT, NULL}, PLANTED_ENV);
    add_padded_and_bitboard(&d);
    expect_in(&d, "engines add planted", "participant planted backend chess\n");
    /* The planted backend lacks one leaf below e4e5. */
    char *divide = ask_ok(&d, "divide");
    cr_expect(strstr(divide, "move      mailbox   padded bitboard  planted\n"), "%s", divide);
    cr_expect(strstr(divide, "differ: 1 of 31 moves, 4 participants, depth 3\n"), "%s", divide);
    char *row = strstr(divide, "\ne4e5 ");
    cr_assert(row, "%s", divide);
    unsigned long long counts[4];
    cr_assert_eq(sscanf(row, "\ne4e5 %llu %llu %llu %llu", &counts[0], &counts[1], &counts[2], &counts[3]), 4);
    cr_expect(counts[0] == counts[1] && counts[1] == counts[2] && counts[3] == counts[0] - 1, "%s", row);
    cr_expect(strncmp(strchr(row + 1, '\n') - 13, "   <- differs", 13) == 0, "%s", row);
    free(divide);
    char *diff = ask_ok(&d, "diff");
    cr_expect(strstr(diff, "\ne4e5 ") && !strstr(diff, "\nd2d4 "), "%s", diff);
    free(diff);
    /* Following the differing rows by hand: the missing move itself. */
    expect_in(&d, "move e4e5", "depth 3 (2 below here)\n");
    expect_in(&d, "diff", "\nf7f5 ");
    expect_in(&d, "move f7f5", "depth 3 (1 below here)\n");
    char *leaf = ask_ok(&d, "diff");
    cr_expect(strstr(leaf, "\ne5f6            1        1        1        -   <- differs\n"), "%s", leaf);
    free(leaf);
    /* descend from the root finds the same and stands there. */
    expect_in(&d, "root", "moves (none");
    char *found = ask_ok(&d, "descend");
    cr_expect(strstr(found, "DISAGREEMENT between mailbox and planted\n  path from the root: e4e5 f7f5\n"), "%s",
              found);
    cr_expect(strstr(found, "  moves only mailbox generates: e5f6\n  moves only planted generates: (none)\n"), "%s",
              found);
    cr_expect(strstr(found, "\nmoves e4e5 f7f5\n"), "%s", found);
    free(found);
    /* Without the planted backend the rest agree. */
    expect_in(&d, "engines drop planted", "participant bitboard backend chess\n");
    expect_in(&d, "root", "moves (none");
    expect_in(&d, "descend", "agree: no participant differs from here\n");
    expect_in(&d, "engines add planted", "participant planted backend chess\n");
    expect_in(&d, "divide", "differ: 1 of 31 moves");
    quit(&d);
}

Test(walk_pipe, a_planted_bug_engine_added_and_dropped)
{
    /* tests/engines/planted_bug.py over perftree around this build's
     * bin/perft, dropping the same capture. */
    WalkDriver d = WALK("-b", "bitboard", "3", PLANTED_ROOT);
    char add[2048];
    snprintf(add, sizeof add,
             "engines add bug=perftree:%s --protocol perftree --inner 'perftree:%s -b mailbox' --root '%s' --path "
             "'e4e5 f7f5' --drop e5f6",
             TEST_PLANTED_BUG, TEST_PERFT_BIN, PLANTED_ROOT);
    expect_in(&d, add, "participant bug engine chess bug=perftree:");
    char *found = ask_ok(&d, "descend");
    cr_expect(strstr(found, "DISAGREEMENT between bitboard and bug\n  path from the root: e4e5 f7f5\n"), "%s", found);
    cr_expect(strstr(found, "  moves only bitboard generates: e5f6\n"), "%s", found);
    free(found);
    expect_in(&d, "back 2", "moves (none");
    expect_in(&d, "engines drop bug", "ok\n");
    expect_in(&d, "divide", "agree: 1 participant, 31 moves, depth 3");
    quit(&d);
}

/* Ctrl-C while `who` counts a divide too deep to end soon: one line, and
 * the walk answers the next divide (perft 2 of the start, 400). */
static void interrupt_a_count(const char *const *args, const char *who)
{
    WalkDriver d = walk_start(TEST_PERFT_BIN, args, NULL);
    expect_in(&d, "depth 8", "depth 8");
    walk_send(&d, "divide\n", 7);
    nanosleep(&(struct timespec){.tv_nsec = 500000000}, NULL);
    kill(d.pid, SIGINT);
    char line[4096];
    cr_assert(walk_line(&d, line, sizeof line, WAIT), "no answer after Ctrl-C");
    cr_expect(strncmp(line, "error: divide: interrupted by SIGINT while ", 43) == 0 && strstr(line, who), "%s", line);
    expect_in(&d, "depth 2", "depth 2");
    expect_in(&d, "divide", "\ntotal ");
    expect_in(&d, "divide", " 400\nagree: ");
    quit(&d);
}

Test(walk_pipe, ctrl_c_stops_a_backend_s_count_and_the_walk_goes_on)
{
    interrupt_a_count((const char *const[]){"-b", "mailbox", NULL}, "mailbox counted; nothing of it is kept");
}

Test(walk_pipe, ctrl_c_stops_an_engine_s_count_and_the_walk_starts_it_again)
{
    interrupt_a_count((const char *const[]){"-b", "none", "--engine", "uci:" TEST_STOCKFISH, NULL},
                      "stockfish counted; nothing of it is kept (the engines were ended and started again)");
}
