/* Builds the pawn tables of padded_pawns.h from gen/quaternity/RULES.md#pawns
 * and the pawn tables after it: one square per turn in the pawn's direction,
 * captures on the two diagonals ahead, and for an uncommitted pawn with forward
 * directions d1 and d2 the quiet steps d1 and d2 (committing), the capture
 * d1 + d2 (staying uncommitted) and the side captures d1 - d2 and d2 - d1
 * (committing to d1 and d2 respectively, counted from the landing square). */
#include "padded_pawns.h"
#include "run_once.h"

#include "padded_layout.h"

QpdPawnRules qpd_pawn_rules[32];

/* Each army's forward directions: along its file first, then its rank. */
static const PawnState FORWARD[4][2] = {
    [ARMY_WHITE] = {PAWN_UP, PAWN_RIGHT},
    [ARMY_RED] = {PAWN_DOWN, PAWN_RIGHT},
    [ARMY_BLACK] = {PAWN_DOWN, PAWN_LEFT},
    [ARMY_GREEN] = {PAWN_UP, PAWN_LEFT},
};

static int state_vector(PawnState s)
{
    switch (s) {
    case PAWN_UP: return QPD_STEP_N;
    case PAWN_DOWN: return -QPD_STEP_N;
    case PAWN_RIGHT: return QPD_STEP_E;
    default: return -QPD_STEP_E;
    }
}

static unsigned threat_of_delta(int delta)
{
    for (int j = 0; j < 8; j++)
        if (qpd_step[j] == delta)
            return qpd_attack_adjacent(j);
    return 0;
}

static QpdPawnStep make_step(int delta, uint8_t after, unsigned edges)
{
    return (QpdPawnStep){.delta = (int16_t)delta, .after = after, .promote_edges = (uint8_t)edges};
}

static void add_capture(QpdPawnRules *r, QpdPawnStep step)
{
    r->capture[r->capture_count++] = step;
    r->threat = (uint16_t)(r->threat | threat_of_delta(step.delta));
}

static void build_directed(int army, PawnState d)
{
    uint8_t cell = PIECE_MAKE(army, PAWN, d);
    QpdPawnRules *r = &qpd_pawn_rules[cell >> 3];
    int v = state_vector(d);
    int side = (d == PAWN_UP || d == PAWN_DOWN) ? QPD_STEP_E : QPD_STEP_N;
    r->quiet[r->quiet_count++] = make_step(v, cell, qpd_edge_bit(d));
    add_capture(r, make_step(v + side, cell, qpd_edge_bit(d)));
    add_capture(r, make_step(v - side, cell, qpd_edge_bit(d)));
}

static void build_uncommitted(int army)
{
    uint8_t cell = PIECE_MAKE(army, PAWN, PAWN_UNCOMMITTED);
    QpdPawnRules *r = &qpd_pawn_rules[cell >> 3];
    PawnState d1 = FORWARD[army][0], d2 = FORWARD[army][1];
    int v1 = state_vector(d1), v2 = state_vector(d2);
    uint8_t c1 = PIECE_MAKE(army, PAWN, d1), c2 = PIECE_MAKE(army, PAWN, d2);
    r->quiet[r->quiet_count++] = make_step(v1, c1, qpd_edge_bit(d1));
    r->quiet[r->quiet_count++] = make_step(v2, c2, qpd_edge_bit(d2));
    add_capture(r, make_step(v1 + v2, cell, qpd_edge_bit(d1) | qpd_edge_bit(d2)));
    add_capture(r, make_step(v1 - v2, c1, qpd_edge_bit(d1)));
    add_capture(r, make_step(v2 - v1, c2, qpd_edge_bit(d2)));
}

static void build_pawn_tables(void)
{
    for (int army = 0; army < 4; army++) {
        build_directed(army, FORWARD[army][0]);
        build_directed(army, FORWARD[army][1]);
        build_uncommitted(army);
    }
}

void qpd_pawns_init(void)
{
    RUN_ONCE(build_pawn_tables);
}
