/* Perft on the bitboard chess position: its own recursion, copy-make on the
 * C stack, no hashing. */
#ifndef GEN_CHESS_BITBOARD_PERFT_H
#define GEN_CHESS_BITBOARD_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard_position.h"
#include "perft_stats.h"

/* Leaf count of the move tree `depth` plies deep (1 at depth 0).  With
 * `bulk`, the last ply is counted, not made. */
uint64_t cbb_perft(const CbbState *s, int depth, bool bulk);

/* The leaf statistics `depth` >= 1 plies down into *out, every last-ply
 * move made (bitboard_stats.c). */
void cbb_perft_stats(const CbbState *s, int depth, PerftStats *out);

#endif
