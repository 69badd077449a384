/* The perft recursion.  Each node generates its legal moves into a list on
 * the stack, then makes each into a fresh child position (copy-make): the
 * parent stays intact, so there is nothing to unmake.  Bulk and full
 * counting are one function, perft_node, with the mode a constant.  The
 * castling of the loaded position travels beside the positions. */
#include "bitboard_perft.h"

#include "backend.h"
#include "bitboard_movegen.h"

static uint64_t perft_bulk(const CbbPosition *p, const CbbCastling *c, int depth);
static uint64_t perft_full(const CbbPosition *p, const CbbCastling *c, int depth);

/* The sum over `moves` of the replies each leaves `them`, the side to move
 * after it: make and count inlined into one loop per side, so the child
 * stays in registers between the two.  It pays: without it (a call and a
 * side test per counted node) bulk perft ran more instructions (callgrind,
 * initial position depth 5; no result file kept). */
CBB_INLINE uint64_t count_replies(const CbbPosition *p, const CbbCastling *c, const CbbMove *moves, int count,
                                  const int them)
{
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        CbbPosition child;
        cbb_make_listed_side(p, &child, moves[i], c, them ^ 1);
        BACKEND_DEBUG_CHECK(cbb_position_check, &child);
        nodes += cbb_count_side(&child, c, them);
    }
    return nodes;
}

/* Bulk: the last ply is counted, never made, so a bulk search stops at
 * depth 1; a full one makes every move and stops at depth 0. */
CBB_INLINE uint64_t perft_node(const CbbPosition *p, const CbbCastling *c, int depth, const bool bulk)
{
    if (!bulk && depth == 0)
        return 1;
    if (bulk && depth == 1)
        return cbb_count_moves(p, c);
    CbbMove moves[CBB_MAX_MOVES];
    int count = cbb_generate_moves(p, c, moves);
    if (bulk && depth == 2)
        return p->side == CBB_WHITE ? count_replies(p, c, moves, count, CBB_BLACK)
                                    : count_replies(p, c, moves, count, CBB_WHITE);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        CbbPosition child;
        cbb_copy_make(p, &child, moves[i], c);
        BACKEND_DEBUG_CHECK(cbb_position_check, &child);
        nodes += bulk ? perft_bulk(&child, c, depth - 1) : perft_full(&child, c, depth - 1);
    }
    return nodes;
}

/* The two instances.  Not inlined into each other, so the compiler cannot
 * see that a leaf's position goes unread and drop the last ply's makes. */
static __attribute__((noinline)) uint64_t perft_bulk(const CbbPosition *p, const CbbCastling *c, int depth)
{
    return perft_node(p, c, depth, true);
}

static __attribute__((noinline)) uint64_t perft_full(const CbbPosition *p, const CbbCastling *c, int depth)
{
    return perft_node(p, c, depth, false);
}

uint64_t cbb_perft(const CbbState *s, int depth, bool bulk)
{
    if (depth <= 0)
        return 1;
    return bulk ? perft_bulk(&s->pos, &s->castling, depth) : perft_full(&s->pos, &s->castling, depth);
}
