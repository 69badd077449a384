/* QbbSet: a set of Quaternity squares, one bit per square, in three 64-bit
 * words: one 256-bit AVX2 register (bb144_avx2.h, top word always zero) or,
 * built with -DQBB_PORTABLE or without AVX2, a struct of three words
 * (bb144_words.h).  Both give the same operations; w[i] is word i either
 * way (GCC subscripts vectors like arrays).
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
 * Every operation is on whole sets, branch-free and inline. */
#ifndef GEN_QUATERNITY_BITBOARD_BB144_H
#define GEN_QUATERNITY_BITBOARD_BB144_H

#include <stdbool.h>
#include <stdint.h>

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

#if defined(__AVX2__) && !defined(QBB_PORTABLE)
#include "bb144_avx2.h"
#else
#include "bb144_words.h"
#endif

static inline bool qbb_none(QbbSet a)
{
    return !qbb_any(a);
}

/* Visit every member, word by word: `QBB_FOR_EACH (sq, set) body;` with
 * `int sq` declared before.  The pragma unrolls the word loop into three
 * tight bit loops: GCC 12 kept it a loop, four instructions a word (the
 * pragma saved instructions at perft 4 without bulk counting, callgrind; no
 * result file kept).
 * Not for nesting (its hidden names would shadow) and `break` leaves only
 * the current word: where either matters, use QbbIter below. */
/* clang-format off */
#define QBB_FOR_EACH(sq, set)                                                                                          \
    for (QbbSet qbb_each_set_ = (set), *qbb_each_done_ = 0; !qbb_each_done_; qbb_each_done_ = &qbb_each_set_)          \
        _Pragma("GCC unroll 3") for (int qbb_each_word_ = 0; qbb_each_word_ < 3; qbb_each_word_++)                     \
            for (uint64_t qbb_each_bits_ = qbb_each_set_.w[qbb_each_word_];                                            \
                 qbb_each_bits_ && ((sq) = (int)qbb_each_word_ * 64 + __builtin_ctzll(qbb_each_bits_), 1);             \
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
