/* Making and unmaking a move on the 0x88 board: board bytes, piece lists,
 * castling rights, en passant square and clocks, all restored exactly. */
#ifndef GEN_CHESS_PADDED_X88_MAKE_H
#define GEN_CHESS_PADDED_X88_MAKE_H

#include "x88_attack.h"
#include "x88_board.h"
#include "x88_tables.h"

/* Castling moves the rook too: from the corner beside the king's target to
 * the square the king crossed. */
CPD_HOT int cpd_castle_rook_from(int king_from, int king_to)
{
    return king_to > king_from ? king_to + 1 : king_to - 2;
}

/* The rarer moves' extra work: the pawn taken en passant (returned as the
 * capture), the castling rook, the promoted piece. */
CPD_HOT int cpd_make_special(CpdBoard *x, CpdMove m, const int side, int from, int to, int captured)
{
    uint8_t *board = x->board;
    if (m & CPD_MOVE_EN_PASSANT) {
        int victim = to - cpd_forward(side);
        captured = board[victim];
        cpd_list_remove(x, side ^ 1, PAWN, victim);
        board[victim] = EMPTY;
    } else if (m & CPD_MOVE_CASTLE) {
        int rook_from = cpd_castle_rook_from(from, to), rook_to = (from + to) / 2;
        cpd_list_move(x, side, ROOK, rook_from, rook_to);
        board[rook_to] = board[rook_from];
        board[rook_from] = EMPTY;
    }
    if (m & CPD_MOVE_PROMOTION) {
        int promotion = cpd_move_promotion(m);
        cpd_list_remove(x, side, PAWN, to);
        cpd_list_add(x, side, promotion, to);
        board[to] = (uint8_t)(cpd_colour_bit(side) | promotion);
    }
    return captured;
}

/* Makes a move of `side`, the side to move. */
CPD_HOT void cpd_make_side(CpdBoard *x, CpdMove m, CpdUndo *undo, const int side)
{
    uint8_t *board = x->board;
    int from = cpd_move_from(m), to = cpd_move_to(m);
    int piece = board[from], kind = piece & CPD_KIND_MASK;
    int captured = board[to];
    undo->state = x->state;
    if (captured)
        cpd_list_remove(x, side ^ 1, captured & CPD_KIND_MASK, to);
    cpd_list_move(x, side, kind, from, to);
    board[to] = (uint8_t)piece;
    board[from] = EMPTY;
    x->state.ep = (uint8_t)((m & CPD_MOVE_DOUBLE_STEP) ? (from + to) / 2 : CPD_NO_EP);
    if (m & CPD_MOVE_SPECIAL)
        captured = cpd_make_special(x, m, side, from, to, captured);
    undo->captured = (uint8_t)captured;
    x->state.castling &= cpd_castle_keep[from] & cpd_castle_keep[to];
    /* The clock restarts on a pawn move or a capture. */
    x->state.halfmove_clock = (x->state.halfmove_clock + 1) * ((kind != PAWN) & (captured == EMPTY));
    x->fullmove_number += side; /* after Black's move */
    x->side = (uint8_t)(side ^ 1);
}

/* Unmakes the last move, made by `side`. */
CPD_HOT void cpd_unmake_side(CpdBoard *x, CpdMove m, const CpdUndo *undo, const int side)
{
    uint8_t *board = x->board;
    int from = cpd_move_from(m), to = cpd_move_to(m);
    x->side = (uint8_t)side;
    x->fullmove_number -= side;
    x->state = undo->state;
    int piece = board[to], captured = undo->captured;
    if (m & CPD_MOVE_SPECIAL) {
        if (m & CPD_MOVE_PROMOTION) {
            cpd_list_remove(x, side, piece & CPD_KIND_MASK, to);
            cpd_list_add(x, side, PAWN, to);
            piece = cpd_colour_bit(side) | PAWN;
        } else if (m & CPD_MOVE_CASTLE) {
            int rook_from = cpd_castle_rook_from(from, to), rook_to = (from + to) / 2;
            cpd_list_move(x, side, ROOK, rook_to, rook_from);
            board[rook_from] = board[rook_to];
            board[rook_to] = EMPTY;
        } else if (m & CPD_MOVE_EN_PASSANT) {
            int victim = to - cpd_forward(side);
            board[victim] = (uint8_t)captured;
            cpd_list_add(x, side ^ 1, PAWN, victim);
            captured = EMPTY;
        }
    }
    cpd_list_move(x, side, piece & CPD_KIND_MASK, to, from);
    board[from] = (uint8_t)piece;
    board[to] = (uint8_t)captured;
    if (captured)
        cpd_list_add(x, side ^ 1, captured & CPD_KIND_MASK, to);
}

#endif
