/* Quaternity pawn rules for the padded board, as tables of square
 * differences.
 *
 * A pawn's cell byte (army and state, see position.h) selects one QpdPawnRules
 * entry: its quiet steps (to an empty square) and capture steps (onto a
 * capturable man), each with the pawn's cell after the step and the board
 * edges on which that step promotes.  Commitment is thus data, not code: a
 * White uncommitted pawn's step +23 (north) becomes a pawn moving up, its
 * capture +22 (north-west, the side diagonal of "up") also becomes a pawn
 * moving up, its capture +24 (north-east, the main diagonal) stays
 * uncommitted and promotes on rank 12 or file l.
 *
 * Example, White on d4 (index 5*23 + 5 = 120), uncommitted: quiet 120+23 =
 * 143 = d5 (up) and 120+1 = 121 = e4 (right); captures 120+24 = 144 = e5
 * (stays *), 120+22 = 142 = c5 (commits up), 120-22 = 98 = e3 (commits
 * right). */
#ifndef GEN_QUATERNITY_PADDED_PAWNS_H
#define GEN_QUATERNITY_PADDED_PAWNS_H

#include <stdint.h>

#include "position.h"

typedef struct QpdPawnStep {
    int16_t delta;         /* target square minus the pawn's square */
    uint8_t after;         /* the pawn's cell after the step */
    uint8_t promote_edges; /* square_edges bits on which the step promotes */
} QpdPawnStep;

/* A directed pawn has one quiet step and two captures; its unused entries
 * have delta 0, which lands on the pawn itself (neither empty nor
 * capturable), so a counter may test all five entries without branching. */
typedef struct QpdPawnRules {
    uint8_t quiet_count, capture_count;
    uint16_t threat; /* qpd_attack_adjacent() bits of the capture steps */
    QpdPawnStep quiet[2];
    QpdPawnStep capture[3];
} QpdPawnRules;

/* Indexed by a pawn cell >> 3, i.e. army + 4 * state. */
extern QpdPawnRules qpd_pawn_rules[32];

static inline const QpdPawnRules *qpd_pawn_rules_of(uint8_t cell)
{
    return &qpd_pawn_rules[cell >> 3];
}

/* Idempotent and thread-safe; needs qpd_layout_init() first. */
void qpd_pawns_init(void);

#endif
