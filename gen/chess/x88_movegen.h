/* Legal move generation on the 0x88 board, without make-and-test.
 *
 * Before generating, one pass over the enemy sliders finds every pin and
 * every distant check: a slider whose line (difference table) runs through
 * our king is followed from the king; if it is the first piece met, it gives
 * check; if one of ours comes first and the slider second, that piece is
 * pinned and may only move along the line.  Knights and pawns that give
 * check are found from the knight list and two board squares.  Then:
 *   - no check: every piece's pseudo-legal moves are legal, except pinned
 *     pieces (moved along their line only) and king moves (each destination
 *     tested for attack);
 *   - one check: only moves that capture the checker or land between it and
 *     the king, found per target square, plus king moves; a pinned piece can
 *     never do either (its line and the check line meet only at the king);
 *   - two checks: king moves only.
 * En passant, being rare and able to uncover the king along a rank, is the
 * one move tested by playing it on the board and asking whether the king is
 * attacked.
 *
 * The generator is one inline function with a list argument: called with a
 * list it writes the moves, called with NULL (perft's last ply, bulk
 * counting) the compiler drops every store and leaves a counter. */
#ifndef GEN_CHESS_X88_MOVEGEN_H
#define GEN_CHESS_X88_MOVEGEN_H

#include "x88_attack.h"
#include "x88_board.h"

/* Pins and checks of the side to move, found before generation. */
typedef struct X88Threats {
    int checkers;
    int checker;           /* square of the (last found) checker */
    int check_step;        /* step from the king toward a distant checker, 0 for a contact check */
    uint64_t pinned;       /* bit (8 * rank + file) of every pinned piece */
    int pins;
    uint8_t pin_square[8];
    int8_t pin_step[8]; /* step from the king toward the pinner */
} X88Threats;

X88_HOT uint64_t x88_square_bit(int square) { return (uint64_t)1 << ((square + (square & 7)) >> 1); }

X88_HOT int x88_is_pinned(const X88Threats *t, int square) { return t->pinned && (t->pinned & x88_square_bit(square)); }

X88_HOT void x88_find_threats(const X88 *x, int king, X88Threats *t)
{
    const uint8_t *board = x->board;
    int side = x->side, enemy = side ^ 1, own = x88_colour_bit(side);
    t->checkers = 0;
    t->checker = 0;
    t->check_step = 0;
    t->pinned = 0;
    t->pins = 0;
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < x->count[enemy][kind]; i++) {
            int slider = x->list[enemy][kind][i];
            if (!(x88_attacks(slider, king) & (1 << kind)))
                continue;
            /* The walks stop at the slider at the latest: it stands on the line. */
            int step = x88_step(king, slider);
            int first = king + step;
            while (board[first] == EMPTY)
                first += step;
            if (first == slider) {
                t->checkers++;
                t->checker = slider;
                t->check_step = step;
                continue;
            }
            if (!(board[first] & own))
                continue;
            int second = first + step;
            while (board[second] == EMPTY)
                second += step;
            if (second != slider)
                continue;
            t->pinned |= x88_square_bit(first);
            t->pin_square[t->pins] = (uint8_t)first;
            t->pin_step[t->pins] = (int8_t)step;
            t->pins++;
        }
    }
    for (int i = 0; i < x->count[enemy][KNIGHT]; i++) {
        int knight = x->list[enemy][KNIGHT][i];
        if (x88_attacks(knight, king) & X88_ATTACKS_KNIGHT) {
            t->checkers++;
            t->checker = knight;
            t->check_step = 0;
        }
    }
    /* An enemy pawn checks from one step ahead of the king, diagonally. */
    int pawn = x88_colour_bit(enemy) | PAWN;
    int ahead = king + x88_forward(side);
    for (int d = -1; d <= 1; d += 2) {
        if (!((ahead + d) & X88_OFF) && board[ahead + d] == pawn) {
            t->checkers++;
            t->checker = ahead + d;
            t->check_step = 0;
        }
    }
}

X88_HOT int x88_emit(X88Move *moves, int n, int from, int to, int flags)
{
    if (moves)
        moves[n] = x88_move(from, to, flags);
    return n + 1;
}

