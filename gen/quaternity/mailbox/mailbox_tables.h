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
 * ray[39][DIR_UP] = {51, 63, 75, ..., 135, NO_SQUARE} until it meets a man;
 * a knight on a1 reads knight[0] = {25, 14, NO_SQUARE} (b3, c2).
 *
 * Pawns have their own table, indexed by army and pawn state, because what a
 * pawn may do (its quiet steps and captures, the state it has afterwards and
 * whether it promotes) depends on both; see PawnMoves below. */
#ifndef GEN_QUATERNITY_MAILBOX_TABLES_H
#define GEN_QUATERNITY_MAILBOX_TABLES_H

#include <stdint.h>

#include "position.h"

enum { NO_SQUARE = 0xFF };

/* The eight directions, in opposite pairs (d ^ 1 is the opposite of d).
 * The four orthogonal ones come first and line up with the pawn states
 * (PAWN_UP - 1 == DIR_UP, and so on), so a directed pawn's state names its
 * direction. */
typedef enum {
    DIR_UP = 0, /* toward rank 12 */
    DIR_DOWN,   /* toward rank 1 */
    DIR_RIGHT,  /* toward file l */
    DIR_LEFT,   /* toward file a */
    DIR_UP_RIGHT,
    DIR_DOWN_LEFT,
    DIR_UP_LEFT,
    DIR_DOWN_RIGHT,
    DIR_COUNT,
    FIRST_DIAGONAL = DIR_UP_RIGHT
} Direction;

/* One thing a pawn can do from a square: go to `to`, becoming `placed` (the
 * same army's pawn with its new state), promoting if `promotes`. */
typedef struct PawnTarget {
    uint8_t to;
    uint8_t placed;
    uint8_t promotes;
} PawnTarget;

/* Everything a pawn of one army and state can do from one square: quiet
 * steps onto an empty square (two for an uncommitted pawn, else one) and
 * captures (three for an uncommitted pawn, else two), edge cut off. */
typedef struct PawnMoves {
    uint8_t step_count;
    uint8_t capture_count;
    PawnTarget steps[2];
    PawnTarget captures[3];
} PawnMoves;

typedef struct MailboxTables {
    /* The squares one step, two steps, ... in a direction, NO_SQUARE-ended. */
    uint8_t ray[Q_SQUARES][DIR_COUNT][Q_WIDTH];
    uint8_t knight[Q_SQUARES][9];    /* NO_SQUARE-ended */
    uint8_t king[Q_SQUARES][9];      /* NO_SQUARE-ended */
    PawnMoves pawn[4][6][Q_SQUARES]; /* [army][PawnState][square] */
    /* Which diagonal directions a pawn of [army][state] captures in, as a
     * bit set of (1 << direction): what it attacks. */
    uint8_t pawn_attack_directions[4][6];
} MailboxTables;

/* Filled once by mailbox_tables_init(); read-only afterwards. */
extern MailboxTables mailbox_tables;

/* Fills mailbox_tables; safe to call from several threads. */
void mailbox_tables_init(void);

static inline Direction direction_opposite(Direction d)
{
    return (Direction)(d ^ 1);
}

#endif
