/* The 0x88 backend's perft statistics (perft_stats.h): a recursion of its
 * own, apart from cpd_perft so that the plain count stays as fast as it
 * was.  Every move of the last ply is made; the leaf is then classified by
 * looking out from the king of the side to move: along its eight lines to
 * the first piece, at the eight knight squares and the two pawn squares,
 * for pieces of the side that moved (the 0x88 mask ends each walk at the
 * board's edge).  A checker standing where the move put a piece is direct;
 * cpd_count tells whether the side to move has a legal move. */
#include "x88_stats.h"

#include "backend.h"
#include "x88_make.h"
#include "x88_movegen.h"
#include "x88_perft.h"

static const int LINE_STEPS[8] = {1, -1, 16, -16, 15, -15, 17, -17}; /* four orthogonal, then four diagonal */
static const int KNIGHT_JUMPS[8] = {14, -14, 18, -18, 31, -31, 33, -33};

/* What the move is, read before it is made. */
static unsigned move_kind(const CpdBoard *x, CpdMove m)
{
    if (m & CPD_MOVE_CASTLE)
        return STATS_MOVE_CASTLE; /* onto its own rook: no capture */
    if (m & CPD_MOVE_EN_PASSANT)
        return STATS_MOVE_CAPTURE | STATS_MOVE_EN_PASSANT;
    unsigned kind = x->board[cpd_move_to(m)] != EMPTY ? STATS_MOVE_CAPTURE : 0u;
    return (m & CPD_MOVE_PROMOTION) ? kind | STATS_MOVE_PROMOTION : kind;
}

/* Classifies the leaf just reached by `m` of the side not to move now. */
static void count_leaf(CpdBoard *x, CpdMove m, unsigned kind, PerftStats *out)
{
    int mover = x->side ^ 1, colour = cpd_colour_bit(mover);
    int king = cpd_king(x, x->side);
    int placed = cpd_move_to(m); /* where the move put the piece that moved */
    if (m & CPD_MOVE_CASTLE)
        placed = cpd_castle_of(x, mover, cpd_move_from(m), cpd_move_to(m))->rook_to;
    int checkers = 0;
    bool direct = false;
    for (int d = 0; d < 8; d++) {
        int step = LINE_STEPS[d], sq = king + step;
        while (!(sq & CPD_OFF) && x->board[sq] == EMPTY)
            sq += step;
        if (sq & CPD_OFF)
            continue;
        int piece = x->board[sq], slider = d < 4 ? ROOK : BISHOP;
        if ((piece & colour) && ((piece & CPD_KIND_MASK) == slider || (piece & CPD_KIND_MASK) == QUEEN)) {
            checkers++;
            direct |= sq == placed;
        }
    }
    for (int j = 0; j < 8; j++) {
        int sq = king + KNIGHT_JUMPS[j];
        if (!(sq & CPD_OFF) && x->board[sq] == (colour | KNIGHT)) {
            checkers++;
            direct |= sq == placed;
        }
    }
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        int sq = king - cpd_forward(mover) + side_step;
        if (!(sq & CPD_OFF) && x->board[sq] == (colour | PAWN)) {
            checkers++;
            direct |= sq == placed;
        }
    }
    perft_stats_leaf(out, kind, checkers, direct, cpd_count(x) > 0);
}

static void stats_node(CpdBoard *x, int depth, PerftStats *out)
{
    CpdMove moves[CPD_MAX_MOVES];
    int side = x->side;
    int n = cpd_generate(x, moves);
    for (int i = 0; i < n; i++) {
        unsigned kind = move_kind(x, moves[i]);
        CpdUndo undo;
        cpd_make_side(x, moves[i], &undo, side);
        BACKEND_DEBUG_CHECK(cpd_check, x);
        if (depth == 1)
            count_leaf(x, moves[i], kind, out);
        else
            stats_node(x, depth - 1, out);
        cpd_unmake_side(x, moves[i], &undo, side);
        BACKEND_DEBUG_CHECK(cpd_check, x);
    }
}

void cpd_perft_stats(CpdBoard *x, int depth, PerftStats *out)
{
    *out = (PerftStats){{0}};
    stats_node(x, depth, out);
}
