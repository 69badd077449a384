/* The perft recursion of the 0x88 backend.  Two copies of the generator are
 * inlined here: the listing one for inner plies and the counting one
 * (moves == NULL) for the last ply when bulk counting. */
#include "x88_perft.h"

#include <stddef.h>

#include "x88_make.h"
#include "x88_movegen.h"

/* Every move made, down to depth 0. */
static uint64_t perft_made(X88 *x, int depth)
{
    if (depth == 0)
        return 1;
    X88Move moves[X88_MAX_MOVES];
    int n = x88_generate(x, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        X88Undo undo;
        x88_make(x, moves[i], &undo);
        nodes += perft_made(x, depth - 1);
        x88_unmake(x, moves[i], &undo);
    }
    return nodes;
}

/* depth >= 2: the children at depth 1 are counted, not made. */
static uint64_t perft_bulk(X88 *x, int depth)
{
    X88Move moves[X88_MAX_MOVES];
    int n = x88_generate(x, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        X88Undo undo;
        x88_make(x, moves[i], &undo);
        nodes += depth == 2 ? (uint64_t)x88_generate(x, NULL) : perft_bulk(x, depth - 1);
        x88_unmake(x, moves[i], &undo);
    }
    return nodes;
}

uint64_t x88_perft(X88 *x, int depth, int bulk)
{
    if (depth <= 0)
        return 1;
    if (!bulk)
        return perft_made(x, depth);
    if (depth == 1)
        return (uint64_t)x88_generate(x, NULL);
    return perft_bulk(x, depth);
}
