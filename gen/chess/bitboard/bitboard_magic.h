/* Magic multipliers for the slider tables, found by our own seeded search:
 * no magic number is taken from anywhere else.
 *
 * The search takes a few hundred milliseconds (around ten million
 * candidates for the rooks), too long to repeat in every process, so its
 * results are stored in bitboard_magic_table.c, written by
 * gen/chess/bitboard/tools/bitboard_find_magics.c.  Start-up still checks each stored
 * number while filling the table and searches afresh for any that fails. */
#ifndef GEN_CHESS_BITBOARD_MAGIC_H
#define GEN_CHESS_BITBOARD_MAGIC_H

#include <stdint.h>

#include "bitboard_bb64.h"

/* The seed the stored magics were found with. */
#define CBB_MAGIC_SEED 0x2545f4914f6cdd1dULL

/* cbb_stored_magics[bishop][square]: 0 for rooks, 1 for bishops. */
extern const CbbBitboard cbb_stored_magics[2][64];

/* A multiplier that maps every one of the `count` occupancy subsets to an
 * index (subset * magic >> (64 - bits)) with no two subsets of different
 * attacks on one index, filling table[0 .. 2^bits) with the attacks on the
 * way.  `first_try` is tested first (0: none); then random candidates are
 * drawn from `seed`, advanced in place, so a fixed seed gives the same
 * magics on every run. */
CbbBitboard cbb_magic_find(const CbbBitboard *subsets, const CbbBitboard *attacks, int count, int bits,
                           CbbBitboard first_try, uint64_t *seed, CbbBitboard *table);

#endif
