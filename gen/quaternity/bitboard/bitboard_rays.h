/* Slider moves counted for all sliders of one side at once: a ray fill
 * per direction over the 144-bit sets (bb144.h's rank and file steps).
 * Used where only the number of moves matters (bulk counting), and for
 * the squares enemy sliders attack when a king has many targets; by the
 * common node (bitboard_common.c) and the general generator
 * (bitboard_movegen.c). */
#ifndef GEN_QUATERNITY_BITBOARD_RAYS_H
#define GEN_QUATERNITY_BITBOARD_RAYS_H

#include "bb144.h"
#include "bitboard_tables.h"

/* k steps in direction (dr, df), each -1, 0 or 1: constants once inlined. */
static inline __attribute__((always_inline)) QbbSet qbb_steps(QbbSet a, int dr, int df, int k)
{
    if (dr)
        a = dr > 0 ? qbb_north(a, k) : qbb_south(a, k);
    if (df)
        a = df > 0 ? qbb_east(a, k) : qbb_west(a, k);
    return a;
}

/* The rays in direction (dr, df) of every slider in `sliders`: the empty
 * squares they reach and the first man each meets (Kogge-Stone occluded
 * fill: runs of empty squares doubled in length three times cover the 11
 * steps a 12-square line allows).  Rays of one side in one direction never
 * overlap (each stops at the first man, its own side's sliders included),
 * so the popcount of the union of their targets is the sum of each
 * slider's moves that way. */
static inline __attribute__((always_inline)) QbbSet qbb_rays(QbbSet sliders, QbbSet empty, int dr, int df)
{
#if defined(__AVX2__) && !defined(QBB_PORTABLE)
    /* Toward file l, in each rank's 16-bit lane: o ^ (o - 2 * sliders),
     * o the men (the sliders among them), is every slider's run up to and
     * including the first man (a borrow stops at the first set bit; past
     * the last man it runs into the padding, which callers drop).  One
     * subtraction for the four doublings (steps.md, step 8). */
    if (dr == 0 && df > 0) {
        __m256i o = _mm256_xor_si256(qbb_m(empty), qbb_m(qbb_board()));
        __m256i twice = _mm256_add_epi16(qbb_m(sliders), qbb_m(sliders));
        return qbb_v(_mm256_xor_si256(o, _mm256_sub_epi16(o, twice)));
    }
#endif
    QbbSet g = sliders, p = empty;
    g = qbb_or(g, qbb_and(p, qbb_steps(g, dr, df, 1)));
    p = qbb_and(p, qbb_steps(p, dr, df, 1));
    g = qbb_or(g, qbb_and(p, qbb_steps(g, dr, df, 2)));
    p = qbb_and(p, qbb_steps(p, dr, df, 2));
    g = qbb_or(g, qbb_and(p, qbb_steps(g, dr, df, 4)));
    p = qbb_and(p, qbb_steps(p, dr, df, 4));
    g = qbb_or(g, qbb_and(p, qbb_steps(g, dr, df, 8)));
    return qbb_steps(g, dr, df, 1);
}

/* The rays of two sets of sliders in one direction over the same empty
 * squares: the mover's and the enemies', sharing each doubling of the
 * empty-square propagator. */
static inline __attribute__((always_inline)) void qbb_rays_pair(QbbSet a, QbbSet b, QbbSet empty, int dr, int df,
                                                                QbbSet *rays_a, QbbSet *rays_b)
{
    QbbSet ga = a, gb = b, p = empty;
    ga = qbb_or(ga, qbb_and(p, qbb_steps(ga, dr, df, 1)));
    gb = qbb_or(gb, qbb_and(p, qbb_steps(gb, dr, df, 1)));
    p = qbb_and(p, qbb_steps(p, dr, df, 1));
    ga = qbb_or(ga, qbb_and(p, qbb_steps(ga, dr, df, 2)));
    gb = qbb_or(gb, qbb_and(p, qbb_steps(gb, dr, df, 2)));
    p = qbb_and(p, qbb_steps(p, dr, df, 2));
    ga = qbb_or(ga, qbb_and(p, qbb_steps(ga, dr, df, 4)));
    gb = qbb_or(gb, qbb_and(p, qbb_steps(gb, dr, df, 4)));
    p = qbb_and(p, qbb_steps(p, dr, df, 4));
    ga = qbb_or(ga, qbb_and(p, qbb_steps(ga, dr, df, 8)));
    gb = qbb_or(gb, qbb_and(p, qbb_steps(gb, dr, df, 8)));
    *rays_a = qbb_steps(ga, dr, df, 1);
    *rays_b = qbb_steps(gb, dr, df, 1);
}

