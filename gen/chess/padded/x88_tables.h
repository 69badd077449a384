/* The 0x88 difference tables and the castling-rights mask.
 *
 * On a 0x88 board the difference of two squares fixes how they lie to each
 * other, so one 240-entry table, indexed by from - to + 119 (differences run
 * from -119 to +119), says which piece kinds standing on `from` could attack
 * `to` if nothing stood between, and a second gives the unit step that walks
 * from `from` toward `to`.  Worked example: a knight on g1 (0x06) and f3
 * (0x25) differ by 0x06 - 0x25 = -31, index 88; cpd_attack_table[88] holds
 * CPD_ATTACKS_KNIGHT, and the same entry serves every other knight jump of
 * that shape anywhere on the board.  For a rook on a1 and a8 the difference
 * is -0x70, the entry holds the rook and queen bits, and the step is +16.
 *
 * A third table serves the king: indexed by the difference between an enemy
 * piece and our king, it says which squares of the king's zone (its eight
 * neighbours, the two castling targets and the king's own square) a piece
 * of each kind could attack there on an empty board, so one look-up per enemy
 * piece tells whether it may give check and which squares the king might
 * step to it may guard, instead of a scan of the enemy for every square.
 *
 * Filled once (cpd_tables_init, thread-safe) and read-only afterwards. */
#ifndef GEN_CHESS_PADDED_X88_TABLES_H
#define GEN_CHESS_PADDED_X88_TABLES_H

#include <stdint.h>

#include "position.h"

/* Attack bits: 1 << kind for the pieces, and one bit per pawn colour since
 * pawns attack in one direction only. */
enum {
    CPD_ATTACKS_WHITE_PAWN = 1 << PAWN,
    CPD_ATTACKS_KNIGHT = 1 << KNIGHT,
    CPD_ATTACKS_BISHOP = 1 << BISHOP,
    CPD_ATTACKS_ROOK = 1 << ROOK,
    CPD_ATTACKS_QUEEN = 1 << QUEEN,
    CPD_ATTACKS_KING = 1 << KING,
    CPD_ATTACKS_BLACK_PAWN = 1 << 7,
};

enum { CPD_DIFFERENCES = 240, CPD_DIFFERENCE_ZERO = 119 };

/* The king's zone: the eight king steps (orthogonal at even indices,
 * diagonal at odd ones), the two castling targets, and the king's own square
 * (a piece attacking that one gives check, or pins what stands between). */
enum { CPD_ZONE_SHORT_TARGET = 8, CPD_ZONE_LONG_TARGET = 9, CPD_ZONE_KING = 10, CPD_ZONE_SQUARES = 11 };
static const int8_t CPD_ZONE_STEPS[CPD_ZONE_SQUARES] = {1, 17, 16, 15, -1, -17, -16, -15, 2, -2, 0};

extern uint8_t cpd_attack_table[CPD_DIFFERENCES];
extern int8_t cpd_step_table[CPD_DIFFERENCES];
/* Bit j set when king + CPD_ZONE_STEPS[j] (j < 8) is on the board. */
extern uint8_t cpd_king_steps_on_board[128];
/* The knight's jumps, and bit j set when square + jump j is on the board. */
static const int8_t CPD_KNIGHT_JUMPS[8] = {14, 18, 31, 33, -14, -18, -31, -33};
extern uint8_t cpd_knight_jumps_on_board[128];
/* [kind][piece - king + 119]: bit j set when a piece of that kind could
 * attack king + CPD_ZONE_STEPS[j] on an empty board (pawns excluded). */
extern uint16_t cpd_zone_table[KING + 1][CPD_DIFFERENCES];

void cpd_tables_init(void);

/* Kinds (attack bits) that could attack `to` from `from` on an empty board. */
static inline int cpd_attacks(int from, int to)
{
    return cpd_attack_table[from - to + CPD_DIFFERENCE_ZERO];
}

/* The unit step from `from` toward `to`; 0 when they share no line. */
static inline int cpd_step(int from, int to)
{
    return cpd_step_table[from - to + CPD_DIFFERENCE_ZERO];
}

/* The zone squares a `kind` on `from` could attack around the king. */
static inline int cpd_zone(int kind, int from, int king)
{
    return cpd_zone_table[kind][from - king + CPD_DIFFERENCE_ZERO];
}

#endif
