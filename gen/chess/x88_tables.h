/* The 0x88 difference tables and the castling-rights mask.
 *
 * On a 0x88 board the difference of two squares fixes how they lie to each
 * other, so one 240-entry table, indexed by from - to + 119 (differences run
 * from -119 to +119), says which piece kinds standing on `from` could attack
 * `to` if nothing stood between, and a second gives the unit step that walks
 * from `from` toward `to`.  Worked example: a knight on g1 (0x06) and f3
 * (0x25) differ by 0x06 - 0x25 = -31, index 88; x88_attack_table[88] holds
 * X88_ATTACKS_KNIGHT, and the same entry serves every other knight jump of
 * that shape anywhere on the board.  For a rook on a1 and a8 the difference
 * is -0x70, the entry holds the rook and queen bits, and the step is +16.
 *
 * Filled once (x88_tables_init, thread-safe) and read-only afterwards. */
#ifndef GEN_CHESS_X88_TABLES_H
#define GEN_CHESS_X88_TABLES_H

#include <stdint.h>

#include "position.h"

/* Attack bits: 1 << kind for the pieces, and one bit per pawn colour since
 * pawns attack in one direction only. */
enum {
    X88_ATTACKS_WHITE_PAWN = 1 << PAWN,
    X88_ATTACKS_KNIGHT = 1 << KNIGHT,
    X88_ATTACKS_BISHOP = 1 << BISHOP,
    X88_ATTACKS_ROOK = 1 << ROOK,
    X88_ATTACKS_QUEEN = 1 << QUEEN,
    X88_ATTACKS_KING = 1 << KING,
    X88_ATTACKS_BLACK_PAWN = 1 << 7,
};

enum { X88_DIFFERENCES = 240, X88_DIFFERENCE_ZERO = 119 };

extern uint8_t x88_attack_table[X88_DIFFERENCES];
extern int8_t x88_step_table[X88_DIFFERENCES];
/* castling &= x88_castle_keep[from] & x88_castle_keep[to] after every move:
 * a king or rook leaving home, or a rook captured on its corner, drops the
 * rights that need it. */
extern uint8_t x88_castle_keep[128];

void x88_tables_init(void);

/* Kinds (attack bits) that could attack `to` from `from` on an empty board. */
static inline int x88_attacks(int from, int to) { return x88_attack_table[from - to + X88_DIFFERENCE_ZERO]; }

/* The unit step from `from` toward `to`; 0 when they share no line. */
static inline int x88_step(int from, int to) { return x88_step_table[from - to + X88_DIFFERENCE_ZERO]; }

#endif
