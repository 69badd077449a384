/* The cross-check must find a planted bug: a test-only backend that wraps a
 * real one but drops one legal move in one position deep in the tree.  The
 * cross-check against the real backend has to descend to exactly that
 * position and name exactly that move. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "engines_support.h"
#include "move_text.h"
#include "registry.h"

/* The wrapper's configuration: the position where it goes wrong and the
 * move it drops there.  One wrapper runs at a time in this test file. */
static const Backend *wrapped;
static Position buggy_position;
static Move dropped_move;

typedef struct Wrapper {
    void *inner;
} Wrapper;

static void *wrapper_create(const Backend *self)
{
    (void)self;
    Wrapper *w = malloc(sizeof *w);
    if (w)
        w->inner = wrapped->create(wrapped);
    return w;
}

static void wrapper_destroy(void *state)
{
    Wrapper *w = state;
    wrapped->destroy(w->inner);
    free(w);
}

static void wrapper_load(void *state, const Position *pos)
{
    wrapped->load(((Wrapper *)state)->inner, pos);
}
static void wrapper_save(const void *state, Position *pos)
{
    wrapped->save(((const Wrapper *)state)->inner, pos);
}
static void wrapper_make(void *state, Move m)
{
    wrapped->make(((Wrapper *)state)->inner, m);
}
static void wrapper_unmake(void *state, Move m)
{
    wrapped->unmake(((Wrapper *)state)->inner, m);
}

static int wrapper_generate(void *state, Move *moves)
{
    Wrapper *w = state;
    int count = wrapped->generate(w->inner, moves);
    Position here;
    wrapped->save(w->inner, &here);
    if (position_equal(&here, &buggy_position)) {
        int i = moves_find(moves, count, dropped_move);
        if (i >= 0)
            moves[i] = moves[--count];
    }
    return count;
}

/* Perft through the wrapper's own (buggy) generator. */
static uint64_t wrapper_perft(void *state, int depth, int bulk)
{
    if (depth == 0)
        return 1;
    Move moves[MAX_MOVES];
    int count = wrapper_generate(state, moves);
    if (bulk && depth == 1)
        return (uint64_t)count;
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        wrapper_make(state, moves[i]);
        nodes += wrapper_perft(state, depth - 1, bulk);
        wrapper_unmake(state, moves[i]);
    }
    return nodes;
}

static const Backend buggy_backend = {
    .name = "planted-bug",
    .summary = "test only: drops one move in one position",
    .create = wrapper_create,
    .destroy = wrapper_destroy,
    .load = wrapper_load,
    .save = wrapper_save,
    .generate = wrapper_generate,
    .make = wrapper_make,
    .unmake = wrapper_unmake,
    .perft = wrapper_perft,
};

/* Plants the bug at root + path, dropping `drop`, and checks that the
 * cross-check from the root at `depth` reports that position and move. */
static void expect_found(Game game, const char *root_text, const char *path, const char *drop, int depth)
{
    wrapped = NULL;
    for (int i = 0; backend_registry[i] && !wrapped; i++)
        if (backend_registry[i]->game == game)
            wrapped = backend_registry[i];
    cr_assert(wrapped, "no %s backend is registered", game_name(game));

    char err[ERROR_TEXT_MAX];
    Position root;
    cr_assert_eq(position_parse(root_text, &root, err, sizeof err), 0, "%s", err);
    void *s = wrapped->create(wrapped);
    wrapped->load(s, &root);
    char path_copy[256];
    snprintf(path_copy, sizeof path_copy, "%s", path);
    for (char *word = strtok(path_copy, " "); word; word = strtok(NULL, " ")) {
        Move m;
        cr_assert_eq(move_parse(game, word, &m), 0);
        wrapped->make(s, m);
    }
    wrapped->save(s, &buggy_position);
    wrapped->destroy(s);
    cr_assert_eq(move_parse(game, drop, &dropped_move), 0);

    Backend buggy = buggy_backend;
    buggy.game = game;
    Participant pair[2] = {backend_participant(wrapped), backend_participant(&buggy)};
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
    expect_found(GAME_QUATERNITY, QUATERNITY_OPENING, "a5a6 c8c7", "j8j7", 4);
}

Test(crosscheck, finds_a_dropped_chess_en_passant_capture)
{
    /* After 1. e4 d5 2. e5 f5, White's en passant capture exf6 is dropped. */
    expect_found(GAME_CHESS, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4e5 f7f5", "e5f6", 4);
}
