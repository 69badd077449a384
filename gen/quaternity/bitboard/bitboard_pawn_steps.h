/* What a pawn direction means on the 144-bit sets: its bit step, its
 * sideways step, its promotion edge and the squares one step before it.
 * Shared by the move lists (bitboard_movegen.c) and the count
 * (bitboard_common.c); constants once inlined with a constant direction. */
#ifndef GEN_QUATERNITY_BITBOARD_PAWN_STEPS_H
#define GEN_QUATERNITY_BITBOARD_PAWN_STEPS_H

#include "bb144.h"
#include "bitboard_tables.h"

#define QBB_FILE_A_BITS UINT64_C(0x0001000100010001)

static inline __attribute__((always_inline)) int qbb_pawn_step(int d)
{
    return d == QBB_DIR_UP ? QBB_RANK_BITS : d == QBB_DIR_DOWN ? -QBB_RANK_BITS : d == QBB_DIR_RIGHT ? 1 : -1;
}

static inline __attribute__((always_inline)) int qbb_pawn_side_step(int d)
{
    return d <= QBB_DIR_DOWN ? 1 : QBB_RANK_BITS;
}

static inline __attribute__((always_inline)) QbbSet qbb_promotion_edge(int d)
{
    switch (d) {
    case QBB_DIR_UP: return qbb_words(0, 0, UINT64_C(0x0FFF) << 48);
    case QBB_DIR_DOWN: return qbb_words(0x0FFF, 0, 0);
    case QBB_DIR_RIGHT: return qbb_words(QBB_FILE_A_BITS << 11, QBB_FILE_A_BITS << 11, QBB_FILE_A_BITS << 11);
    default: return qbb_words(QBB_FILE_A_BITS, QBB_FILE_A_BITS, QBB_FILE_A_BITS);
    }
}

/* A pawn that can promote stands here. */
static inline __attribute__((always_inline)) QbbSet qbb_before_edge(int d)
{
    switch (d) {
    case QBB_DIR_UP: return qbb_words(0, 0, UINT64_C(0x0FFF) << 32);
    case QBB_DIR_DOWN: return qbb_words(UINT64_C(0x0FFF) << 16, 0, 0);
    case QBB_DIR_RIGHT: return qbb_words(QBB_FILE_A_BITS << 10, QBB_FILE_A_BITS << 10, QBB_FILE_A_BITS << 10);
    default: return qbb_words(QBB_FILE_A_BITS << 1, QBB_FILE_A_BITS << 1, QBB_FILE_A_BITS << 1);
    }
}

#endif
