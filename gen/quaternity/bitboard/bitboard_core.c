/* The Quaternity bitboard backend's native core (backend.h): the instance
 * is the current QbbState, made and unmade incrementally; the undo record
 * is the captured piece and the turn (QbbUndo).  The representation is
 * described in bb144.h and bitboard_state.h. */
#include <stdlib.h>

#include "../pawn_commitment.h"
#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"
#include "bitboard_state.h"

static void *core_create(void)
{
    qbb_state_tables_init();
    return calloc(1, sizeof(QbbState));
}

static void core_destroy(void *state)
{
    free(state);
}

static void core_load(void *state, const Position *pos)
{
    qbb_state_load(state, pos);
}

static void core_save(const void *state, Position *pos)
{
    qbb_state_save(state, pos);
}

static int core_generate(void *state, void *moves)
{
    return qbb_generate(state, moves);
}

static int core_count(void *state)
{
    return qbb_count(state);
}

static void core_make(void *state, const void *move, void *undo)
{
    QbbState *s = state;
    QbbUndo *u = undo;
    u->turn = (uint8_t)s->turn;
    u->captured = qbb_make(s, *(const QbbMove *)move);
}

static void core_unmake(void *state, const void *move, const void *undo)
{
    const QbbUndo *u = undo;
    qbb_unmake(state, *(const QbbMove *)move, u->captured, u->turn);
}

/* The native move from the mailbox: the man on `from` must be the mover's;
 * what lands on `to` (a pawn's commitment, a promotion) follows from the
 * squares alone. */
static bool core_decode(const void *state, Move move, void *native)
{
    const QbbState *s = state;
    if (move.from >= Q_SQUARES || move.to >= Q_SQUARES || move.from == move.to)
        return false;
    int from = qbb_from_neutral(move.from), to = qbb_from_neutral(move.to);
    Piece moved = s->board[from], target = s->board[to];
    if (moved == EMPTY || s->controller[PIECE_ARMY(moved)] != s->turn)
        return false;
    if (target != EMPTY && (s->controller[PIECE_ARMY(target)] == s->turn || PIECE_KIND(target) == KING))
        return false;
    if (move.promotion != EMPTY && (PIECE_KIND(moved) != PAWN || move.promotion < KNIGHT || move.promotion > QUEEN))
        return false;
    Piece placed = quaternity_landing_piece(moved, move.from, move.to, (Kind)move.promotion);
    *(QbbMove *)native = qbb_move(from, to, placed, moved);
    return true;
}

static Move core_encode(const void *state, const void *native)
{
    (void)state;
    QbbMove m = *(const QbbMove *)native;
    Piece placed = qbb_placed(m);
    bool promotion = PIECE_KIND(qbb_moved(m)) == PAWN && PIECE_KIND(placed) != PAWN;
    return (Move){(uint8_t)qbb_to_neutral(qbb_from(m)), (uint8_t)qbb_to_neutral(qbb_to(m)),
                  (uint8_t)(promotion ? PIECE_KIND(placed) : EMPTY)};
}

static uint64_t core_perft(void *state, int depth, bool bulk)
{
    return qbb_perft(state, depth, bulk);
}

static const char *core_check(const void *state)
{
    return qbb_state_check(state);
}

static const BackendCore quaternity_bitboard_core = {
    .move_size = sizeof(QbbMove),
    .undo_size = sizeof(QbbUndo),
    .move_capacity = QBB_MAX_MOVES,
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

const Backend quaternity_bitboard_backend =
    BACKEND_FROM_CORE(quaternity_bitboard_core, "bitboard", GAME_QUATERNITY,
                      "144-bit bitboards (3 x 64-bit words, ranks padded to 16 bits) with rotated 12-bit line words");