/* One direction of qbb_count_with_map: the enemies' fill only when one of
 * theirs stands where a ray this way could matter to the king
 * (`sources`, qbb_ray_sources). */
static inline __attribute__((always_inline)) void qbb_count_and_map_toward(QbbSet mine, QbbSet theirs, QbbSet empty,
                                                                           QbbSet targets, QbbSet sources, int dr,
                                                                           int df, QbbTally *tally, QbbSet *map)
{
    QbbSet my_rays, their_rays;
    if (qbb_none(qbb_and(theirs, sources))) {
        my_rays = qbb_rays(mine, empty, dr, df);
    } else if (dr == 0 && df > 0) { /* qbb_rays subtracts that way */
        my_rays = qbb_rays(mine, empty, dr, df);
        *map = qbb_or(*map, qbb_rays(theirs, empty, dr, df));
    } else {
        qbb_rays_pair(mine, theirs, empty, dr, df, &my_rays, &their_rays);
        *map = qbb_or(*map, their_rays);
    }
    *tally = qbb_tally_add(*tally, qbb_and(my_rays, targets));
}

#if defined(QBB_AVX512_POPCOUNT) && defined(QBB_AVX512_FUNNEL) && defined(__AVX512BW__)
#define QBB_PAIRED_FILLS 1
/* 0..31: each 16-bit lane's own index (VPERMW's identity). */
static const uint16_t qbb_pair_lane_index[32]
    __attribute__((aligned(64))) = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
/* Two sets in one 512-bit register (the mover's sliders low, the
 * enemies' high), stepped together: the same rank and file steps as
 * bb144_avx2.h's, on both halves at once.  Each half's word 3 is zero
 * before a step (the fills AND every step with the empty squares), and the
 * masks keep a half's words from crossing into the other. */
static inline __attribute__((always_inline)) __m512i qbb_pair_steps(__m512i a, int dr, int df, int k)
{
    __m512i zero = _mm512_setzero_si512();
    if (dr && k <= 2) {
        /* One or two ranks: one VPERMW moves each rank's 16-bit lane to its
         * neighbour's, the lanes entering a half zeroed by the mask: one
         * operation for VALIGNQ + VPSHLDQ, 1.03-1.08x with bulk counting
         * (results/experiments/2026-12-07-quaternity-bitboard-speed-3/steps.md,
         * step 2; the same in the 256-bit steps gained nothing). */
        __m512i lanes = _mm512_loadu_si512(qbb_pair_lane_index);
        __m512i from = _mm512_add_epi16(lanes, _mm512_set1_epi16((short)(dr > 0 ? -k : k)));
        __mmask32 keep = dr > 0 ? (k == 1 ? 0xFFFEFFFEu : 0xFFFCFFFCu) : (k == 1 ? 0x7FFF7FFFu : 0x3FFF3FFFu);
        a = _mm512_maskz_permutexvar_epi16(keep, from, a);
    } else if (dr > 0) {
        __m512i low_up = _mm512_maskz_alignr_epi64(0xEE, a, zero, 7); /* {0, w0, w1, w2} each half */
        switch (k) {
        case 1: a = _mm512_shldi_epi64(a, low_up, 16); break;
        case 2: a = _mm512_shldi_epi64(a, low_up, 32); break;
        case 4: a = low_up; break;
        default: a = _mm512_maskz_alignr_epi64(0xCC, a, zero, 6); break; /* {0, 0, w0, w1} */
        }
    } else if (dr < 0) {
        __m512i high_down = _mm512_maskz_alignr_epi64(0x33, zero, a, 1); /* {w1, w2, 0, 0} each half */
        switch (k) {
        case 1: a = _mm512_shrdi_epi64(a, high_down, 16); break;
        case 2: a = _mm512_shrdi_epi64(a, high_down, 32); break;
        case 4: a = high_down; break;
        default: a = _mm512_maskz_alignr_epi64(0x11, zero, a, 2); break; /* {w2, 0, 0, 0} */
        }
    }
    if (df)
        a = df > 0 ? _mm512_slli_epi16(a, (unsigned)k) : _mm512_srli_epi16(a, (unsigned)k);
    return a;
}

