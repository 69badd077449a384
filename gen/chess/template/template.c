/* The template chess backend: the simplest correct generator, written to be
 * copied (see README.md in this folder).
 *
 * The board is the neutral one: 64 Piece bytes, index = rank * 8 + file,
 * exactly as in position.h, so load and save are copies.  Moves are made on
 * that board; generation is pseudo-legal, and each candidate is kept only if
 * making it leaves the mover's king unattacked (make, test, unmake).  Nothing
 * here is tuned: a faster backend changes the representation, not the
 * contract in backend.h. */
#include <stdlib.h>
#include <string.h>

#include "../zobrist.h"
#include "backend.h"
#include "castling.h"

/* Defined at the bottom; named here for the one loud failure. */
extern const Backend chess_template_backend;

/* The native move: the neutral squares and promotion, plus what make would
 * otherwise have to work out again. */
enum { TPL_NORMAL, TPL_DOUBLE_STEP, TPL_EN_PASSANT, TPL_CASTLE };
typedef struct TplMove {
    uint8_t from, to;
    uint8_t promotion; /* a Kind, EMPTY when none */
    uint8_t special;   /* TPL_NORMAL ... TPL_CASTLE */
} TplMove;

/* What unmake needs besides the move: whatever make overwrites and cannot
 * be recomputed from the position after the move. */
typedef struct TplUndo {
    Piece captured;
    uint8_t castling;
    int8_t ep_square;
    int halfmove_clock;
} TplUndo;

/* The instance.  king[] duplicates the board (it saves a search in the
 * legality test), so tpl_check() verifies it.  The castling plans, the
 * rights each square keeps and the castling keys come from the loaded
 * position: a game never moves a right's rook, it only drops rights. */
typedef struct TplState {
    Piece board[C_SQUARES];
    int turn; /* CHESS_WHITE or CHESS_BLACK */
    uint8_t castling;
    int ep_square; /* the square passed over by the last double step, or -1, as FEN keeps it */
    int halfmove_clock;
    int fullmove_number;
    int king[2];
    CastlingPlan plans[CASTLE_RIGHTS];
    uint8_t castling_keep[C_SQUARES];
    uint64_t castling_keys[16];
    Position loaded; /* for save: the rights' rook files and letters */
} TplState;

static const char *tpl_check(const TplState *s);

/* What the hashed perft reads: the board is already neutral. */
static inline Piece tpl_piece_at(const TplState *s, int square)
{
    return s->board[square];
}

static inline uint64_t tpl_state_key(const TplState *s)
{
    return chess_zobrist_state(s->turn, s->castling_keys[s->castling], s->ep_square);
}

/* As many moves as the neutral interface holds; add() fails loudly rather
 * than write past them (no legal chess position comes near). */
enum { TPL_MAX_MOVES = MAX_MOVES };

/* Steps as (file, rank) pairs: off-board tests stay plain arithmetic. */
static const int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
/* The king's steps too.  The first four are rook directions, the last four
 * bishop directions. */
static const int LINE_STEPS[8][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}};

static inline int file_of(int sq)
{
    return sq & 7;
}
static inline int rank_of(int sq)
{
    return sq >> 3;
}
static inline bool on_board(int file, int rank)
{
    return (unsigned)file < 8 && (unsigned)rank < 8;
}
static inline int square_at(int file, int rank)
{
    return rank * 8 + file;
}
static inline bool is(Piece p, int side, Kind kind)
{
    return p != EMPTY && PIECE_KIND(p) == kind && PIECE_ARMY(p) == side;
}
/* The rank a side's pawns advance by: +1 for white, -1 for black. */
static inline int forward(int side)
{
    return side == CHESS_WHITE ? 1 : -1;
}

/* Is `sq` attacked by `by`?  Looks outward from the square, one kind of
 * attacker at a time, rather than at every man of `by`. */
static bool attacked(const TplState *s, int sq, int by)
{
    int f = file_of(sq), r = rank_of(sq);
    /* A pawn of `by` attacks sq from one rank behind it (as `by` sees it). */
    for (int df = -1; df <= 1; df += 2) {
        int pf = f + df, pr = r - forward(by);
        if (on_board(pf, pr) && is(s->board[square_at(pf, pr)], by, PAWN))
            return true;
    }
    for (int i = 0; i < 8; i++) {
        int nf = f + KNIGHT_STEPS[i][0], nr = r + KNIGHT_STEPS[i][1];
        if (on_board(nf, nr) && is(s->board[square_at(nf, nr)], by, KNIGHT))
            return true;
        int kf = f + LINE_STEPS[i][0], kr = r + LINE_STEPS[i][1];
        if (on_board(kf, kr) && is(s->board[square_at(kf, kr)], by, KING))
            return true;
    }
    for (int i = 0; i < 8; i++) {
        Kind slider = i < 4 ? ROOK : BISHOP;
        int lf = f + LINE_STEPS[i][0], lr = r + LINE_STEPS[i][1];
        for (; on_board(lf, lr); lf += LINE_STEPS[i][0], lr += LINE_STEPS[i][1]) {
            Piece p = s->board[square_at(lf, lr)];
            if (p == EMPTY)
                continue;
            if (PIECE_ARMY(p) == by && (PIECE_KIND(p) == slider || PIECE_KIND(p) == QUEEN))
                return true;
            break; /* the first man on the line blocks it */
        }
    }
    return false;
}

