/* The padded Quaternity backend's native core (backend.h): native moves
 * are QpdMove (padded squares and the landing piece byte), the undo record
 * is QpdUndo, and the shared adapter keeps the history of made moves. */
#include <stdlib.h>

#include "../pawn_commitment.h"
#include "../zobrist.h"
#include "backend.h"
#include "padded_movegen.h"
#include "padded_pawns.h"
#include "padded_perft.h"

/* What the hashed perft (perft_hash_recursion.h) reads of the state. */
static inline Piece qpd_piece_at(const QpdState *s, int square)
{
    return s->board[qpd_tables.pad_of[square]];
}

static inline uint64_t qpd_state_key(const QpdState *s)
{
    return quaternity_zobrist_state(s->turn, s->controller, s->frozen);
}

extern const Backend quaternity_padded_backend; /* for backend_fail */

static void qpd_tables_init(void)
{
    qpd_layout_init();
    qpd_pawns_init();
}

/* The perft's move arena is the one thing an instance owns. */
static void qpd_release(QpdState *s)
{
    free(s->arena);
}

/* From the board alone: the squares through the layout's tables, the
 * landing byte (promotion, pawn commitment) from the shared rule. */
static bool qpd_decode(const QpdState *s, Move move, QpdMove *native)
{
    if (move.from >= Q_SQUARES || move.to >= Q_SQUARES)
        return false;
    int from = qpd_tables.pad_of[move.from], to = qpd_tables.pad_of[move.to];
    uint8_t moved = s->board[from];
    if (moved == EMPTY || s->controller[PIECE_ARMY(moved)] != s->turn)
        return false;
    uint8_t piece = quaternity_landing_piece(moved, move.from, move.to, move.promotion);
    *native = (QpdMove){(uint16_t)from, (uint16_t)to, piece};
    return true;
}

static Move qpd_encode(const QpdState *s, QpdMove m)
{
    uint8_t moved = s->board[m.from];
    bool promotes = PIECE_KIND(moved) == PAWN && PIECE_KIND(m.piece) != PAWN;
    return (Move){qpd_tables.neutral_of[m.from], qpd_tables.neutral_of[m.to],
                  (uint8_t)(promotes ? PIECE_KIND(m.piece) : EMPTY)};
}

/* The perft's move lists, one per ply, are reserved before it starts. */
static uint64_t qpd_perft(QpdState *s, int depth, bool bulk)
{
    if (!qpd_perft_reserve(s, depth))
        backend_fail(&quaternity_padded_backend, "perft", "out of memory for the move lists of %d plies", depth);
    return qpd_perft_moves(s, depth, bulk);
}

/* The hashed perft (perft_hash_recursion.h), with qpd_piece_at and qpd_state_key above. */
#define PH_BACKEND qpd, QpdState, QpdMove, QpdUndo, QPD_MOVES_BOUND, QUATERNITY_ZOBRIST
#define PH_STATS /* and the statistics with a table */
#include "perft_hash_recursion.h"

BACKEND_CORE_WITH_STATS(qpd, QpdState, QpdMove, QpdUndo, QPD_MOVES_BOUND, qpd_tables_init, qpd_release);

const Backend quaternity_padded_backend =
    BACKEND_FROM_CORE(qpd_core, "padded", GAME_QUATERNITY,
                      "12x12 board in a 23-wide guarded array; square differences index attack and pin tables");
