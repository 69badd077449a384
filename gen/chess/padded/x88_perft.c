/* The perft recursion of the 0x88 backend.  One ply is written once, as
 * perft_ply, and compiled eight times: for White and for Black to move, so
 * the side is a constant throughout the inlined generator and make/unmake
 * (the copies call each other), for bulk and non-bulk counting, so the mode
 * folds away too, and for whether a castling right is left: once none is,
 * none comes back, so below such a node the castling code of the generator
 * and of make/unmake compiles away (as in the chess bitboard,
 * gen/chess/bitboard/bitboard_perft.c).  The generator is inlined once more
 * as the counting one (moves == NULL) for the last ply when bulk counting. */
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
static inline __attribute__((always_inline)) int count_side(CpdBoard *x, const int side, const bool castling)
{
    return cpd_generate_rights(x, side, NULL, castling);
}

#define PERFT_DECLARE(name) static uint64_t name(CpdBoard *x, int depth);
PERFT_DECLARE(perft_made_white)
PERFT_DECLARE(perft_made_black)
PERFT_DECLARE(perft_bulk_white)
PERFT_DECLARE(perft_bulk_black)
PERFT_DECLARE(perft_made_white_no_castling)
PERFT_DECLARE(perft_made_black_no_castling)
PERFT_DECLARE(perft_bulk_white_no_castling)
PERFT_DECLARE(perft_bulk_black_no_castling)

/* The instance that searches a child, `side` to move: the no-castling one
 * once no right is left. */
static inline __attribute__((always_inline)) uint64_t perft_child(CpdBoard *x, int depth, const int side,
                                                                  const bool bulk, const bool castling)
{
    if (castling && x->state.castling) {
        if (bulk)
            return side == CHESS_WHITE ? perft_bulk_white(x, depth) : perft_bulk_black(x, depth);
        return side == CHESS_WHITE ? perft_made_white(x, depth) : perft_made_black(x, depth);
    }
    if (bulk)
        return side == CHESS_WHITE ? perft_bulk_white_no_castling(x, depth) : perft_bulk_black_no_castling(x, depth);
    return side == CHESS_WHITE ? perft_made_white_no_castling(x, depth) : perft_made_black_no_castling(x, depth);
}

/* Non-bulk, depth >= 1: every move is made, the last ply's too (each counts
 * 1 once made).  Bulk, depth >= 2: the children at depth 1 are counted, not
 * made.  `castling` false: no castling right is left. */
CPD_HOT uint64_t perft_ply(CpdBoard *x, int depth, const int side, const bool bulk, const bool castling)
{
    CpdMove moves[CPD_MAX_MOVES];
    int n = cpd_generate_rights(x, side, moves, castling);
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        CpdUndo undo;
        cpd_make_rights(x, moves[i], &undo, side, castling);
        BACKEND_DEBUG_CHECK(cpd_check, x);
        if (bulk && depth == 2)
            nodes += (uint64_t)count_side(x, side ^ 1, castling);
        else if (!bulk && depth == 1)
            nodes++;
        else
            nodes += perft_child(x, depth - 1, side ^ 1, bulk, castling);
        cpd_unmake_rights(x, moves[i], &undo, side, castling);
        BACKEND_DEBUG_CHECK(cpd_check, x);
    }
    return nodes;
}

#define PERFT_INSTANCE(name, side, bulk, castling)                                                                     \
    static uint64_t name(CpdBoard *x, int depth)                                                                       \
    {                                                                                                                  \
        return perft_ply(x, depth, side, bulk, castling);                                                              \
    }
PERFT_INSTANCE(perft_made_white, CHESS_WHITE, false, true)
PERFT_INSTANCE(perft_made_black, CHESS_BLACK, false, true)
PERFT_INSTANCE(perft_bulk_white, CHESS_WHITE, true, true)
PERFT_INSTANCE(perft_bulk_black, CHESS_BLACK, true, true)
PERFT_INSTANCE(perft_made_white_no_castling, CHESS_WHITE, false, false)
PERFT_INSTANCE(perft_made_black_no_castling, CHESS_BLACK, false, false)
PERFT_INSTANCE(perft_bulk_white_no_castling, CHESS_WHITE, true, false)
PERFT_INSTANCE(perft_bulk_black_no_castling, CHESS_BLACK, true, false)

int cpd_count(CpdBoard *x)
{
    return x->side == CHESS_WHITE ? count_side(x, CHESS_WHITE, true) : count_side(x, CHESS_BLACK, true);
}

uint64_t cpd_perft(CpdBoard *x, int depth, bool bulk)
{
    int white = x->side == CHESS_WHITE;
    if (depth <= 0)
        return 1;
    if (bulk && depth == 1)
        return (uint64_t)cpd_count(x);
    if (bulk)
        return white ? perft_child(x, depth, CHESS_WHITE, true, true) : perft_child(x, depth, CHESS_BLACK, true, true);
    return white ? perft_child(x, depth, CHESS_WHITE, false, true) : perft_child(x, depth, CHESS_BLACK, false, true);
}
