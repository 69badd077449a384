/* The Quaternity bitboard backend as the harness sees it: conversions
 * between neutral and internal moves, and the interface's make/unmake
 * stack.  The representation is described in bb144.h and
 * bitboard_state.h. */
#include <stdlib.h>

#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"
#include "bitboard_state.h"

static void *bitboard_create(const Backend *self)
{
    (void)self;
    qbb_state_tables_init();
    return calloc(1, sizeof(QbbState));
}

static void bitboard_destroy(void *state)
{
    QbbState *s = state;
    free(s->undo);
    free(s);
}

/* Loading keeps the instance's undo stack (and its memory), emptied. */
static void bitboard_load(void *state, const Position *pos)
{
    QbbState *s = state;
    QbbUndo *undo = s->undo;
    int capacity = s->undo_capacity;
    qbb_state_load(s, pos);
    s->undo = undo;
    s->undo_capacity = capacity;
}

static void bitboard_save(const void *state, Position *pos)
{
    qbb_state_save(state, pos);
}

static Move neutral_move(QbbMove m)
{
    Piece placed = qbb_placed(m);
    bool promotion = PIECE_KIND(qbb_moved(m)) == PAWN && PIECE_KIND(placed) != PAWN;
    return (Move){(uint8_t)qbb_to_neutral(qbb_from(m)), (uint8_t)qbb_to_neutral(qbb_to(m)),
                  (uint8_t)(promotion ? PIECE_KIND(placed) : EMPTY)};
}

static int bitboard_generate(void *state, Move *moves)
{
    QbbMove internal[MAX_MOVES];
    int n = qbb_generate(state, internal);
    for (int i = 0; i < n; i++)
        moves[i] = neutral_move(internal[i]);
    return n;
}

/* The internal move for a neutral one: the legal move that matches it
 * (the internal move also says how a pawn's state changes). */
static QbbMove find_move(QbbState *s, Move move)
{
    QbbMove internal[MAX_MOVES];
    int n = qbb_generate(s, internal);
    for (int i = 0; i < n; i++)
        if (move_equal(neutral_move(internal[i]), move))
            return internal[i];
    abort(); /* the interface only makes moves that generate() returned */
}

static void bitboard_make(void *state, Move move)
{
    QbbState *s = state;
    if (s->undo_count == s->undo_capacity) {
        int capacity = s->undo_capacity ? 2 * s->undo_capacity : 256;
        QbbUndo *grown = realloc(s->undo, sizeof *grown * (size_t)capacity);
        if (!grown)
            abort(); /* the interface has no way to report it */
        s->undo = grown;
        s->undo_capacity = capacity;
    }
    QbbMove m = find_move(s, move);
    QbbUndo *u = &s->undo[s->undo_count++];
    u->move = m;
    u->turn = (uint8_t)s->turn;
    u->captured = qbb_make(s, m);
}

static void bitboard_unmake(void *state, Move move)
{
    QbbState *s = state;
    (void)move; /* the stack knows the internal move that was made */
    if (s->undo_count == 0)
        abort();
    const QbbUndo *u = &s->undo[--s->undo_count];
    qbb_unmake(s, u->move, u->captured, u->turn);
}

static uint64_t bitboard_perft(void *state, int depth, int bulk)
{
    return qbb_perft(state, depth, bulk != 0);
}

const Backend quaternity_bitboard_backend = {
    .name = "bitboard",
    .game = GAME_QUATERNITY,
    .summary = "144-bit bitboards (3 x 64-bit words, ranks padded to 16 bits) with rotated 12-bit line words",
    .create = bitboard_create,
    .destroy = bitboard_destroy,
    .load = bitboard_load,
    .save = bitboard_save,
    .generate = bitboard_generate,
    .make = bitboard_make,
    .unmake = bitboard_unmake,
    .perft = bitboard_perft,
};
