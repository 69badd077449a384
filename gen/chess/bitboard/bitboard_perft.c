/* The perft recursion, one function per side to move, counting mode
 * (bulk or full), whether a castling right is left and, when none is,
 * whether the board holds a knight, bishop or queen: each the one body
 * perft_node with those as constants.  Once no right is left none comes
 * back, so below such a node the castling pointer is a constant NULL and
 * the castling code of the walk and the makes compiles away; in a rook
 * ending (kings, pawns and rooks) the code for the other kinds does too
 * (cbb_kind, bitboard_movegen.h).
 * A node walks its legal moves (bitboard_movegen.h) and visits each as it
 * is found: no move list; the visit makes the child into a fresh position
 * on the stack (copy-make: the parent stays intact, nothing to unmake),
 * with the move's kind known at compile time, and searches it.  Two plies
 * from the end of a bulk count the children are listed instead (visit_last
 * below).  The castling of the loaded position travels beside the
 * positions. */
#include "bitboard_perft.h"

#include "backend.h"
#include "bitboard_movegen.h"

#define PERFT_DECLARE(name) static uint64_t name(const CbbPosition *p, const CbbCastling *c, int depth);
PERFT_DECLARE(perft_bulk_white)
PERFT_DECLARE(perft_bulk_black)
PERFT_DECLARE(perft_full_white)
PERFT_DECLARE(perft_full_black)
PERFT_DECLARE(perft_bulk_white_no_castling)
PERFT_DECLARE(perft_bulk_black_no_castling)
PERFT_DECLARE(perft_full_white_no_castling)
PERFT_DECLARE(perft_full_black_no_castling)
PERFT_DECLARE(perft_bulk_white_rooks_only)
PERFT_DECLARE(perft_bulk_black_rooks_only)
PERFT_DECLARE(perft_full_white_rooks_only)
PERFT_DECLARE(perft_full_black_rooks_only)

/* No knight, bishop or queen on the board: kings, pawns and rooks only. */
CBB_INLINE bool rooks_only_on(const CbbPosition *p)
{
    return !(p->kind[CBB_KNIGHT] | p->kind[CBB_BISHOP] | p->kind[CBB_QUEEN]);
}

/* Bulk: the last ply is counted, never made, so a bulk search stops at
 * depth 1; a full one makes every move and stops at depth 0.  `c` NULL:
 * the parent had no castling right left, so the child has none either. */
CBB_INLINE uint64_t perft_child(const CbbPosition *child, const CbbCastling *c, int depth, const int side,
                                const bool bulk)
{
    if (c && child->castling) {
        if (bulk)
            return side == CBB_WHITE ? perft_bulk_white(child, c, depth) : perft_bulk_black(child, c, depth);
        return side == CBB_WHITE ? perft_full_white(child, c, depth) : perft_full_black(child, c, depth);
    }
    if (rooks_only_on(child)) {
        if (bulk)
            return side == CBB_WHITE ? perft_bulk_white_rooks_only(child, NULL, depth)
                                     : perft_bulk_black_rooks_only(child, NULL, depth);
        return side == CBB_WHITE ? perft_full_white_rooks_only(child, NULL, depth)
                                 : perft_full_black_rooks_only(child, NULL, depth);
    }
    if (bulk)
        return side == CBB_WHITE ? perft_bulk_white_no_castling(child, NULL, depth)
                                 : perft_bulk_black_no_castling(child, NULL, depth);
    return side == CBB_WHITE ? perft_full_white_no_castling(child, NULL, depth)
                             : perft_full_black_no_castling(child, NULL, depth);
}

CBB_INLINE void visit(CbbSink *s, const CbbPosition *p, const int us, int from, int to, const int piece,
                      const int special, const bool capture, const bool bulk)
{
    _Alignas(64) CbbPosition child;
    cbb_make_move(p, &child, us, from, to, piece, special, capture, s->castling);
    BACKEND_DEBUG_CHECK(cbb_position_check, &child);
    s->nodes += perft_child(&child, s->castling, s->depth, us ^ 1, bulk);
}

CBB_INLINE void visit_bulk(CbbSink *s, const CbbPosition *p, int us, int from, int to, int piece, int special,
                           bool capture)
{
    visit(s, p, us, from, to, piece, special, capture, true);
}

CBB_INLINE void visit_full(CbbSink *s, const CbbPosition *p, int us, int from, int to, int piece, int special,
                           bool capture)
{
    visit(s, p, us, from, to, piece, special, capture, false);
}

/* Two plies from the end of a bulk count the children are made into a
 * list of positions, then counted one after the other: the counting walk
 * is inlined once, in that loop, instead of called per child. */
