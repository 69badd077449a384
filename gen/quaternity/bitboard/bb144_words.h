/* The portable QbbSet (bb144.h): three 64-bit words in a struct, for
 * builds without AVX2 or with -DQBB_PORTABLE.  Included by bb144.h only. */
#ifndef GEN_QUATERNITY_BITBOARD_BB144_WORDS_H
#define GEN_QUATERNITY_BITBOARD_BB144_WORDS_H

#define QBB_SET_KIND "3 x 64-bit words"

typedef struct QbbSet {
    uint64_t w[3];
} QbbSet;

#include "bb144_word_reads.h"

static inline QbbSet qbb_words(uint64_t w0, uint64_t w1, uint64_t w2)
{
    return (QbbSet){{w0, w1, w2}};
}
static inline QbbSet qbb_empty(void)
{
    return qbb_words(0, 0, 0);
}
static inline QbbSet qbb_board(void)
{
    return qbb_words(QBB_WORD_BOARD, QBB_WORD_BOARD, QBB_WORD_BOARD);
}

static inline QbbSet qbb_square(int index)
{
    QbbSet b = qbb_empty();
    b.w[index >> 6] = UINT64_C(1) << (index & 63);
    return b;
}

static inline QbbSet qbb_and(QbbSet a, QbbSet b)
{
    return qbb_words(a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]);
}
static inline QbbSet qbb_or(QbbSet a, QbbSet b)
{
    return qbb_words(a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]);
}
static inline QbbSet qbb_xor(QbbSet a, QbbSet b)
{
    return qbb_words(a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2]);
}
/* a without b */
static inline QbbSet qbb_andnot(QbbSet a, QbbSet b)
{
    return qbb_words(a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]);
}

static inline bool qbb_any(QbbSet a)
{
    return (a.w[0] | a.w[1] | a.w[2]) != 0;
}
static inline bool qbb_test(QbbSet a, int index)
{
    return (a.w[index >> 6] >> (index & 63)) & 1;
}

static inline void qbb_toggle(QbbSet *a, int index)
{
    a->w[index >> 6] ^= UINT64_C(1) << (index & 63);
}

/* A running count of members over several sets (bulk counting adds up
 * the target sets of all men). */
typedef struct QbbTally {
    int members;
} QbbTally;

static inline QbbTally qbb_tally_zero(void)
{
    return (QbbTally){0};
}
static inline QbbTally qbb_tally_add(QbbTally t, QbbSet a)
{
    return (QbbTally){t.members + qbb_popcount(a)};
}
static inline int qbb_tally_total(QbbTally t)
{
    return t.members;
}

/* More than one member: the test for double check. */
static inline bool qbb_several(QbbSet a)
{
    uint64_t low = a.w[0] ? a.w[0] : a.w[1] ? a.w[1] : a.w[2];
    uint64_t rest = (a.w[0] ? a.w[1] | a.w[2] : a.w[1] ? a.w[2] : 0);
    return (low & (low - 1)) != 0 || rest != 0;
}

/* Whole-set shifts toward higher bits (up, right) and lower bits (down,
 * left) by 1..63 bits; bits pushed past either end are lost, sideways
 * spill lands in padding (see above). */
static inline QbbSet qbb_shl(QbbSet a, unsigned n)
{
    return qbb_words(a.w[0] << n, (a.w[1] << n) | (a.w[0] >> (64 - n)), (a.w[2] << n) | (a.w[1] >> (64 - n)));
}

static inline QbbSet qbb_shr(QbbSet a, unsigned n)
{
    return qbb_words((a.w[0] >> n) | (a.w[1] << (64 - n)), (a.w[1] >> n) | (a.w[2] << (64 - n)), a.w[2] >> n);
}

/* Steps of k ranks (k = 1, 2, 4 or 8: a constant) toward rank 12 or rank
 * 1; bits leaving the board are lost. */
static inline QbbSet qbb_north(QbbSet a, int k)
{
    if (k == 8)
        return qbb_words(0, 0, a.w[0]);
    if (k == 4)
        return qbb_words(0, a.w[0], a.w[1]);
    return qbb_shl(a, (unsigned)(QBB_RANK_BITS * k));
}
static inline QbbSet qbb_south(QbbSet a, int k)
{
    if (k == 8)
        return qbb_words(a.w[2], 0, 0);
    if (k == 4)
        return qbb_words(a.w[1], a.w[2], 0);
    return qbb_shr(a, (unsigned)(QBB_RANK_BITS * k));
}

/* Steps of k files toward file l or file a: only the files that stay on
 * the board move, so nothing crosses into another rank. */
#define QBB_EACH_RANK(bits) ((uint64_t)(bits)*UINT64_C(0x0001000100010001))
static inline QbbSet qbb_east(QbbSet a, int k)
{
    uint64_t stays = QBB_EACH_RANK(0xFFFu >> k);
    return qbb_words((a.w[0] & stays) << k, (a.w[1] & stays) << k, (a.w[2] & stays) << k);
}
static inline QbbSet qbb_west(QbbSet a, int k)
{
    uint64_t stays = QBB_EACH_RANK((0xFFFu << k) & 0xFFFu);
    return qbb_words((a.w[0] & stays) >> k, (a.w[1] & stays) >> k, (a.w[2] & stays) >> k);
}

#endif
