/* The cross-check must find a planted bug: a test-only backend that is a
 * real one but drops one legal move in one position deep in the tree.  The
 * cross-check against the real backend has to descend to exactly that
 * position and name exactly that move. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "engines_support.h"
#include "move_text.h"
#include "planted_backend.h"
#include "registry.h"

/* Plants the bug at root + path, dropping `drop`, and checks that the
 * cross-check of `against` and the planted backend (the mailbox, less that
 * move there: tests/planted/planted_backend.h) from the root at `depth`
 * reports that position and move. */
static void expect_found(const char *against_name, const char *root_text, const char *path, const char *drop, int depth)
{
    char err[ERROR_TEXT_MAX];
    Position root, buggy_position;
    cr_assert_eq(position_parse(root_text, &root, err, sizeof err), 0, "%s", err);
    cr_assert_eq(planted_bug_set(root_text, path, drop, &buggy_position, err, sizeof err), 0, "%s", err);
    const Backend *against = backend_find(against_name, root.game);
    const Backend *planted = root.game == GAME_CHESS ? &chess_planted_backend : &quaternity_planted_backend;
    cr_assert(against, "no %s backend %s is registered", game_name(root.game), against_name);

    Participant pair[2] = {backend_participant(against), backend_participant(planted)};
    CrossReport report;
    int r = crosscheck_at(pair, 2, &root, depth, &report, NULL, err, sizeof err);

    char expected_text[POSITION_TEXT_MAX];
    position_format(&buggy_position, expected_text, sizeof expected_text);
    cr_assert_eq(r, 1, "the cross-check missed the planted bug (%s)", r < 0 ? err : "agreed");
    cr_expect_eq(report.verdict, CROSS_MOVES_DIFFER);
    cr_expect_str_eq(report.path, path);
    cr_expect_str_eq(report.position, expected_text);
    cr_expect_str_eq(report.only_first, drop);
    cr_expect_str_eq(report.only_second, "");
    cr_expect_eq(report.depth, depth - 2);
}

static const char *const QUATERNITY_OPENING =
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";

Test(crosscheck, finds_a_quaternity_move_dropped_two_plies_down)
{
    /* Black's pawn j8 loses its step after White a5a6 and Red c8c7. */
    expect_found("bitboard", QUATERNITY_OPENING, "a5a6 c8c7", "j8j7", 4);
}

Test(crosscheck, finds_a_dropped_chess_en_passant_capture)
{
    /* After 1. e4 d5 2. e5 f5, White's en passant capture exf6 is dropped. */
    expect_found("bitboard", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4e5 f7f5", "e5f6", 4);
}
