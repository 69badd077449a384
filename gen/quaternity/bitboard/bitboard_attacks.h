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
static inline uint64_t bb_pdep(uint64_t bits, uint64_t mask)
{
    return _pdep_u64(bits, mask);
}
#else
static inline uint64_t bb_pdep(uint64_t bits, uint64_t mask)
{
    uint64_t out = 0;
    for (; mask; mask &= mask - 1, bits >>= 1)
        if (bits & 1)
            out |= mask & -mask;
    return out;
}
#endif

static inline unsigned bb_reach12(unsigned occupancy, int pos)
{
    return bb_line_attacks[pos][(occupancy >> 1) & (LINE_INNER_OCCUPANCIES - 1)];
}

/* The 144-bit set of a line's positions given as 12 bits. */
static inline Bb144 bb_line_deposit(int line_index, unsigned bits)
{
    const BbLine *line = &bb_lines[line_index];
    return bb_make(bb_pdep(bits, line->mask[0]), bb_pdep(bits >> line->shift1, line->mask[1]),
                   bb_pdep(bits >> line->shift2, line->mask[2]));
}

/* Enemy sliders that attack along a line (the line sliders exclude frozen
 * men), as 12 bits. */
static inline unsigned qbb_enemy_sliders_on_line(const QbbState *s, int mover, int line)
{
    return s->line_sliders[line] & ~qbb_line_blocked_for(s->line_men[line], mover);
}

static inline Bb144 qbb_frozen_men(const QbbState *s)
{
    Bb144 frozen = bb_empty();
    for (unsigned f = s->frozen; f; f &= f - 1)
        frozen = bb_or(frozen, s->by_controller[__builtin_ctz(f)]);
    return frozen;
}

/* The men that attack for the mover's enemies. */
static inline Bb144 qbb_active_enemies(const QbbState *s, int mover)
{
    Bb144 men = bb_andnot(s->occupied, s->by_controller[mover]);
    return s->frozen ? bb_andnot(men, qbb_frozen_men(s)) : men;
}

/* Knights, kings and pawns among `enemies` that attack `sq`. */
static inline Bb144 qbb_near_attackers(const QbbState *s, Bb144 enemies, int sq)
{
    Bb144 near =
        bb_or(bb_and(bb_knight_attacks[sq], s->sets[SET_KNIGHTS]), bb_and(bb_king_attacks[sq], s->sets[SET_KINGS]));
    for (int d = 0; d < DIR_COUNT; d++)
        near = bb_or(near, bb_and(bb_pawn_attackers[d][sq], s->sets[SET_PAWN_ATTACKS + d]));
    return bb_and(near, enemies);
}

/* Squares attacked by the active enemy knights, kings and pawns that
 * stand near `ksq`: only those can attack ksq or a square next to it, and
 * usually there are none.  (A direction-d pawn on p attacks the squares
 * from which a pawn of the opposite direction would attack p.) */
static inline Bb144 qbb_near_danger(const QbbState *s, Bb144 enemies, int ksq)
{
    Bb144 pawns = bb_or(bb_or(s->sets[SET_PAWN_ATTACKS + DIR_UP], s->sets[SET_PAWN_ATTACKS + DIR_DOWN]),
                        bb_or(s->sets[SET_PAWN_ATTACKS + DIR_RIGHT], s->sets[SET_PAWN_ATTACKS + DIR_LEFT]));
    Bb144 knights = bb_and(bb_and(s->sets[SET_KNIGHTS], enemies), bb_box7[ksq]);
    Bb144 close = bb_and(bb_and(bb_or(s->sets[SET_KINGS], pawns), enemies), bb_box5[ksq]);
    Bb144 danger = bb_empty();
    if (bb_none(bb_or(knights, close)))
        return danger;
    int sq;
    for (BbIter it = bb_iter(knights); bb_next(&it, &sq);)
        danger = bb_or(danger, bb_knight_attacks[sq]);
    for (BbIter it = bb_iter(bb_and(close, s->sets[SET_KINGS])); bb_next(&it, &sq);)
        danger = bb_or(danger, bb_king_attacks[sq]);
    for (int d = 0; d < DIR_COUNT; d++)
        for (BbIter it = bb_iter(bb_and(close, s->sets[SET_PAWN_ATTACKS + d])); bb_next(&it, &sq);)
            danger = bb_or(danger, bb_pawn_attackers[d ^ 1][sq]);
    return danger;
}

/* Whether an active enemy slider attacks `sq` once the man on `removed`
 * has left (a king testing where it may go; pass sq itself to remove
 * nothing: a square's own occupancy never blocks its reach). */
static inline bool qbb_slider_attacked(const QbbState *s, int mover, int sq, int removed)
{
    for (int o = 0; o < LINE_ORIENTATIONS; o++) {
        BbSquareLine at = bb_square_lines[sq][o];
        unsigned sliders = qbb_enemy_sliders_on_line(s, mover, at.line);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_line_occupied(s->line_men[at.line]);
        BbSquareLine gone = bb_square_lines[removed][o];
        if (gone.line == at.line)
            occupancy &= ~(1u << gone.pos);
        if (bb_reach12(occupancy, at.pos) & sliders)
            return true;
    }
    return false;
}

/* Whether an active enemy of `mover` attacks `sq` (with the man on
 * `removed` lifted, as above). */
static inline bool qbb_attacked(const QbbState *s, int mover, Bb144 enemies, int sq, int removed)
{
    return bb_any(qbb_near_attackers(s, enemies, sq)) || qbb_slider_attacked(s, mover, sq, removed);
}

#endif
