/* Legal move generation for the Quaternity bitboard backend: a list of
 * internal moves, or (for bulk counting) just their number. */
#ifndef GEN_QUATERNITY_BITBOARD_MOVEGEN_H
#define GEN_QUATERNITY_BITBOARD_MOVEGEN_H

#include "bitboard_state.h"

/* Writes the legal moves of the controller on turn into `list` (room for
 * QBB_MAX_MOVES, which no position exceeds) and returns how many. */
int qbb_generate(const QbbState *s, QbbMove *list);

/* The same number, without writing the moves: popcounts of target sets.
 * qbb_count (bitboard_count.c) takes the common case on its own and
 * leaves every other to qbb_count_general, which handles any position. */
int qbb_count(const QbbState *s);
int qbb_count_general(const QbbState *s);

#endif