/* A pawn move onto the last rank is four moves. */
X88_HOT int x88_emit_promotions(X88Move *moves, int n, int from, int to)
{
    if (moves)
        for (int kind = QUEEN; kind >= KNIGHT; kind--)
            moves[n + QUEEN - kind] = x88_move(from, to, kind << X88_MOVE_PROMOTION_SHIFT);
    return n + 4;
}

X88_HOT int x88_emit_pawn(X88Move *moves, int n, int from, int to, int promoting)
{
    return promoting ? x88_emit_promotions(moves, n, from, to) : x88_emit(moves, n, from, to, 0);
}

/* Ranks (0x88 rank bits) where a side's pawns promote next move and where
 * they stand before a double step. */
X88_HOT int x88_pawn_last_from_rank(int side) { return side == CHESS_WHITE ? 0x60 : 0x10; }
X88_HOT int x88_pawn_home_rank(int side) { return side == CHESS_WHITE ? 0x10 : 0x60; }

X88_HOT int x88_gen_pawn_pushes(const X88 *x, X88Move *moves, int n, int from)
{
    const uint8_t *board = x->board;
    int side = x->side, forward = x88_forward(side);
    int to = from + forward;
    if (board[to] != EMPTY)
        return n;
    if ((from & 0x70) == x88_pawn_last_from_rank(side))
        return x88_emit_promotions(moves, n, from, to);
    n = x88_emit(moves, n, from, to, 0);
    if ((from & 0x70) == x88_pawn_home_rank(side) && board[to + forward] == EMPTY)
        n = x88_emit(moves, n, from, to + forward, X88_MOVE_DOUBLE_STEP);
    return n;
}

X88_HOT int x88_gen_pawn_captures(const X88 *x, X88Move *moves, int n, int from)
{
    const uint8_t *board = x->board;
    int side = x->side, enemy = x88_colour_bit(side ^ 1);
    int ahead = from + x88_forward(side);
    int promoting = (from & 0x70) == x88_pawn_last_from_rank(side);
    if (!((ahead - 1) & X88_OFF) && (board[ahead - 1] & enemy))
        n = x88_emit_pawn(moves, n, from, ahead - 1, promoting);
    if (!((ahead + 1) & X88_OFF) && (board[ahead + 1] & enemy))
        n = x88_emit_pawn(moves, n, from, ahead + 1, promoting);
    return n;
}

/* Every move along one ray: empty squares, then an enemy piece if one ends it. */
X88_HOT int x88_gen_ray(const X88 *x, X88Move *moves, int n, int from, int step)
{
    const uint8_t *board = x->board;
    int enemy = x88_colour_bit(x->side ^ 1);
    int to = from + step;
    while (!(to & X88_OFF) && board[to] == EMPTY) {
        n = x88_emit(moves, n, from, to, 0);
        to += step;
    }
    if (!(to & X88_OFF) && (board[to] & enemy))
        n = x88_emit(moves, n, from, to, 0);
    return n;
}

static const int8_t X88_KNIGHT_JUMPS[8] = {14, 18, 31, 33, -14, -18, -31, -33};
static const int8_t X88_KING_STEPS[8] = {1, 17, 16, 15, -1, -17, -16, -15}; /* orthogonal and diagonal alternate */

X88_HOT int x88_gen_knight(const X88 *x, X88Move *moves, int n, int from)
{
    int own = x88_colour_bit(x->side);
    for (int j = 0; j < 8; j++) {
        int to = from + X88_KNIGHT_JUMPS[j];
        if (!(to & X88_OFF) && !(x->board[to] & own))
            n = x88_emit(moves, n, from, to, 0);
    }
    return n;
}

/* King steps to squares the enemy does not attack.  The king is lifted off
 * the board meanwhile, so a square behind it on a checking line counts as
 * attacked. */
X88_HOT int x88_gen_king(X88 *x, X88Move *moves, int n, int king)
{
    uint8_t *board = x->board;
    int own = x88_colour_bit(x->side), enemy = x->side ^ 1;
    int piece = board[king];
    board[king] = EMPTY;
    for (int j = 0; j < 8; j++) {
        int to = king + X88_KING_STEPS[j];
        if (!(to & X88_OFF) && !(board[to] & own) && !x88_attacked(x, to, enemy))
            n = x88_emit(moves, n, king, to, 0);
    }
    board[king] = (uint8_t)piece;
    return n;
}

