/* The Quaternity bitboard backend's native core (backend.h): the instance
 * is the current QbbState, made and unmade incrementally; the undo record
 * is the captured piece and the turn (QbbUndo).  The representation is
 * described in bb144.h and bitboard_state.h. */
#include <stdlib.h>

#include "../pawn_commitment.h"
#include "../zobrist.h"
#include "backend.h"
#include "bitboard_attacks.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"
#include "bitboard_state.h"

/* What the hashed perft (perft_hash_recursion.h) reads of the state. */
static inline Piece qbb_piece_at(const QbbState *s, int square)
{
    return s->board[qbb_from_neutral(square)];
}

static inline uint64_t qbb_state_key(const QbbState *s)
{
    return quaternity_zobrist_state(s->turn, s->controller, s->frozen);
}

static void qbb_make(QbbState *s, QbbMove m, QbbUndo *u)
{
    u->turn = (uint8_t)s->turn;
    u->captured = qbb_make_move(s, m);
}

static void qbb_unmake(QbbState *s, QbbMove m, const QbbUndo *u)
{
    qbb_unmake_move(s, m, u->captured, u->turn);
}

/* The native move from the mailbox: the man on `from` must be the mover's;
 * what lands on `to` (a pawn's commitment, a promotion) follows from the
 * squares alone. */
static bool qbb_decode(const QbbState *s, Move move, QbbMove *native)
{
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
    *native = qbb_move(from, to, placed, moved);
    return true;
}

static Move qbb_encode(const QbbState *s, QbbMove m)
{
    (void)s;
    Piece placed = qbb_placed(m);
    bool promotion = PIECE_KIND(qbb_moved(m)) == PAWN && PIECE_KIND(placed) != PAWN;
    return (Move){(uint8_t)qbb_to_neutral(qbb_from(m)), (uint8_t)qbb_to_neutral(qbb_to(m)),
                  (uint8_t)(promotion ? PIECE_KIND(placed) : EMPTY)};
}

/* The hashed perft (perft_hash_recursion.h), with qbb_piece_at and qbb_state_key above. */
#define PH_BACKEND qbb, QbbState, QbbMove, QbbUndo, QBB_MAX_MOVES, QUATERNITY_ZOBRIST
#define PH_STATS /* and the statistics with a table */
#include "perft_hash_recursion.h"

BACKEND_CORE_WITH_STATS(qbb, QbbState, QbbMove, QbbUndo, QBB_MAX_MOVES, qbb_state_tables_init, NULL);

const Backend quaternity_bitboard_backend =
    BACKEND_FROM_CORE(qbb_core, "bitboard", GAME_QUATERNITY,
                      "144-bit bitboards (" QBB_SET_KIND
                      ", ranks padded to 16 bits), lines gathered by " QBB_LINE_GATHER ", counts by ray fills");
