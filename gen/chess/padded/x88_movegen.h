/* Legal move generation on the 0x88 board, without make-and-test.
 *
 * Before generating, one pass over the enemy pieces, each looked up once in
 * the king-zone table (x88_tables.h), finds
 *   - checks and pins: a slider whose line runs through our king is followed
 *     from the king; if it is the first piece met, it gives check; if one of
 *     ours comes first and the slider second, that piece is pinned and may
 *     only move along the line.  Knights and pawns that check are found from
 *     the same table and two board squares;
 *   - which squares the king may use: its free neighbours and, when castling
 *     is possible, the squares it crosses and lands on, each tested against
 *     the pieces the table says could reach it.
 * Then:
 *   - no check: pinned pieces move along their line only and are taken out
 *     of the piece lists meanwhile; every other piece's pseudo-legal moves
 *     are legal;
 *   - one check: only moves that capture the checker or land between it and
 *     the king, found per target square, plus king moves; a pinned piece can
 *     never do either (its line and the check line meet only at the king);
 *   - two checks: king moves only.
 * En passant, being rare and able to uncover the king along a rank, is the
 * one move tested by playing it on the board and asking whether the king is
 * attacked.
 *
 * Everything is inlined into four copies: side to move (white, black) is a
 * compile-time constant, so directions and ranks fold away, and the move
 * list may be NULL (perft's last ply when bulk counting), so the compiler
 * drops every store and leaves a counter.  Knight, king and pawn moves are
 * counted without branches: a step that may leave the board is read through
 * `square & 0x7F`, always inside the array, and dropped afterwards by an
 * on-board mask or the 0x88 test. */
#ifndef GEN_CHESS_PADDED_X88_MOVEGEN_H
#define GEN_CHESS_PADDED_X88_MOVEGEN_H

#include <string.h>

#include "x88_attack.h"
#include "x88_board.h"

/* What the side to move must know before generating: checks, pins, and
 * which squares of the king's zone the king may use. */
typedef struct CpdThreats {
    int checkers;
    int checker;     /* square of the (last found) checker */
    int check_step;  /* step from the king toward a distant checker, 0 for a contact check */
    uint64_t pinned; /* bit (8 * rank + file) of every pinned piece */
    int pins;
    uint8_t pin_square[8];
    int8_t pin_step[8]; /* step from the king toward the pinner */
    int safe;           /* zone bits (CPD_ZONE_STEPS) the king may step to or castle across */
    int castles;        /* bit 0 short, bit 1 long: right held and the squares of both paths empty */
} CpdThreats;

CPD_HOT uint64_t cpd_square_bit(int square)
{
    return (uint64_t)1 << ((square + (square & 7)) >> 1);
}

CPD_HOT int cpd_is_pinned(const CpdThreats *t, int square)
{
    return t->pinned && (t->pinned & cpd_square_bit(square));
}

/* The board byte at a square that may be off the board (then EMPTY).  The
 * read is masked into the array so the compiler may do it before the test. */
CPD_HOT int cpd_peek(const uint8_t *board, int square)
{
    return (square & CPD_OFF) ? EMPTY : board[square & 0x7F];
}

/* The board byte one file east or west of an on-board square, with no
 * off-board test: past the h-file the step lands in the padding of the same
 * rank, past the a-file in the padding of the rank below (or, from a1, at
 * 0x7F once masked), and the padding is always empty. */
CPD_HOT int cpd_beside(const uint8_t *board, int square)
{
    return board[square & 0x7F];
}

/* A slider aimed at the king (zone bit CPD_ZONE_KING): followed from the
 * king, it gives check if it is the first piece met, and pins one of ours
 * if that comes first and the slider second.  The walks stop at the slider
 * at the latest, since it stands on the line. */
CPD_HOT void cpd_slider_on_king(const uint8_t *board, const int own, int king, int slider, CpdThreats *t)
{
    int step = cpd_step(king, slider);
    int first = king + step;
    while (board[first] == EMPTY)
        first += step;
    if (first == slider) {
        t->checkers++;
        t->checker = slider;
        t->check_step = step;
        return;
    }
    if (!(board[first] & own))
        return;
    int second = first + step;
    while (board[second] == EMPTY)
        second += step;
    if (second != slider)
        return;
    t->pinned |= cpd_square_bit(first);
    t->pin_square[t->pins] = (uint8_t)first;
    t->pin_step[t->pins] = (int8_t)step;
    t->pins++;
}

