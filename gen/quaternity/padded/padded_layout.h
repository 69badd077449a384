/* The padded Quaternity board: the 12 x 12 squares embedded in a larger byte
 * array whose border squares hold a GUARD sentinel, in the spirit of 0x88.
 *
 * Layout.  Row pitch 23, two guard rows below rank 1 and above rank 12, file
 * a at column 2 of its row:
 *
 *     index = (rank + 2) * 23 + (file + 2)      rank, file counted from 0
 *
 *     a1 = 2*23 + 2 = 48,   l1 = 59,   a2 = 71,   l12 = 13*23 + 13 = 312
 *
 * Columns 0-1 and 14-22 of every row and all of rows 0-1 and 14-15 are
 * GUARD, 368 bytes in all.  A king, pawn or slider step leaves the board by
 * one square at most and a knight by two, so it always lands on a GUARD byte
 * inside the array.  Stepping off the board is therefore caught by the same
 * board read that tells an empty square from a man: no coordinate arithmetic
 * and no extra test in the slider loops.  A rank is 12 contiguous bytes with
 * guard bytes on both sides, so the end of a ray along a rank is found with
 * one 16-byte comparison instead of a loop (padded_movegen.c).
 *
 * Why pitch 23.  With files and ranks 0..11, two squares differ by
 * dr * pitch + df with dr and df in -11..11.  That value identifies (dr, df)
 * exactly when the pitch is at least 2 * 11 + 1 = 23, and then every table
 * indexed by a square difference (is this a rook line? which unit step
 * leads there? how far? could a knight or an up-pawn hit it?) is exact: one
 * lookup answers attack, check, pin and "between" questions, the way 0x88
 * does with pitch 16 for 8 files.  A pitch of 16 would fit the squares in a
 * byte but makes differences ambiguous (up one rank and left 11 files is
 * +5, the same as right 5).
 *
 * Why not a power of two such as 32, for speed.  The 0x88 trick (square &
 * mask != 0 means off-board) needs the file count to be a power of two;
 * with 12 files no mask isolates the board, so a sentinel is needed anyway,
 * and it costs nothing: every step already reads the byte it lands on to
 * tell empty from occupied, and the guard byte simply reads as occupied and
 * not capturable.  Pitch 32 would only buy rank = sq >> 5 and file = sq & 31,
 * which the search never needs (promotion edges come from a table), at the
 * price of a 512-byte instead of a 368-byte board and difference tables a
 * third larger.  Measured on opening perft 5 with pitch 32 instead of 23
 * (one constant changed; no result file kept), the speed was the same:
 * everything the search touches fits in L1 either way.  So the smallest pitch that keeps
 * differences unique is used: 23.
 *
 * The tables here are read-only once qpd_layout_init() has run (it is
 * idempotent and thread-safe). */
#ifndef GEN_QUATERNITY_PADDED_LAYOUT_H
#define GEN_QUATERNITY_PADDED_LAYOUT_H

#include <stdint.h>

#include "position.h"

enum {
    QPD_PITCH = 23,
    QPD_GUARD_ROWS = 2,
    QPD_GUARD_COLUMNS = 2, /* guard columns left of file a */
    QPD_ROWS = Q_WIDTH + 2 * QPD_GUARD_ROWS,
    QPD_SIZE = QPD_ROWS * QPD_PITCH, /* 368 */
    /* Any two array indices differ by less than QPD_SIZE, so a difference
     * table of 2 * QPD_SIZE entries is never read out of bounds, even for
     * a ray that ended on a guard square. */
    QPD_DELTA_OFFSET = QPD_SIZE,
    QPD_DELTA_SIZE = 2 * QPD_SIZE,
};

/* The sentinel: kind bits 7 are no Kind, so it is neither empty, nor a man
 * of any army, nor capturable, and it attacks nothing. */
enum { QPD_GUARD = 0xFF };

/* Unit steps, indexed by direction: E, NE, N, NW, W, SW, S, SE (counter-
 * clockwise from east; direction j + 4 is the opposite of j). */
enum { QPD_STEP_E = 1, QPD_STEP_N = QPD_PITCH, QPD_STEP_NE = QPD_STEP_N + 1, QPD_STEP_NW = QPD_STEP_N - 1 };
extern const int qpd_step[8];
extern const int qpd_knight_step[8];

static inline int qpd_square(int rank, int file)
{
    return (rank + QPD_GUARD_ROWS) * QPD_PITCH + file + QPD_GUARD_COLUMNS;
}

/* Attack classes: what a man must be able to do to hit a target from a given
 * difference.  Bits 0-7: hit the neighbouring square in direction j (kings,
 * pawns, and sliders at distance one); then slides along a rank or file,
 * slides along a diagonal (distance two or more), and the knight's jump. */
enum {
    QPD_ATTACK_ADJACENT_ALL = 0xFF,
    QPD_ATTACK_SLIDE_ORTHOGONAL = 1 << 8,
    QPD_ATTACK_SLIDE_DIAGONAL = 1 << 9,
    QPD_ATTACK_KNIGHT = 1 << 10,
};
static inline unsigned qpd_attack_adjacent(int direction)
{
    return 1u << direction;
}

/* Lines a move may run along, for pins: a man pinned along a line may only
 * make moves whose difference lies on that line.  Knight jumps lie on none. */
enum {
    QPD_LINE_RANK = 1,
    QPD_LINE_FILE = 2,
    QPD_LINE_DIAGONAL = 4,      /* SW-NE */
    QPD_LINE_ANTI_DIAGONAL = 8, /* SE-NW */
    QPD_LINE_KNIGHT = 16,
    QPD_LINE_ANY = 31,
};
extern const uint8_t qpd_direction_line[8];

/* Board edges, as bits indexed by the PawnState that points at them, so a
 * pawn promotes on square t when square_edges[t] & its edge mask. */
static inline unsigned qpd_edge_bit(PawnState toward)
{
    return 1u << toward;
}

typedef struct QpdTables {
    /* Neutral square <-> padded index; neutral_of is 0xFF on guard squares. */
    uint16_t pad_of[Q_SQUARES];
    uint8_t neutral_of[QPD_SIZE];
    uint8_t square_edges[QPD_SIZE];

    /* Indexed by (to - from) + QPD_DELTA_OFFSET. */
    uint16_t delta_attack[QPD_DELTA_SIZE];  /* attack classes that reach */
    int8_t delta_step[QPD_DELTA_SIZE];      /* unit step along a queen line, or 0 */
    uint8_t delta_distance[QPD_DELTA_SIZE]; /* steps along that line */
    uint8_t delta_line[QPD_DELTA_SIZE];     /* LINE_* of the move, or 0 */
} QpdTables;

extern QpdTables qpd_tables;

void qpd_layout_init(void);

static inline unsigned qpd_delta_attack(int from, int to)
{
    return qpd_tables.delta_attack[to - from + QPD_DELTA_OFFSET];
}
static inline int qpd_delta_step(int from, int to)
{
    return qpd_tables.delta_step[to - from + QPD_DELTA_OFFSET];
}
static inline int qpd_delta_distance(int from, int to)
{
    return qpd_tables.delta_distance[to - from + QPD_DELTA_OFFSET];
}
static inline unsigned qpd_delta_line(int from, int to)
{
    return qpd_tables.delta_line[to - from + QPD_DELTA_OFFSET];
}

#endif