/* qbb_rays on the pair, the empty squares in both halves. */
static inline __attribute__((always_inline)) __m512i qbb_pair_rays(__m512i g, __m512i p, int dr, int df)
{
    if (dr == 0 && df > 0) { /* as qbb_rays */
        __m512i o = _mm512_xor_si512(p, _mm512_set1_epi16(0x0FFF));
        return _mm512_xor_si512(o, _mm512_sub_epi16(o, _mm512_add_epi16(g, g)));
    }
    g = _mm512_or_si512(g, _mm512_and_si512(p, qbb_pair_steps(g, dr, df, 1)));
    p = _mm512_and_si512(p, qbb_pair_steps(p, dr, df, 1));
    g = _mm512_or_si512(g, _mm512_and_si512(p, qbb_pair_steps(g, dr, df, 2)));
    p = _mm512_and_si512(p, qbb_pair_steps(p, dr, df, 2));
    g = _mm512_or_si512(g, _mm512_and_si512(p, qbb_pair_steps(g, dr, df, 4)));
    p = _mm512_and_si512(p, qbb_pair_steps(p, dr, df, 4));
    g = _mm512_or_si512(g, _mm512_and_si512(p, qbb_pair_steps(g, dr, df, 8)));
    return qbb_pair_steps(g, dr, df, 1);
}

static inline __attribute__((always_inline)) __m512i qbb_pair(QbbSet low, QbbSet high)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(qbb_m(low)), qbb_m(high), 1);
}

/* One direction of qbb_count_with_map on the pair: the map gathers both
 * halves (the enemies' half is read), the count the mover's targets.
 * Always both halves: skipping the enemies' by direction, as the 256-bit
 * fills do, measured 0.90x here (and 0.75x unpaired with the skips;
 * results/experiments/2026-12-06-quaternity-bitboard-speed-2/steps.md,
 * step 1). */
#define QBB_PAIR_DIRECTION(sliders, dr, df)                                                                            \
    do {                                                                                                               \
        __m512i rays = qbb_pair_rays(sliders, p, dr, df);                                                              \
        map = _mm512_or_si512(map, rays);                                                                              \
        counts = _mm512_add_epi64(counts, _mm512_popcnt_epi64(_mm512_and_si512(rays, mine)));                          \
    } while (0)
#endif

/* The mover's slider moves counted into `tally` and the enemy sliders'
 * attack map (as qbb_slider_attack_map, in the directions whose
 * `sources`, qbb_ray_sources of the king, hold an enemy slider; all
 * eight when paired) in the same eight fills: the count
 * needs the map anyway, for checks, pins and the king's steps
 * (bitboard_common.c).  With AVX-512 the two fills of a direction are one
 * (QBB_PAIRED_FILLS). */
