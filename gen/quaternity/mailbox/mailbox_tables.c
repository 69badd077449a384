/* Filling the geometry tables of mailbox_tables.h: rays, knight and king
 * targets, and the pawn tables that carry the Quaternity pawn rules
 * (gen/quaternity/RULES.md#pawns and the pawn tables after it).  Everything
 * is computed from the (file, rank) deltas of the eight directions, once per
 * process. */
#include "mailbox_tables.h"
#include "run_once.h"

#include <stdbool.h>

QmbTables qmb_tables;

static const int DIRECTION_DELTA[QMB_DIR_COUNT][2] = {
    /* {file, rank} */
    [QMB_DIR_UP] = {0, 1},       [QMB_DIR_DOWN] = {0, -1},       [QMB_DIR_RIGHT] = {1, 0},
    [QMB_DIR_LEFT] = {-1, 0},    [QMB_DIR_UP_RIGHT] = {1, 1},    [QMB_DIR_DOWN_LEFT] = {-1, -1},
    [QMB_DIR_UP_LEFT] = {-1, 1}, [QMB_DIR_DOWN_RIGHT] = {1, -1},
};

/* Each army's two forward directions (gen/quaternity/RULES.md#pawns): one
 * along the files (vertical), one along the ranks (horizontal). */
static const QmbDirection ARMY_VERTICAL[4] = {QMB_DIR_UP, QMB_DIR_DOWN, QMB_DIR_DOWN, QMB_DIR_UP};
static const QmbDirection ARMY_HORIZONTAL[4] = {QMB_DIR_RIGHT, QMB_DIR_RIGHT, QMB_DIR_LEFT, QMB_DIR_LEFT};

static int square_at(int file, int rank)
{
    if (file < 0 || file >= Q_WIDTH || rank < 0 || rank >= Q_WIDTH)
        return QMB_NO_SQUARE;
    return rank * Q_WIDTH + file;
}

/* The square reached from `square` by the sum of the given direction
 * steps, or QMB_NO_SQUARE. */
static int square_after(int square, QmbDirection a, QmbDirection b)
{
    int file = square % Q_WIDTH + DIRECTION_DELTA[a][0] + DIRECTION_DELTA[b][0];
    int rank = square / Q_WIDTH + DIRECTION_DELTA[a][1] + DIRECTION_DELTA[b][1];
    return square_at(file, rank);
}

static int square_step(int square, QmbDirection d)
{
    return square_at(square % Q_WIDTH + DIRECTION_DELTA[d][0], square / Q_WIDTH + DIRECTION_DELTA[d][1]);
}

/* The diagonal direction that is one step in a plus one step in b. */
static QmbDirection diagonal_of(QmbDirection a, QmbDirection b)
{
    for (int d = QMB_FIRST_DIAGONAL; d < QMB_DIR_COUNT; d++)
        if (DIRECTION_DELTA[d][0] == DIRECTION_DELTA[a][0] + DIRECTION_DELTA[b][0] &&
            DIRECTION_DELTA[d][1] == DIRECTION_DELTA[a][1] + DIRECTION_DELTA[b][1])
            return (QmbDirection)d;
    return QMB_DIR_COUNT; /* not reached for perpendicular a and b */
}

/* Whether a pawn heading in direction d stands on the edge it promotes on. */
static bool on_edge(int square, QmbDirection d)
{
    return square_step(square, d) == QMB_NO_SQUARE;
}

static PawnState state_of_direction(QmbDirection d)
{
    return (PawnState)(d + 1);
}

static void fill_rays(void)
{
    for (int sq = 0; sq < Q_SQUARES; sq++)
        for (int d = 0; d < QMB_DIR_COUNT; d++) {
            int n = 0;
            for (int t = square_step(sq, (QmbDirection)d); t != QMB_NO_SQUARE; t = square_step(t, (QmbDirection)d))
                qmb_tables.ray[sq][d][n++] = (uint8_t)t;
            qmb_tables.ray[sq][d][n] = QMB_NO_SQUARE;
        }
}

static void fill_leapers(void)
{
    static const int KNIGHT_DELTA[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        int file = sq % Q_WIDTH, rank = sq / Q_WIDTH;
        int n = 0;
        for (int i = 0; i < 8; i++) {
            int t = square_at(file + KNIGHT_DELTA[i][0], rank + KNIGHT_DELTA[i][1]);
            if (t != QMB_NO_SQUARE)
                qmb_tables.knight[sq][n++] = (uint8_t)t;
        }
        qmb_tables.knight[sq][n] = QMB_NO_SQUARE;
        n = 0;
        for (int d = 0; d < QMB_DIR_COUNT; d++) {
            int t = square_step(sq, (QmbDirection)d);
            if (t != QMB_NO_SQUARE)
                qmb_tables.king[sq][n++] = (uint8_t)t;
        }
        qmb_tables.king[sq][n] = QMB_NO_SQUARE;
    }
}

