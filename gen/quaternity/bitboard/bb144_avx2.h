/* The vector QbbSet (bb144.h): the three words in one 256-bit AVX2
 * register, the fourth word always zero.  Set algebra is one instruction,
 * emptiness one VPTEST, a single square three (no table), and the pawn
 * shifts carry between words with one cross-lane permute.  Word access
 * (iteration, PDEP) goes through GCC's vector subscript.  Included by
 * bb144.h only. */
#ifndef GEN_QUATERNITY_BITBOARD_BB144_AVX2_H
#define GEN_QUATERNITY_BITBOARD_BB144_AVX2_H

#include <immintrin.h>

/* AVX-512 (VL with VPOPCNTDQ, and VBMI2) where the compiler targets it:
 * the tally is one VPOPCNTQ a set and rank steps are funnel shifts, which
 * leave the shuffle port to the rest
 * (results/experiments/2026-12-06-quaternity-bitboard-speed/steps.md, steps
 * 1 and 2).  The same register layout either way. */
#if defined(__AVX512VL__) && defined(__AVX512VPOPCNTDQ__)
#define QBB_AVX512_POPCOUNT 1
#endif
#if defined(__AVX512VL__) && defined(__AVX512VBMI2__)
#define QBB_AVX512_FUNNEL 1
#endif
#if defined(QBB_AVX512_POPCOUNT) && defined(QBB_AVX512_FUNNEL)
#define QBB_SET_KIND "one 256-bit AVX2 vector, AVX-512 VPOPCNTQ tallies and VBMI2 rank steps"
#elif defined(QBB_AVX512_POPCOUNT)
#define QBB_SET_KIND "one 256-bit AVX2 vector, AVX-512 VPOPCNTQ tallies"
#elif defined(QBB_AVX512_FUNNEL)
#define QBB_SET_KIND "one 256-bit AVX2 vector, AVX-512 VBMI2 rank steps"
#else
#define QBB_SET_KIND "one 256-bit AVX2 vector"
#endif

typedef uint64_t QbbWords __attribute__((vector_size(32)));

typedef struct QbbSet {
    QbbWords w;
} QbbSet;

#include "bb144_word_reads.h"

static inline __m256i qbb_m(QbbSet a)
{
    return (__m256i)a.w;
}
static inline QbbSet qbb_v(__m256i v)
{
    return (QbbSet){(QbbWords)v};
}

static inline QbbSet qbb_words(uint64_t w0, uint64_t w1, uint64_t w2)
{
    return (QbbSet){{w0, w1, w2, 0}};
}
static inline QbbSet qbb_empty(void)
{
    return qbb_words(0, 0, 0);
}
static inline QbbSet qbb_board(void)
{
    return qbb_words(QBB_WORD_BOARD, QBB_WORD_BOARD, QBB_WORD_BOARD);
}

/* 1 shifted by (index - 64 * word) in each word: VPSLLVQ gives 0 for any
 * count outside 0..63, negative ones included. */
static inline QbbSet qbb_square(int index)
{
    QbbWords counts = (QbbWords){0, 0, 0, 0} + (uint64_t)index - (QbbWords){0, 64, 128, 192};
    return qbb_v(_mm256_sllv_epi64(_mm256_set1_epi64x(1), (__m256i)counts));
}

static inline QbbSet qbb_and(QbbSet a, QbbSet b)
{
    return (QbbSet){a.w & b.w};
}
static inline QbbSet qbb_or(QbbSet a, QbbSet b)
{
    return (QbbSet){a.w | b.w};
}
static inline QbbSet qbb_xor(QbbSet a, QbbSet b)
{
    return (QbbSet){a.w ^ b.w};
}
/* a without b */
static inline QbbSet qbb_andnot(QbbSet a, QbbSet b)
{
    return (QbbSet){a.w & ~b.w};
}

static inline bool qbb_any(QbbSet a)
{
    return !_mm256_testz_si256(qbb_m(a), qbb_m(a));
}
static inline bool qbb_test(QbbSet a, int index)
{
    return !_mm256_testz_si256(qbb_m(a), qbb_m(qbb_square(index)));
}

