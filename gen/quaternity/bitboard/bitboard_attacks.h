/* Slider reach past 64 bits, and "is this square attacked".
 *
 * A slider's reach along one line depends only on that line's occupancy,
 * at most 12 squares, which the position keeps ready as a 12-bit word per
 * line (the rotated sets of bitboard_state.h).  A 24 KB table maps
 * (position, occupancy of positions 1..10) to the 12-bit reach.  Most
 * questions are answered in those 12 bits: which squares a slider may
 * land on (reach minus friends and kings), whether an enemy slider on the
 * line sees the king, which friend it would pin.  When a 144-bit set is
 * needed (a check ray or pin ray for a pawn, a slider's moves while in
 * check) BMI2 PDEP scatters the 12 bits into the three words with the
 * line's masks: three instructions whatever the line's shape.
 *
 * Attackers are the active enemy men: another controller's, not frozen
 * (frozen men still block, since they are in the occupancy; they are kept
 * out of the line sliders and out of `enemies`). */
#ifndef GEN_QUATERNITY_BITBOARD_ATTACKS_H
#define GEN_QUATERNITY_BITBOARD_ATTACKS_H

#include <immintrin.h>
#include <stdbool.h>

#include "bb144.h"
#include "bitboard_state.h"
#include "bitboard_tables.h"

/* PDEP: the low bits of `bits`, in order, onto the set bits of `mask`.
 * Builds without BMI2 (the sanitizer build) take the portable loop. */
#ifdef __BMI2__
static inline uint64_t qbb_pdep(uint64_t bits, uint64_t mask)
{
    return _pdep_u64(bits, mask);
}
#else
static inline uint64_t qbb_pdep(uint64_t bits, uint64_t mask)
{
    uint64_t out = 0;
    for (; mask; mask &= mask - 1, bits >>= 1)
        if (bits & 1)
            out |= mask & -mask;
    return out;
}
#endif

/* Positions 1..10 of the occupancy, already doubled, are the byte offset
 * of the entry within its row: one AND and no shift. */
static inline unsigned qbb_reach12(unsigned occupancy, int pos)
{
    const char *row = (const char *)qbb_line_attacks[pos];
    return *(const uint16_t *)(row + (occupancy & (2 * QBB_LINE_INNER_OCCUPANCIES - 2)));
}

/* The 144-bit set of a line's positions given as 12 bits. */
static inline QbbSet qbb_line_deposit(int line_index, unsigned bits)
{
    const QbbLine *line = &qbb_lines[line_index];
    return qbb_words(qbb_pdep(bits, line->mask[0]), qbb_pdep(bits >> line->shift1, line->mask[1]),
                     qbb_pdep(bits >> line->shift2, line->mask[2]));
}

/* Enemy sliders that attack along a line (the line sliders exclude frozen
 * men), as 12 bits. */
static inline unsigned qbb_enemy_sliders_on_line(const QbbState *s, int mover, int line)
{
    return s->line_sliders[line] & ~qbb_line_blocked_for(s->line_men[line], mover);
}

static inline QbbSet qbb_frozen_men(const QbbState *s)
{
    QbbSet frozen = qbb_empty();
    for (unsigned f = s->frozen; f; f &= f - 1)
        frozen = qbb_or(frozen, s->by_controller[__builtin_ctz(f)]);
    return frozen;
}

/* The men that attack for the mover's enemies. */
static inline QbbSet qbb_active_enemies(const QbbState *s, int mover)
{
    QbbSet men = qbb_andnot(s->occupied, s->by_controller[mover]);
    return s->frozen ? qbb_andnot(men, qbb_frozen_men(s)) : men;
}

/* Knights, kings and pawns among `enemies` that attack `sq`. */
static inline QbbSet qbb_near_attackers(const QbbState *s, QbbSet enemies, int sq)
{
    QbbSet near = qbb_or(qbb_and(qbb_knight_attacks[sq], s->sets[QBB_SET_KNIGHTS]),
                         qbb_and(qbb_king_attacks[sq], s->sets[QBB_SET_KINGS]));
    for (int d = 0; d < QBB_DIR_COUNT; d++)
        near = qbb_or(near, qbb_and(qbb_pawn_attackers[d][sq], s->sets[QBB_SET_PAWN_ATTACKS + d]));
    return qbb_and(near, enemies);
}

/* Squares attacked by the active enemy knights, kings and pawns that
 * stand near `ksq`: only those can attack ksq or a square next to it, and
 * usually there are none.  (A direction-d pawn on p attacks the squares
 * from which a pawn of the opposite direction would attack p.) */
static inline QbbSet qbb_near_danger(const QbbState *s, QbbSet enemies, int ksq)
{
    QbbSet pawns =
        qbb_or(qbb_or(s->sets[QBB_SET_PAWN_ATTACKS + QBB_DIR_UP], s->sets[QBB_SET_PAWN_ATTACKS + QBB_DIR_DOWN]),
               qbb_or(s->sets[QBB_SET_PAWN_ATTACKS + QBB_DIR_RIGHT], s->sets[QBB_SET_PAWN_ATTACKS + QBB_DIR_LEFT]));
    QbbSet knights = qbb_and(qbb_and(s->sets[QBB_SET_KNIGHTS], enemies), qbb_box7[ksq]);
    QbbSet close = qbb_and(qbb_and(qbb_or(s->sets[QBB_SET_KINGS], pawns), enemies), qbb_box5[ksq]);
    QbbSet danger = qbb_empty();
    if (qbb_none(qbb_or(knights, close)))
        return danger;
    int sq;
    for (QbbIter it = qbb_iter(knights); qbb_next(&it, &sq);)
        danger = qbb_or(danger, qbb_knight_attacks[sq]);
    for (QbbIter it = qbb_iter(qbb_and(close, s->sets[QBB_SET_KINGS])); qbb_next(&it, &sq);)
        danger = qbb_or(danger, qbb_king_attacks[sq]);
    for (int d = 0; d < QBB_DIR_COUNT; d++)
        for (QbbIter it = qbb_iter(qbb_and(close, s->sets[QBB_SET_PAWN_ATTACKS + d])); qbb_next(&it, &sq);)
            danger = qbb_or(danger, qbb_pawn_attackers[d ^ 1][sq]);
    return danger;
}

/* Whether an active enemy slider attacks `sq` once the man on `removed`
 * has left (a king testing where it may go; pass sq itself to remove
 * nothing: a square's own occupancy never blocks its reach). */
static inline bool qbb_slider_attacked(const QbbState *s, int mover, int sq, int removed)
{
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[sq][o];
        unsigned sliders = qbb_enemy_sliders_on_line(s, mover, at.line);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_line_occupied(s->line_men[at.line]);
        QbbSquareLine gone = qbb_square_lines[removed][o];
        if (gone.line == at.line)
            occupancy &= ~(1u << gone.pos);
        if (qbb_reach12(occupancy, at.pos) & sliders)
            return true;
    }
    return false;
}

/* Whether an active enemy of `mover` attacks `sq` (with the man on
 * `removed` lifted, as above). */
static inline bool qbb_attacked(const QbbState *s, int mover, QbbSet enemies, int sq, int removed)
{
    return qbb_any(qbb_near_attackers(s, enemies, sq)) || qbb_slider_attacked(s, mover, sq, removed);
}

#endif
