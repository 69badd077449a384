/* Converting between the neutral Position / Move of gen/core and the
 * bitboard backend's own forms.  None of this is on the search path. */
#include "bitboard_position.h"

#include <stddef.h>
#include <string.h>

#include "../zobrist.h"
#include "castling.h"

/* The rights' plans in bits, the rights each square keeps, the castling
 * keys and what save gives back, from the loaded position. */
static void load_castling(CbbState *s, const Position *pos)
{
    CastlingPlan plans[CASTLE_RIGHTS];
    castling_plans(pos, plans);
    castling_keep(pos, s->castling.keep);
    memset(s->castling.castles, 0, sizeof s->castling.castles);
    s->castling.shielding_rooks = 0;
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        const CastlingPlan *p = &plans[r];
        if (p->king_from < 0)
            continue;
        s->castling.castles[r] = (CbbCastle){.must_be_empty = p->must_be_empty,
                                             .king_path = p->king_path,
                                             .rook_bit = cbb_bit(p->rook_from),
                                             .king_from = (uint8_t)p->king_from,
                                             .rook_from = (uint8_t)p->rook_from,
                                             .king_to = (uint8_t)p->king_to,
                                             .rook_to = (uint8_t)p->rook_to};
        if (p->rook_shields)
            s->castling.shielding_rooks |= cbb_bit(p->rook_from);
    }
    for (int side = 0; side < 2; side++) {
        for (int candidates = 0; candidates < 4; candidates++) {
            CbbBitboard paths = 0;
            for (int q = 0; q < 2; q++)
                if (candidates & (1 << q))
                    paths |= s->castling.castles[2 * side + q].king_path;
            s->castling.path_reach_rook[side][candidates] = cbb_lines_reaching(paths, 0);
            s->castling.path_reach_bishop[side][candidates] = cbb_lines_reaching(paths, 1);
        }
    }
    chess_zobrist_castling_keys(pos, s->castling_keys);
    memcpy(s->castling_rook, pos->castling_rook, sizeof s->castling_rook);
    s->castling_letters = pos->castling_letters;
}

void cbb_load(CbbState *s, const Position *pos)
{
    CbbPosition *p = &s->pos;
    memset(p, 0, sizeof *p);
    for (int square = 0; square < C_SQUARES; square++) {
        Piece piece = pos->board[square];
        if (piece == EMPTY)
            continue;
        if (PIECE_KIND(piece) == KING)
            p->king[PIECE_ARMY(piece)] = (uint8_t)square; /* the FEN reader allows one a side */
        else
            p->kind[PIECE_KIND(piece) - PAWN] |= cbb_bit(square);
        p->color[PIECE_ARMY(piece)] |= cbb_bit(square);
    }
    p->side = (uint8_t)pos->turn;
    p->castling = pos->castling;
    p->ep_square = (int8_t)pos->ep_square;
    s->halfmove_clock = pos->halfmove_clock;
    s->fullmove_number = pos->fullmove_number;
    load_castling(s, pos);
}

void cbb_save(const CbbState *s, Position *pos)
{
    const CbbPosition *p = &s->pos;
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    for (int k = CBB_PAWN; k <= CBB_KING; k++)
        for (int side = CBB_WHITE; side <= CBB_BLACK; side++) {
            CbbBitboard set = k == CBB_KING ? cbb_bit(p->king[side]) : p->kind[k] & p->color[side];
            PawnState state = k != CBB_PAWN ? PAWN_NONE : side == CBB_WHITE ? PAWN_UP : PAWN_DOWN;
            while (set)
                pos->board[cbb_pop_lsb(&set)] = PIECE_MAKE(side, k + PAWN, state);
        }
    pos->turn = p->side;
    pos->castling = p->castling;
    memcpy(pos->castling_rook, s->castling_rook, sizeof pos->castling_rook);
    pos->castling_letters = s->castling_letters;
    pos->ep_square = p->ep_square;
    pos->halfmove_clock = clock_saved(s->halfmove_clock);
    pos->fullmove_number = clock_saved(s->fullmove_number);
}

static int kind_on(const CbbPosition *p, CbbBitboard square)
{
    int k = CBB_PAWN;
    while (k < CBB_KING && !(p->kind[k] & square))
        k++;
    return k; /* the caller knows the square is occupied: what is left is the king */
}