static inline __attribute__((always_inline)) QbbSet
qbb_count_with_map(QbbSet rook_like, QbbSet bishop_like, QbbSet enemy_rook_like, QbbSet enemy_bishop_like, QbbSet empty,
                   QbbSet targets, const QbbSet sources[QBB_RAY_DIRECTIONS], QbbTally *tally)
{
#ifdef QBB_PAIRED_FILLS
    (void)sources;
    __m512i rooks = qbb_pair(rook_like, enemy_rook_like), bishops = qbb_pair(bishop_like, enemy_bishop_like);
    __m512i p = qbb_pair(empty, empty), mine = qbb_pair(targets, qbb_empty());
    __m512i map = _mm512_setzero_si512(), counts = _mm512_setzero_si512();
    QBB_PAIR_DIRECTION(rooks, 1, 0);
    QBB_PAIR_DIRECTION(rooks, -1, 0);
    QBB_PAIR_DIRECTION(rooks, 0, 1);
    QBB_PAIR_DIRECTION(rooks, 0, -1);
    QBB_PAIR_DIRECTION(bishops, 1, 1);
    QBB_PAIR_DIRECTION(bishops, 1, -1);
    QBB_PAIR_DIRECTION(bishops, -1, 1);
    QBB_PAIR_DIRECTION(bishops, -1, -1);
    tally->words = _mm256_add_epi64(tally->words, _mm512_castsi512_si256(counts));
    return qbb_v(_mm512_extracti64x4_epi64(map, 1));
#else
    QbbSet map = qbb_empty();
#define QBB_TOWARD(d, dr, df, mine, theirs)                                                                            \
    qbb_count_and_map_toward(mine, theirs, empty, targets, sources[d], dr, df, tally, &map)
    QBB_TOWARD(0, 1, 0, rook_like, enemy_rook_like);
    QBB_TOWARD(1, -1, 0, rook_like, enemy_rook_like);
    QBB_TOWARD(2, 0, 1, rook_like, enemy_rook_like);
    QBB_TOWARD(3, 0, -1, rook_like, enemy_rook_like);
    QBB_TOWARD(4, 1, 1, bishop_like, enemy_bishop_like);
    QBB_TOWARD(5, 1, -1, bishop_like, enemy_bishop_like);
    QBB_TOWARD(6, -1, 1, bishop_like, enemy_bishop_like);
    QBB_TOWARD(7, -1, -1, bishop_like, enemy_bishop_like);
#undef QBB_TOWARD
    return map;
#endif
}

/* The moves of the free rook-likes and bishop-likes, counted: eight ray
 * fills whatever the number of sliders, in place of two line lookups per
 * slider (results/experiments/2026-12-02-qbb-design/qbb-design-sets.md, step 6349c64: the opening's perft 5
 * from 3,952 to 3,407 M instructions). */
static inline __attribute__((always_inline)) int qbb_count_slider_rays(QbbSet rook_like, QbbSet bishop_like,
                                                                       QbbSet empty, QbbSet targets)
{
    QbbTally t = qbb_tally_zero();
    t = qbb_tally_add(t, qbb_and(qbb_rays(rook_like, empty, 1, 0), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(rook_like, empty, -1, 0), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(rook_like, empty, 0, 1), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(rook_like, empty, 0, -1), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(bishop_like, empty, 1, 1), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(bishop_like, empty, 1, -1), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(bishop_like, empty, -1, 1), targets));
    t = qbb_tally_add(t, qbb_and(qbb_rays(bishop_like, empty, -1, -1), targets));
    return qbb_tally_total(t);
}

/* Every square an enemy slider attacks, the first man each ray meets
 * included (a man there is defended): the union of the eight fills, for
 * testing many king targets at once. */
static inline QbbSet qbb_slider_attack_map(QbbSet rook_like, QbbSet bishop_like, QbbSet empty)
{
    QbbSet map = qbb_or(qbb_rays(rook_like, empty, 1, 0), qbb_rays(rook_like, empty, -1, 0));
    map = qbb_or(map, qbb_or(qbb_rays(rook_like, empty, 0, 1), qbb_rays(rook_like, empty, 0, -1)));
    map = qbb_or(map, qbb_or(qbb_rays(bishop_like, empty, 1, 1), qbb_rays(bishop_like, empty, 1, -1)));
    return qbb_or(map, qbb_or(qbb_rays(bishop_like, empty, -1, 1), qbb_rays(bishop_like, empty, -1, -1)));
}

/* From this many king targets on, one attack map (eight fills) replaces
 * testing each target's four lines.  Measured (results/experiments/2026-12-02-qbb-design/qbb-design-sets.md,
 * "Tried and not kept"; callgrind, millions of instructions; opening
 * perft 5 / P04 perft 4, bulk counting): from 1
 * target 3,219 / 268, from 2 3,192 / 268, 3: 3,198 / 267, 4: 3,237 / 267,
 * 5: 3,268 / 267, never 3,268 / 311. */
enum { QBB_KING_TARGETS_FOR_MAP = 2 };

#endif
