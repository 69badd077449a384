/* The "padded" chess backend's native core (backend.h): the instance is the
 * 0x88 board itself, the native move is CpdMove and the undo record CpdUndo.
 * Here live the conversions between neutral and 0x88 squares, the decoder,
 * the invariant check and the registry entry; the search is in
 * x88_perft.c. */
#include <stdlib.h>
#include <string.h>

#include "../zobrist.h"
#include "backend.h"
#include "x88_make.h"
#include "x88_movegen.h"
#include "x88_perft.h"
#include "x88_tables.h"

static void cpd_load(CpdBoard *x, const Position *pos)
{
    memset(x, 0, sizeof *x);
    for (int square = 0; square < C_SQUARES; square++) {
        Piece p = pos->board[square];
        if (p == EMPTY)
            continue;
        int side = PIECE_ARMY(p), kind = PIECE_KIND(p), at = cpd_from_neutral(square);
        x->board[at] = (uint8_t)(cpd_colour_bit(side) | kind);
        cpd_list_add(x, side, kind, at);
    }
    x->side = (uint8_t)pos->turn;
    x->state.castling = pos->castling;
    x->state.ep = pos->ep_square < 0 ? (uint8_t)CPD_NO_EP : (uint8_t)cpd_from_neutral(pos->ep_square);
    x->state.halfmove_clock = pos->halfmove_clock;
    x->fullmove_number = pos->fullmove_number;
}

static void cpd_save(const CpdBoard *x, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    for (int square = 0; square < C_SQUARES; square++) {
        int b = x->board[cpd_from_neutral(square)];
        if (b == EMPTY)
            continue;
        int side = cpd_side_of(b), kind = b & CPD_KIND_MASK;
        PawnState state_bits = kind != PAWN ? PAWN_NONE : side == CHESS_WHITE ? PAWN_UP : PAWN_DOWN;
        pos->board[square] = PIECE_MAKE(side, kind, state_bits);
    }
    pos->turn = x->side;
    pos->castling = x->state.castling;
    pos->ep_square = x->state.ep == CPD_NO_EP ? -1 : cpd_to_neutral(x->state.ep);
    pos->halfmove_clock = clock_saved(x->state.halfmove_clock);
    pos->fullmove_number = clock_saved(x->fullmove_number);
}

/* The side is a constant inside cpd_make_side and cpd_unmake_side; here it
 * is read from the board once and dispatched on. */
static void cpd_make(CpdBoard *x, CpdMove m, CpdUndo *undo)
{
    if (x->side == CHESS_WHITE)
        cpd_make_side(x, m, undo, CHESS_WHITE);
    else
        cpd_make_side(x, m, undo, CHESS_BLACK);
}

static void cpd_unmake(CpdBoard *x, CpdMove m, const CpdUndo *undo)
{
    if (x->side == CHESS_WHITE) /* White to move again: Black made it */
        cpd_unmake_side(x, m, undo, CHESS_BLACK);
    else
        cpd_unmake_side(x, m, undo, CHESS_WHITE);
}

/* The flags the generator would give the move, read from the board: a pawn
 * moving two ranks steps twice, a pawn landing on the en passant square
 * captures en passant (a push can never reach it: the pawn that stepped
 * twice stands in front of it), a king moving two files castles. */
static bool cpd_decode(const CpdBoard *x, Move move, CpdMove *native)
{
    if (move.from >= C_SQUARES || move.to >= C_SQUARES)
        return false;
    int from = cpd_from_neutral(move.from), to = cpd_from_neutral(move.to);
    int piece = x->board[from], kind = piece & CPD_KIND_MASK;
    if (!(piece & cpd_colour_bit(x->side)))
        return false;
    int flags = 0;
    if (kind == PAWN) {
        if (to - from == 2 * cpd_forward(x->side))
            flags = CPD_MOVE_DOUBLE_STEP;
        else if (to == x->state.ep)
            flags = CPD_MOVE_EN_PASSANT;
        if (move.promotion != EMPTY) {
            if (move.promotion < KNIGHT || move.promotion > QUEEN)
                return false;
            flags |= move.promotion << CPD_MOVE_PROMOTION_SHIFT;
        }
    } else {
        if (move.promotion != EMPTY)
            return false;
        if (kind == KING && (to - from == 2 || from - to == 2))
            flags = CPD_MOVE_CASTLE;
    }
    *native = cpd_move(from, to, flags);
    return true;
}