/* The eight board bytes of `side`'s back rank, read at once (the 0x88
 * rank's real squares are contiguous). */
CPD_HOT uint64_t cpd_back_rank(const uint8_t *board, const int side)
{
    uint64_t rank;
    memcpy(&rank, board + (side == CHESS_WHITE ? 0x00 : 0x70), sizeof rank);
    return rank;
}

/* Whether the squares both pieces of a castling pass are empty (but for
 * the two), from the back rank's bytes: no branch, whatever the number of
 * squares. */
CPD_HOT int cpd_castle_path_empty(uint64_t back_rank, const CpdCastle *c)
{
    return (back_rank & c->empty_files) == 0;
}

/* One pass over the enemy pieces, each looked up once in the zone table,
 * finds checks, pins and the attacked squares of the king's zone.  The king
 * is lifted off the board meanwhile, so a square behind it on a checking
 * line counts as attacked.  Castling targets are tested whenever the right
 * is held and the way is empty; whether the king is in check decides later
 * if castling is generated at all.  `castling` false: the caller knows no
 * right is left, and the castling code compiles away. */
CPD_HOT void cpd_find_threats(CpdBoard *x, const int side, int king, CpdThreats *t, const bool castling)
{
    uint8_t *board = x->board;
    const int enemy = side ^ 1, own = cpd_colour_bit(side);
    const int king_bit = 1 << CPD_ZONE_KING;
    t->checkers = 0;
    t->checker = 0;
    t->check_step = 0;
    t->pinned = 0;
    t->pins = 0;

    /* Neighbours not holding our own pieces; an off-board neighbour is read
     * masked into the array and dropped by the on-board mask. */
    int wanted = 0;
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++)
        wanted |= !(board[(king + CPD_ZONE_STEPS[j]) & 0x7F] & own) << j;
    wanted &= cpd_king_steps_on_board[king];
    t->castles = 0;
    if (castling) {
        /* Without a branch: the side's rights (bit 0 short, CASTLE_WK or
         * CASTLE_BK; bit 1 long) whose paths are empty. */
        const CpdCastle *short_castle = &x->castles[2 * side], *long_castle = &x->castles[2 * side + 1];
        uint64_t back_rank = cpd_back_rank(board, side);
        int rights = x->state.castling >> (2 * side) & 3;
        t->castles = rights & (cpd_castle_path_empty(back_rank, short_castle) |
                               cpd_castle_path_empty(back_rank, long_castle) << 1);
        wanted |=
            ((t->castles & 1) ? short_castle->zone_wanted : 0) | ((t->castles & 2) ? long_castle->zone_wanted : 0);
    }

    int attacked = cpd_zone(KING, cpd_king(x, enemy), king);
    for (int i = 0; i < x->count[enemy][KNIGHT]; i++) {
        int knight = x->list[enemy][KNIGHT][i];
        int zone = cpd_zone(KNIGHT, knight, king);
        attacked |= zone;
        if (zone & king_bit) {
            t->checkers++;
            t->checker = knight;
            t->check_step = 0;
        }
    }
    board[king] = EMPTY;
#pragma GCC unroll 3
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < x->count[enemy][kind]; i++) {
            int slider = x->list[enemy][kind][i];
            int zone = cpd_zone(kind, slider, king);
            for (int left = zone & wanted & ~attacked; left; left &= left - 1) {
                int j = __builtin_ctz((unsigned)left);
                attacked |= cpd_path_clear(board, slider, king + CPD_ZONE_STEPS[j]) << j;
            }
            if (zone & king_bit)
                cpd_slider_on_king(board, own, king, slider, t);
        }
    }
    board[king] = (uint8_t)(own | KING);

    /* An enemy pawn attacks a square from one step beyond it, diagonally;
     * the king's own square is the one it checks. */
    const int pawn = cpd_colour_bit(enemy) | PAWN;
    int ahead = king + cpd_forward(side);
    if (!(ahead & CPD_OFF)) {
        for (int d = -1; d <= 1; d += 2) {
            if (cpd_beside(board, ahead + d) == pawn) {
                t->checkers++;
                t->checker = ahead + d;
                t->check_step = 0;
            }
        }
    }
    for (int left = wanted & ~attacked; left; left &= left - 1) {
        int j = __builtin_ctz((unsigned)left);
        int beyond = king + CPD_ZONE_STEPS[j] + cpd_forward(side);
        if (!(beyond & CPD_OFF))
            attacked |= (cpd_beside(board, beyond - 1) == pawn || cpd_beside(board, beyond + 1) == pawn) << j;
    }
    t->safe = wanted & ~attacked;
}