/* Castling when not in check: the right (so king and rook are at home), the
 * squares between empty, and the squares the king crosses and lands on not
 * attacked. */
X88_HOT int x88_gen_castling(const X88 *x, X88Move *moves, int n)
{
    const uint8_t *board = x->board;
    int side = x->side, enemy = side ^ 1;
    int home = side == CHESS_WHITE ? 0x04 : 0x74;
    int kingside = side == CHESS_WHITE ? CASTLE_WK : CASTLE_BK;
    int queenside = side == CHESS_WHITE ? CASTLE_WQ : CASTLE_BQ;
    if ((x->castling & kingside) && board[home + 1] == EMPTY && board[home + 2] == EMPTY &&
        !x88_attacked(x, home + 1, enemy) && !x88_attacked(x, home + 2, enemy))
        n = x88_emit(moves, n, home, home + 2, X88_MOVE_CASTLE);
    if ((x->castling & queenside) && board[home - 1] == EMPTY && board[home - 2] == EMPTY &&
        board[home - 3] == EMPTY && !x88_attacked(x, home - 1, enemy) && !x88_attacked(x, home - 2, enemy))
        n = x88_emit(moves, n, home, home - 2, X88_MOVE_CASTLE);
    return n;
}

/* En passant: played on the board, kept if the king is then not attacked.
 * This covers the capture that uncovers the king along the rank (both pawns
 * leave it), a pinned capturer, and captures that answer or ignore a check. */
X88_HOT int x88_gen_en_passant(X88 *x, X88Move *moves, int n, int king)
{
    if (x->ep == X88_NO_EP)
        return n;
    uint8_t *board = x->board;
    int side = x->side, forward = x88_forward(side);
    int to = x->ep, victim = to - forward;
    int pawn = x88_colour_bit(side) | PAWN;
    for (int d = -1; d <= 1; d += 2) {
        int from = victim + d;
        if ((from & X88_OFF) || board[from] != pawn)
            continue;
        int victim_piece = board[victim];
        board[from] = EMPTY;
        board[victim] = EMPTY;
        board[to] = (uint8_t)pawn;
        int legal = !x88_attacked(x, king, side ^ 1);
        board[to] = EMPTY;
        board[victim] = (uint8_t)victim_piece;
        board[from] = (uint8_t)pawn;
        if (legal)
            n = x88_emit(moves, n, from, to, X88_MOVE_EN_PASSANT);
    }
    return n;
}

/* A pinned piece's moves along its pin line: toward the pinner (capturing
 * it) and back toward the king. */
X88_HOT int x88_gen_pinned(const X88 *x, X88Move *moves, int n, int from, int step, int king)
{
    const uint8_t *board = x->board;
    int side = x->side, kind = board[from] & X88_KIND_MASK;
    int diagonal = step == 15 || step == 17 || step == -15 || step == -17;
    if (kind == PAWN) {
        int forward = x88_forward(side);
        if (step == forward || step == -forward)
            return x88_gen_pawn_pushes(x, moves, n, from);
        /* Along a forward diagonal the next square is empty or the pinner. */
        if (step == forward + 1 || step == forward - 1) {
            if (board[from + step] & x88_colour_bit(side ^ 1))
                n = x88_emit_pawn(moves, n, from, from + step,
                                  (from & 0x70) == x88_pawn_last_from_rank(side));
        }
        return n;
    }
    if (kind == KNIGHT || (kind == BISHOP && !diagonal) || (kind == ROOK && diagonal))
        return n;
    int to = from + step;
    while (board[to] == EMPTY) {
        n = x88_emit(moves, n, from, to, 0);
        to += step;
    }
    n = x88_emit(moves, n, from, to, 0); /* the pinner */
    for (to = from - step; to != king; to -= step)
        n = x88_emit(moves, n, from, to, 0);
    return n;
}

