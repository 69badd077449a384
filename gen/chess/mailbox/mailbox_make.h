/* Make and unmake on the mailbox board, inline because perft runs them at
 * every inner node.  The board and the piece lists change together: a piece
 * keeps its slot in its list when it moves, a captured piece's slot is
 * filled by the list's last entry, and unmake appends it again (list order
 * is free, only the set of squares matters). */
#ifndef GEN_CHESS_MAILBOX_MAILBOX_MAKE_H
#define GEN_CHESS_MAILBOX_MAILBOX_MAKE_H

#include "mailbox.h"

static inline void cmb_list_add(CmbState *s, int side, int kind, int square)
{
    int i = s->count[side][kind]++;
    s->squares[side][kind][i] = (uint8_t)square;
    s->list_index[square] = (uint8_t)i;
}

static inline void cmb_list_remove(CmbState *s, int side, int kind, int square)
{
    int i = s->list_index[square];
    int last = s->squares[side][kind][--s->count[side][kind]];
    s->squares[side][kind][i] = (uint8_t)last;
    s->list_index[last] = (uint8_t)i;
}

static inline void cmb_list_move(CmbState *s, int side, int kind, int from, int to)
{
    int i = s->list_index[from];
    s->squares[side][kind][i] = (uint8_t)to;
    s->list_index[to] = (uint8_t)i;
}

static inline void cmb_relocate(CmbState *s, int side, int from, int to)
{
    uint8_t piece = s->board[from];
    cmb_list_move(s, side, CMB_KIND(piece), from, to);
    s->board[to] = piece;
    s->board[from] = EMPTY;
}

/* King and rook of `side` from (a, b) to (c, d): both lift off first, so
 * either may land where the other stood.  Castling there and back. */
static inline void cmb_castle_shift(CmbState *s, int side, int king_from, int rook_from, int king_to, int rook_to)
{
    int king_slot = s->list_index[king_from], rook_slot = s->list_index[rook_from];
    s->board[king_from] = s->board[rook_from] = EMPTY;
    s->board[king_to] = (uint8_t)(KING | CMB_SIDE_FLAG(side));
    s->board[rook_to] = (uint8_t)(ROOK | CMB_SIDE_FLAG(side));
    s->squares[side][KING][king_slot] = (uint8_t)king_to;
    s->list_index[king_to] = (uint8_t)king_slot;
    s->squares[side][ROOK][rook_slot] = (uint8_t)rook_to;
    s->list_index[rook_to] = (uint8_t)rook_slot;
}

/* The castling move is the king (from) taking its own rook (to); its
 * right's plan says where they land. */
static inline const CmbCastle *cmb_castle_of(const CmbState *s, int side, int king, int rook)
{
    return &s->castles[2 * side + (rook < king)];
}

static inline void cmb_make(CmbState *s, CmbMove move, CmbUndo *undo)
{
    int from = CMB_FROM(move), to = CMB_TO(move), special = CMB_SPECIAL(move);
    int us = s->side, them = us ^ 1;
    uint8_t captured = s->board[to];
    undo->captured = captured;
    undo->castling = s->castling;
    undo->ep_square = s->ep_square;
    undo->halfmove_clock = s->halfmove_clock;

    s->halfmove_clock++;
    if (special == CMB_CASTLE) {
        const CmbCastle *c = cmb_castle_of(s, us, from, to);
        undo->captured = EMPTY;
        cmb_castle_shift(s, us, from, to, c->king_to, c->rook_to);
        s->ep_square = 0;
        s->castling &= s->castle_keep[from];
        s->fullmove_number += us;
        s->side = them;
        return;
    }
    if (captured) {
        cmb_list_remove(s, them, CMB_KIND(captured), to);
        s->halfmove_clock = 0;
    }
    if (CMB_KIND(s->board[from]) == PAWN)
        s->halfmove_clock = 0;
    cmb_relocate(s, us, from, to);
    s->ep_square = 0;

    switch (special) {
    case CMB_DOUBLE_STEP: s->ep_square = (uint8_t)((from + to) / 2); break;
    case CMB_EN_PASSANT: {
        int victim = to + (us == CHESS_WHITE ? -10 : 10);
        cmb_list_remove(s, them, PAWN, victim);
        s->board[victim] = EMPTY;
        break;
    }
    case CMB_PROMOTE: {
        int kind = CMB_PROMOTED(move);
        cmb_list_remove(s, us, PAWN, to);
        cmb_list_add(s, us, kind, to);
        s->board[to] = (uint8_t)(kind | CMB_SIDE_FLAG(us));
        break;
    }
    default: break;
    }

    s->castling &= s->castle_keep[from] & s->castle_keep[to];
    s->fullmove_number += us;
    s->side = them;
}

static inline void cmb_unmake(CmbState *s, CmbMove move, const CmbUndo *undo)
{
    int from = CMB_FROM(move), to = CMB_TO(move), special = CMB_SPECIAL(move);
    int them = s->side, us = them ^ 1;
    s->side = us;
    s->fullmove_number -= us;
    s->castling = undo->castling;
    s->ep_square = undo->ep_square;
    s->halfmove_clock = undo->halfmove_clock;

    switch (special) {
    case CMB_CASTLE: {
        const CmbCastle *c = cmb_castle_of(s, us, from, to);
        cmb_castle_shift(s, us, c->king_to, c->rook_to, from, to);
        return;
    }
    case CMB_EN_PASSANT: {
        int victim = to + (us == CHESS_WHITE ? -10 : 10);
        s->board[victim] = (uint8_t)(PAWN | CMB_SIDE_FLAG(them));
        cmb_list_add(s, them, PAWN, victim);
        break;
    }
    case CMB_PROMOTE:
        cmb_list_remove(s, us, CMB_PROMOTED(move), to);
        cmb_list_add(s, us, PAWN, to);
        s->board[to] = (uint8_t)(PAWN | CMB_SIDE_FLAG(us));
        break;
    default: break;
    }

    cmb_relocate(s, us, to, from);
    if (undo->captured) {
        s->board[to] = undo->captured;
        cmb_list_add(s, them, CMB_KIND(undo->captured), to);
    }
}

#endif
