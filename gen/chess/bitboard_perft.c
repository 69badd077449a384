/* The perft recursion.  Each node generates its legal moves into a list on
 * the stack, then makes each into a fresh child position (copy-make): the
 * parent stays intact, so there is nothing to unmake. */
#include "bitboard_perft.h"

#include "bitboard_movegen.h"

/* The sum over `moves` of the replies each leaves `them`, the side to move
 * after it: make and count inlined into one loop per side. */
BB_INLINE uint64_t count_replies(const BbPosition *p, const BbMove *moves, int count, int them)
{
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        BbPosition child;
        bb_make(p, &child, moves[i]);
        nodes += bb_count_side(&child, them);
    }
    return nodes;
}

/* Bulk counting: at depth 1 the legal moves are counted, never made.  The
 * depth-2 loop is written out so that the child position can stay in
 * registers between make and count. */
static uint64_t perft_bulk(const BbPosition *p, int depth)
{
    BbMove moves[BB_MAX_MOVES];
    int count = bb_generate(p, moves);
    uint64_t nodes = 0;
    if (depth == 2)
        return p->side == BB_WHITE ? count_replies(p, moves, count, BB_BLACK)
                                   : count_replies(p, moves, count, BB_WHITE);
    for (int i = 0; i < count; i++) {
        BbPosition child;
        bb_make(p, &child, moves[i]);
        nodes += perft_bulk(&child, depth - 1);
    }
    return nodes;
}

/* Every leaf made: depth 0 is reached through a real make and call.  Not
 * inlined, so the compiler cannot see that a leaf's position goes unread
 * and drop the last ply's makes. */
static __attribute__((noinline)) uint64_t perft_full(const BbPosition *p, int depth)
{
    if (depth == 0)
        return 1;
    BbMove moves[BB_MAX_MOVES];
    int count = bb_generate(p, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        BbPosition child;
        bb_make(p, &child, moves[i]);
        nodes += perft_full(&child, depth - 1);
    }
    return nodes;
}

uint64_t bb_perft(const BbPosition *p, int depth, int bulk)
{
    if (depth <= 0)
        return 1;
    if (!bulk)
        return perft_full(p, depth);
    return depth == 1 ? bb_count_moves(p) : perft_bulk(p, depth);
}