static inline void qbb_toggle(QbbSet *a, int index)
{
    *a = qbb_xor(*a, qbb_square(index));
}

/* A running count of members over several sets (bulk counting adds up
 * the target sets of all men): per-byte counts from a nibble table
 * (VPSHUFB) summed into the four words by VPSADBW, so nothing leaves the
 * vector unit until qbb_tally_total. */
typedef struct QbbTally {
    __m256i words;
} QbbTally;

static inline QbbTally qbb_tally_zero(void)
{
    return (QbbTally){_mm256_setzero_si256()};
}
static inline QbbTally qbb_tally_add(QbbTally t, QbbSet a)
{
#ifdef QBB_AVX512_POPCOUNT
    return (QbbTally){_mm256_add_epi64(t.words, _mm256_popcnt_epi64(qbb_m(a)))};
#else
    const __m256i nibble_counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2,
                                                   3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low_nibbles = _mm256_set1_epi8(0x0F);
    __m256i low = _mm256_and_si256(qbb_m(a), low_nibbles);
    __m256i high = _mm256_and_si256(_mm256_srli_epi64(qbb_m(a), 4), low_nibbles);
    __m256i bytes = _mm256_add_epi8(_mm256_shuffle_epi8(nibble_counts, low), _mm256_shuffle_epi8(nibble_counts, high));
    return (QbbTally){_mm256_add_epi64(t.words, _mm256_sad_epu8(bytes, _mm256_setzero_si256()))};
#endif
}
static inline int qbb_tally_total(QbbTally t)
{
    __m128i halves = _mm_add_epi64(_mm256_castsi256_si128(t.words), _mm256_extracti128_si256(t.words, 1));
    return (int)(_mm_cvtsi128_si64(halves) + _mm_extract_epi64(halves, 1));
}

/* More than one member: the test for double check. */
static inline bool qbb_several(QbbSet a)
{
    return qbb_popcount(a) > 1;
}

/* The words moved one up ({0, w0, w1, w2}) and one down ({w1, w2, 0, 0}:
 * word 3 is zero), the carries of a whole-set shift. */
static inline __m256i qbb_words_up(QbbSet a)
{
    return _mm256_blend_epi32(_mm256_permute4x64_epi64(qbb_m(a), _MM_SHUFFLE(2, 1, 0, 0)), _mm256_setzero_si256(),
                              0x03);
}
static inline __m256i qbb_words_down(QbbSet a)
{
    return _mm256_permute4x64_epi64(qbb_m(a), _MM_SHUFFLE(3, 3, 2, 1));
}

/* Whole-set shifts toward higher bits (up, right) and lower bits (down,
 * left) by 1..63 bits; bits pushed past either end are lost (up: into
 * word 3, which every caller's intersection clears), sideways spill lands
 * in padding (bb144.h).  A rank step (16 bits, whole bytes) is a 256-bit
 * byte shift: one lane swap and one VPALIGNR. */
static inline QbbSet qbb_shl(QbbSet a, unsigned n)
{
    if (n == 16) {
        __m256i low_up = _mm256_permute2x128_si256(qbb_m(a), qbb_m(a), 0x08);
        return qbb_v(_mm256_alignr_epi8(qbb_m(a), low_up, 14));
    }
    __m256i shifted = _mm256_slli_epi64(qbb_m(a), (int)n);
    return qbb_v(_mm256_or_si256(shifted, _mm256_srli_epi64(qbb_words_up(a), (int)(64 - n))));
}

static inline QbbSet qbb_shr(QbbSet a, unsigned n)
{
    if (n == 16) {
        __m256i high_down = _mm256_permute2x128_si256(qbb_m(a), qbb_m(a), 0x81);
        return qbb_v(_mm256_alignr_epi8(high_down, qbb_m(a), 2));
    }
    __m256i shifted = _mm256_srli_epi64(qbb_m(a), (int)n);
    return qbb_v(_mm256_or_si256(shifted, _mm256_slli_epi64(qbb_words_down(a), (int)(64 - n))));
}

