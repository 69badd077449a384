/* Geometry tables of the Quaternity mailbox backend.
 *
 * The board is a plain array of 144 squares, square = rank * 12 + file, the
 * neutral numbering of position.h:
 *
 *     rank 12 | 132 133 134 135 136 137 138 139 140 141 142 143
 *        ...  |                     ...
 *     rank  2 |  12  13  14  15  16  17  18  19  20  21  22  23
 *     rank  1 |   0   1   2   3   4   5   6   7   8   9  10  11
 *                 a   b   c   d   e   f   g   h   i   j   k   l
 *
 * so d4 is 3 * 12 + 3 = 39.  A mailbox this small has no border, so nothing
 * ever steps off the board at run time: for every square the tables list the
 * squares a man can reach, each list ending at the edge.  A rook on d4 walks
 * ray[39][QMB_DIR_UP] = {51, 63, 75, ..., 135, QMB_NO_SQUARE} until it meets a man;
 * a knight on a1 reads knight[0] = {25, 14, QMB_NO_SQUARE} (b3, c2).
 *
 * Pawns have their own table, indexed by army and pawn state, because what a
 * pawn may do (its quiet steps and captures, the state it has afterwards and
 * whether it promotes) depends on both; see QmbPawnMoves below. */
#ifndef GEN_QUATERNITY_MAILBOX_TABLES_H
#define GEN_QUATERNITY_MAILBOX_TABLES_H

#include <stdint.h>

#include "position.h"

enum { QMB_NO_SQUARE = 0xFF };

/* The eight directions, in opposite pairs (d ^ 1 is the opposite of d).
 * The four orthogonal ones come first and line up with the pawn states
 * (PAWN_UP - 1 == QMB_DIR_UP, and so on), so a directed pawn's state names its
 * direction. */
typedef enum {
    QMB_DIR_UP = 0, /* toward rank 12 */
    QMB_DIR_DOWN,   /* toward rank 1 */
    QMB_DIR_RIGHT,  /* toward file l */
    QMB_DIR_LEFT,   /* toward file a */
    QMB_DIR_UP_RIGHT,
    QMB_DIR_DOWN_LEFT,
    QMB_DIR_UP_LEFT,
    QMB_DIR_DOWN_RIGHT,
    QMB_DIR_COUNT,
    QMB_FIRST_DIAGONAL = QMB_DIR_UP_RIGHT
} QmbDirection;

/* One thing a pawn can do from a square: go to `to`, becoming `placed` (the
 * same army's pawn with its new state), promoting if `promotes`. */
typedef struct QmbPawnTarget {
    uint8_t to;
    uint8_t placed;
    uint8_t promotes;
} QmbPawnTarget;

/* Everything a pawn of one army and state can do from one square: quiet
 * steps onto an empty square (two for an uncommitted pawn, else one) and
 * captures (three for an uncommitted pawn, else two), edge cut off. */
typedef struct QmbPawnMoves {
    uint8_t step_count;
    uint8_t capture_count;
    QmbPawnTarget steps[2];
    QmbPawnTarget captures[3];
} QmbPawnMoves;

typedef struct QmbTables {
    /* The squares one step, two steps, ... in a direction, QMB_NO_SQUARE-ended. */
    uint8_t ray[Q_SQUARES][QMB_DIR_COUNT][Q_WIDTH];
    uint8_t knight[Q_SQUARES][9];       /* QMB_NO_SQUARE-ended */
    uint8_t king[Q_SQUARES][9];         /* QMB_NO_SQUARE-ended */
    QmbPawnMoves pawn[4][6][Q_SQUARES]; /* [army][PawnState][square] */
    /* Which diagonal directions a pawn of [army][state] captures in, as a
     * bit set of (1 << direction): what it attacks. */
    uint8_t pawn_attack_directions[4][6];
} QmbTables;

/* Filled once by qmb_tables_init(); read-only afterwards. */
extern QmbTables qmb_tables;

/* Fills qmb_tables; safe to call from several threads. */
void qmb_tables_init(void);

static inline QmbDirection qmb_direction_opposite(QmbDirection d)
{
    return (QmbDirection)(d ^ 1);
}

#endif
