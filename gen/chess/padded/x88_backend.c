/* The "padded" chess backend: the 0x88 board behind the Backend interface.
 * Here live the conversions between neutral squares and 0x88 squares, the
 * instance (position plus the history the interface's make/unmake need), and
 * the registry entry.  The search itself is in x88_perft.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "x88_make.h"
#include "x88_movegen.h"
#include "x88_perft.h"
#include "x88_tables.h"

typedef struct X88Instance {
    X88 position;
    /* Moves made through the interface, for unmake; grows as needed. */
    X88Move *played;
    X88Undo *undo;
    int depth, capacity;
} X88Instance;

static void *x88_create(const Backend *self)
{
    (void)self;
    x88_tables_init();
    X88Instance *instance = calloc(1, sizeof *instance);
    if (!instance)
        return NULL;
    instance->capacity = 2 * MAX_DEPTH + 2;
    instance->played = malloc((size_t)instance->capacity * sizeof *instance->played);
    instance->undo = malloc((size_t)instance->capacity * sizeof *instance->undo);
    if (!instance->played || !instance->undo) {
        free(instance->played);
        free(instance->undo);
        free(instance);
        return NULL;
    }
    return instance;
}

static void x88_destroy(void *state)
{
    X88Instance *instance = state;
    if (!instance)
        return;
    free(instance->played);
    free(instance->undo);
    free(instance);
}

static void x88_load(void *state, const Position *pos)
{
    X88Instance *instance = state;
    X88 *x = &instance->position;
    memset(x, 0, sizeof *x);
    instance->depth = 0;
    for (int square = 0; square < C_SQUARES; square++) {
        Piece p = pos->board[square];
        if (p == EMPTY)
            continue;
        int side = PIECE_ARMY(p), kind = PIECE_KIND(p), at = x88_from_neutral(square);
        x->board[at] = (uint8_t)(x88_colour_bit(side) | kind);
        x88_list_add(x, side, kind, at);
    }
    x->side = (uint8_t)pos->turn;
    x->state.castling = pos->castling;
    x->state.ep = pos->ep_square < 0 ? (uint8_t)X88_NO_EP : (uint8_t)x88_from_neutral(pos->ep_square);
    x->state.halfmove_clock = pos->halfmove_clock;
    x->fullmove_number = pos->fullmove_number;
}

static void x88_save(const void *state, Position *pos)
{
    const X88 *x = &((const X88Instance *)state)->position;
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    for (int square = 0; square < C_SQUARES; square++) {
        int b = x->board[x88_from_neutral(square)];
        if (b == EMPTY)
            continue;
        int side = x88_side_of(b), kind = b & X88_KIND_MASK;
        PawnState state_bits = kind != PAWN ? PAWN_NONE : side == CHESS_WHITE ? PAWN_UP : PAWN_DOWN;
        pos->board[square] = PIECE_MAKE(side, kind, state_bits);
    }
    pos->turn = x->side;
    pos->castling = x->state.castling;
    pos->ep_square = x->state.ep == X88_NO_EP ? -1 : x88_to_neutral(x->state.ep);
    pos->halfmove_clock = x->state.halfmove_clock;
    pos->fullmove_number = x->fullmove_number;
}

static Move to_neutral_move(X88Move m)
{
    Move move = {(uint8_t)x88_to_neutral(x88_move_from(m)), (uint8_t)x88_to_neutral(x88_move_to(m)),
                 (uint8_t)x88_move_promotion(m)};
    return move;
}

static int x88_generate_neutral(void *state, Move *moves)
{
    X88Instance *instance = state;
    X88Move list[X88_MAX_MOVES];
    int n = x88_generate(&instance->position, list);
    for (int i = 0; i < n; i++)
        moves[i] = to_neutral_move(list[i]);
    return n;
}

static void x88_make_neutral(void *state, Move move)
{
    X88Instance *instance = state;
    X88Move list[X88_MAX_MOVES];
    int n = x88_generate(&instance->position, list);
    int i = 0;
    while (i < n && !move_equal(to_neutral_move(list[i]), move))
        i++;
    if (i == n) {
        fprintf(stderr, "padded chess backend: make() given a move that is not legal here\n");
        abort();
    }
    if (instance->depth == instance->capacity) {
        int capacity = 2 * instance->capacity;
        X88Move *played = realloc(instance->played, (size_t)capacity * sizeof *played);
        if (played)
            instance->played = played;
        X88Undo *undo = realloc(instance->undo, (size_t)capacity * sizeof *undo);
        if (undo)
            instance->undo = undo;
        if (!played || !undo) {
            fprintf(stderr, "padded chess backend: out of memory for the move history\n");
            abort();
        }
        instance->capacity = capacity;
    }
    instance->played[instance->depth] = list[i];
    x88_make(&instance->position, list[i], &instance->undo[instance->depth], instance->position.side);
    instance->depth++;
}

static void x88_unmake_neutral(void *state, Move move)
{
    X88Instance *instance = state;
    if (instance->depth == 0 || !move_equal(to_neutral_move(instance->played[instance->depth - 1]), move)) {
        fprintf(stderr, "padded chess backend: unmake() of a move that was not the last made\n");
        abort();
    }
    instance->depth--;
    x88_unmake(&instance->position, instance->played[instance->depth], &instance->undo[instance->depth],
               instance->position.side ^ 1);
}

static uint64_t x88_perft_neutral(void *state, int depth, int bulk)
{
    return x88_perft(&((X88Instance *)state)->position, depth, bulk);
}

const Backend chess_padded_backend = {
    .name = "padded",
    .game = GAME_CHESS,
    .summary = "0x88 board (128 squares, off-board mask, difference attack table), piece lists, pins found before "
               "generation",
    .create = x88_create,
    .destroy = x88_destroy,
    .load = x88_load,
    .save = x88_save,
    .generate = x88_generate_neutral,
    .make = x88_make_neutral,
    .unmake = x88_unmake_neutral,
    .perft = x88_perft_neutral,
};
