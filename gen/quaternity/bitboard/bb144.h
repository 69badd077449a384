/* QbbSet: a set of Quaternity squares, one bit per square, in three 64-bit
 * words.
 *
 * Layout: each rank takes 16 bits, of which files a..l use the low 12 and
 * bits 12..15 are padding that is always zero.  Four ranks fill a word, so
 * the 12 ranks fill 192 bits:
 *
 *     bit = rank * 16 + file        (rank 0 = rank 1, file 0 = file a)
 *     word w[rank / 4], bit (rank % 4) * 16 + file within it
 *
 *     e.g. d4 = rank 3, file 3 -> bit 51 of w[0];  e5 = rank 4, file 4 -> bit 4 of w[1]
 *          l12 = rank 11, file 11 -> bit 187 = bit 59 of w[2]
 *
 * Why the padding is there and what it pays for: a step sideways off the
 * board never wraps onto the next rank, it lands in padding.  Stepping
 * right from file l gives bit 12 of the same rank; stepping left from file
 * a gives bit 15 of the rank below (or falls off word 0).  Vertical steps
 * (+-16) move padding onto padding.  So pawn shifts (bitboard_movegen.c)
 * need no edge mask at all: they are intersected with the empty or the
 * capturable squares anyway, which hold no padding.  A dense 12-per-rank
 * packing would need a file mask per sideways direction on every shift.
 * A rank is a 12-bit field at a 16-bit boundary, and the per-word masks of
 * files and diagonals are regular (bitboard_tables.h).  The 48 unused bits
 * cost nothing: 144 bits need three words either way.  (Not measured
 * against a dense build; the choice rests on the operation counts above.)
 *
 * Every operation here is on whole words, branch-free and inline. */
#ifndef GEN_QUATERNITY_BITBOARD_BB144_H
#define GEN_QUATERNITY_BITBOARD_BB144_H

#include <stdbool.h>
#include <stdint.h>

typedef struct QbbSet {
    uint64_t w[3];
} QbbSet;

enum { QBB_BITS = 192, QBB_RANK_BITS = 16 };

/* Files a..l of every rank: zero in the padding. */
#define QBB_WORD_BOARD UINT64_C(0x0FFF0FFF0FFF0FFF)

/* Internal bit index of a neutral square (rank * 12 + file) and back. */
static inline int qbb_index(int rank, int file)
{
    return rank * QBB_RANK_BITS + file;
}
static inline int qbb_rank(int index)
{
    return index >> 4;
}
static inline int qbb_file(int index)
{
    return index & 15;
}
static inline int qbb_from_neutral(int square)
{
    return qbb_index(square / 12, square % 12);
}
static inline int qbb_to_neutral(int index)
{
    return qbb_rank(index) * 12 + qbb_file(index);
}

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
static inline bool qbb_none(QbbSet a)
{
    return !qbb_any(a);
}
static inline bool qbb_test(QbbSet a, int index)
{
    return (a.w[index >> 6] >> (index & 63)) & 1;
}

static inline void qbb_toggle(QbbSet *a, int index)
{
    a->w[index >> 6] ^= UINT64_C(1) << (index & 63);
}

/* Not forced inline: forcing it (and qbb_toggle_move) saved instructions in
 * a build without AVX-512 but made the -march=native build's perft without
 * bulk counting 10-20% slower (pinned, interleaved, against 044f842). */
static inline int qbb_popcount(QbbSet a)
{
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) + __builtin_popcountll(a.w[2]);
}

/* More than one member: the test for double check. */
static inline bool qbb_several(QbbSet a)
{
    uint64_t low = a.w[0] ? a.w[0] : a.w[1] ? a.w[1] : a.w[2];
    uint64_t rest = (a.w[0] ? a.w[1] | a.w[2] : a.w[1] ? a.w[2] : 0);
    return (low & (low - 1)) != 0 || rest != 0;
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

/* Visit every member, word by word: `QBB_FOR_EACH (sq, set) body;` with
 * `int sq` declared before.  The pragma unrolls the word loop into three
 * tight bit loops: GCC 12 kept it a loop, four instructions a word (the
 * pragma: perft 4 without bulk counting -5.3% instructions, callgrind).
 * Not for nesting (its hidden names would shadow) and `break` leaves only
 * the current word: where either matters, use QbbIter below. */
/* clang-format off */
#define QBB_FOR_EACH(sq, set)                                                                                          \
    for (QbbSet qbb_each_set_ = (set), *qbb_each_done_ = 0; !qbb_each_done_; qbb_each_done_ = &qbb_each_set_)          \
        _Pragma("GCC unroll 3") for (int qbb_each_word_ = 0; qbb_each_word_ < 3; qbb_each_word_++)                     \
            for (uint64_t qbb_each_bits_ = qbb_each_set_.w[qbb_each_word_];                                            \
                 qbb_each_bits_ && ((sq) = qbb_each_word_ * 64 + __builtin_ctzll(qbb_each_bits_), 1);                  \
                 qbb_each_bits_ &= qbb_each_bits_ - 1)
/* clang-format on */

/* Visit every member: `for (QbbIter it = qbb_iter(set); qbb_next(&it, &sq);)`. */
typedef struct QbbIter {
    QbbSet rest;
    int word;
} QbbIter;

static inline QbbIter qbb_iter(QbbSet a)
{
    return (QbbIter){a, 0};
}

static inline bool qbb_next(QbbIter *it, int *index)
{
    while (it->word < 3) {
        uint64_t w = it->rest.w[it->word];
        if (w) {
            *index = it->word * 64 + __builtin_ctzll(w);
            it->rest.w[it->word] = w & (w - 1);
            return true;
        }
        it->word++;
    }
    return false;
}

#endif