X88_HOT int x88_gen_quiet_position(X88 *x, X88Move *moves, int n, const X88Threats *t)
{
    int side = x->side;
    for (int i = 0; i < x->count[side][PAWN]; i++) {
        int from = x->list[side][PAWN][i];
        if (x88_is_pinned(t, from))
            continue;
        n = x88_gen_pawn_pushes(x, moves, n, from);
        n = x88_gen_pawn_captures(x, moves, n, from);
    }
    for (int i = 0; i < x->count[side][KNIGHT]; i++) {
        int from = x->list[side][KNIGHT][i];
        if (!x88_is_pinned(t, from))
            n = x88_gen_knight(x, moves, n, from);
    }
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        /* Bishops use the odd (diagonal) king steps, rooks the even ones, queens all. */
        int first = kind == BISHOP ? 1 : 0, stride = kind == QUEEN ? 1 : 2;
        for (int i = 0; i < x->count[side][kind]; i++) {
            int from = x->list[side][kind][i];
            if (x88_is_pinned(t, from))
                continue;
            for (int j = first; j < 8; j += stride)
                n = x88_gen_ray(x, moves, n, from, X88_KING_STEPS[j]);
        }
    }
    return n;
}

/* Moves other than the king's that answer a single check: each lands on a
 * target square, the checker's or one between it and the king. */
X88_HOT int x88_gen_evasion_target(const X88 *x, X88Move *moves, int n, const X88Threats *t, int target)
{
    const uint8_t *board = x->board;
    int side = x->side, forward = x88_forward(side);
    int pawn = x88_colour_bit(side) | PAWN;
    int promoting = (target & 0x70) == (x88_pawn_last_from_rank(side) + forward);
    if (target == t->checker) {
        for (int d = -1; d <= 1; d += 2) {
            int from = target - forward + d;
            if (!(from & X88_OFF) && board[from] == pawn && !x88_is_pinned(t, from))
                n = x88_emit_pawn(moves, n, from, target, promoting);
        }
    } else {
        int from = target - forward;
        if (from & X88_OFF)
            ; /* a target on our first rank: no pawn can step there */
        else if (board[from] == pawn) {
            if (!x88_is_pinned(t, from))
                n = x88_emit_pawn(moves, n, from, target, promoting);
        } else if (board[from] == EMPTY && (target & 0x70) == x88_pawn_home_rank(side) + 2 * forward) {
            from -= forward;
            if (board[from] == pawn && !x88_is_pinned(t, from))
                n = x88_emit(moves, n, from, target, X88_MOVE_DOUBLE_STEP);
        }
    }
    for (int i = 0; i < x->count[side][KNIGHT]; i++) {
        int from = x->list[side][KNIGHT][i];
        if ((x88_attacks(from, target) & X88_ATTACKS_KNIGHT) && !x88_is_pinned(t, from))
            n = x88_emit(moves, n, from, target, 0);
    }
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < x->count[side][kind]; i++) {
            int from = x->list[side][kind][i];
            if ((x88_attacks(from, target) & (1 << kind)) && !x88_is_pinned(t, from) &&
                x88_path_clear(board, from, target))
                n = x88_emit(moves, n, from, target, 0);
        }
    }
    return n;
}

/* All legal moves of the side to move; with moves == NULL, just their number. */
X88_HOT int x88_generate(X88 *x, X88Move *moves)
{
    int king = x88_king(x, x->side);
    X88Threats t;
    x88_find_threats(x, king, &t);
    int n = 0;
    if (t.checkers == 0) {
        for (int p = 0; p < t.pins; p++)
            n = x88_gen_pinned(x, moves, n, t.pin_square[p], t.pin_step[p], king);
        n = x88_gen_quiet_position(x, moves, n, &t);
        n = x88_gen_castling(x, moves, n);
        n = x88_gen_en_passant(x, moves, n, king);
    } else if (t.checkers == 1) {
        if (t.check_step) {
            for (int target = king + t.check_step; target != t.checker; target += t.check_step)
                n = x88_gen_evasion_target(x, moves, n, &t, target);
        }
        n = x88_gen_evasion_target(x, moves, n, &t, t.checker);
        n = x88_gen_en_passant(x, moves, n, king);
    }
    return x88_gen_king(x, moves, n, king);
}

#endif