static void add_step(QmbPawnMoves *pm, int to, int army, PawnState state, bool promotes)
{
    if (to == QMB_NO_SQUARE)
        return;
    pm->steps[pm->step_count++] = (QmbPawnTarget){(uint8_t)to, PIECE_MAKE(army, PAWN, state), promotes};
}

static void add_capture(QmbPawnMoves *pm, int to, int army, PawnState state, bool promotes)
{
    if (to == QMB_NO_SQUARE)
        return;
    pm->captures[pm->capture_count++] = (QmbPawnTarget){(uint8_t)to, PIECE_MAKE(army, PAWN, state), promotes};
}

/* A directed pawn: one step in d; captures one step in d plus one step to
 * either side; promotes on d's edge only. */
static void fill_directed_pawn(QmbPawnMoves *pm, int sq, int army, QmbDirection d)
{
    PawnState state = state_of_direction(d);
    int to = square_step(sq, d);
    add_step(pm, to, army, state, to != QMB_NO_SQUARE && on_edge(to, d));
    /* The two perpendicular directions are the other orthogonal pair. */
    QmbDirection side = d < QMB_DIR_RIGHT ? QMB_DIR_RIGHT : QMB_DIR_UP;
    for (int s = 0; s < 2; s++) {
        to = square_after(sq, d, (QmbDirection)(side ^ s));
        add_capture(pm, to, army, state, to != QMB_NO_SQUARE && on_edge(to, d));
    }
}

/* An uncommitted advanced pawn with forward directions v and h: a quiet
 * step in either commits to it; the capture along the main diagonal (v + h)
 * stays uncommitted; a side capture commits to the one forward direction
 * it contains, counted from the landing square
 * (gen/quaternity/RULES.md#pawn-tables-5-advanced-pawns-captures and
 * gen/quaternity/RULES.md#pawn-tables-8-interpretations). */
static void fill_uncommitted_pawn(QmbPawnMoves *pm, int sq, int army)
{
    QmbDirection v = ARMY_VERTICAL[army], h = ARMY_HORIZONTAL[army];
    PawnState sv = state_of_direction(v), sh = state_of_direction(h);
    int to = square_step(sq, v);
    add_step(pm, to, army, sv, to != QMB_NO_SQUARE && on_edge(to, v));
    to = square_step(sq, h);
    add_step(pm, to, army, sh, to != QMB_NO_SQUARE && on_edge(to, h));

    to = square_after(sq, v, h);
    add_capture(pm, to, army, PAWN_UNCOMMITTED, to != QMB_NO_SQUARE && (on_edge(to, v) || on_edge(to, h)));
    to = square_after(sq, v, qmb_direction_opposite(h));
    add_capture(pm, to, army, sv, to != QMB_NO_SQUARE && on_edge(to, v));
    to = square_after(sq, h, qmb_direction_opposite(v));
    add_capture(pm, to, army, sh, to != QMB_NO_SQUARE && on_edge(to, h));
}

static void fill_pawns(void)
{
    for (int army = 0; army < 4; army++) {
        for (PawnState state = PAWN_UP; state <= PAWN_UNCOMMITTED; state++)
            for (int sq = 0; sq < Q_SQUARES; sq++) {
                QmbPawnMoves *pm = &qmb_tables.pawn[army][state][sq];
                if (state == PAWN_UNCOMMITTED)
                    fill_uncommitted_pawn(pm, sq, army);
                else
                    fill_directed_pawn(pm, sq, army, (QmbDirection)(state - 1));
            }

        /* What each state attacks, as diagonal directions. */
        QmbDirection v = ARMY_VERTICAL[army], h = ARMY_HORIZONTAL[army];
        for (PawnState state = PAWN_UP; state < PAWN_UNCOMMITTED; state++) {
            QmbDirection d = (QmbDirection)(state - 1);
            QmbDirection side = d < QMB_DIR_RIGHT ? QMB_DIR_RIGHT : QMB_DIR_UP;
            qmb_tables.pawn_attack_directions[army][state] =
                (uint8_t)(1u << diagonal_of(d, side) | 1u << diagonal_of(d, qmb_direction_opposite(side)));
        }
        qmb_tables.pawn_attack_directions[army][PAWN_UNCOMMITTED] =
            (uint8_t)(1u << diagonal_of(v, h) | 1u << diagonal_of(v, qmb_direction_opposite(h)) |
                      1u << diagonal_of(h, qmb_direction_opposite(v)));
    }
}

static void fill_tables(void)
{
    fill_rays();
    fill_leapers();
    fill_pawns();
}

void qmb_tables_init(void)
{
    RUN_ONCE(fill_tables);
}
