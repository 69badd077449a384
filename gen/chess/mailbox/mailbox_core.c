/* The orthodox chess mailbox backend's native core (backend.h): the
 * instance is the 10 x 12 board with its piece lists (CmbState), the move
 * a packed CmbMove, and make/unmake update in place with a CmbUndo.  The
 * adapter owns the history of made moves.  None of this is on the perft
 * hot path. */
#include <stdlib.h>
#include <string.h>

#include "../zobrist.h"
#include "castling.h"
#include "mailbox.h"
#include "mailbox_make.h"

/* The rights' plans in mailbox squares (CmbCastle), the rights each square
 * keeps and the castling keys, from the loaded position. */
static void load_castling(CmbState *s, const Position *pos)
{
    static const int KING_STEPS[8] = {11, 10, 9, 1, -1, -9, -10, -11}; /* as the generator numbers them */
    CastlingPlan plans[CASTLE_RIGHTS];
    uint8_t keep[C_SQUARES];
    castling_plans(pos, plans);
    castling_keep(pos, keep);
    memset(s->castle_keep, 15, sizeof s->castle_keep);
    for (int sq = 0; sq < C_SQUARES; sq++)
        s->castle_keep[cmb_tables.sq120[sq]] = keep[sq];
    memset(s->castles, 0, sizeof s->castles);
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        const CastlingPlan *p = &plans[r];
        CmbCastle *c = &s->castles[r];
        if (p->king_from < 0)
            continue;
        c->king_from = cmb_tables.sq120[p->king_from];
        c->rook_from = cmb_tables.sq120[p->rook_from];
        c->king_to = cmb_tables.sq120[p->king_to];
        c->rook_to = cmb_tables.sq120[p->rook_to];
        c->rook_shields = p->rook_shields;
        uint8_t squares[C_WIDTH];
        c->empty_count = (uint8_t)castling_squares_nearest(p->must_be_empty, p->king_from, squares);
        for (int i = 0; i < c->empty_count; i++)
            c->empty[i] = cmb_tables.sq120[squares[i]];
        c->path_count = (uint8_t)castling_squares_nearest(p->king_path, p->king_from, squares);
        for (int i = 0; i < c->path_count; i++) {
            int square = cmb_tables.sq120[squares[i]], step = -1;
            for (int j = 0; j < 8; j++)
                if (square - c->king_from == KING_STEPS[j])
                    step = j;
            c->path[i] = (uint8_t)square;
            c->path_step[i] = (int8_t)step;
        }
    }
    chess_zobrist_castling_keys(pos, s->castling_keys);
    memcpy(s->castling_rook, pos->castling_rook, sizeof s->castling_rook);
    s->castling_letters = pos->castling_letters;
}

static void cmb_load(CmbState *s, const Position *pos)
{
    memset(s->board, CMB_GUARD, sizeof s->board);
    memset(s->list_index, 0, sizeof s->list_index);
    memset(s->count, 0, sizeof s->count);
    for (int sq = 0; sq < C_SQUARES; sq++) {
        int square = cmb_tables.sq120[sq];
        Piece p = pos->board[sq];
        s->board[square] = EMPTY;
        if (p == EMPTY)
            continue;
        int side = PIECE_ARMY(p), kind = PIECE_KIND(p);
        s->board[square] = (uint8_t)(kind | CMB_SIDE_FLAG(side));
        cmb_list_add(s, side, kind, square);
    }
    s->side = pos->turn;
    s->castling = pos->castling;
    s->ep_square = pos->ep_square < 0 ? 0 : cmb_tables.sq120[pos->ep_square];
    s->halfmove_clock = pos->halfmove_clock;
    s->fullmove_number = pos->fullmove_number;
    load_castling(s, pos);
}

static void cmb_save(const CmbState *s, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    for (int sq = 0; sq < C_SQUARES; sq++) {
        uint8_t code = s->board[cmb_tables.sq120[sq]];
        if (code == EMPTY)
            continue;
        int side = (code & CMB_BLACK) ? CHESS_BLACK : CHESS_WHITE, kind = CMB_KIND(code);
        PawnState state_bits = kind != PAWN ? PAWN_NONE : side == CHESS_WHITE ? PAWN_UP : PAWN_DOWN;
        pos->board[sq] = PIECE_MAKE(side, kind, state_bits);
    }
    pos->turn = s->side;
    pos->castling = s->castling;
    memcpy(pos->castling_rook, s->castling_rook, sizeof pos->castling_rook);
    pos->castling_letters = s->castling_letters;
    pos->ep_square = s->ep_square ? cmb_tables.sq64[s->ep_square] : -1;
    pos->halfmove_clock = clock_saved(s->halfmove_clock);
    pos->fullmove_number = clock_saved(s->fullmove_number);
}

/* The native move from the board alone: the special kind follows from the
 * piece that moves and how far.  Only what the squares say is checked; a
 * legal move always decodes to the move the generator makes. */
static bool cmb_decode(const CmbState *s, Move move, CmbMove *native)
{
    if (move.from >= C_SQUARES || move.to >= C_SQUARES)
        return false;
    int from = cmb_tables.sq120[move.from], to = cmb_tables.sq120[move.to];
    uint8_t moved = s->board[from];
    if (move_is_castling(move)) {
        /* The king takes its own rook, of a right held. */
        int r = 2 * s->side + (to < from);
        if (moved != (KING | CMB_SIDE_FLAG(s->side)) || !(s->castling & (1u << r)) || s->castles[r].rook_from != to)
            return false;
        *native = CMB_MOVE(from, to, CMB_CASTLE);
        return true;
    }
    if (!(moved & CMB_SIDE_FLAG(s->side)) || (s->board[to] & CMB_SIDE_FLAG(s->side)))
        return false;
    int kind = CMB_KIND(moved);
    CmbMove *out = native;
    if (move.promotion != EMPTY) {
        if (kind != PAWN || move.promotion < KNIGHT || move.promotion > QUEEN)
            return false;
        *out = CMB_PROMOTION(from, to, move.promotion);
    } else if (kind == PAWN && (to - from == 20 || from - to == 20)) {
        *out = CMB_MOVE(from, to, CMB_DOUBLE_STEP);
    } else if (kind == PAWN && to == s->ep_square) {
        *out = CMB_MOVE(from, to, CMB_EN_PASSANT);
    } else {
        *out = CMB_MOVE(from, to, CMB_NORMAL);
    }
    return true;
}

