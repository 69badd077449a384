/* Slider moves counted for all sliders of one side at once: a ray fill
 * per direction over the 144-bit sets (bb144.h's rank and file steps).
 * Used where only the number of moves matters (bulk counting), and for
 * the squares enemy sliders attack when a king has many targets; by the
 * common node (bitboard_common.c) and the general generator
 * (bitboard_movegen.c). */
#ifndef GEN_QUATERNITY_BITBOARD_RAYS_H
#define GEN_QUATERNITY_BITBOARD_RAYS_H

#include "bb144.h"

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