/* Castling: king and rook leave their squares, then land (either may land
 * where the other stood). */
static void castle(TplState *s, int king_from, int rook_from, int king_to, int rook_to)
{
    Piece king = s->board[king_from], rook = s->board[rook_from];
    s->board[king_from] = s->board[rook_from] = EMPTY;
    s->board[king_to] = king;
    s->board[rook_to] = rook;
    s->king[PIECE_ARMY(king)] = king_to;
}

static void tpl_make(TplState *s, TplMove m, TplUndo *u)
{
    int side = s->turn;
    if (m.special == TPL_CASTLE) {
        u->captured = EMPTY;
        u->castling = s->castling;
        u->ep_square = (int8_t)s->ep_square;
        u->halfmove_clock = s->halfmove_clock++;
        s->ep_square = -1;
        castle(s, m.from, m.to, castling_king_to(m.from, m.to), castling_rook_to(m.from, m.to));
        s->castling &= s->castling_keep[m.from];
        s->fullmove_number += side;
        s->turn = !side;
        return;
    }
    Piece moved = s->board[m.from];
    u->captured = s->board[m.to];
    u->castling = s->castling;
    u->ep_square = (int8_t)s->ep_square;
    u->halfmove_clock = s->halfmove_clock;

    s->halfmove_clock = (PIECE_KIND(moved) == PAWN || u->captured != EMPTY) ? 0 : s->halfmove_clock + 1;
    s->ep_square = -1;
    s->board[m.to] = m.promotion ? PIECE_MAKE(side, m.promotion, PAWN_NONE) : moved;
    s->board[m.from] = EMPTY;
    switch (m.special) {
    case TPL_DOUBLE_STEP: s->ep_square = (m.from + m.to) / 2; break;
    case TPL_EN_PASSANT: {
        /* The captured pawn stands beside the mover: from's rank, to's file. */
        int victim = square_at(file_of(m.to), rank_of(m.from));
        u->captured = s->board[victim];
        s->board[victim] = EMPTY;
        break;
    }
    default: break;
    }
    if (PIECE_KIND(moved) == KING)
        s->king[side] = m.to;
    s->castling &= s->castling_keep[m.from] & s->castling_keep[m.to];
    if (side == CHESS_BLACK)
        s->fullmove_number++;
    s->turn = !side;
}

/* Exactly undoes tpl_make(s, m, u). */
static void tpl_unmake(TplState *s, TplMove m, const TplUndo *u)
{
    int side = !s->turn;
    s->turn = side;
    if (side == CHESS_BLACK)
        s->fullmove_number--;
    s->castling = u->castling;
    s->ep_square = u->ep_square;
    s->halfmove_clock = u->halfmove_clock;
    if (m.special == TPL_CASTLE) {
        castle(s, castling_king_to(m.from, m.to), castling_rook_to(m.from, m.to), m.from, m.to);
        return;
    }
    Piece moved = m.promotion ? PIECE_MAKE(side, PAWN, side == CHESS_WHITE ? PAWN_UP : PAWN_DOWN) : s->board[m.to];
    s->board[m.from] = moved;
    s->board[m.to] = u->captured;
    switch (m.special) {
    case TPL_EN_PASSANT:
        s->board[m.to] = EMPTY;
        s->board[square_at(file_of(m.to), rank_of(m.from))] = u->captured;
        break;
    default: break;
    }
    if (PIECE_KIND(moved) == KING)
        s->king[side] = m.from;
}

/* A growing list of legal moves. */
typedef struct MoveList {
    TplMove *moves;
    int count;
} MoveList;

/* Keep a pseudo-legal move if it does not leave the mover's king attacked. */
static void add(TplState *s, MoveList *list, int from, int to, Kind promotion, int special)
{
    TplMove m = {(uint8_t)from, (uint8_t)to, (uint8_t)promotion, (uint8_t)special};
    TplUndo u;
    int side = s->turn;
    tpl_make(s, m, &u);
    bool legal = !attacked(s, s->king[side], !side);
    tpl_unmake(s, m, &u);
    if (!legal)
        return;
    if (list->count == TPL_MAX_MOVES)
        backend_fail(&chess_template_backend, "generate", "more than %d legal moves", TPL_MAX_MOVES);
    list->moves[list->count++] = m;
}

