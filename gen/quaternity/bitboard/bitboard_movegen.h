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

/* The perft's last ply without bulk counting: every legal move made on `s`
 * (whole in memory) and unmade where it is generated, no list; returns how
 * many, or -1 for a node the common-node path leaves to the general
 * generator (then the caller makes the moves of qbb_generate's list). */
int qbb_visit_leaves(QbbState *s);

/* Bulk counting's depth 2 the same way: every legal move made on `s` and
 * the made position's legal moves counted (qbb_count), no list; returns
 * the sum, or -1 for a node left to the general generator. */
int64_t qbb_visit_counts(QbbState *s);

/* Both take the common node on their own (bitboard_common.c) and leave
 * every other to these, which handle any position (bitboard_movegen.c). */
int qbb_generate_general(const QbbState *s, QbbMove *list);
int qbb_count_general(const QbbState *s);

#endif
