/* The orthodox chess bitboard backend's native core (backend.h): the
 * instance is the current CbbPosition; make is copy-make, so the undo
 * record is the whole position before the move (80 bytes) and unmake
 * copies it back.  perft never touches undo records: it keeps each
 * child on the C stack. */
#include <stdlib.h>

#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"

static void *core_create(void)
{
    cbb_tables_init();
    return calloc(1, sizeof(CbbPosition));
}

static void core_destroy(void *state)
{
    free(state);
}

static void core_load(void *state, const Position *pos)
{
    cbb_position_load(state, pos);
}

static void core_save(const void *state, Position *pos)
{
    cbb_position_save(state, pos);
}

static int core_generate(void *state, void *moves)
{
    return cbb_generate(state, moves);
}

static int core_count(void *state)
{
    return (int)cbb_count_moves(state);
}

static void core_make(void *state, const void *move, void *undo)
{
    CbbPosition *before = undo;
    *before = *(const CbbPosition *)state;
    cbb_make(before, state, *(const CbbMove *)move);
}

static void core_unmake(void *state, const void *move, const void *undo)
{
    (void)move; /* the position before the move says everything */
    *(CbbPosition *)state = *(const CbbPosition *)undo;
}

static bool core_decode(const void *state, Move move, void *native)
{
    return cbb_move_from_neutral(state, move, native);
}

static Move core_encode(const void *state, const void *native)
{
    (void)state;
    return cbb_move_to_neutral(*(const CbbMove *)native);
}

static const char *core_check(const void *state)
{
    return cbb_position_check(state);
}

static uint64_t core_perft(void *state, int depth, bool bulk)
{
    return cbb_perft(state, depth, bulk);
}

static const BackendCore chess_bitboard_core = {
    .move_size = sizeof(CbbMove),
    .undo_size = sizeof(CbbPosition),
    .move_capacity = CBB_MAX_MOVES,
    .create = core_create,
    .destroy = core_destroy,
    .load = core_load,
    .save = core_save,
    .generate = core_generate,
    .count = core_count,
    .make = core_make,
    .unmake = core_unmake,
    .decode = core_decode,
    .encode = core_encode,
    .perft = core_perft,
    .check = core_check,
};

const Backend chess_bitboard_backend = BACKEND_FROM_CORE(
    chess_bitboard_core, "bitboard", GAME_CHESS,
    CBB_SLIDER_PEXT ? "64-bit bitboards, PEXT slider lookups, legal generation with pin and check masks, copy-make"
                    : "64-bit bitboards, magic slider lookups, legal generation with pin and check masks, "
                      "copy-make");
