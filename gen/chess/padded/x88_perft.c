/* The perft recursion of the 0x88 backend.  One ply is written once, as
 * perft_ply, and compiled four times: for White and for Black to move, so
 * the side is a constant throughout the inlined generator and make/unmake
 * (the two copies call each other), and for bulk and non-bulk counting, so
 * the mode folds away too.  The generator is inlined once more as the
 * counting one (moves == NULL) for the last ply when bulk counting. */
#include "x88_perft.h"

#include <stdbool.h>
#include <stddef.h>

#include "backend.h"
#include "x88_make.h"
#include "x88_movegen.h"

/* The last ply's count: the generator with no list, so it stores nothing
 * (fewer instructions than listing the moves).  Inlined into the loop:
 * fewer instructions than out of line, and no slower (callgrind; no result
 * file kept). */
static inline __attribute__((always_inline)) int count_white(CpdBoard *x)
{
    return cpd_generate_for(x, CHESS_WHITE, NULL);
}

static inline __attribute__((always_inline)) int count_black(CpdBoard *x)
{
    return cpd_generate_for(x, CHESS_BLACK, NULL);
}

static uint64_t perft_made_white(CpdBoard *x, int depth);
static uint64_t perft_made_black(CpdBoard *x, int depth);
static uint64_t perft_bulk_white(CpdBoard *x, int depth);
static uint64_t perft_bulk_black(CpdBoard *x, int depth);

/* Non-bulk, depth >= 1: every move is made, the last ply's too (each counts
 * 1 once made).  Bulk, depth >= 2: the children at depth 1 are counted, not
 * made. */
CPD_HOT uint64_t perft_ply(CpdBoard *x, int depth, const int side, const bool bulk)
{
    CpdMove moves[CPD_MAX_MOVES];
    int n = cpd_generate_for(x, side, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        CpdUndo undo;
        cpd_make_side(x, moves[i], &undo, side);
        BACKEND_DEBUG_CHECK(cpd_check, x);
        if (bulk && depth == 2)
            nodes += (uint64_t)(side == CHESS_WHITE ? count_black(x) : count_white(x));
        else if (!bulk && depth == 1)
            nodes++;
        else if (bulk)
            nodes += side == CHESS_WHITE ? perft_bulk_black(x, depth - 1) : perft_bulk_white(x, depth - 1);
        else
            nodes += side == CHESS_WHITE ? perft_made_black(x, depth - 1) : perft_made_white(x, depth - 1);
        cpd_unmake_side(x, moves[i], &undo, side);
        BACKEND_DEBUG_CHECK(cpd_check, x);
    }
    return nodes;
}

static uint64_t perft_made_white(CpdBoard *x, int depth)
{
    return perft_ply(x, depth, CHESS_WHITE, false);
}

static uint64_t perft_made_black(CpdBoard *x, int depth)
{
    return perft_ply(x, depth, CHESS_BLACK, false);
}

static uint64_t perft_bulk_white(CpdBoard *x, int depth)
{
    return perft_ply(x, depth, CHESS_WHITE, true);
}

static uint64_t perft_bulk_black(CpdBoard *x, int depth)
{
    return perft_ply(x, depth, CHESS_BLACK, true);
}

int cpd_count(CpdBoard *x)
{
    return x->side == CHESS_WHITE ? count_white(x) : count_black(x);
}

uint64_t cpd_perft(CpdBoard *x, int depth, bool bulk)
{
    int white = x->side == CHESS_WHITE;
    if (depth <= 0)
        return 1;
    if (!bulk)
        return white ? perft_made_white(x, depth) : perft_made_black(x, depth);
    if (depth == 1)
        return (uint64_t)cpd_count(x);
    return white ? perft_bulk_white(x, depth) : perft_bulk_black(x, depth);
}
