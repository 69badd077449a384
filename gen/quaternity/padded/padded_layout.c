/* The padded board's geometry tables: square conversions, board edges, and
 * the square-difference tables that pitch 23 makes exact (see
 * padded_layout.h for the layout and the choice of pitch).
 *
 * Worked example: a rook on d1 (index 2*23 + 5 = 51) and a king on d9
 * (10*23 + 5 = 235) differ by 184 = 8 * 23: delta_step says +23 (north),
 * delta_distance 8, delta_line QPD_LINE_FILE, delta_attack QPD_ATTACK_SLIDE_ORTHOGONAL.
 * So the rook checks the king unless one of the 7 squares between, 51 + 23k
 * for k = 1..7, is occupied. */
#include "padded_layout.h"
#include "run_once.h"

#include <stdlib.h>

const int qpd_step[8] = {QPD_STEP_E,  QPD_STEP_NE,  QPD_STEP_N,  QPD_STEP_NW,
                         -QPD_STEP_E, -QPD_STEP_NE, -QPD_STEP_N, -QPD_STEP_NW};

const int qpd_knight_step[8] = {
    2 + QPD_PITCH,  1 + 2 * QPD_PITCH,  -1 + 2 * QPD_PITCH, -2 + QPD_PITCH,
    -2 - QPD_PITCH, -1 - 2 * QPD_PITCH, 1 - 2 * QPD_PITCH,  2 - QPD_PITCH,
};

const uint8_t qpd_direction_line[8] = {
    QPD_LINE_RANK, QPD_LINE_DIAGONAL, QPD_LINE_FILE, QPD_LINE_ANTI_DIAGONAL,
    QPD_LINE_RANK, QPD_LINE_DIAGONAL, QPD_LINE_FILE, QPD_LINE_ANTI_DIAGONAL,
};

QpdTables qpd_tables;

/* File and rank steps of the eight directions, in qpd_step order. */
static const int DIRECTION_DF[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int DIRECTION_DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

/* Fills the entry for a difference of dr ranks and df files (not both 0). */
static void fill_difference(int dr, int df)
{
    int index = dr * QPD_PITCH + df + QPD_DELTA_OFFSET;
    int adr = abs(dr), adf = abs(df);
    if ((adr == 1 && adf == 2) || (adr == 2 && adf == 1)) {
        qpd_tables.delta_attack[index] = QPD_ATTACK_KNIGHT;
        qpd_tables.delta_line[index] = QPD_LINE_KNIGHT;
        return;
    }
    if (dr != 0 && df != 0 && adr != adf)
        return; /* on no line a man moves along */
    int distance = adr > adf ? adr : adf;
    for (int j = 0; j < 8; j++) {
        if (DIRECTION_DF[j] != sign(df) || DIRECTION_DR[j] != sign(dr))
            continue;
        qpd_tables.delta_step[index] = (int8_t)qpd_step[j];
        qpd_tables.delta_distance[index] = (uint8_t)distance;
        qpd_tables.delta_line[index] = qpd_direction_line[j];
        if (distance == 1)
            qpd_tables.delta_attack[index] = (uint16_t)qpd_attack_adjacent(j);
        else
            qpd_tables.delta_attack[index] = (j & 1) ? QPD_ATTACK_SLIDE_DIAGONAL : QPD_ATTACK_SLIDE_ORTHOGONAL;
    }
}

static void build_tables(void)
{
    for (int i = 0; i < QPD_SIZE; i++)
        qpd_tables.neutral_of[i] = 0xFF;
    for (int rank = 0; rank < Q_WIDTH; rank++)
        for (int file = 0; file < Q_WIDTH; file++) {
            int sq = qpd_square(rank, file);
            qpd_tables.pad_of[rank * Q_WIDTH + file] = (uint16_t)sq;
            qpd_tables.neutral_of[sq] = (uint8_t)(rank * Q_WIDTH + file);
            unsigned edges = 0;
            if (rank == Q_WIDTH - 1)
                edges |= qpd_edge_bit(PAWN_UP);
            if (rank == 0)
                edges |= qpd_edge_bit(PAWN_DOWN);
            if (file == Q_WIDTH - 1)
                edges |= qpd_edge_bit(PAWN_RIGHT);
            if (file == 0)
                edges |= qpd_edge_bit(PAWN_LEFT);
            qpd_tables.square_edges[sq] = (uint8_t)edges;
        }
    for (int dr = -(Q_WIDTH - 1); dr <= Q_WIDTH - 1; dr++)
        for (int df = -(Q_WIDTH - 1); df <= Q_WIDTH - 1; df++)
            if (dr || df)
                fill_difference(dr, df);
}

void qpd_layout_init(void)
{
    RUN_ONCE(build_tables);
}
