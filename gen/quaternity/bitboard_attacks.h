/* Slider attacks past 64 bits, and "is this square attacked".
 *
 * A slider's reach along one line depends only on that line's occupancy,
 * at most 12 squares.  BMI2 PEXT gathers those squares from the three
 * words of a Bb144 into a 12-bit number (one PEXT per word, shifted into
 * place), a 24 KB table maps (position, occupancy of positions 1..10) to
 * the 12-bit reach, and PDEP scatters that back into the three words.
 * That is a fixed, branch-free 3 + 3 instructions per line whatever the
 * line's shape; ranks, being one 12-bit field of one word, skip PEXT/PDEP
 * for a shift and mask.
 *
 * The enemy's men are summarised once per node in an Enemies record:
 * only men whose controller differs from the mover's and is not frozen
 * attack (frozen men still block, since they are in the occupancy). */
#ifndef GEN_QUATERNITY_BITBOARD_ATTACKS_H
#define GEN_QUATERNITY_BITBOARD_ATTACKS_H

#include <immintrin.h>
#include <stdbool.h>

#include "bb144.h"
#include "bitboard_state.h"
#include "bitboard_tables.h"

static inline Bb144 bb_line_reach(Bb144 occupied, BbSquareLine at)
{
    const BbLine *line = &bb_lines[at.line];
    uint64_t occ = _pext_u64(occupied.w[0], line->mask[0]) | _pext_u64(occupied.w[1], line->mask[1]) << line->shift1 |
                   _pext_u64(occupied.w[2], line->mask[2]) << line->shift2;
    uint64_t reach = bb_line_attacks[at.pos][(occ >> 1) & (LINE_INNER_OCCUPANCIES - 1)];
    return bb_make(_pdep_u64(reach, line->mask[0]), _pdep_u64(reach >> line->shift1, line->mask[1]),
                   _pdep_u64(reach >> line->shift2, line->mask[2]));
}

/* Ranks: the line is bits 16 * (rank % 4) .. + 11 of one word. */
static inline Bb144 bb_rank_reach(Bb144 occupied, int sq)
{
    int word = sq >> 6, shift = sq & 48;
    uint64_t occ = occupied.w[word] >> shift;
    uint64_t reach = bb_line_attacks[sq & 15][(occ >> 1) & (LINE_INNER_OCCUPANCIES - 1)];
    Bb144 b = bb_empty();
    b.w[word] = reach << shift;
    return b;
}

static inline Bb144 bb_reach(Bb144 occupied, int sq, int orientation)
{
    if (orientation == LINE_RANK)
        return bb_rank_reach(occupied, sq);
    return bb_line_reach(occupied, bb_square_lines[sq][orientation]);
}

static inline Bb144 bb_rook_reach(Bb144 occupied, int sq)
{
    return bb_or(bb_rank_reach(occupied, sq), bb_line_reach(occupied, bb_square_lines[sq][LINE_FILE]));
}

static inline Bb144 bb_bishop_reach(Bb144 occupied, int sq)
{
    return bb_or(bb_line_reach(occupied, bb_square_lines[sq][LINE_DIAGONAL]),
                 bb_line_reach(occupied, bb_square_lines[sq][LINE_ANTI_DIAGONAL]));
}

/* The men that can attack the mover's kings, by what they attack like. */
typedef struct Enemies {
    Bb144 men; /* active enemy men */
    Bb144 knights, kings, rook_like, bishop_like;
    Bb144 pawns[DIR_COUNT]; /* pawns attacking as direction d pawns */
} Enemies;

/* Armies whose uncommitted pawns attack like direction-d pawns: the armies
 * with d among their forward directions (White up/right, Red down/right,
 * Black down/left, Green up/left). */
static const uint8_t bb_armies_forward[DIR_COUNT][2] = {
    {ARMY_WHITE, ARMY_GREEN}, {ARMY_RED, ARMY_BLACK}, {ARMY_WHITE, ARMY_RED}, {ARMY_BLACK, ARMY_GREEN}};

static inline Bb144 qbb_frozen_men(const QbbState *s)
{
    Bb144 frozen = bb_empty();
    for (unsigned f = s->frozen; f; f &= f - 1)
        frozen = bb_or(frozen, s->by_controller[__builtin_ctz(f)]);
    return frozen;
}

static inline Enemies qbb_enemies(const QbbState *s, int mover)
{
    Enemies e;
    e.men = bb_andnot(s->occupied, s->by_controller[mover]);
    if (s->frozen)
        e.men = bb_andnot(e.men, qbb_frozen_men(s));
    e.knights = bb_and(s->sets[SET_KNIGHTS], e.men);
    e.kings = bb_and(s->sets[SET_KINGS], e.men);
    e.rook_like = bb_and(s->sets[SET_ROOK_LIKE], e.men);
    e.bishop_like = bb_and(s->sets[SET_BISHOP_LIKE], e.men);
    for (int d = 0; d < DIR_COUNT; d++) {
        Bb144 p = bb_or(s->sets[SET_PAWNS + d], bb_or(s->sets[SET_UNCOMMITTED + bb_armies_forward[d][0]],
                                                       s->sets[SET_UNCOMMITTED + bb_armies_forward[d][1]]));
        e.pawns[d] = bb_and(p, e.men);
    }
    return e;
}

/* Whether an active enemy attacks `sq` with the board occupied as given. */
static inline bool qbb_attacked(const Enemies *e, Bb144 occupied, int sq)
{
    Bb144 near = bb_or(bb_and(bb_knight_attacks[sq], e->knights), bb_and(bb_king_attacks[sq], e->kings));
    for (int d = 0; d < DIR_COUNT; d++)
        near = bb_or(near, bb_and(bb_pawn_attackers[d][sq], e->pawns[d]));
    if (bb_any(near))
        return true;
    if (bb_any(bb_and(bb_rook_reach(occupied, sq), e->rook_like)))
        return true;
    return bb_any(bb_and(bb_bishop_reach(occupied, sq), e->bishop_like));
}

#endif
