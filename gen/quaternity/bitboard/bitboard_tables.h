/* Read-only tables of the Quaternity bitboard backend, filled once.
 *
 * Square indexes are QbbSet bit indexes (rank * 16 + file, see bb144.h);
 * entries for padding indexes are empty sets.  Lines: every rank, file,
 * diagonal (up-right) and anti-diagonal (up-left) of the board is one
 * QbbLine, 12 + 12 + 23 + 23 = 70 in all.  A line's squares, in increasing
 * bit order, are its positions 0, 1, ...  A line's masks pick its squares
 * out of each word: BMI2 PEXT gathers a set's squares along the line into
 * 12 bits, PDEP scatters a 12-bit answer back onto the board
 * (bitboard_attacks.h).
 *
 * Worked example: the diagonal through d4 (rank 3, file 3) is a1-l12; its
 * masks are w[0]: bits 0, 17, 34, 51 (a1 b2 c3 d4), w[1]: 4, 21, 38, 55
 * (e5..h8), w[2]: 8, 25, 42, 59 (i9..l12); shift1 = 4, shift2 = 8; d4 is
 * position 3. */
#ifndef GEN_QUATERNITY_BITBOARD_TABLES_H
#define GEN_QUATERNITY_BITBOARD_TABLES_H

#include <stdint.h>

#include "bb144.h"

/* Pawn directions, in PawnState order (PAWN_UP - 1 == QBB_DIR_UP). */
enum { QBB_DIR_UP = 0, QBB_DIR_DOWN = 1, QBB_DIR_RIGHT = 2, QBB_DIR_LEFT = 3, QBB_DIR_COUNT = 4 };

/* Line orientations. */
enum {
    QBB_LINE_RANK = 0,
    QBB_LINE_FILE = 1,
    QBB_LINE_DIAGONAL = 2,
    QBB_LINE_ANTI_DIAGONAL = 3,
    QBB_LINE_ORIENTATIONS = 4
};
enum { QBB_LINE_COUNT = 70, QBB_LINE_INNER_OCCUPANCIES = 1024 };

typedef struct QbbLine {
    uint64_t mask[3];
    uint8_t shift1, shift2; /* squares of the line in w[0], in w[0] and w[1] */
    uint16_t past_end;      /* the positions past a short line's end */
} QbbLine;

typedef struct QbbSquareLine {
    uint8_t line; /* index into qbb_lines */
    uint8_t pos;  /* the square's position on that line */
} QbbSquareLine;

extern QbbLine qbb_lines[QBB_LINE_COUNT];
/* Every square of each line, as a set: "any rook-like on this file?" */
extern QbbSet qbb_line_sets[QBB_LINE_COUNT];
/* The square (QbbSet index) at each position of each line; 0 past its end. */
extern uint8_t qbb_line_squares[QBB_LINE_COUNT][12];
extern QbbSquareLine qbb_square_lines[QBB_BITS][QBB_LINE_ORIENTATIONS];
/* The union of the four lines through each square: one test for whether
 * any of a king's lines holds a man of interest. */
extern QbbSet qbb_square_line_union[QBB_BITS];
/* qbb_line_attacks[pos][inner] : the 12-bit set of positions a slider on
 * `pos` reaches when positions 1..10 of its line are occupied as in
 * `inner` (bit i-1 = position i).  Positions 0 and 11 never block anything
 * beyond them.  Past a short line's end the reach runs on over empty
 * positions: callers drop them (QbbLine.past_end) or PDEP does. */
extern uint16_t qbb_line_attacks[12][QBB_LINE_INNER_OCCUPANCIES];

extern QbbSet qbb_knight_attacks[QBB_BITS];
extern QbbSet qbb_king_attacks[QBB_BITS];
/* Squares from which a pawn moving in direction d attacks the square. */
extern QbbSet qbb_pawn_attackers[QBB_DIR_COUNT][QBB_BITS];
/* The squares within 2 (5 x 5 box) and 3 (7 x 7 box) king steps: where a
 * king or pawn, or a knight, must stand to attack a square next to the
 * centre. */
extern QbbSet qbb_box5[QBB_BITS];
extern QbbSet qbb_box7[QBB_BITS];

/* The eight ray directions of the count's fills (bitboard_rays.h), as
 * (rank step, file step): (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1),
 * (1, -1), (-1, 1), (-1, -1). */
enum { QBB_RAY_DIRECTIONS = 8 };
/* qbb_ray_sources[k][d]: the squares from which a slider's ray in
 * direction d (on the empty board) reaches k or a square next to k.  An
 * enemy slider outside it cannot check a king on k, pin a man to him (the
 * pinner stands behind k too) or guard his steps that way, so the count
 * skips that direction's enemy fill (bitboard_rays.h, qbb_count_with_map). */
extern QbbSet qbb_ray_sources[QBB_BITS][QBB_RAY_DIRECTIONS];

/* The two forward directions of each army (White up/right, Red
 * down/right, Black down/left, Green up/left). */
extern const uint8_t qbb_army_forward[4][2];

/* Fills the tables once; safe to call from any thread, any number of times. */
void qbb_tables_init(void);

#endif