static void add_pawn_moves(TplState *s, MoveList *list, int from)
{
    int side = s->turn, f = file_of(from), r = rank_of(from), dir = forward(side);
    int last_rank = side == CHESS_WHITE ? 7 : 0, start_rank = side == CHESS_WHITE ? 1 : 6;
    int to_rank = r + dir; /* never off the board: no pawn stands on its last rank */
    for (int df = -1; df <= 1; df++) {
        if (!on_board(f + df, to_rank))
            continue;
        int to = square_at(f + df, to_rank);
        Piece target = s->board[to];
        int special = TPL_NORMAL;
        if (df == 0) {
            if (target != EMPTY)
                continue;
        } else if (to == s->ep_square) {
            special = TPL_EN_PASSANT; /* the ep square is always empty */
        } else if (target == EMPTY || PIECE_ARMY(target) == side) {
            continue;
        }
        if (to_rank == last_rank) {
            for (Kind k = QUEEN; k >= KNIGHT; k--)
                add(s, list, from, to, k, TPL_NORMAL);
        } else {
            add(s, list, from, to, EMPTY, special);
        }
        if (df == 0 && r == start_rank && s->board[to + 8 * dir] == EMPTY)
            add(s, list, from, to + 8 * dir, EMPTY, TPL_DOUBLE_STEP);
    }
}

/* Steppers (knight, king) and sliders (bishop, rook, queen) in one loop. */
static void add_piece_moves(TplState *s, MoveList *list, int from, const int (*steps)[2], int nsteps, bool slides)
{
    int side = s->turn;
    for (int i = 0; i < nsteps; i++) {
        int tf = file_of(from) + steps[i][0], tr = rank_of(from) + steps[i][1];
        for (; on_board(tf, tr); tf += steps[i][0], tr += steps[i][1]) {
            int to = square_at(tf, tr);
            Piece target = s->board[to];
            if (target != EMPTY && PIECE_ARMY(target) == side)
                break;
            add(s, list, from, to, EMPTY, TPL_NORMAL);
            if (target != EMPTY || !slides)
                break;
        }
    }
}

/* Castling by the Chess960 rule (castling.h): the right is held (so king
 * and rook are home), the squares the two pass are empty but for
 * themselves, and the king is not in check and crosses or lands on no
 * attacked square.  Being in check afterwards (the rook shielded the king)
 * is caught by add().  The move is the king taking its own rook. */
static void add_castling(TplState *s, MoveList *list)
{
    int side = s->turn;
    if (!(s->castling & (3u << (2 * side))) || attacked(s, s->king[side], !side))
        return;
    for (int r = 2 * side; r < 2 * side + 2; r++) {
        const CastlingPlan *c = &s->plans[r];
        if (!(s->castling & (1u << r)))
            continue;
        bool clear = true;
        for (int sq = 0; sq < C_SQUARES && clear; sq++) {
            uint64_t bit = (uint64_t)1 << sq;
            if ((c->must_be_empty & bit) && s->board[sq] != EMPTY)
                clear = false;
            if ((c->king_path & bit) && attacked(s, sq, !side))
                clear = false;
        }
        if (clear)
            add(s, list, c->king_from, c->rook_from, EMPTY, TPL_CASTLE);
    }
}

static int tpl_generate(TplState *s, TplMove *moves)
{
    MoveList list = {moves, 0};
    for (int from = 0; from < C_SQUARES; from++) {
        Piece p = s->board[from];
        if (p == EMPTY || PIECE_ARMY(p) != s->turn)
            continue;
        switch (PIECE_KIND(p)) {
        case PAWN: add_pawn_moves(s, &list, from); break;
        case KNIGHT: add_piece_moves(s, &list, from, KNIGHT_STEPS, 8, false); break;
        case BISHOP: add_piece_moves(s, &list, from, LINE_STEPS + 4, 4, true); break;
        case ROOK: add_piece_moves(s, &list, from, LINE_STEPS, 4, true); break;
        case QUEEN: add_piece_moves(s, &list, from, LINE_STEPS, 8, true); break;
        case KING: add_piece_moves(s, &list, from, LINE_STEPS, 8, false); break;
        default: break;
        }
    }
    add_castling(s, &list);
    return list.count;
}

/* One recursion for both modes; bulk counts the last ply's moves instead of
 * making them. */
static uint64_t tpl_perft(TplState *s, int depth, bool bulk)
{
    TplMove moves[TPL_MAX_MOVES];
    int n = tpl_generate(s, moves);
    if (depth == 1 && bulk)
        return (uint64_t)n;
    uint64_t nodes = 0;
    for (int i = 0; i < n; i++) {
        TplUndo u;
        tpl_make(s, moves[i], &u);
        BACKEND_DEBUG_CHECK(tpl_check, s);
        nodes += depth == 1 ? 1 : tpl_perft(s, depth - 1, bulk);
        tpl_unmake(s, moves[i], &u);
        BACKEND_DEBUG_CHECK(tpl_check, s);
    }
    return nodes;
}

