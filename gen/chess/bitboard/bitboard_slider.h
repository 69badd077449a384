/* Rook and bishop attacks: one table lookup per call, whichever way the
 * index is made.
 *
 * A slider's attacks from a square depend only on the occupied squares of
 * its relevant mask (its rays, without the last square of each, which is
 * attacked whether or not it is occupied).  Each square owns a slice of a
 * shared table with one entry per subset of that mask.  The subset's index
 * is either PEXT (BMI2: gathers the masked occupancy bits into the low bits,
 * an exact dense index) or the magic multiply (occupancy & mask) * magic >>
 * shift, whose magic numbers bitboard_magic.c finds at start-up.  The choice
 * is made at build time, here only: callers never know which runs.  Build
 * with -DNO_PEXT to force magics on a BMI2 machine (useful on CPUs whose PEXT
 * is slow microcode, such as AMD before Zen 3).
 *
 * Example, rook on a1: the mask is a2..a7 and b1..g1 (12 squares), so its
 * slice has 4096 entries.  With only b1 occupied among them, PEXT gives
 * index 1 (b1, bit 1, is the lowest bit of the mask) and entry 1 holds b1
 * plus a2..a8. */
#ifndef GEN_CHESS_BITBOARD_SLIDER_H
#define GEN_CHESS_BITBOARD_SLIDER_H

#include "bitboard_bb64.h"

#if defined(__BMI2__) && !defined(NO_PEXT)
#define CBB_SLIDER_PEXT 1
#include <immintrin.h>
#else
#define CBB_SLIDER_PEXT 0
#endif

typedef struct CbbSliderSquare {
    CbbBitboard mask;           /* relevant occupancy */
    CbbBitboard magic;          /* multiplier (magic builds only) */
    const CbbBitboard *attacks; /* this square's slice of the table */
    unsigned shift;             /* 64 - bits in mask (magic builds only) */
} CbbSliderSquare;

extern CbbSliderSquare cbb_rook_squares[64];
extern CbbSliderSquare cbb_bishop_squares[64];

/* Whether this build indexes with PEXT (1) or magics (0), for reports. */
static inline int cbb_slider_uses_pext(void)
{
    return CBB_SLIDER_PEXT;
}

/* The one place an index is made.  64 bits wide, as PEXT makes it: a
 * 32-bit index costs a zero-extending move between the PEXT and the load
 * that waits for it, on every lookup. */
static inline uint64_t cbb_slider_index(const CbbSliderSquare *s, CbbBitboard occupied)
{
#if CBB_SLIDER_PEXT
    return _pext_u64(occupied, s->mask);
#else
    return ((occupied & s->mask) * s->magic) >> s->shift;
#endif
}

static inline CbbBitboard cbb_rook_attacks(int square, CbbBitboard occupied)
{
    const CbbSliderSquare *s = &cbb_rook_squares[square];
    return s->attacks[cbb_slider_index(s, occupied)];
}

static inline CbbBitboard cbb_bishop_attacks(int square, CbbBitboard occupied)
{
    const CbbSliderSquare *s = &cbb_bishop_squares[square];
    return s->attacks[cbb_slider_index(s, occupied)];
}

/* Slow reference: walks the rays square by square (tests). */
CbbBitboard cbb_slider_walk(int square, CbbBitboard occupied, int bishop);

/* The squares a rook (bishop = 0) or bishop on `square` sees along each of
 * its four directions on an empty board (table building). */
void cbb_slider_rays(int square, int bishop, CbbBitboard rays[4]);

enum { CBB_SLIDER_MAX_SUBSETS = 4096 };

/* The relevant mask of a rook (bishop = 0) or bishop on `square`, and every
 * subset of it with the attacks it leaves; returns the number of subsets
 * (at most CBB_SLIDER_MAX_SUBSETS). */
int cbb_slider_subsets(int square, int bishop, CbbBitboard *mask, CbbBitboard *subsets, CbbBitboard *attacks);

/* Builds the masks, the magics (magic builds) and the tables; called once
 * from cbb_tables_init(). */
void cbb_slider_init(void);

#endif
