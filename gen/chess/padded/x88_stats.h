/* Perft statistics on the 0x88 board (x88_stats.c). */
#ifndef GEN_CHESS_PADDED_X88_STATS_H
#define GEN_CHESS_PADDED_X88_STATS_H

#include "perft_stats.h"
#include "x88_board.h"

/* The leaf statistics `depth` >= 1 plies down into *out, every last-ply
 * move made.  The position is unchanged afterwards. */
void cpd_perft_stats(CpdBoard *x, int depth, PerftStats *out);

#endif
