/* 64-bit bitboards for orthodox chess: one bit per square, a set of squares
 * in one machine word.
 *
 * Bit i is neutral square i = rank * 8 + file, so the bit order runs a1 b1 ..
 * h1 a2 .. h8.  Worked example: e4 is file 4, rank 3, so bit 3 * 8 + 4 = 28;
 * the white pawns of the initial position are bits 8..15, the word
 * 0x000000000000ff00.  Moving a whole set one rank up is a left shift by 8;
 * one file toward h is a left shift by 1, after which the squares that
 * wrapped from file h onto file a of the next rank are masked off (hence the
 * NOT_FILE_A / NOT_FILE_H masks in the diagonal shifts). */
#ifndef GEN_CHESS_BITBOARD_BB64_H
#define GEN_CHESS_BITBOARD_BB64_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t CbbBitboard;

/* Forced inlining: the generator bodies take the side to move as a constant
 * argument, and only inlining turns it into straight-line code per side. */
#define CBB_INLINE static inline __attribute__((always_inline))

#define CBB_FILE_A ((CbbBitboard)0x0101010101010101)
#define CBB_FILE_H ((CbbBitboard)0x8080808080808080)
#define CBB_RANK_1 ((CbbBitboard)0x00000000000000ff)
#define CBB_RANK_3 ((CbbBitboard)0x0000000000ff0000)
#define CBB_RANK_6 ((CbbBitboard)0x0000ff0000000000)
#define CBB_RANK_8 ((CbbBitboard)0xff00000000000000)

enum { CBB_WHITE = 0, CBB_BLACK = 1 };

static inline CbbBitboard cbb_bit(int square)
{
    return (CbbBitboard)1 << square;
}
static inline int cbb_lsb(CbbBitboard b)
{
    return __builtin_ctzll(b);
}
static inline int cbb_popcount(CbbBitboard b)
{
    return __builtin_popcountll(b);
}
static inline bool cbb_more_than_one(CbbBitboard b)
{
    return (b & (b - 1)) != 0;
}

/* Removes the lowest set square and returns it; b must not be empty. */
static inline int cbb_pop_lsb(CbbBitboard *b)
{
    int square = __builtin_ctzll(*b);
    *b &= *b - 1;
    return square;
}

/* Shifts of a whole set by one step, seen from `side`: forward is up the
 * board for white and down for black; west is toward file a. */
CBB_INLINE CbbBitboard cbb_forward(CbbBitboard b, int side)
{
    return side == CBB_WHITE ? b << 8 : b >> 8;
}
CBB_INLINE CbbBitboard cbb_forward_west(CbbBitboard b, int side)
{
    return side == CBB_WHITE ? (b & ~CBB_FILE_A) << 7 : (b & ~CBB_FILE_A) >> 9;
}
CBB_INLINE CbbBitboard cbb_forward_east(CbbBitboard b, int side)
{
    return side == CBB_WHITE ? (b & ~CBB_FILE_H) << 9 : (b & ~CBB_FILE_H) >> 7;
}

/* The square distances of those steps, for recovering a from-square. */
CBB_INLINE int cbb_forward_delta(int side)
{
    return side == CBB_WHITE ? 8 : -8;
}
CBB_INLINE int cbb_forward_west_delta(int side)
{
    return side == CBB_WHITE ? 7 : -9;
}
CBB_INLINE int cbb_forward_east_delta(int side)
{
    return side == CBB_WHITE ? 9 : -7;
}

#endif