/* Appends a move if `legal` (0 or 1); the store itself is unconditional. */
CPD_HOT int cpd_emit_if(CpdMove *moves, int n, int from, int to, int flags, int legal)
{
    if (moves)
        moves[n] = cpd_move(from, to, flags);
    return n + legal;
}

CPD_HOT int cpd_emit(CpdMove *moves, int n, int from, int to, int flags)
{
    return cpd_emit_if(moves, n, from, to, flags, 1);
}

/* A pawn move onto the last rank is four moves. */
CPD_HOT int cpd_emit_promotions(CpdMove *moves, int n, int from, int to)
{
    if (moves)
        for (int kind = QUEEN; kind >= KNIGHT; kind--)
            moves[n + QUEEN - kind] = cpd_move(from, to, kind << CPD_MOVE_PROMOTION_SHIFT);
    return n + 4;
}

CPD_HOT int cpd_emit_pawn(CpdMove *moves, int n, int from, int to, int promoting)
{
    return promoting ? cpd_emit_promotions(moves, n, from, to) : cpd_emit(moves, n, from, to, 0);
}

/* 0x88 rank bits of the rank a side's pawns promote from, and of its pawns'
 * home rank (where a double step starts). */
CPD_HOT int cpd_pawn_last_from_rank(int side)
{
    return side == CHESS_WHITE ? 0x60 : 0x10;
}
CPD_HOT int cpd_pawn_home_rank(int side)
{
    return side == CHESS_WHITE ? 0x10 : 0x60;
}

/* Pushes and captures of an unpinned pawn. */
CPD_HOT int cpd_gen_pawn(const uint8_t *board, const int side, CpdMove *moves, int n, int from)
{
    const int forward = cpd_forward(side), enemy = cpd_colour_bit(side ^ 1);
    int to = from + forward;
    /* enemy is one colour bit, so the quotient is 0 or 1 (a shift) */
    int west = (cpd_beside(board, to - 1) & enemy) / enemy;
    int east = (cpd_beside(board, to + 1) & enemy) / enemy;
    if ((from & 0x70) == cpd_pawn_last_from_rank(side)) {
        if (board[to] == EMPTY)
            n = cpd_emit_promotions(moves, n, from, to);
        if (west)
            n = cpd_emit_promotions(moves, n, from, to - 1);
        if (east)
            n = cpd_emit_promotions(moves, n, from, to + 1);
        return n;
    }
    int single = board[to] == EMPTY;
    /* The double step's square is read masked: off the board only when the
     * pawn is not at home, and then the flag is 0 anyway. */
    int two = (to + forward) & 0x7F;
    int twice = single & ((from & 0x70) == cpd_pawn_home_rank(side)) & (board[two] == EMPTY);
    n = cpd_emit_if(moves, n, from, to, 0, single);
    n = cpd_emit_if(moves, n, from, two, CPD_MOVE_DOUBLE_STEP, twice);
    n = cpd_emit_if(moves, n, from, to - 1, 0, west);
    n = cpd_emit_if(moves, n, from, to + 1, 0, east);
    return n;
}

/* A pinned pawn: pushes along a file pin, the pinner's capture along a
 * forward diagonal pin, nothing along a rank. */
