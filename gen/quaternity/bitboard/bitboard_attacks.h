/* Slider reach past 64 bits, and "is this square attacked".
 *
 * A slider's reach along one line depends only on that line's occupancy,
 * at most 12 squares.  BMI2 PEXT gathers them from the three words of a
 * 144-bit set with the line's masks (three PEXTs, two shifts, two ORs; a
 * rank is one 12-bit field, a shift and a mask), and a 24 KB table maps
 * (position, occupancy of positions 1..10) to the 12-bit reach.  Most
 * questions are then answered in those 12 bits: which squares a slider may
 * land on (reach minus the gathered blocked set: the mover's men and every
 * king), whether an enemy slider on the line sees the king, which friend
 * it would pin.  When a 144-bit set is needed (a check ray or pin ray for
 * a pawn, a slider's moves while in check) PDEP scatters the 12 bits back
 * with the same masks.
 *
 * Attackers are the active enemy men: another controller's, not frozen
 * (frozen men still block, since they are in the occupancy; they are kept
 * out of QbbSides' enemies and sliders). */
#ifndef GEN_QUATERNITY_BITBOARD_ATTACKS_H
#define GEN_QUATERNITY_BITBOARD_ATTACKS_H

#include <stdbool.h>
#include <stdint.h>

#include "bb144.h"
#include "bitboard_rays.h"
#include "bitboard_state.h"
#include "bitboard_tables.h"

/* PDEP: the low bits of `bits`, in order, onto the set bits of `mask`;
 * PEXT: the bits of `bits` under `mask`, packed low.  Builds without BMI2
 * (baseline x86-64, ARM) take the portable loops: one step per mask bit.
 * QBB_LINE_GATHER names the choice for the backend's description. */
#ifdef __BMI2__
#include <immintrin.h> /* only where the compiler says BMI2 is there */

#define QBB_LINE_GATHER "PEXT"

static inline uint64_t qbb_pdep(uint64_t bits, uint64_t mask)
{
    return _pdep_u64(bits, mask);
}
static inline uint64_t qbb_pext(uint64_t bits, uint64_t mask)
{
    return _pext_u64(bits, mask);
}
#else
#define QBB_LINE_GATHER "a portable PEXT loop"

static inline uint64_t qbb_pext(uint64_t bits, uint64_t mask)
{
    uint64_t out = 0, bit = 1;
    for (; mask; mask &= mask - 1, bit <<= 1)
        if (bits & mask & -mask)
            out |= bit;
    return out;
}
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

/* Set `a` along a line as 12 bits (bit p: position p). */
static inline unsigned qbb_gather(QbbSet a, int line_index)
{
    const QbbLine *line = &qbb_lines[line_index];
    return (unsigned)(qbb_pext(a.w[0], line->mask[0]) | qbb_pext(a.w[1], line->mask[1]) << line->shift1 |
                      qbb_pext(a.w[2], line->mask[2]) << line->shift2);
}

/* The same, by orientation: a rank (line index = rank) is a 12-bit field.
 * o is a constant wherever the caller loops over one orientation. */
static inline __attribute__((always_inline)) unsigned qbb_gather_on(QbbSet a, int o, int line_index)
{
    if (o == QBB_LINE_RANK)
        return (unsigned)(a.w[line_index >> 2] >> (QBB_RANK_BITS * (line_index & 3))) & 0xFFFu;
    return qbb_gather(a, line_index);
}

/* What every line question of one node asks about the sides, ORed up once
 * per generator run. */
typedef struct QbbSides {
    QbbSet blocked;    /* the mover's men and every king: no move lands there */
    QbbSet enemies;    /* the active enemy men */
    QbbSet sliders[2]; /* active enemy rook-likes (ranks, files), bishop-likes (diagonals) */
} QbbSides;

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

static inline void qbb_sides(const QbbState *s, int mover, QbbSides *sides)
{
    QbbSet queens = s->sets[QBB_SET_QUEENS];
    sides->blocked = qbb_or(s->by_controller[mover], s->sets[QBB_SET_KINGS]);
    sides->enemies = qbb_active_enemies(s, mover);
    sides->sliders[0] = qbb_and(qbb_or(s->sets[QBB_SET_ROOKS], queens), sides->enemies);
    sides->sliders[1] = qbb_and(qbb_or(s->sets[QBB_SET_BISHOPS], queens), sides->enemies);
}

/* The rook-likes (ranks, files) or bishop-likes (diagonals) of `s`, for
 * line orientation o. */
static inline QbbSet qbb_sliders_for(const QbbState *s, int o)
{
    return qbb_or(s->sets[o <= QBB_LINE_FILE ? QBB_SET_ROOKS : QBB_SET_BISHOPS], s->sets[QBB_SET_QUEENS]);
}

/* The positions of a line the mover may not land on, as 12 bits: the
 * blocked set, and every position past the line's end so that a reach
 * running off a short line lands nowhere. */
