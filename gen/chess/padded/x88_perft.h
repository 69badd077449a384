/* Perft on the 0x88 board: the backend's own recursion, with the generator,
 * make and unmake inlined. */
#ifndef GEN_CHESS_X88_PERFT_H
#define GEN_CHESS_X88_PERFT_H

#include <stdint.h>

#include "x88_board.h"

/* Leaf count at `depth` (0 gives 1); bulk: count the last ply's legal moves
 * without making them.  The position is unchanged afterwards. */
uint64_t x88_perft(X88 *x, int depth, int bulk);

#endif