CPD_HOT int cpd_gen_pinned_pawn(const uint8_t *board, const int side, CpdMove *moves, int n, int from, int step)
{
    const int forward = cpd_forward(side);
    int promoting = (from & 0x70) == cpd_pawn_last_from_rank(side);
    if (step == forward || step == -forward) {
        int to = from + forward;
        if (board[to] != EMPTY)
            return n;
        if (promoting)
            return cpd_emit_promotions(moves, n, from, to);
        n = cpd_emit(moves, n, from, to, 0);
        if ((from & 0x70) == cpd_pawn_home_rank(side) && board[to + forward] == EMPTY)
            n = cpd_emit(moves, n, from, to + forward, CPD_MOVE_DOUBLE_STEP);
        return n;
    }
    /* Along the pin diagonal the next square is empty or the pinner. */
    if ((step == forward + 1 || step == forward - 1) && (board[from + step] & cpd_colour_bit(side ^ 1)))
        n = cpd_emit_pawn(moves, n, from, from + step, promoting);
    return n;
}

/* Knight jumps to squares not holding our own pieces.  An off-board jump is
 * read masked into the array and dropped by the on-board mask. */
CPD_HOT int cpd_gen_knight(const uint8_t *board, const int side, CpdMove *moves, int n, int from)
{
    const int own = cpd_colour_bit(side);
    int free = 0;
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++)
        free |= !(board[(from + CPD_KNIGHT_JUMPS[j]) & 0x7F] & own) << j;
    free &= cpd_knight_jumps_on_board[from];
    if (!moves)
        return n + __builtin_popcount((unsigned)free);
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++)
        n = cpd_emit_if(moves, n, from, (from + CPD_KNIGHT_JUMPS[j]) & 0x7F, 0, free >> j & 1);
    return n;
}

/* Every move along one ray: empty squares, then an enemy piece if one ends it. */
CPD_HOT int cpd_gen_ray(const uint8_t *board, const int side, CpdMove *moves, int n, int from, int step)
{
    const int enemy = cpd_colour_bit(side ^ 1);
    int to = from + step;
    while (!(to & CPD_OFF) && board[to] == EMPTY) {
        n = cpd_emit(moves, n, from, to, 0);
        to += step;
    }
    if (!(to & CPD_OFF) && (board[to] & enemy))
        n = cpd_emit(moves, n, from, to, 0);
    return n;
}

/* Slider moves of one kind: bishops use the diagonal king steps (odd zone
 * indices), rooks the orthogonal ones (even), queens all eight. */
CPD_HOT int cpd_gen_sliders(const CpdBoard *x, const int side, const int kind, CpdMove *moves, int n)
{
    const int first = kind == BISHOP ? 1 : 0, stride = kind == QUEEN ? 1 : 2;
    for (int i = 0; i < x->count[side][kind]; i++) {
        int from = x->list[side][kind][i];
#pragma GCC unroll 8
        for (int j = first; j < 8; j += stride)
            n = cpd_gen_ray(x->board, side, moves, n, from, CPD_ZONE_STEPS[j]);
    }
    return n;
}

/* Whether an enemy rook or queen would see the king on its destination
 * along the rank once the castling rook has left (the king's own square is
 * vacated too).  Only for a rook that stood beyond the destination
 * (CpdCastle.rook_shields); rare. */
static __attribute__((noinline)) int cpd_rank_exposed(const CpdBoard *x, const CpdCastle *c, int enemy)
{
    int step = c->rook_from < c->king_to ? -1 : 1;
    int rook = cpd_colour_bit(enemy) | ROOK, queen = cpd_colour_bit(enemy) | QUEEN;
    for (int square = c->king_to + step; !(square & CPD_OFF); square += step) {
        int piece = x->board[square];
        if (square == c->rook_from || square == c->king_from || piece == EMPTY)
            continue;
        return piece == rook || piece == queen;
    }
    return 0;
}

/* Castling by the Chess960 rule (castling.h) once the paths are known to be
 * empty and the king not in check: no square the king crosses or lands on
 * attacked.  The zone squares the threat pass tested for this right are
 * answered by one mask (in standard chess, all of them); any other (beyond
 * the zone, or next to the king with the rook on it; only in Chess960) is
 * tested here.  The move is the king taking its own rook. */
static inline int cpd_gen_castle(const CpdBoard *x, const int side, CpdMove *moves, int n, const CpdCastle *c,
                                 const CpdThreats *t)
{
    if ((t->safe & c->path_zones) != c->path_zones)
        return n;
    for (int i = 0; i < c->path_count; i++)
        if (cpd_attacked(x, c->path[i], side ^ 1))
            return n;
    if (c->rook_shields && cpd_rank_exposed(x, c, side ^ 1))
        return n;
    return cpd_emit(moves, n, c->king_from, c->rook_from, CPD_MOVE_CASTLE);
}

