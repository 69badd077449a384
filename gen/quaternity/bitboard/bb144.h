/* Bb144: a set of Quaternity squares, one bit per square, in three 64-bit
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
#ifndef GEN_QUATERNITY_BB144_H
#define GEN_QUATERNITY_BB144_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Bb144 {
    uint64_t w[3];
} Bb144;

enum { BB_BITS = 192, BB_RANK_BITS = 16 };

/* Files a..l of every rank: zero in the padding. */
#define BB_WORD_BOARD UINT64_C(0x0FFF0FFF0FFF0FFF)

/* Internal bit index of a neutral square (rank * 12 + file) and back. */
static inline int bb_index(int rank, int file)
{
    return rank * BB_RANK_BITS + file;
}
static inline int bb_rank(int index)
{
    return index >> 4;
}
static inline int bb_file(int index)
{
    return index & 15;
}
static inline int bb_from_neutral(int square)
{
    return bb_index(square / 12, square % 12);
}
static inline int bb_to_neutral(int index)
{
    return bb_rank(index) * 12 + bb_file(index);
}

static inline Bb144 bb_make(uint64_t w0, uint64_t w1, uint64_t w2)
{
    return (Bb144){{w0, w1, w2}};
}
static inline Bb144 bb_empty(void)
{
    return bb_make(0, 0, 0);
}
static inline Bb144 bb_board(void)
{
    return bb_make(BB_WORD_BOARD, BB_WORD_BOARD, BB_WORD_BOARD);
}

static inline Bb144 bb_square(int index)
{
    Bb144 b = bb_empty();
    b.w[index >> 6] = UINT64_C(1) << (index & 63);
    return b;
}

static inline Bb144 bb_and(Bb144 a, Bb144 b)
{
    return bb_make(a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2]);
}
static inline Bb144 bb_or(Bb144 a, Bb144 b)
{
    return bb_make(a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2]);
}
static inline Bb144 bb_xor(Bb144 a, Bb144 b)
{
    return bb_make(a.w[0] ^ b.w[0], a.w[1] ^ b.w[1], a.w[2] ^ b.w[2]);
}
/* a without b */
static inline Bb144 bb_andnot(Bb144 a, Bb144 b)
{
    return bb_make(a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2]);
}

static inline bool bb_any(Bb144 a)
{
    return (a.w[0] | a.w[1] | a.w[2]) != 0;
}
static inline bool bb_none(Bb144 a)
{
    return !bb_any(a);
}
static inline bool bb_test(Bb144 a, int index)
{
    return (a.w[index >> 6] >> (index & 63)) & 1;
}

static inline void bb_toggle(Bb144 *a, int index)
{
    a->w[index >> 6] ^= UINT64_C(1) << (index & 63);
}

static inline int bb_count(Bb144 a)
{
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) + __builtin_popcountll(a.w[2]);
}

/* More than one member: the test for double check. */
static inline bool bb_several(Bb144 a)
{
    uint64_t low = a.w[0] ? a.w[0] : a.w[1] ? a.w[1] : a.w[2];
    uint64_t rest = (a.w[0] ? a.w[1] | a.w[2] : a.w[1] ? a.w[2] : 0);
    return (low & (low - 1)) != 0 || rest != 0;
}

/* Lowest member of a non-empty set. */
static inline int bb_first(Bb144 a)
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
static inline Bb144 bb_shl(Bb144 a, unsigned n)
{
    return bb_make(a.w[0] << n, (a.w[1] << n) | (a.w[0] >> (64 - n)), (a.w[2] << n) | (a.w[1] >> (64 - n)));
}

static inline Bb144 bb_shr(Bb144 a, unsigned n)
{
    return bb_make((a.w[0] >> n) | (a.w[1] << (64 - n)), (a.w[1] >> n) | (a.w[2] << (64 - n)), a.w[2] >> n);
}

/* Visit every member, word by word: `BB_FOR_EACH (sq, set) body;` with
 * `int sq` declared before.  The word loop has a constant trip count, so
 * the compiler unrolls it into three tight bit loops.  Not for nesting
 * (its hidden names would shadow) and `break` leaves only the current
 * word: where either matters, use BbIter below. */
#define BB_FOR_EACH(sq, set)                                                                                           \
    for (Bb144 bb_each_set_ = (set), *bb_each_done_ = 0; !bb_each_done_; bb_each_done_ = &bb_each_set_)                \
        for (int bb_each_word_ = 0; bb_each_word_ < 3; bb_each_word_++)                                                \
            for (uint64_t bb_each_bits_ = bb_each_set_.w[bb_each_word_];                                               \
                 bb_each_bits_ && ((sq) = bb_each_word_ * 64 + __builtin_ctzll(bb_each_bits_), 1);                     \
                 bb_each_bits_ &= bb_each_bits_ - 1)

/* Visit every member: `for (BbIter it = bb_iter(set); bb_next(&it, &sq);)`. */
typedef struct BbIter {
    Bb144 rest;
    int word;
} BbIter;

static inline BbIter bb_iter(Bb144 a)
{
    return (BbIter){a, 0};
}

static inline bool bb_next(BbIter *it, int *index)
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
