/* The orthodox chess bitboard backend behind the Backend interface.
 *
 * An instance is the current CbbPosition plus a stack of the positions
 * before each interface make(), so unmake() restores the old one by copy.
 * The stack grows on demand; perft never touches it (it keeps its children
 * on the C stack). */
#include <stdio.h>
#include <stdlib.h>

#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"

typedef struct BitboardChess {
    CbbPosition current;
    CbbPosition *history; /* positions before each make, oldest first */
    size_t made, capacity;
} BitboardChess;

enum { INITIAL_HISTORY = 64 };

static void *bitboard_create(void)
{
    cbb_tables_init();
    BitboardChess *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->history = malloc(INITIAL_HISTORY * sizeof *b->history);
    if (!b->history) {
        free(b);
        return NULL;
    }
    b->capacity = INITIAL_HISTORY;
    return b;
}

static void bitboard_destroy(void *state)
{
    BitboardChess *b = state;
    free(b->history);
    free(b);
}

static void bitboard_load(void *state, const Position *pos)
{
    BitboardChess *b = state;
    cbb_position_load(&b->current, pos);
    b->made = 0;
}

static void bitboard_save(const void *state, Position *pos)
{
    const BitboardChess *b = state;
    cbb_position_save(&b->current, pos);
}

static int bitboard_generate(void *state, Move *moves)
{
    BitboardChess *b = state;
    CbbMove internal[CBB_MAX_MOVES];
    int count = cbb_generate(&b->current, internal);
    for (int i = 0; i < count; i++)
        moves[i] = cbb_move_to_neutral(internal[i]);
    return count;
}

static void bitboard_make(void *state, Move move)
{
    BitboardChess *b = state;
    if (b->made == b->capacity) {
        /* The interface has no error path; a few bytes per ply failing to
         * allocate is not worth limping on from. */
        CbbPosition *grown = realloc(b->history, 2 * b->capacity * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "bitboard chess: out of memory for the move history\n");
            abort();
        }
        b->history = grown;
        b->capacity *= 2;
    }
    b->history[b->made++] = b->current;
    cbb_make(&b->history[b->made - 1], &b->current, cbb_move_from_neutral(&b->current, move));
}

static void bitboard_unmake(void *state, Move move)
{
    BitboardChess *b = state;
    (void)move; /* the saved position says everything */
    b->current = b->history[--b->made];
}

static uint64_t bitboard_perft(void *state, int depth, int bulk)
{
    const BitboardChess *b = state;
    return cbb_perft(&b->current, depth, bulk);
}

const Backend chess_bitboard_backend = {
    .name = "bitboard",
    .game = GAME_CHESS,
    .summary = CBB_SLIDER_PEXT
                   ? "64-bit bitboards, PEXT slider lookups, legal generation with pin and check masks, copy-make"
                   : "64-bit bitboards, magic slider lookups, legal generation with pin and check masks, copy-make",
    .create = bitboard_create,
    .destroy = bitboard_destroy,
    .load = bitboard_load,
    .save = bitboard_save,
    .generate = bitboard_generate,
    .make = bitboard_make,
    .unmake = bitboard_unmake,
    .perft = bitboard_perft,
};
