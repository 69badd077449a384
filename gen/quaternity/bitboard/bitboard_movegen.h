/* Legal move generation for the Quaternity bitboard backend: a list of
 * internal moves, or (for bulk counting) just their number. */
#ifndef GEN_QUATERNITY_BITBOARD_MOVEGEN_H
#define GEN_QUATERNITY_BITBOARD_MOVEGEN_H

#include "bitboard_state.h"

/* Writes the legal moves of the controller on turn into `list` (room for
 * QBB_MAX_MOVES, which no position exceeds) and returns how many. */
int qbb_generate(const QbbState *s, QbbMove *list);

/* The same number, without writing the moves: popcounts of target sets. */
int qbb_count(const QbbState *s);

/* Both take the common node on their own (bitboard_common.c) and leave
 * every other to these, which handle any position (bitboard_movegen.c). */
int qbb_generate_general(const QbbState *s, QbbMove *list);
int qbb_count_general(const QbbState *s);

#endif