/* Steps of k ranks (k = 1, 2, 4 or 8: a constant) toward rank 12 or rank
 * 1: byte shifts by 2k across the whole register; bits leaving rank 12
 * land in word 3, which every caller's intersection clears. */
#ifdef QBB_AVX512_FUNNEL
/* With VBMI2: VALIGNQ brings each word's lower neighbour ({0, w0, w1, w2})
 * or upper one ({w1, w2, 0, 0}), VPSHLDQ/VPSHRDQ shift the pair as one
 * 128-bit value: one cross-lane operation a step. */
static inline QbbSet qbb_north(QbbSet a, int k)
{
    __m256i zero = _mm256_setzero_si256(), low_up = _mm256_alignr_epi64(qbb_m(a), zero, 3);
    switch (k) {
    case 1: return qbb_v(_mm256_shldi_epi64(qbb_m(a), low_up, 16));
    case 2: return qbb_v(_mm256_shldi_epi64(qbb_m(a), low_up, 32));
    case 4: return qbb_v(low_up);
    default: return qbb_v(_mm256_alignr_epi64(qbb_m(a), zero, 2));
    }
}
static inline QbbSet qbb_south(QbbSet a, int k)
{
    __m256i zero = _mm256_setzero_si256(), high_down = _mm256_alignr_epi64(zero, qbb_m(a), 1);
    switch (k) {
    case 1: return qbb_v(_mm256_shrdi_epi64(qbb_m(a), high_down, 16));
    case 2: return qbb_v(_mm256_shrdi_epi64(qbb_m(a), high_down, 32));
    case 4: return qbb_v(high_down);
    default: return qbb_v(_mm256_alignr_epi64(zero, qbb_m(a), 2));
    }
}
#else
/* Without AVX-512: one rank is a lane swap and a VPALIGNR.  Two ranks are
 * one 32-bit element and four one word, so those steps are one VPERMD or
 * VPERMQ whose vacated element is taken from word 3: it must be zero in
 * `a`, as it is in every set the ray fills step by 2 or 4 (the only
 * callers; a step's spill into word 3 is cleared by the next AND with
 * the empty squares).  With no zeroing blend this is one operation for
 * two (with a blend it measured 0.99-1.01x:
 * results/experiments/2026-12-07-quaternity-bitboard-speed-3/steps.md,
 * step 5). */
static inline QbbSet qbb_north(QbbSet a, int k)
{
    __m256i low_up = _mm256_permute2x128_si256(qbb_m(a), qbb_m(a), 0x08);
    /* VPALIGNR's byte count must be a literal for clang, not just a
     * constant after inlining. */
    switch (k) {
    case 1: return qbb_v(_mm256_alignr_epi8(qbb_m(a), low_up, 14));
    case 2: return qbb_v(_mm256_permutevar8x32_epi32(qbb_m(a), _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6)));
    case 4: return qbb_v(_mm256_permute4x64_epi64(qbb_m(a), _MM_SHUFFLE(2, 1, 0, 3)));
    default: return qbb_v(low_up);
    }
}
static inline QbbSet qbb_south(QbbSet a, int k)
{
    __m256i high_down = _mm256_permute2x128_si256(qbb_m(a), qbb_m(a), 0x81);
    switch (k) {
    case 1: return qbb_v(_mm256_alignr_epi8(high_down, qbb_m(a), 2));
    case 2: return qbb_v(_mm256_permutevar8x32_epi32(qbb_m(a), _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7)));
    case 4: return qbb_v(_mm256_permute4x64_epi64(qbb_m(a), _MM_SHUFFLE(3, 3, 2, 1)));
    default: return qbb_v(high_down);
    }
}

#endif

/* Steps of k files toward file l or file a, within each rank's 16 bits
 * (a rank is one 16-bit lane): nothing crosses into another rank, and what
 * passes file l lands in padding, for the caller's intersection. */
static inline QbbSet qbb_east(QbbSet a, int k)
{
    return qbb_v(_mm256_slli_epi16(qbb_m(a), k));
}
static inline QbbSet qbb_west(QbbSet a, int k)
{
    return qbb_v(_mm256_srli_epi16(qbb_m(a), k));
}

#endif
