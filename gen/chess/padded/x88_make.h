/* Making and unmaking a move on the 0x88 board: board bytes, piece lists,
 * castling rights, en passant square and clocks, all restored exactly. */
#ifndef GEN_CHESS_X88_MAKE_H
#define GEN_CHESS_X88_MAKE_H

#include "x88_attack.h"
#include "x88_board.h"
#include "x88_tables.h"

/* Castling moves the rook too: from the corner beside the king's target to
 * the square the king crossed. */
X88_HOT int x88_castle_rook_from(int king_from, int king_to)
{
    return king_to > king_from ? king_to + 1 : king_to - 2;
}

/* The rarer moves' extra work: the pawn taken en passant (returned as the
 * capture), the castling rook, the promoted piece. */
X88_HOT int x88_make_special(X88 *x, X88Move m, const int side, int from, int to, int captured)
{
    uint8_t *board = x->board;
    if (m & X88_MOVE_EN_PASSANT) {
        int victim = to - x88_forward(side);
        captured = board[victim];
        x88_list_remove(x, side ^ 1, PAWN, victim);
        board[victim] = EMPTY;
    } else if (m & X88_MOVE_CASTLE) {
        int rook_from = x88_castle_rook_from(from, to), rook_to = (from + to) / 2;
        x88_list_move(x, side, ROOK, rook_from, rook_to);
        board[rook_to] = board[rook_from];
        board[rook_from] = EMPTY;
    }
    if (m & X88_MOVE_PROMOTION) {
        int promotion = x88_move_promotion(m);
        x88_list_remove(x, side, PAWN, to);
        x88_list_add(x, side, promotion, to);
        board[to] = (uint8_t)(x88_colour_bit(side) | promotion);
    }
    return captured;
}

/* Makes a move of `side`, the side to move. */
X88_HOT void x88_make(X88 *x, X88Move m, X88Undo *undo, const int side)
{
    uint8_t *board = x->board;
    int from = x88_move_from(m), to = x88_move_to(m);
    int piece = board[from], kind = piece & X88_KIND_MASK;
    int captured = board[to];
    undo->state = x->state;
    if (captured)
        x88_list_remove(x, side ^ 1, captured & X88_KIND_MASK, to);
    x88_list_move(x, side, kind, from, to);
    board[to] = (uint8_t)piece;
    board[from] = EMPTY;
    x->state.ep = (uint8_t)((m & X88_MOVE_DOUBLE_STEP) ? (from + to) / 2 : X88_NO_EP);
    if (m & X88_MOVE_SPECIAL)
        captured = x88_make_special(x, m, side, from, to, captured);
    undo->captured = (uint8_t)captured;
    x->state.castling &= x88_castle_keep[from] & x88_castle_keep[to];
    /* The clock restarts on a pawn move or a capture. */
    x->state.halfmove_clock = (x->state.halfmove_clock + 1) * ((kind != PAWN) & (captured == EMPTY));
    x->fullmove_number += side; /* after Black's move */
    x->side = (uint8_t)(side ^ 1);
}

/* Unmakes the last move, made by `side`. */
X88_HOT void x88_unmake(X88 *x, X88Move m, const X88Undo *undo, const int side)
{
    uint8_t *board = x->board;
    int from = x88_move_from(m), to = x88_move_to(m);
    x->side = (uint8_t)side;
    x->fullmove_number -= side;
    x->state = undo->state;
    int piece = board[to], captured = undo->captured;
    if (m & X88_MOVE_SPECIAL) {
        if (m & X88_MOVE_PROMOTION) {
            x88_list_remove(x, side, piece & X88_KIND_MASK, to);
            x88_list_add(x, side, PAWN, to);
            piece = x88_colour_bit(side) | PAWN;
        } else if (m & X88_MOVE_CASTLE) {
            int rook_from = x88_castle_rook_from(from, to), rook_to = (from + to) / 2;
            x88_list_move(x, side, ROOK, rook_to, rook_from);
            board[rook_from] = board[rook_to];
            board[rook_to] = EMPTY;
        } else if (m & X88_MOVE_EN_PASSANT) {
            int victim = to - x88_forward(side);
            board[victim] = (uint8_t)captured;
            x88_list_add(x, side ^ 1, PAWN, victim);
            captured = EMPTY;
        }
    }
    x88_list_move(x, side, piece & X88_KIND_MASK, to, from);
    board[from] = (uint8_t)piece;
    board[to] = (uint8_t)captured;
    if (captured)
        x88_list_add(x, side ^ 1, captured & X88_KIND_MASK, to);
}

#endif
