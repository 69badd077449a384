/* Legal move generation on the padded board.
 *
 * Legality is settled before any move is made, as in qperft: each king of
 * the controller on turn is scanned once along its eight rays and eight
 * knight jumps, which finds its checkers and the friendly men pinned
 * against it (by every enemy controller at once).  A man then only moves
 * along its pin line, and when some king is in check only to squares that
 * capture or block every checker.  King moves are the only ones that need a
 * square attack test.  Nothing is made and taken back to test legality. */
#ifndef GEN_QUATERNITY_PADDED_MOVEGEN_H
#define GEN_QUATERNITY_PADDED_MOVEGEN_H

#include "padded_state.h"

/* The legal moves of the controller on turn; returns their number.  `out`
 * has room for QPD_MOVES_BOUND moves. */
int qpd_generate(QpdState *s, QpdMove *out);

/* The same number, without writing the moves (perft's bulk counting). */
int qpd_count(QpdState *s);

#endif
