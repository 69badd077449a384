/* The perft recursion: a move list per ply on the C stack, incremental
 * make/unmake (unmake restores the sets make saved, QbbSaved), and with
 * bulk counting the last ply as one qbb_count.  The last ply made (depth
 * 1 without bulk counting, depth 2 with it) is visited where it is
 * generated in a common node, no list (qbb_visit_leaves,
 * qbb_visit_counts).  One body, perft_t, instantiated for each mode with
 * `bulk` a constant. */
#include "bitboard_perft.h"

#include "backend.h"
#include "bitboard_movegen.h"

typedef uint64_t QbbPerftFn(QbbState *s, int depth);

/* Bulk: depth >= 1, and depth 1 is a count of the legal moves.  Made:
 * every move is made, down to the last ply, each of whose moves counts 1
 * once made.  The recursion goes
 * through `child` (the instantiating function itself) rather than naming
 * both modes here: naming both made GCC treat the two instances as one
 * mutually recursive cycle, and the made mode spent instructions on a
 * prologue before the leaf test (callgrind; no result file kept). */
static inline __attribute__((always_inline)) uint64_t perft_t(QbbState *s, int depth, const bool bulk,
                                                              QbbPerftFn *child)
{
    if (bulk && depth == 1)
        return (uint64_t)qbb_count(s);
    /* The last ply made (or, with bulk counting, the last but one) is
     * visited where it is generated, no list, in a common node; any other
     * node (-1) takes the general generator's list. */
    bool visited = (bulk && depth == 2) || (!bulk && depth == 1);
    if (visited) {
        int64_t nodes = bulk ? qbb_visit_counts(s) : qbb_visit_leaves(s);
        if (nodes >= 0)
            return (uint64_t)nodes;
    }
    QbbMove moves[QBB_MAX_MOVES];
    int n = visited ? qbb_generate_general(s, moves) : qbb_generate(s, moves);
    uint64_t nodes = 0;
    int turn = s->turn;
    for (int i = 0; i < n; i++) {
        QbbSaved saved;
        qbb_make_saving(s, moves[i], &saved);
        BACKEND_DEBUG_CHECK(qbb_check, s);
        /* The made position is whole in memory here: the barrier keeps
         * the compiler from folding a leaf's make and unmake together. */
        __asm__ volatile("" : : "m"(*s));
        /* The leaf counted here, not through a call of the recursion,
         * whose prologue (the move list's frame) cost more than the test
         * (measured, callgrind): with bulk counting depth 2 calls the
         * count, without it depth 1 counts the move it has made. */
        nodes += bulk && depth == 2 ? (uint64_t)qbb_count(s) : !bulk && depth == 1 ? 1 : child(s, depth - 1);
        qbb_unmake_restoring(s, moves[i], &saved, turn);
        BACKEND_DEBUG_CHECK(qbb_check, s);
    }
    return nodes;
}

static uint64_t perft_bulk(QbbState *s, int depth)
{
    return perft_t(s, depth, true, perft_bulk);
}

static uint64_t perft_made(QbbState *s, int depth)
{
    return perft_t(s, depth, false, perft_made);
}

uint64_t qbb_perft(QbbState *s, int depth, bool bulk)
{
    return bulk ? perft_bulk(s, depth) : perft_made(s, depth);
}
