/* What a Quaternity move does to the man that makes it, from the neutral
 * move alone: shared by the three Quaternity backends' decoders, so that a
 * neutral move becomes a native one without generating
 * (gen/quaternity/RULES.md#pawns). */
#ifndef GEN_QUATERNITY_PAWN_COMMITMENT_H
#define GEN_QUATERNITY_PAWN_COMMITMENT_H

#include "position.h"

/* The piece byte that lands on `to` when `moved` (a man of any kind) plays
 * from `from` to `to` (neutral squares) promoting to `promotion` (EMPTY for
 * none): the same byte for every man but a pawn; a promoted pawn's new
 * piece; an uncommitted pawn's new state (committed by a quiet step or a
 * side capture, kept by a capture along its main diagonal).  The move is
 * taken to be legal. */
Piece quaternity_landing_piece(Piece moved, int from, int to, Kind promotion);

#endif