/* King steps to the safe zone squares, and castling (when `castling`: a
 * right may be left) when not in check with the crossed and target squares
 * safe. */
CPD_HOT int cpd_gen_king(const CpdBoard *x, const int side, CpdMove *moves, int n, int king, const CpdThreats *t,
                         const bool castling)
{
    int steps = t->safe & 0xFF;
    if (moves) {
        for (int left = steps; left; left &= left - 1)
            n = cpd_emit(moves, n, king, king + CPD_ZONE_STEPS[__builtin_ctz((unsigned)left)], 0);
    } else {
        n += __builtin_popcount((unsigned)steps);
    }
    if (!castling || t->checkers || !t->castles)
        return n;
    if (t->castles & 1)
        n = cpd_gen_castle(x, side, moves, n, &x->castles[2 * side], t);
    if (t->castles & 2)
        n = cpd_gen_castle(x, side, moves, n, &x->castles[2 * side + 1], t);
    return n;
}

/* En passant: played on the board, kept if the king is then not attacked.
 * This covers the capture that uncovers the king along the rank (both pawns
 * leave it), a pinned capturer, and captures that answer or ignore a check. */
CPD_HOT int cpd_gen_en_passant(CpdBoard *x, const int side, CpdMove *moves, int n, int king)
{
    if (x->state.ep == CPD_NO_EP)
        return n;
    uint8_t *board = x->board;
    const int forward = cpd_forward(side), pawn = cpd_colour_bit(side) | PAWN;
    int to = x->state.ep, victim = to - forward;
    for (int d = -1; d <= 1; d += 2) {
        int from = victim + d;
        if (cpd_beside(board, from) != pawn)
            continue;
        int victim_piece = board[victim];
        board[from] = EMPTY;
        board[victim] = EMPTY;
        board[to] = (uint8_t)pawn;
        int legal = !cpd_attacked(x, king, side ^ 1);
        board[to] = EMPTY;
        board[victim] = (uint8_t)victim_piece;
        board[from] = (uint8_t)pawn;
        if (legal)
            n = cpd_emit(moves, n, from, to, CPD_MOVE_EN_PASSANT);
    }
    return n;
}

/* A pinned piece's moves along its pin line: toward the pinner (capturing
 * it) and back toward the king. */
CPD_HOT int cpd_gen_pinned(const CpdBoard *x, const int side, CpdMove *moves, int n, int from, int step, int king)
{
    const uint8_t *board = x->board;
    int kind = board[from] & CPD_KIND_MASK;
    int diagonal = step == 15 || step == 17 || step == -15 || step == -17;
    if (kind == PAWN)
        return cpd_gen_pinned_pawn(board, side, moves, n, from, step);
    if (kind == KNIGHT || (kind == BISHOP && !diagonal) || (kind == ROOK && diagonal))
        return n;
    int to = from + step;
    while (board[to] == EMPTY) {
        n = cpd_emit(moves, n, from, to, 0);
        to += step;
    }
    n = cpd_emit(moves, n, from, to, 0); /* the pinner */
    for (to = from - step; to != king; to -= step)
        n = cpd_emit(moves, n, from, to, 0);
    return n;
}

/* Moves when not in check.  Pinned pieces leave their lists while the rest
 * are generated, so the loops below need no pin test. */
CPD_HOT int cpd_gen_unchecked(CpdBoard *x, const int side, CpdMove *moves, int n, const CpdThreats *t, int king)
{
    for (int p = 0; p < t->pins; p++) {
        int square = t->pin_square[p];
        n = cpd_gen_pinned(x, side, moves, n, square, t->pin_step[p], king);
        cpd_list_remove(x, side, x->board[square] & CPD_KIND_MASK, square);
    }
    const uint8_t *board = x->board;
    for (int i = 0; i < x->count[side][PAWN]; i++)
        n = cpd_gen_pawn(board, side, moves, n, x->list[side][PAWN][i]);
    for (int i = 0; i < x->count[side][KNIGHT]; i++)
        n = cpd_gen_knight(board, side, moves, n, x->list[side][KNIGHT][i]);
    n = cpd_gen_sliders(x, side, BISHOP, moves, n);
    n = cpd_gen_sliders(x, side, ROOK, moves, n);
    n = cpd_gen_sliders(x, side, QUEEN, moves, n);
    for (int p = t->pins - 1; p >= 0; p--) {
        int square = t->pin_square[p];
        cpd_list_add(x, side, x->board[square] & CPD_KIND_MASK, square);
    }
    return cpd_gen_en_passant(x, side, moves, n, king);
}