CBB_INLINE void visit_last(CbbSink *s, const CbbPosition *p, int us, int from, int to, int piece, int special,
                           bool capture)
{
    CbbPosition *child = &s->children[s->nodes++];
    cbb_make_move(p, child, us, from, to, piece, special, capture, s->castling);
    BACKEND_DEBUG_CHECK(cbb_position_check, child);
    if (special == CBB_MOVE_PROMOTE_BASE + CBB_KNIGHT || special == CBB_MOVE_PROMOTE_BASE + CBB_BISHOP ||
        special == CBB_MOVE_PROMOTE_BASE + CBB_QUEEN)
        s->promoted_non_rook = true;
}

/* The last ply of a full count: each leaf is made, whole, into memory and
 * counted, with no call per leaf.  The empty asm statement takes the leaf
 * as an input held in memory, so the compiler must finish every store of
 * the make and cannot drop it as unread. */
CBB_INLINE void visit_leaf(CbbSink *s, const CbbPosition *p, int us, int from, int to, int piece, int special,
                           bool capture)
{
    _Alignas(64) CbbPosition leaf;
    cbb_make_move(p, &leaf, us, from, to, piece, special, capture, s->castling);
    BACKEND_DEBUG_CHECK(cbb_position_check, &leaf);
    __asm__ volatile("" : : "m"(leaf));
    s->nodes++;
}

CBB_INLINE uint64_t perft_node(const CbbPosition *p, const CbbCastling *c, int depth, const int us, const bool bulk,
                               const bool rooks_only)
{
    if (!bulk && depth == 0)
        return 1;
    if (bulk && depth == 1)
        return cbb_count_side(p, c, us, rooks_only);
    if (bulk && depth == 2) {
        _Alignas(64) CbbPosition children[CBB_MAX_MOVES];
        CbbSink s = {.nodes = 0, .castling = c, .children = children};
        cbb_walk_side(p, c, us, &s, visit_last, rooks_only);
        uint64_t nodes = 0;
        /* In a rook ending only a promotion brings a knight, bishop or
         * queen back; the children are then counted the general way. */
        if (rooks_only && !s.promoted_non_rook)
            for (uint64_t i = 0; i < s.nodes; i++)
                nodes += cbb_count_side(&children[i], c, us ^ 1, true);
        else
            for (uint64_t i = 0; i < s.nodes; i++)
                nodes += cbb_count_side(&children[i], c, us ^ 1, false);
        return nodes;
    }
    CbbSink s = {.nodes = 0, .castling = c, .depth = depth - 1};
    if (!bulk && depth == 1)
        cbb_walk_side(p, c, us, &s, visit_leaf, rooks_only);
    else
        cbb_walk_side(p, c, us, &s, bulk ? visit_bulk : visit_full, rooks_only);
    return s.nodes;
}

/* The twelve instances.  Not inlined into each other, so the compiler
 * cannot see that a leaf's position goes unread and drop the last ply's
 * makes. */
#define PERFT_INSTANCE(name, us, bulk, castling, rooks_only)                                                           \
    static __attribute__((noinline)) uint64_t name(const CbbPosition *p, const CbbCastling *c, int depth)              \
    {                                                                                                                  \
        (void)c;                                                                                                       \
        return perft_node(p, castling, depth, us, bulk, rooks_only);                                                   \
    }
PERFT_INSTANCE(perft_bulk_white, CBB_WHITE, true, c, false)
PERFT_INSTANCE(perft_bulk_black, CBB_BLACK, true, c, false)
PERFT_INSTANCE(perft_full_white, CBB_WHITE, false, c, false)
PERFT_INSTANCE(perft_full_black, CBB_BLACK, false, c, false)
PERFT_INSTANCE(perft_bulk_white_no_castling, CBB_WHITE, true, NULL, false)
PERFT_INSTANCE(perft_bulk_black_no_castling, CBB_BLACK, true, NULL, false)
PERFT_INSTANCE(perft_full_white_no_castling, CBB_WHITE, false, NULL, false)
PERFT_INSTANCE(perft_full_black_no_castling, CBB_BLACK, false, NULL, false)
PERFT_INSTANCE(perft_bulk_white_rooks_only, CBB_WHITE, true, NULL, true)
PERFT_INSTANCE(perft_bulk_black_rooks_only, CBB_BLACK, true, NULL, true)
PERFT_INSTANCE(perft_full_white_rooks_only, CBB_WHITE, false, NULL, true)
PERFT_INSTANCE(perft_full_black_rooks_only, CBB_BLACK, false, NULL, true)

uint64_t cbb_perft(const CbbState *s, int depth, bool bulk)
{
    if (depth <= 0)
        return 1;
    return perft_child(&s->pos, &s->castling, depth, s->pos.side, bulk);
}
