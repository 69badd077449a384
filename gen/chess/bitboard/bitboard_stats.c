/* The bitboard backend's perft statistics (perft_stats.h): a recursion of
 * its own, apart from cbb_perft so that the plain count stays as fast as it
 * was.  Each node lists its moves and copy-makes each child on the stack;
 * every move of the last ply is made, and the leaf classified with the
 * generator's own check pass (cbb_legal_setup): its checkers set, counted,
 * and ANDed with the square the move put a piece on (direct), and the
 * counting walk for whether the side to move has a legal move. */
#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"

/* What the move is, from the parent. */
static unsigned move_kind(const CbbPosition *p, CbbMove m)
{
    if (m.special == CBB_MOVE_CASTLE)
        return STATS_MOVE_CASTLE; /* onto its own rook: no capture */
    if (m.special == CBB_MOVE_EN_PASSANT)
        return STATS_MOVE_CAPTURE | STATS_MOVE_EN_PASSANT;
    unsigned kind = (p->color[p->side ^ 1] & cbb_bit(m.to)) ? STATS_MOVE_CAPTURE : 0u;
    return m.special >= CBB_MOVE_PROMOTE_BASE ? kind | STATS_MOVE_PROMOTION : kind;
}

/* Where the move put the piece that can check: the castling rook's square
 * (the king's to is its own rook, bitboard_position.h), else `to`. */
static int placed_square(CbbMove m)
{
    if (m.special != CBB_MOVE_CASTLE)
        return m.to;
    return (m.from & 56) + (m.to > m.from ? 5 : 3);
}

static void stats_node(const CbbPosition *p, const CbbCastling *c, int depth, PerftStats *out)
{
    CbbMove moves[CBB_MAX_MOVES];
    int n = cbb_generate_moves(p, c, moves);
    for (int i = 0; i < n; i++) {
        _Alignas(64) CbbPosition child;
        cbb_copy_make(p, &child, moves[i], c);
        BACKEND_DEBUG_CHECK(cbb_position_check, &child);
        if (depth > 1) {
            stats_node(&child, c, depth - 1, out);
            continue;
        }
        CbbLegal l;
        cbb_legal_setup(&child, child.side, &l, false);
        bool direct = (l.checkers & cbb_bit(placed_square(moves[i]))) != 0;
        perft_stats_leaf(out, move_kind(p, moves[i]), cbb_popcount(l.checkers), direct, cbb_count_moves(&child, c) > 0);
    }
}

void cbb_perft_stats(const CbbState *s, int depth, PerftStats *out)
{
    *out = (PerftStats){{0}};
    stats_node(&s->pos, &s->castling, depth, out);
}