/* Moves other than the king's that answer a single check by landing on
 * `target`, the checker's square or one between it and the king. */
CPD_HOT int cpd_gen_evasion_target(const CpdBoard *x, const int side, CpdMove *moves, int n, const CpdThreats *t,
                                   int target)
{
    const uint8_t *board = x->board;
    const int forward = cpd_forward(side), pawn = cpd_colour_bit(side) | PAWN;
    int promoting = (target & 0x70) == (cpd_pawn_last_from_rank(side) + forward);
    if (target == t->checker) {
        for (int d = -1; d <= 1; d += 2) {
            int from = target - forward + d;
            if (cpd_peek(board, from) == pawn && !cpd_is_pinned(t, from))
                n = cpd_emit_pawn(moves, n, from, target, promoting);
        }
    } else {
        int from = target - forward;
        int before = cpd_peek(board, from);
        if (before == pawn) {
            if (!cpd_is_pinned(t, from))
                n = cpd_emit_pawn(moves, n, from, target, promoting);
        } else if (before == EMPTY && (target & 0x70) == cpd_pawn_home_rank(side) + 2 * forward) {
            from -= forward;
            if (board[from] == pawn && !cpd_is_pinned(t, from))
                n = cpd_emit(moves, n, from, target, CPD_MOVE_DOUBLE_STEP);
        }
    }
    for (int i = 0; i < x->count[side][KNIGHT]; i++) {
        int from = x->list[side][KNIGHT][i];
        if ((cpd_attacks(from, target) & CPD_ATTACKS_KNIGHT) && !cpd_is_pinned(t, from))
            n = cpd_emit(moves, n, from, target, 0);
    }
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < x->count[side][kind]; i++) {
            int from = x->list[side][kind][i];
            if ((cpd_attacks(from, target) & (1 << kind)) && !cpd_is_pinned(t, from) &&
                cpd_path_clear(board, from, target))
                n = cpd_emit(moves, n, from, target, 0);
        }
    }
    return n;
}

CPD_HOT int cpd_gen_evasions(CpdBoard *x, const int side, CpdMove *moves, int n, const CpdThreats *t, int king)
{
    if (t->check_step) {
        for (int target = king + t->check_step; target != t->checker; target += t->check_step)
            n = cpd_gen_evasion_target(x, side, moves, n, t, target);
    }
    n = cpd_gen_evasion_target(x, side, moves, n, t, t->checker);
    return cpd_gen_en_passant(x, side, moves, n, king);
}

/* The moves of `side`, the side to move.  `castling` false promises that no
 * castling right is left (perft's recursion knows: x88_perft.c), so the
 * castling code compiles away. */
CPD_HOT int cpd_generate_rights(CpdBoard *x, const int side, CpdMove *moves, const bool castling)
{
    int king = cpd_king(x, side);
    CpdThreats t;
    cpd_find_threats(x, side, king, &t, castling);
    int n = 0;
    if (t.checkers == 0)
        n = cpd_gen_unchecked(x, side, moves, n, &t, king);
    else if (t.checkers == 1)
        n = cpd_gen_evasions(x, side, moves, n, &t, king);
    return cpd_gen_king(x, side, moves, n, king, &t, castling);
}

CPD_HOT int cpd_generate_for(CpdBoard *x, const int side, CpdMove *moves)
{
    return cpd_generate_rights(x, side, moves, true);
}

/* All legal moves of the side to move; with moves == NULL, just their number. */
CPD_HOT int cpd_generate(CpdBoard *x, CpdMove *moves)
{
    return x->side == CHESS_WHITE ? cpd_generate_for(x, CHESS_WHITE, moves) : cpd_generate_for(x, CHESS_BLACK, moves);
}

#endif