static inline __attribute__((always_inline)) unsigned qbb_blocked_on(const QbbSides *sides, int o, int line_index)
{
    return qbb_gather_on(sides->blocked, o, line_index) | qbb_lines[line_index].past_end;
}

/* The active enemy sliders along a line, as 12 bits: 0 at once (one
 * 256-bit test) when none stands on it. */
static inline __attribute__((always_inline)) unsigned qbb_enemy_sliders_on(const QbbSides *sides, int o, int line_index)
{
    QbbSet sliders = sides->sliders[o >> 1];
    if (qbb_none(qbb_and(sliders, qbb_line_sets[line_index])))
        return 0;
    return qbb_gather_on(sliders, o, line_index);
}

/* The pawns that attack in direction d (a direction-d pawn captures one
 * step forward and one sideways): committed ones, and the uncommitted
 * pawns of the two armies with d among their forward directions (White
 * up/right, Red down/right, Black down/left, Green up/left). */
static inline QbbSet qbb_pawn_attack_set(const QbbState *s, int d)
{
    static const uint8_t armies[QBB_DIR_COUNT][2] = {
        {ARMY_WHITE, ARMY_GREEN}, {ARMY_RED, ARMY_BLACK}, {ARMY_WHITE, ARMY_RED}, {ARMY_BLACK, ARMY_GREEN}};
    return qbb_or(s->sets[QBB_SET_PAWNS + d],
                  qbb_or(s->sets[QBB_SET_UNCOMMITTED + armies[d][0]], s->sets[QBB_SET_UNCOMMITTED + armies[d][1]]));
}

/* Knights, kings and pawns among `enemies` that attack `sq`. */
static inline QbbSet qbb_near_attackers(const QbbState *s, QbbSet enemies, int sq)
{
    QbbSet near = qbb_or(qbb_and(qbb_knight_attacks[sq], s->sets[QBB_SET_KNIGHTS]),
                         qbb_and(qbb_king_attacks[sq], s->sets[QBB_SET_KINGS]));
    for (int d = 0; d < QBB_DIR_COUNT; d++)
        near = qbb_or(near, qbb_and(qbb_pawn_attackers[d][sq], qbb_pawn_attack_set(s, d)));
    return qbb_and(near, enemies);
}

/* Squares attacked by the active enemy knights, kings and pawns that
 * stand near `ksq`: only those can attack ksq or a square next to it, and
 * usually there are none.  (A direction-d pawn on p attacks the squares
 * from which a pawn of the opposite direction would attack p.) */
static inline QbbSet qbb_near_danger(const QbbState *s, QbbSet enemies, int ksq)
{
    QbbSet pawns = qbb_or(qbb_or(s->sets[QBB_SET_PAWNS + QBB_DIR_UP], s->sets[QBB_SET_PAWNS + QBB_DIR_DOWN]),
                          qbb_or(s->sets[QBB_SET_PAWNS + QBB_DIR_RIGHT], s->sets[QBB_SET_PAWNS + QBB_DIR_LEFT]));
    for (int a = 0; a < 4; a++)
        pawns = qbb_or(pawns, s->sets[QBB_SET_UNCOMMITTED + a]);
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
        for (QbbIter it = qbb_iter(qbb_and(close, qbb_pawn_attack_set(s, d))); qbb_next(&it, &sq);)
            danger = qbb_or(danger, qbb_pawn_attackers[d ^ 1][sq]);
    return danger;
}

/* Whether an active enemy slider attacks `sq` once the man on `removed`
 * has left (a king testing where it may go; pass sq itself to remove
 * nothing: a square's own occupancy never blocks its reach). */
static inline bool qbb_slider_attacked(const QbbState *s, const QbbSides *sides, int sq, int removed)
{
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[sq][o];
        unsigned sliders = qbb_enemy_sliders_on(sides, o, at.line);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_gather_on(s->occupied, o, at.line);
        QbbSquareLine gone = qbb_square_lines[removed][o];
        if (gone.line == at.line)
            occupancy &= ~(1u << gone.pos);
        if (qbb_reach12(occupancy, at.pos) & sliders)
            return true;
    }
    return false;
}

/* The king's `targets` that no enemy slider attacks once the king has
 * left `ksq`: one attack map (bitboard_rays.h) over the empty squares and
 * his own, for a king with many targets (QBB_KING_TARGETS_FOR_MAP). */
static inline QbbSet qbb_targets_off_slider_map(const QbbSides *sides, QbbSet targets, QbbSet empty, int ksq)
{
    QbbSet lifted = qbb_or(empty, qbb_square_sets[ksq]);
    return qbb_andnot(targets, qbb_slider_attack_map(sides->sliders[0], sides->sliders[1], lifted));
}

/* Whether an active enemy of the mover attacks `sq` (with the man on
 * `removed` lifted, as above). */
static inline bool qbb_attacked(const QbbState *s, const QbbSides *sides, int sq, int removed)
{
    return qbb_any(qbb_near_attackers(s, sides->enemies, sq)) || qbb_slider_attacked(s, sides, sq, removed);
}

#endif
