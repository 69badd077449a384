/* Finding magic multipliers for the slider tables, at start-up, with a
 * seeded search: no magic number is taken from anywhere else. */
#ifndef GEN_CHESS_BITBOARD_MAGIC_H
#define GEN_CHESS_BITBOARD_MAGIC_H

#include <stdint.h>

#include "bitboard_bb64.h"

/* A multiplier that maps every one of the `count` occupancy subsets to an
 * index (subset * magic >> (64 - bits)) with no two subsets of different
 * attacks on one index.  Fills table[0 .. 2^bits) with the attacks on the
 * way; `seed` is the search's random state, advanced in place, so a fixed
 * seed gives the same magics on every run. */
Bitboard bb_magic_find(const Bitboard *subsets, const Bitboard *attacks, int count, int bits, uint64_t *seed,
                       Bitboard *table);

#endif
