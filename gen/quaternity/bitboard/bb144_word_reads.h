/* The QbbSet operations that read a set word by word through w[i], the
 * same code for both representations (bb144_words.h, bb144_avx2.h: GCC
 * subscripts the vector like the array).  Included by each of them after
 * its QbbSet. */
#ifndef GEN_QUATERNITY_BITBOARD_BB144_WORD_READS_H
#define GEN_QUATERNITY_BITBOARD_BB144_WORD_READS_H

/* Not forced inline: forcing it (and the make/unmake of the time) saved
 * instructions in a build without AVX-512 but made the -march=native build's
 * perft without bulk counting slower (make compare,
 * results/comparisons/compare-044f842-163367b.md: 0.85x against 044f842, 1.05x once
 * undone). */
static inline int qbb_popcount(QbbSet a)
{
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) + __builtin_popcountll(a.w[2]);
}

/* Lowest member of a non-empty set. */
static inline int qbb_first(QbbSet a)
{
    if (a.w[0])
        return __builtin_ctzll(a.w[0]);
    if (a.w[1])
        return 64 + __builtin_ctzll(a.w[1]);
    return 128 + __builtin_ctzll(a.w[2]);
}

#endif
