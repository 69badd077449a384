/* The padded Quaternity backend's native core (backend.h): native moves
 * are QpdMove (padded squares and the landing piece byte), the undo record
 * is QpdUndo, and the shared adapter keeps the history of made moves. */
#include <stdlib.h>

#include "../pawn_commitment.h"
#include "backend.h"
#include "padded_movegen.h"
#include "padded_pawns.h"
#include "padded_perft.h"

extern const Backend quaternity_padded_backend; /* for backend_fail */

static void *core_create(void)
{
    qpd_layout_init();
    qpd_pawns_init();
    return calloc(1, sizeof(QpdState));
}

static void core_destroy(void *state)
{
    QpdState *s = state;
    if (s)
        free(s->arena);
    free(s);
}

static void core_load(void *state, const Position *pos)
{
    qpd_state_load(state, pos);
}

static void core_save(const void *state, Position *pos)
{
    qpd_state_save(state, pos);
}

static int core_generate(void *state, void *moves)
{
    return qpd_generate(state, moves);
}

static int core_count(void *state)
{
    return qpd_count(state);
}

static void core_make(void *state, const void *move, void *undo)
{
    qpd_make(state, *(const QpdMove *)move, undo);
}

static void core_unmake(void *state, const void *move, const void *undo)
{
    qpd_unmake(state, *(const QpdMove *)move, undo);
}

/* From the board alone: the squares through the layout's tables, the
 * landing byte (promotion, pawn commitment) from the shared rule. */
static bool core_decode(const void *state, Move move, void *native)
{
    const QpdState *s = state;
    if (move.from >= Q_SQUARES || move.to >= Q_SQUARES)
        return false;
    int from = qpd_tables.pad_of[move.from], to = qpd_tables.pad_of[move.to];
    uint8_t moved = s->board[from];
    if (moved == EMPTY || s->controller[PIECE_ARMY(moved)] != s->turn)
        return false;
    uint8_t piece = quaternity_landing_piece(moved, move.from, move.to, move.promotion);
    *(QpdMove *)native = (QpdMove){(uint16_t)from, (uint16_t)to, piece};
    return true;
}

static Move core_encode(const void *state, const void *native)
{
    const QpdState *s = state;
    QpdMove m = *(const QpdMove *)native;
    uint8_t moved = s->board[m.from];
    bool promotes = PIECE_KIND(moved) == PAWN && PIECE_KIND(m.piece) != PAWN;
    return (Move){qpd_tables.neutral_of[m.from], qpd_tables.neutral_of[m.to],
                  (uint8_t)(promotes ? PIECE_KIND(m.piece) : EMPTY)};
}

static uint64_t core_perft(void *state, int depth, bool bulk)
{
    if (!qpd_perft_reserve(state, depth))
        backend_fail(&quaternity_padded_backend, "perft", "out of memory for the move lists of %d plies", depth);
    return qpd_perft(state, depth, bulk);
}

static const char *core_check(const void *state)
{
    return qpd_check(state);
}

static const BackendCore quaternity_padded_core = {
    .move_size = sizeof(QpdMove),
    .undo_size = sizeof(QpdUndo),
    .move_capacity = QPD_MOVES_BOUND,
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

const Backend quaternity_padded_backend =
    BACKEND_FROM_CORE(quaternity_padded_core, "padded", GAME_QUATERNITY,
                      "12x12 board in a 23-wide guarded array; square differences index attack and pin tables");
