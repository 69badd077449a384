/* The perft recursion.  Each node generates its legal moves into a list on
 * the stack, then makes each into a fresh child position (copy-make): the
 * parent stays intact, so there is nothing to unmake. */
#include "bitboard_perft.h"

#include "bitboard_movegen.h"

/* The sum over `moves` of the replies each leaves `them`, the side to move
 * after it: make and count inlined into one loop per side. */
CBB_INLINE uint64_t count_replies(const CbbPosition *p, const CbbMove *moves, int count, int them)
{
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        CbbPosition child;
        cbb_make(p, &child, moves[i]);
        nodes += cbb_count_side(&child, them);
    }
    return nodes;
}

/* Bulk counting: at depth 1 the legal moves are counted, never made.  The
 * depth-2 loop is written out so that the child position can stay in
 * registers between make and count. */
static uint64_t perft_bulk(const CbbPosition *p, int depth)
{
    CbbMove moves[CBB_MAX_MOVES];
    int count = cbb_generate(p, moves);
    uint64_t nodes = 0;
    if (depth == 2)
        return p->side == CBB_WHITE ? count_replies(p, moves, count, CBB_BLACK)
                                    : count_replies(p, moves, count, CBB_WHITE);
    for (int i = 0; i < count; i++) {
        CbbPosition child;
        cbb_make(p, &child, moves[i]);
        nodes += perft_bulk(&child, depth - 1);
    }
    return nodes;
}

/* Every leaf made: depth 0 is reached through a real make and call.  Not
 * inlined, so the compiler cannot see that a leaf's position goes unread
 * and drop the last ply's makes. */
static __attribute__((noinline)) uint64_t perft_full(const CbbPosition *p, int depth)
{
    if (depth == 0)
        return 1;
    CbbMove moves[CBB_MAX_MOVES];
    int count = cbb_generate(p, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        CbbPosition child;
        cbb_make(p, &child, moves[i]);
        nodes += perft_full(&child, depth - 1);
    }
    return nodes;
}

uint64_t cbb_perft(const CbbPosition *p, int depth, int bulk)
{
    if (depth <= 0)
        return 1;
    if (!bulk)
        return perft_full(p, depth);
    return depth == 1 ? cbb_count_moves(p) : perft_bulk(p, depth);
}
