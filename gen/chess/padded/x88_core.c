/* The "padded" chess backend's native core (backend.h): the instance is the
 * 0x88 board itself, the native move is CpdMove and the undo record CpdUndo.
 * Here live the conversions between neutral and 0x88 squares, the decoder,
 * the invariant check and the registry entry; the search is in
 * x88_perft.c. */
#include <stdlib.h>
#include <string.h>

#include "../zobrist.h"
#include "backend.h"
#include "castling.h"
#include "x88_make.h"
#include "x88_movegen.h"
#include "x88_perft.h"
#include "x88_stats.h"
#include "x88_tables.h"

/* The rights' plans in 0x88 squares (CpdCastle), the rights each square
 * keeps and the castling keys, from the loaded position. */
static void load_castling(CpdBoard *x, const Position *pos)
{
    CastlingPlan plans[CASTLE_RIGHTS];
    uint8_t keep[C_SQUARES];
    castling_plans(pos, plans);
    castling_keep(pos, keep);
    memset(x->castle_keep, 15, sizeof x->castle_keep);
    for (int square = 0; square < C_SQUARES; square++)
        x->castle_keep[cpd_from_neutral(square)] = keep[square];
    memset(x->castles, 0, sizeof x->castles);
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        const CastlingPlan *p = &plans[r];
        CpdCastle *c = &x->castles[r];
        if (p->king_from < 0)
            continue;
        c->king_from = (uint8_t)cpd_from_neutral(p->king_from);
        c->rook_from = (uint8_t)cpd_from_neutral(p->rook_from);
        c->king_to = (uint8_t)cpd_from_neutral(p->king_to);
        c->rook_to = (uint8_t)cpd_from_neutral(p->rook_to);
        c->rook_shields = p->rook_shields;
        uint8_t squares[C_WIDTH], files[8] = {0};
        int empty_count = castling_squares_nearest(p->must_be_empty, p->king_from, squares);
        for (int i = 0; i < empty_count; i++)
            files[cpd_from_neutral(squares[i]) & 7] = 0xFF; /* all on the king's rank */
        memcpy(&c->empty_files, files, sizeof c->empty_files);
        int path_count = castling_squares_nearest(p->king_path, p->king_from, squares);
        for (int i = 0; i < path_count; i++) {
            int at = cpd_from_neutral(squares[i]), zone = -1;
            for (int j = 0; j < CPD_ZONE_KING; j++)
                if (at - c->king_from == CPD_ZONE_STEPS[j])
                    zone = j;
            /* The pass tests a neighbour unless our own piece is on it (only
             * the castling rook can be: the rest are empty), and the squares
             * beyond the neighbours that zone_wanted names. */
            if (zone >= CPD_ZONE_SHORT_TARGET)
                c->zone_wanted |= (uint16_t)(1u << zone);
            if (zone >= CPD_ZONE_SHORT_TARGET || (zone >= 0 && at != c->rook_from))
                c->path_zones |= (uint16_t)(1u << zone);
            else
                c->path[c->path_count++] = (uint8_t)at;
        }
    }
    chess_zobrist_castling_keys(pos, x->castling_keys);
    memcpy(x->castling_rook, pos->castling_rook, sizeof x->castling_rook);
    x->castling_letters = pos->castling_letters;
}

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
    load_castling(x, pos);
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
    memcpy(pos->castling_rook, x->castling_rook, sizeof pos->castling_rook);
    pos->castling_letters = x->castling_letters;
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
    if (move_is_castling(move)) {
        /* The king takes its own rook, of a right held. */
        int r = 2 * x->side + (to < from);
        if (kind != KING || !(x->state.castling & (1u << r)) || x->castles[r].rook_from != to)
            return false;
        *native = cpd_move(from, to, CPD_MOVE_CASTLE);
        return true;
    }
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
    }
    *native = cpd_move(from, to, flags);
    return true;
}

static Move cpd_encode(const CpdBoard *x, CpdMove m)
{
    (void)x;
    Move move = {(uint8_t)cpd_to_neutral(cpd_move_from(m)), (uint8_t)cpd_to_neutral(cpd_move_to(m)),
                 (m & CPD_MOVE_CASTLE) ? (uint8_t)MOVE_CASTLING : (uint8_t)cpd_move_promotion(m)};
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
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        int colour = cpd_colour_bit(r / 2);
        if ((x->state.castling & (1u << r)) && (x->board[x->castles[r].king_from] != (colour | KING) ||
                                                x->board[x->castles[r].rook_from] != (colour | ROOK)))
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
    return chess_zobrist_state(s->side, s->castling_keys[s->state.castling],
                               s->state.ep == CPD_NO_EP ? -1 : cpd_to_neutral(s->state.ep));
}

#define PH_BACKEND cpd, CpdBoard, CpdMove, CpdUndo, CPD_MAX_MOVES, CHESS_ZOBRIST
#define PH_STATS /* and the statistics with a table */
#include "perft_hash_recursion.h"

BACKEND_CORE_WITH_STATS(cpd, CpdBoard, CpdMove, CpdUndo, CPD_MAX_MOVES, cpd_tables_init, NULL);

const Backend chess_padded_backend =
    BACKEND_FROM_CORE(cpd_core, "padded", GAME_CHESS,
                      "0x88 board (128 squares, off-board mask, difference attack table), piece lists, pins found "
                      "before generation");