bool cbb_decode(const CbbState *s, Move move, CbbMove *out)
{
    const CbbPosition *p = &s->pos;
    if (move.from >= C_SQUARES || move.to >= C_SQUARES)
        return false;
    CbbBitboard own = p->color[p->side], from = cbb_bit(move.from), to = cbb_bit(move.to);
    if (move_is_castling(move)) {
        /* The king takes its own rook, of a right held. */
        int r = 2 * p->side + (move.to < move.from);
        if (p->king[p->side] != move.from || !(p->castling & (1 << r)) || s->castling.castles[r].rook_from != move.to)
            return false;
        *out = (CbbMove){move.from, move.to, CBB_KING, CBB_MOVE_CASTLE};
        return true;
    }
    if (!(own & from) || (own & to))
        return false;
    CbbMove m = {move.from, move.to, (uint8_t)kind_on(p, from), CBB_MOVE_PLAIN};
    /* A promotion is named exactly when a pawn reaches the last rank. */
    bool promotes = m.piece == CBB_PAWN && (to & (CBB_RANK_1 | CBB_RANK_8));
    if (promotes != (move.promotion != EMPTY))
        return false;
    int distance = move.to > move.from ? move.to - move.from : move.from - move.to;
    if (promotes) {
        if (move.promotion < KNIGHT || move.promotion > QUEEN)
            return false;
        m.special = (uint8_t)(CBB_MOVE_PROMOTE_BASE + move.promotion - PAWN);
    } else if (m.piece == CBB_PAWN && distance == 16)
        m.special = CBB_MOVE_DOUBLE_STEP;
    else if (m.piece == CBB_PAWN && move.to == p->ep_square)
        m.special = CBB_MOVE_EN_PASSANT;
    *out = m;
    return true;
}

const char *cbb_position_check(const CbbPosition *p)
{
    CbbBitboard all = 0;
    for (int k = CBB_PAWN; k < CBB_KING; k++) {
        if (all & p->kind[k])
            return "a square holds two kinds";
        all |= p->kind[k];
    }
    for (int side = CBB_WHITE; side <= CBB_BLACK; side++) {
        if (p->king[side] >= C_SQUARES || !(p->color[side] & cbb_bit(p->king[side])))
            return "a king's square is not its side's";
        if (all & cbb_bit(p->king[side]))
            return "a square holds two kinds";
        all |= cbb_bit(p->king[side]);
    }
    if (p->color[CBB_WHITE] & p->color[CBB_BLACK])
        return "a square holds both colours";
    if (all != (p->color[CBB_WHITE] | p->color[CBB_BLACK]))
        return "kind sets and colour sets cover different squares";
    if (p->kind[CBB_PAWN] & (CBB_RANK_1 | CBB_RANK_8))
        return "a pawn on the first or last rank";
    if (p->side > CBB_BLACK)
        return "side to move is neither white nor black";
    if (p->ep_square != -1) {
        /* The square a pawn of the side not on move just passed over: on
         * rank 6 with white to move, 3 with black; empty, as is the square
         * the pawn left, with the pawn beyond it. */
        int them = p->side ^ 1, step = p->side == CBB_WHITE ? -8 : 8;
        int rank = p->side == CBB_WHITE ? 5 : 2;
        if (p->ep_square < 0 || p->ep_square >= C_SQUARES || p->ep_square / 8 != rank)
            return "en passant square on the wrong rank for the side to move";
        if ((all & (cbb_bit(p->ep_square) | cbb_bit(p->ep_square - step))) ||
            !(p->kind[CBB_PAWN] & p->color[them] & cbb_bit(p->ep_square + step)))
            return "en passant square does not follow a double pawn step";
    }
    if (p->castling & ~15)
        return "castling rights beyond KQkq";
    for (int right = 0; right < CASTLE_RIGHTS; right++) {
        if (!(p->castling & (1 << right)))
            continue;
        /* The king on its back rank, a rook of its side on the right's side. */
        CbbBitboard own = p->color[right / 2], back_rank = right / 2 ? CBB_RANK_8 : CBB_RANK_1;
        CbbBitboard king = cbb_bit(p->king[right / 2]) & back_rank;
        CbbBitboard beside = right % 2 ? king - 1 : back_rank & ~(king | (king - 1));
        if (!king || !(p->kind[CBB_ROOK] & own & beside))
            return "a castling right without its king and a rook on its side";
    }
    return NULL;
}

const char *cbb_check(const CbbState *s)
{
    const char *what = cbb_position_check(&s->pos);
    if (what)
        return what;
    for (int right = 0; right < CASTLE_RIGHTS; right++) {
        const CbbCastle *c = &s->castling.castles[right];
        CbbBitboard own = s->pos.color[right / 2];
        if ((s->pos.castling & (1 << right)) &&
            (s->pos.king[right / 2] != c->king_from || !(s->pos.kind[CBB_ROOK] & own & cbb_bit(c->rook_from))))
            return "a castling right without its king and rook at home";
    }
    return NULL;
}

Move cbb_encode(const CbbState *s, CbbMove m)
{
    (void)s; /* the move says everything */
    Move move = {m.from, m.to, EMPTY};
    if (m.special >= CBB_MOVE_PROMOTE_BASE)
        move.promotion = (uint8_t)(m.special - CBB_MOVE_PROMOTE_BASE + PAWN);
    else if (m.special == CBB_MOVE_CASTLE)
        move.promotion = MOVE_CASTLING;
    return move;
}
