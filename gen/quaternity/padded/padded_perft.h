/* Perft on the padded board: the backend's own recursion, with the move
 * lists of all plies in one arena owned by the state. */
#ifndef GEN_QUATERNITY_PADDED_PERFT_H
#define GEN_QUATERNITY_PADDED_PERFT_H

#include <stdint.h>

#include "padded_state.h"

/* Perft to `depth`; bulk: count the last ply's moves without making them.
 * Returns UINT64_MAX if the move arena cannot be allocated. */
uint64_t qpd_perft(QpdState *s, int depth, int bulk);

#endif
