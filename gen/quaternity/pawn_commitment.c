#include "pawn_commitment.h"

/* Each army's two forward directions (gen/quaternity/RULES.md#pawns):
 * White up/right, Red down/right, Black down/left, Green up/left. */
static const PawnState FORWARD[4][2] = {
    {PAWN_UP, PAWN_RIGHT},
    {PAWN_DOWN, PAWN_RIGHT},
    {PAWN_DOWN, PAWN_LEFT},
    {PAWN_UP, PAWN_LEFT},
};

/* Whether the move's file and rank steps contain direction d's step. */
static int moves_along(PawnState d, int file_step, int rank_step)
{
    switch (d) {
    case PAWN_UP: return rank_step == 1;
    case PAWN_DOWN: return rank_step == -1;
    case PAWN_RIGHT: return file_step == 1;
    case PAWN_LEFT: return file_step == -1;
    default: return 0;
    }
}

Piece quaternity_landing_piece(Piece moved, int from, int to, Kind promotion)
{
    int army = PIECE_ARMY(moved);
    if (PIECE_KIND(moved) != PAWN)
        return moved;
    if (promotion != EMPTY)
        return PIECE_MAKE(army, promotion, PAWN_NONE);
    if (PIECE_PAWN_STATE(moved) != PAWN_UNCOMMITTED)
        return moved;
    int file_step = to % Q_WIDTH - from % Q_WIDTH, rank_step = to / Q_WIDTH - from / Q_WIDTH;
    int first = moves_along(FORWARD[army][0], file_step, rank_step);
    int second = moves_along(FORWARD[army][1], file_step, rank_step);
    if (first == second) /* both: the main diagonal keeps it uncommitted */
        return moved;
    return PIECE_MAKE(army, PAWN, first ? FORWARD[army][0] : FORWARD[army][1]);
}
