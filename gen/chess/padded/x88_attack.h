/* Whether a side attacks a square on the 0x88 board.
 *
 * Pawns are looked up on the board (the two squares a pawn would attack
 * from); every other attacker is found from the piece lists through the
 * difference table, and only a slider whose line passes through the square
 * costs a walk along that line.  Because pawns are read from the board, a
 * caller may lift pieces off the board to test a hypothetical position (an
 * en passant capture) without touching the lists.
 *
 * CPD_HOT marks the hot-path helpers, forced inline; building with
 * -DCPD_PROFILE_CALLS keeps them out of line so a profiler can attribute
 * time to each. */
#ifndef GEN_CHESS_PADDED_X88_ATTACK_H
#define GEN_CHESS_PADDED_X88_ATTACK_H

#include "x88_board.h"
#include "x88_tables.h"

#ifdef CPD_PROFILE_CALLS
#define CPD_HOT static __attribute__((noinline))
#else
#define CPD_HOT static inline __attribute__((always_inline))
#endif

/* Whether the slider on `from` reaches `to`, given that its kind can move
 * along their line: every square between must be empty. */
CPD_HOT int cpd_path_clear(const uint8_t *board, int from, int to)
{
    int step = cpd_step(from, to);
    int square = from + step;
    while (square != to && board[square] == EMPTY)
        square += step;
    return square == to;
}

CPD_HOT int cpd_attacked(const CpdBoard *x, int square, int by)
{
    const uint8_t *board = x->board;
    int pawn = cpd_colour_bit(by) | PAWN;
    int behind = square - cpd_forward(by); /* the rank a pawn of `by` attacks from */
    if (!((behind + 1) & CPD_OFF) && board[behind + 1] == pawn)
        return 1;
    if (!((behind - 1) & CPD_OFF) && board[behind - 1] == pawn)
        return 1;
    for (int i = 0; i < x->count[by][KNIGHT]; i++)
        if (cpd_attacks(x->list[by][KNIGHT][i], square) & CPD_ATTACKS_KNIGHT)
            return 1;
    if (cpd_attacks(cpd_king(x, by), square) & CPD_ATTACKS_KING)
        return 1;
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < x->count[by][kind]; i++) {
            int from = x->list[by][kind][i];
            if ((cpd_attacks(from, square) & (1 << kind)) && cpd_path_clear(board, from, square))
                return 1;
        }
    }
    return 0;
}

#endif
