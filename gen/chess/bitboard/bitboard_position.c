/* Converting between the neutral Position / Move of gen/core and the
 * bitboard backend's own forms.  None of this is on the search path. */
#include "bitboard_position.h"

#include <string.h>

void cbb_position_load(CbbPosition *p, const Position *pos)
{
    memset(p, 0, sizeof *p);
    for (int s = 0; s < C_SQUARES; s++) {
        Piece piece = pos->board[s];
        if (piece == EMPTY)
            continue;
        p->kind[PIECE_KIND(piece) - PAWN] |= cbb_bit(s);
        p->color[PIECE_ARMY(piece)] |= cbb_bit(s);
    }
    p->side = (uint8_t)pos->turn;
    p->castling = pos->castling;
    p->ep_square = (int8_t)pos->ep_square;
    p->halfmove_clock = pos->halfmove_clock;
    p->fullmove_number = pos->fullmove_number;
}

void cbb_position_save(const CbbPosition *p, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    for (int k = CBB_PAWN; k < CBB_KINDS; k++)
        for (int side = CBB_WHITE; side <= CBB_BLACK; side++) {
            Bitboard set = p->kind[k] & p->color[side];
            PawnState state = k != CBB_PAWN ? PAWN_NONE : side == CBB_WHITE ? PAWN_UP : PAWN_DOWN;
            while (set)
                pos->board[cbb_pop_lsb(&set)] = PIECE_MAKE(side, k + PAWN, state);
        }
    pos->turn = p->side;
    pos->castling = p->castling;
    pos->ep_square = p->ep_square;
    pos->halfmove_clock = p->halfmove_clock;
    pos->fullmove_number = p->fullmove_number;
}

static int kind_on(const CbbPosition *p, int square)
{
    for (int k = CBB_PAWN; k < CBB_KINDS; k++)
        if (p->kind[k] & cbb_bit(square))
            return k;
    return -1;
}

CbbMove cbb_move_from_neutral(const CbbPosition *p, Move move)
{
    CbbMove m = {move.from, move.to, (uint8_t)kind_on(p, move.from), CBB_MOVE_PLAIN};
    int distance = move.to > move.from ? move.to - move.from : move.from - move.to;
    if (m.piece == CBB_KING && distance == 2)
        m.special = CBB_MOVE_CASTLE;
    else if (m.piece == CBB_PAWN && distance == 16)
        m.special = CBB_MOVE_DOUBLE_STEP;
    else if (m.piece == CBB_PAWN && move.to == p->ep_square)
        m.special = CBB_MOVE_EN_PASSANT;
    else if (move.promotion != EMPTY)
        m.special = (uint8_t)(CBB_MOVE_PROMOTE_BASE + move.promotion - PAWN);
    return m;
}

Move cbb_move_to_neutral(CbbMove m)
{
    Move move = {m.from, m.to, EMPTY};
    if (m.special >= CBB_MOVE_PROMOTE_BASE)
        move.promotion = (uint8_t)(m.special - CBB_MOVE_PROMOTE_BASE + PAWN);
    return move;
}
