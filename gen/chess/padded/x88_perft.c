/* The perft recursion of the 0x88 backend.  Each ply is written once and
 * compiled twice, for White and for Black to move, so the side is a
 * constant throughout the inlined generator and make/unmake; the two copies
 * call each other.  The generator itself is inlined twice more: the listing
 * one for inner plies and the counting one (moves == NULL) for the last ply
 * when bulk counting. */
#include "x88_perft.h"

#include <stddef.h>

#include "x88_make.h"
#include "x88_movegen.h"

/* The last ply's count, kept out of line: inlined into the loop below it
 * would compete with the loop for registers. */
static __attribute__((noinline)) int count_white(X88 *x)
{
    return x88_generate_for(x, CHESS_WHITE, NULL);
}

static __attribute__((noinline)) int count_black(X88 *x)
{
    return x88_generate_for(x, CHESS_BLACK, NULL);
}

static uint64_t perft_made_white(X88 *x, int depth);
static uint64_t perft_made_black(X88 *x, int depth);
static uint64_t perft_bulk_white(X88 *x, int depth);
static uint64_t perft_bulk_black(X88 *x, int depth);

/* depth >= 1: every move made, the last ply's too (each counts 1 once made). */
X88_HOT uint64_t perft_made(X88 *x, int depth, const int side)
{
    X88Move moves[X88_MAX_MOVES];
    int n = x88_generate_for(x, side, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        X88Undo undo;
        x88_make(x, moves[i], &undo, side);
        if (depth == 1)
            nodes++;
        else
            nodes += side == CHESS_WHITE ? perft_made_black(x, depth - 1) : perft_made_white(x, depth - 1);
        x88_unmake(x, moves[i], &undo, side);
    }
    return nodes;
}

/* depth >= 2: the children at depth 1 are counted, not made. */
X88_HOT uint64_t perft_bulk(X88 *x, int depth, const int side)
{
    X88Move moves[X88_MAX_MOVES];
    int n = x88_generate_for(x, side, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        X88Undo undo;
        x88_make(x, moves[i], &undo, side);
        if (depth == 2)
            nodes += (uint64_t)(side == CHESS_WHITE ? count_black(x) : count_white(x));
        else
            nodes += side == CHESS_WHITE ? perft_bulk_black(x, depth - 1) : perft_bulk_white(x, depth - 1);
        x88_unmake(x, moves[i], &undo, side);
    }
    return nodes;
}

static uint64_t perft_made_white(X88 *x, int depth)
{
    return perft_made(x, depth, CHESS_WHITE);
}

static uint64_t perft_made_black(X88 *x, int depth)
{
    return perft_made(x, depth, CHESS_BLACK);
}

static uint64_t perft_bulk_white(X88 *x, int depth)
{
    return perft_bulk(x, depth, CHESS_WHITE);
}

static uint64_t perft_bulk_black(X88 *x, int depth)
{
    return perft_bulk(x, depth, CHESS_BLACK);
}

uint64_t x88_perft(X88 *x, int depth, int bulk)
{
    int white = x->side == CHESS_WHITE;
    if (depth <= 0)
        return 1;
    if (!bulk)
        return white ? perft_made_white(x, depth) : perft_made_black(x, depth);
    if (depth == 1)
        return (uint64_t)(white ? count_white(x) : count_black(x));
    return white ? perft_bulk_white(x, depth) : perft_bulk_black(x, depth);
}