/* ---- The rest of what BACKEND_CORE (backend.h) asks for. ---- */

static void tpl_load(TplState *s, const Position *pos)
{
    memcpy(s->board, pos->board, sizeof s->board); /* pawn state bits included */
    for (int sq = 0; sq < C_SQUARES; sq++)
        if (PIECE_KIND(s->board[sq]) == KING)
            s->king[PIECE_ARMY(s->board[sq])] = sq;
    s->turn = pos->turn;
    s->castling = pos->castling;
    s->ep_square = pos->ep_square;
    s->halfmove_clock = pos->halfmove_clock;
    s->fullmove_number = pos->fullmove_number;
    castling_plans(pos, s->plans);
    castling_keep(pos, s->castling_keep);
    chess_zobrist_castling_keys(pos, s->castling_keys);
    s->loaded = *pos;
}

/* Every field of Position chess uses; the rest zero, so positions compare
 * equal byte for byte as well. */
static void tpl_save(const TplState *s, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    memcpy(pos->board, s->board, sizeof s->board);
    pos->turn = s->turn;
    pos->castling = s->castling;
    memcpy(pos->castling_rook, s->loaded.castling_rook, sizeof pos->castling_rook);
    pos->castling_letters = s->loaded.castling_letters;
    pos->ep_square = s->ep_square;
    pos->halfmove_clock = clock_saved(s->halfmove_clock);
    pos->fullmove_number = clock_saved(s->fullmove_number);
}

/* The native move from the board alone: which special move it is follows
 * from the piece and the squares. */
static bool tpl_decode(const TplState *s, Move move, TplMove *native)
{
    if (move.from >= C_SQUARES || move.to >= C_SQUARES || (move.promotion > QUEEN && !move_is_castling(move)) ||
        move.promotion == PAWN)
        return false;
    Piece p = s->board[move.from];
    if (p == EMPTY || PIECE_ARMY(p) != s->turn)
        return false;
    if (move_is_castling(move)) {
        /* The king takes its own rook, of a right held. */
        int r = castling_right_index(s->turn, move.from, move.to);
        if (PIECE_KIND(p) != KING || !(s->castling & (1u << r)) || s->plans[r].rook_from != move.to)
            return false;
        *native = (TplMove){move.from, move.to, EMPTY, TPL_CASTLE};
        return true;
    }
    int special = TPL_NORMAL, distance = abs(move.to - move.from);
    if (PIECE_KIND(p) == PAWN && distance == 16)
        special = TPL_DOUBLE_STEP;
    else if (PIECE_KIND(p) == PAWN && move.to == s->ep_square)
        special = TPL_EN_PASSANT;
    *native = (TplMove){move.from, move.to, move.promotion, (uint8_t)special};
    return true;
}

static Move tpl_encode(const TplState *s, TplMove m)
{
    (void)s;
    return (Move){m.from, m.to, m.special == TPL_CASTLE ? (uint8_t)MOVE_CASTLING : m.promotion};
}

/* Debug builds: the cached king squares and the ep square agree with the
 * board. */
static const char *tpl_check(const TplState *s)
{
    for (int side = 0; side < 2; side++)
        if (!is(s->board[s->king[side]], side, KING))
            return "king[] does not point at the side's king";
    if (s->ep_square >= 0 && (s->board[s->ep_square] != EMPTY || rank_of(s->ep_square) != (s->turn ? 2 : 5)))
        return "the en passant square is occupied or on the wrong rank";
    for (int r = 0; r < CASTLE_RIGHTS; r++)
        if ((s->castling & (1u << r)) &&
            (!is(s->board[s->plans[r].king_from], r / 2, KING) || !is(s->board[s->plans[r].rook_from], r / 2, ROOK)))
            return "a castling right is held without its king and rook at home";
    return NULL;
}

static int tpl_count(TplState *s)
{
    TplMove moves[TPL_MAX_MOVES];
    return tpl_generate(s, moves);
}

/* The hashed perft (perft_hash_recursion.h), with tpl_piece_at and tpl_state_key above. */
#define PH_BACKEND tpl, TplState, TplMove, TplUndo, TPL_MAX_MOVES, CHESS_ZOBRIST
#include "perft_hash_recursion.h"

BACKEND_CORE(tpl, TplState, TplMove, TplUndo, TPL_MAX_MOVES, NULL, NULL);

const Backend chess_template_backend =
    BACKEND_FROM_CORE(tpl_core, "template", GAME_CHESS,
                      "the backend to copy: neutral 8x8 board, pseudo-legal generation, legality by make and test");
