/* The cross-check must find a planted bug in an external engine: the test
 * engine tests/engines/planted_bug.py answers through an inner engine (this
 * build's bin/perft over the perftree contract, or Debian's Stockfish over
 * UCI) but drops one legal move, or adds one that is not legal, in one
 * position two plies down, consistently at every depth.  Both protocols,
 * both games: the cross-check has to descend to exactly that position and
 * name exactly that move.  The expected counts come from nowhere but the
 * agreement of the inner engine with the participant on the other side. */
#include <stdlib.h>
#include <string.h>

#include "engines_support.h"

/* The bug's description for the script: where it is and what it does. */
typedef struct Bug {
    const char *root; /* the position the cross-check starts from */
    const char *path; /* the moves to the buggy position */
    const char *drop; /* the legal move it drops, or NULL */
    const char *add;  /* the move it adds ... */
    const char *like; /* ... with the subtree of this legal move */
} Bug;

/* Cross-checks `against` with the planted-bug engine over `protocol` around
 * `inner` at `depth`, and checks the report. */
static void expect_found(Participant against, const char *protocol, const char *inner, const Bug *bug, int depth)
{
    Engine buggy;
    char action[64];
    if (bug->drop)
        snprintf(action, sizeof action, "--drop %s", bug->drop);
    else
        snprintf(action, sizeof action, "--add %s --like %s", bug->add, bug->like);
    engine_start(&buggy, 60, "bug=%s:%s --protocol %s --inner '%s' --root '%s' --path '%s' %s", protocol,
                 TEST_PLANTED_BUG, protocol, inner, bug->root, bug->path, action);
    char err[1024];
    Position root;
    cr_assert_eq(position_parse(bug->root, &root, err, sizeof err), 0, "%s", err);
    Participant pair[2] = {against, engine_participant(&buggy)};
    CrossReport *report = malloc(sizeof *report);
    cr_assert(report);
    int r = crosscheck_at(pair, 2, &root, depth, report, NULL, err, sizeof err);
    engine_close(&buggy);

    char expected_position[POSITION_TEXT_MAX];
    position_after(bug->root, bug->path, expected_position);
    cr_assert_eq(r, 1, "the cross-check missed the planted bug (%s)", r < 0 ? err : "agreed");
    cr_expect_eq(report->verdict, CROSS_MOVES_DIFFER);
    cr_expect_str_eq(report->path, bug->path);
    cr_expect_str_eq(report->position, expected_position);
    cr_expect_str_eq(report->only_first, bug->drop ? bug->drop : "");
    cr_expect_str_eq(report->only_second, bug->add ? bug->add : "");
    cr_expect_eq(report->depth, depth - 2);
    cr_expect_str_eq(report->second, "bug");
    free(report);
}

static Participant backend_of(Game game, const char *name)
{
    const Backend *b = backend_find(name, game);
    cr_assert(b, "no %s backend '%s'", game_name(game), name);
    return backend_participant(b);
}

/* After 1. e4 d5 2. e5 f5 White's en passant capture exf6 is dropped (or a
 * pawn move e5e7 onto Black's pawn is added). */
static const char CHESS_ROOT[] = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";

Test(engines_planted_bug, perftree_chess_engine_drops_en_passant)
{
    Bug bug = {CHESS_ROOT, "e4e5 f7f5", "e5f6", NULL, NULL};
    expect_found(backend_of(GAME_CHESS, "bitboard"), "perftree", "perftree:" TEST_PERFT_BIN " -b mailbox", &bug, 4);
}

Test(engines_planted_bug, uci_chess_engine_over_stockfish_adds_a_move)
{
    /* Engines alone (-b none): Stockfish against the bug over Stockfish. */
    Engine stockfish;
    engine_start(&stockfish, 60, "uci:%s", TEST_STOCKFISH);
    Bug bug = {CHESS_ROOT, "e4e5 f7f5", NULL, "e5e7", "e5e6"};
    expect_found(engine_participant(&stockfish), "uci", "uci:" TEST_STOCKFISH, &bug, 4);
    engine_close(&stockfish);
}

/* Black's pawn j8 loses its step after White a5a6 and Red c8c7 (or gains a
 * triple step j8j5). */
Test(engines_planted_bug, perftree_quaternity_engine_drops_a_pawn_step)
{
    Bug bug = {QUATERNITY_OPENING_QFEN, "a5a6 c8c7", "j8j7", NULL, NULL};
    expect_found(backend_of(GAME_QUATERNITY, "mailbox"), "perftree", "perftree:" TEST_PERFT_BIN " -b padded", &bug, 4);
}

Test(engines_planted_bug, uci_quaternity_engine_adds_a_pawn_move)
{
    Bug bug = {QUATERNITY_OPENING_QFEN, "a5a6 c8c7", NULL, "j8j5", "j8j7"};
    expect_found(backend_of(GAME_QUATERNITY, "bitboard"), "uci", "perftree:" TEST_PERFT_BIN " -b padded", &bug, 3);
}