static Move cmb_encode(const CmbState *s, CmbMove m)
{
    (void)s;
    Move move = {(uint8_t)cmb_tables.sq64[CMB_FROM(m)], (uint8_t)cmb_tables.sq64[CMB_TO(m)], EMPTY};
    if (CMB_SPECIAL(m) == CMB_PROMOTE)
        move.promotion = (uint8_t)CMB_PROMOTED(m);
    else if (CMB_SPECIAL(m) == CMB_CASTLE)
        move.promotion = MOVE_CASTLING;
    return move;
}

/* What each castling right needs at home: the generator trusts the rights
 * alone. */
static bool castling_homes_hold(const CmbState *s)
{
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        uint8_t flag = CMB_SIDE_FLAG(r / 2);
        if ((s->castling & (1u << r)) &&
            (s->board[s->castles[r].king_from] != (KING | flag) || s->board[s->castles[r].rook_from] != (ROOK | flag)))
            return false;
    }
    return true;
}

const char *cmb_check(const CmbState *s)
{
    if (s->side != CHESS_WHITE && s->side != CHESS_BLACK)
        return "side to move is neither white nor black";
    int on_board = 0;
    for (int square = 0; square < CMB_SQUARES; square++) {
        uint8_t code = s->board[square];
        if (cmb_tables.sq64[square] < 0) {
            if (code != CMB_GUARD)
                return "a frame square holds something other than a guard";
            continue;
        }
        if (code == EMPTY)
            continue;
        int flags = code & (CMB_WHITE | CMB_BLACK | CMB_GUARD);
        if ((flags != CMB_WHITE && flags != CMB_BLACK) || CMB_KIND(code) < PAWN || CMB_KIND(code) > KING ||
            (code & ~(7 | CMB_WHITE | CMB_BLACK)))
            return "a board square holds a malformed piece byte";
        on_board++;
    }
    int listed = 0;
    for (int side = CHESS_WHITE; side <= CHESS_BLACK; side++) {
        if (s->count[side][EMPTY] != 0)
            return "a piece list counts empty squares";
        if (s->count[side][KING] != 1)
            return "a side does not have exactly one king in its list";
        for (int kind = PAWN; kind <= KING; kind++) {
            if (s->count[side][kind] > CMB_LIST_MAX)
                return "a piece list overflows";
            for (int i = 0; i < s->count[side][kind]; i++) {
                int square = s->squares[side][kind][i];
                if (cmb_tables.sq64[square] < 0)
                    return "a piece list names a frame square";
                if (s->board[square] != (kind | CMB_SIDE_FLAG(side)))
                    return "a piece list names a square the board does not hold that piece on";
                if (s->list_index[square] != i)
                    return "a square's list index does not point at its list entry";
            }
            listed += s->count[side][kind];
        }
    }
    if (listed != on_board)
        return "the board holds pieces the lists do not";
    if (s->castling & ~(CASTLE_WK | CASTLE_WQ | CASTLE_BK | CASTLE_BQ))
        return "castling rights hold unknown bits";
    if (!castling_homes_hold(s))
        return "a castling right without its king and rook at home";
    if (s->ep_square) {
        /* White to move: black just stepped to rank 5 across rank 6. */
        int rank_start = s->side == CHESS_WHITE ? CMB_A8 - 20 : CMB_A1 + 20;
        int victim = s->ep_square + (s->side == CHESS_WHITE ? -10 : 10);
        if ((unsigned)(s->ep_square - rank_start) >= 8 || s->board[s->ep_square] != EMPTY ||
            s->board[victim] != (PAWN | CMB_SIDE_FLAG(s->side ^ 1)))
            return "en passant square without the pawn that stepped across it";
    }
    return NULL;
}

/* The neutral piece on a neutral square (pawn state left out: the chess key
 * does not read it), for the hashed recursion's key updates. */
static inline Piece cmb_piece_at(const CmbState *s, int square)
{
    uint8_t code = s->board[cmb_tables.sq120[square]];
    return code == EMPTY ? EMPTY : PIECE_MAKE((code & CMB_BLACK) ? CHESS_BLACK : CHESS_WHITE, CMB_KIND(code), 0);
}

static inline uint64_t cmb_state_key(const CmbState *s)
{
    return chess_zobrist_state(s->side, s->castling_keys[s->castling],
                               s->ep_square ? cmb_tables.sq64[s->ep_square] : -1);
}

#define PH_BACKEND cmb, CmbState, CmbMove, CmbUndo, CMB_MAX_MOVES, CHESS_ZOBRIST
#define PH_STATS /* and the statistics with a table */
#include "perft_hash_recursion.h"

BACKEND_CORE_WITH_STATS(cmb, CmbState, CmbMove, CmbUndo, CMB_MAX_MOVES, cmb_tables_init, NULL);

const Backend chess_mailbox_backend =
    BACKEND_FROM_CORE(cmb_core, "mailbox", GAME_CHESS,
                      "10x12 mailbox board with guard squares and piece lists; legal generation by pins and checks");
