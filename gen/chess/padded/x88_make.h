/* Making and unmaking a move on the 0x88 board: board bytes, piece lists,
 * castling rights, en passant square and clocks, all restored exactly. */
#ifndef GEN_CHESS_PADDED_X88_MAKE_H
#define GEN_CHESS_PADDED_X88_MAKE_H

#include "x88_attack.h"
#include "x88_board.h"
#include "x88_tables.h"

/* King and rook of `side` from (a, b) to (c, d): both lift off first, so
 * either may land where the other stood.  Castling there and back. */
CPD_HOT void cpd_castle_shift(CpdBoard *x, const int side, int king_from, int rook_from, int king_to, int rook_to)
{
    int king_slot = x->slot[king_from], rook_slot = x->slot[rook_from];
    x->board[king_from] = x->board[rook_from] = EMPTY;
    x->board[king_to] = (uint8_t)(cpd_colour_bit(side) | KING);
    x->board[rook_to] = (uint8_t)(cpd_colour_bit(side) | ROOK);
    x->list[side][KING][king_slot] = (uint8_t)king_to;
    x->slot[king_to] = (uint8_t)king_slot;
    x->list[side][ROOK][rook_slot] = (uint8_t)rook_to;
    x->slot[rook_to] = (uint8_t)rook_slot;
}

/* A castling is the king (from) taking its own rook (to); its right's plan
 * says where they land. */
CPD_HOT const CpdCastle *cpd_castle_of(const CpdBoard *x, const int side, int king, int rook)
{
    return &x->castles[2 * side + (rook < king)];
}

/* Kept out of the common path: castling is rare. */
static __attribute__((noinline)) void cpd_make_castle(CpdBoard *x, CpdMove m, CpdUndo *undo, const int side)
{
    int from = cpd_move_from(m), to = cpd_move_to(m);
    const CpdCastle *c = cpd_castle_of(x, side, from, to);
    undo->state = x->state;
    undo->captured = EMPTY;
    cpd_castle_shift(x, side, from, to, c->king_to, c->rook_to);
    x->state.ep = CPD_NO_EP;
    x->state.castling &= x->castle_keep[from];
    x->state.halfmove_clock++;
    x->fullmove_number += side;
    x->side = (uint8_t)(side ^ 1);
}

/* The rarer moves' extra work: the pawn taken en passant (returned as the
 * capture), the promoted piece. */
CPD_HOT int cpd_make_special(CpdBoard *x, CpdMove m, const int side, int to, int captured)
{
    uint8_t *board = x->board;
    if (m & CPD_MOVE_EN_PASSANT) {
        int victim = to - cpd_forward(side);
        captured = board[victim];
        cpd_list_remove(x, side ^ 1, PAWN, victim);
        board[victim] = EMPTY;
    }
    if (m & CPD_MOVE_PROMOTION) {
        int promotion = cpd_move_promotion(m);
        cpd_list_remove(x, side, PAWN, to);
        cpd_list_add(x, side, promotion, to);
        board[to] = (uint8_t)(cpd_colour_bit(side) | promotion);
    }
    return captured;
}

/* Makes a move of `side`, the side to move.  `castling` false promises that
 * no castling right is left (so the move is no castling, and no right can
 * drop): that code compiles away. */
CPD_HOT void cpd_make_rights(CpdBoard *x, CpdMove m, CpdUndo *undo, const int side, const bool castling)
{
    uint8_t *board = x->board;
    int from = cpd_move_from(m), to = cpd_move_to(m);
    int piece = board[from], kind = piece & CPD_KIND_MASK;
    int captured = board[to];
    undo->state = x->state;
    if (captured) {
        /* Castling takes the king's own rook: asked on captures only, so a
         * quiet move meets no extra branch. */
        if (castling && (m & CPD_MOVE_CASTLE)) {
            cpd_make_castle(x, m, undo, side);
            return;
        }
        cpd_list_remove(x, side ^ 1, captured & CPD_KIND_MASK, to);
    }
    cpd_list_move(x, side, kind, from, to);
    board[to] = (uint8_t)piece;
    board[from] = EMPTY;
    x->state.ep = (uint8_t)((m & CPD_MOVE_DOUBLE_STEP) ? (from + to) / 2 : CPD_NO_EP);
    if (m & CPD_MOVE_SPECIAL)
        captured = cpd_make_special(x, m, side, to, captured);
    undo->captured = (uint8_t)captured;
    if (castling)
        x->state.castling &= x->castle_keep[from] & x->castle_keep[to];
    /* The clock restarts on a pawn move or a capture. */
    x->state.halfmove_clock = (x->state.halfmove_clock + 1) * ((kind != PAWN) & (captured == EMPTY));
    x->fullmove_number += side; /* after Black's move */
    x->side = (uint8_t)(side ^ 1);
}

/* Unmakes the last move, made by `side`; `castling` as for cpd_make_rights. */
CPD_HOT void cpd_unmake_rights(CpdBoard *x, CpdMove m, const CpdUndo *undo, const int side, const bool castling)
{
    uint8_t *board = x->board;
    int from = cpd_move_from(m), to = cpd_move_to(m);
    x->side = (uint8_t)side;
    x->fullmove_number -= side;
    x->state = undo->state;
    int piece = board[to], captured = undo->captured;
    /* Castling is tested among the rare moves, one branch for all. */
    if (m & (CPD_MOVE_SPECIAL | (castling ? CPD_MOVE_CASTLE : 0))) {
        if (castling && (m & CPD_MOVE_CASTLE)) {
            const CpdCastle *c = cpd_castle_of(x, side, from, to);
            cpd_castle_shift(x, side, c->king_to, c->rook_to, from, to);
            return;
        }
        if (m & CPD_MOVE_PROMOTION) {
            cpd_list_remove(x, side, piece & CPD_KIND_MASK, to);
            cpd_list_add(x, side, PAWN, to);
            piece = cpd_colour_bit(side) | PAWN;
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

CPD_HOT void cpd_make_side(CpdBoard *x, CpdMove m, CpdUndo *undo, const int side)
{
    cpd_make_rights(x, m, undo, side, true);
}

CPD_HOT void cpd_unmake_side(CpdBoard *x, CpdMove m, const CpdUndo *undo, const int side)
{
    cpd_unmake_rights(x, m, undo, side, true);
}

#endif