static Move cpd_encode(const CpdBoard *x, CpdMove m)
{
    (void)x;
    Move move = {(uint8_t)cpd_to_neutral(cpd_move_from(m)), (uint8_t)cpd_to_neutral(cpd_move_to(m)),
                 (uint8_t)cpd_move_promotion(m)};
    return move;
}

const char *cpd_check(const CpdBoard *x)
{
    if (x->side != CHESS_WHITE && x->side != CHESS_BLACK)
        return "side to move is neither white nor black";
    int on_board = 0;
    for (int square = 0; square < CPD_SQUARES; square++) {
        int b = x->board[square];
        if (square & CPD_OFF) {
            if (b != EMPTY)
                return "a padding square is not empty";
            continue;
        }
        if (b == EMPTY)
            continue;
        int colour = b & (CPD_WHITE | CPD_BLACK), kind = b & CPD_KIND_MASK;
        if ((colour != CPD_WHITE && colour != CPD_BLACK) || (b & ~(CPD_WHITE | CPD_BLACK | CPD_KIND_MASK)) ||
            kind < PAWN || kind > KING)
            return "a board byte is not a piece";
        int side = cpd_side_of(b);
        if (x->slot[square] >= x->count[side][kind] || x->list[side][kind][x->slot[square]] != square)
            return "a piece on the board is not where slot[] says in its list";
        on_board++;
    }
    /* Every board piece has its own list entry; equal totals leave no
     * entry without a piece. */
    int listed = 0;
    for (int side = 0; side < 2; side++)
        for (int kind = PAWN; kind <= KING; kind++)
            listed += x->count[side][kind];
    if (listed != on_board)
        return "the piece lists hold pieces the board does not";
    if (x->count[CHESS_WHITE][KING] != 1 || x->count[CHESS_BLACK][KING] != 1)
        return "a side has no king or more than one";
    int ep = x->state.ep;
    if (ep != CPD_NO_EP &&
        ((ep & CPD_OFF) || (ep & 0x70) != (x->side == CHESS_WHITE ? 0x50 : 0x20) || x->board[ep] != EMPTY ||
         x->board[ep - cpd_forward(x->side)] != (cpd_colour_bit(x->side ^ 1) | PAWN)))
        return "the en passant square is not behind a pawn that just stepped twice";
    static const struct {
        int right, side, king, rook;
    } HOMES[4] = {{CASTLE_WK, CHESS_WHITE, 0x04, 0x07},
                  {CASTLE_WQ, CHESS_WHITE, 0x04, 0x00},
                  {CASTLE_BK, CHESS_BLACK, 0x74, 0x77},
                  {CASTLE_BQ, CHESS_BLACK, 0x74, 0x70}};
    for (int i = 0; i < 4; i++) {
        int colour = cpd_colour_bit(HOMES[i].side);
        if ((x->state.castling & HOMES[i].right) &&
            (x->board[HOMES[i].king] != (colour | KING) || x->board[HOMES[i].rook] != (colour | ROOK)))
            return "a castling right is held without its king and rook at home";
    }
    return NULL;
}

/* The neutral piece on a neutral square (pawn state left out: the chess key
 * does not read it), for the hashed recursion's key updates. */
static inline Piece cpd_piece_at(const CpdBoard *x, int square)
{
    int b = x->board[cpd_from_neutral(square)];
    return b == EMPTY ? EMPTY : PIECE_MAKE(cpd_side_of(b), b & CPD_KIND_MASK, 0);
}

static inline uint64_t cpd_state_key(const CpdBoard *s)
{
    return chess_zobrist_state(s->side, s->state.castling, s->state.ep == CPD_NO_EP ? -1 : cpd_to_neutral(s->state.ep));
}

#define PH_BACKEND cpd, CpdBoard, CpdMove, CpdUndo, CPD_MAX_MOVES, 1
#include "perft_hash_recursion.h"

BACKEND_CORE(cpd, CpdBoard, CpdMove, CpdUndo, CPD_MAX_MOVES, cpd_tables_init, NULL);

const Backend chess_padded_backend =
    BACKEND_FROM_CORE(cpd_core, "padded", GAME_CHESS,
                      "0x88 board (128 squares, off-board mask, difference attack table), piece lists, pins found "
                      "before generation");
