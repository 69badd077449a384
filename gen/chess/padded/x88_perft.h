/* Perft on the 0x88 board: the backend's own recursion, with the generator,
 * make and unmake inlined. */
#ifndef GEN_CHESS_PADDED_X88_PERFT_H
#define GEN_CHESS_PADDED_X88_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "x88_board.h"

/* Leaf count at `depth` (0 gives 1); bulk: count the last ply's legal moves
 * without making them.  The position is unchanged afterwards. */
uint64_t cpd_perft(CpdBoard *x, int depth, bool bulk);

/* The number of legal moves of the side to move (the counting generator). */
int cpd_count(CpdBoard *x);

#endif
