/* Perft of the Quaternity bitboard backend: its own recursion over its own
 * move encoding, make and unmake. */
#ifndef GEN_QUATERNITY_BITBOARD_PERFT_H
#define GEN_QUATERNITY_BITBOARD_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "bitboard_state.h"
#include "perft_stats.h"

/* depth >= 1 (the adapter answers depth 0).  Leaves `s` as it found it.
 * bulk: the last ply is counted, not made. */
uint64_t qbb_perft(QbbState *s, int depth, bool bulk);

/* The leaf statistics `depth` >= 1 plies down (BackendCore.perft_stats;
 * bitboard_stats.c). */
void qbb_perft_stats(QbbState *s, int depth, PerftStats *out);

#endif
