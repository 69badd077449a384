/* Quaternity's turn order, shared by the three Quaternity backends (each
 * precomputes it when it loads a position) and the tests that check a
 * move's effect on the turn (gen/quaternity/RULES.md#controllers-frozen-armies-legality). */
#ifndef GEN_QUATERNITY_TURN_ORDER_H
#define GEN_QUATERNITY_TURN_ORDER_H

#include "position.h"

/* The controller who moves after `turn`: the next, clockwise, of the
 * controllers that control their own army and are not frozen.  With one
 * left, it moves again. */
int quaternity_next_turn(const Position *pos, int turn);

#endif
