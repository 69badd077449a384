/* Perft on the padded board: the backend's own recursion, with the move
 * lists of all plies in one arena owned by the state. */
#ifndef GEN_QUATERNITY_PADDED_PERFT_H
#define GEN_QUATERNITY_PADDED_PERFT_H

#include <stdbool.h>
#include <stdint.h>

#include "padded_state.h"
#include "perft_stats.h"

/* Grows the arena to hold the move lists of a perft to `depth`; false when
 * out of memory (the arena is then unchanged). */
bool qpd_perft_reserve(QpdState *s, int depth);

/* Perft to `depth` >= 1, after qpd_perft_reserve(s, depth); bulk: count the
 * last ply's moves without making them. */
uint64_t qpd_perft_moves(QpdState *s, int depth, bool bulk);

/* The leaf statistics `depth` >= 1 plies down (BackendCore.perft_stats;
 * padded_stats.c, which reserves the arena itself). */
void qpd_perft_stats(QpdState *s, int depth, PerftStats *out);

#endif
