/* Legal move generation on bitboards, in the style of Stockfish and
 * Gigantua: no move is made to test it.  Before any piece moves, one pass
 * works out
 *   - checkers: the enemy pieces giving check;
 *   - the check mask: with one checker, the squares that capture it or block
 *     its line (bb_path_to); every move but the king's must land there;
 *   - pin rays: for each enemy slider with exactly one of our pieces between
 *     it and our king, the line from the king to the slider (slider
 *     included), kept apart for rook lines and bishop lines.  A pinned piece
 *     may only move along its own ray; since two rays of one kind never
 *     meet off the king, the union of all rays of that kind serves every
 *     pinned piece;
 *   - danger: every square the enemy attacks with our king taken off the
 *     board (so the king cannot step back along a checking line).
 * Double check leaves only king moves.  En passant, the one move that takes
 * two pieces off a line at once, is checked directly: its occupancy is
 * built and the king's rook and bishop lines looked at again.
 *
 * Two entry points share all of that: bb_generate() writes the moves,
 * bb_count_moves() only counts them (popcount of each piece's targets), the
 * last ply of a bulk-counting perft.  Everything is inline with the side to
 * move as a constant, so each side gets its own straight-line code. */
#ifndef GEN_CHESS_BITBOARD_MOVEGEN_H
#define GEN_CHESS_BITBOARD_MOVEGEN_H

#include "bitboard_position.h"
#include "bitboard_slider.h"
#include "bitboard_tables.h"

typedef struct BbLegal {
    Bitboard own, opp, occupied;
    Bitboard checkers;
    Bitboard target; /* where a piece other than the king may move: not our own, inside the check mask */
    Bitboard pin_orth, pin_diag;
    int king;
} BbLegal;

BB_INLINE void bb_legal_setup(const BbPosition *p, int us, BbLegal *l)
{
    int them = us ^ 1;
    Bitboard own = p->color[us], opp = p->color[them], occupied = own | opp;
    int king = bb_lsb(p->kind[BB_KING] & own);
    Bitboard opp_orth = (p->kind[BB_ROOK] | p->kind[BB_QUEEN]) & opp;
    Bitboard opp_diag = (p->kind[BB_BISHOP] | p->kind[BB_QUEEN]) & opp;
    Bitboard orth_seen = bb_rook_attacks(king, occupied), diag_seen = bb_bishop_attacks(king, occupied);
    Bitboard checkers = (bb_knight_attacks[king] & p->kind[BB_KNIGHT] & opp) |
                        (bb_pawn_attacks[us][king] & p->kind[BB_PAWN] & opp) | (orth_seen & opp_orth) |
                        (diag_seen & opp_diag);

    /* Pinners: the enemy sliders the king sees once our own pieces next to
     * it along each line are lifted off, and did not see before.  Most
     * positions have no enemy slider on the king's lines beyond the first
     * blockers at all, which one AND finds out. */
    Bitboard pin_orth = 0, pin_diag = 0;
    if (bb_rook_lines[king] & opp_orth & ~orth_seen) {
        Bitboard pinners = bb_rook_attacks(king, occupied ^ (orth_seen & own)) & opp_orth & ~orth_seen;
        while (pinners)
            pin_orth |= bb_path_to[king][bb_pop_lsb(&pinners)];
    }
    if (bb_bishop_lines[king] & opp_diag & ~diag_seen) {
        Bitboard pinners = bb_bishop_attacks(king, occupied ^ (diag_seen & own)) & opp_diag & ~diag_seen;
        while (pinners)
            pin_diag |= bb_path_to[king][bb_pop_lsb(&pinners)];
    }

    Bitboard check_mask = checkers ? bb_path_to[king][bb_lsb(checkers)] : ~(Bitboard)0;
    l->own = own;
    l->opp = opp;
    l->occupied = occupied;
    l->checkers = checkers;
    l->target = ~own & check_mask;
    l->pin_orth = pin_orth;
    l->pin_diag = pin_diag;
    l->king = king;
}

/* Every square the side `them` attacks, sliders looking through
 * `occupied` (the caller leaves our king out of it). */
BB_INLINE Bitboard bb_attacked_by(const BbPosition *p, int them, Bitboard occupied)
{
    Bitboard opp = p->color[them];
    Bitboard pawns = p->kind[BB_PAWN] & opp;
    Bitboard attacked = bb_forward_west(pawns, them) | bb_forward_east(pawns, them) |
                        bb_knight_set_attacks(p->kind[BB_KNIGHT] & opp) |
                        bb_king_attacks[bb_lsb(p->kind[BB_KING] & opp)];
    Bitboard diag = (p->kind[BB_BISHOP] | p->kind[BB_QUEEN]) & opp;
    while (diag)
        attacked |= bb_bishop_attacks(bb_pop_lsb(&diag), occupied);
    Bitboard orth = (p->kind[BB_ROOK] | p->kind[BB_QUEEN]) & opp;
    while (orth)
        attacked |= bb_rook_attacks(bb_pop_lsb(&orth), occupied);
    return attacked;
}

/* The king's destinations by castling (g1/c1 or g8/c8): the right held,
 * the squares between king and rook empty, the king not in check and not
 * crossing or landing on an attacked square. */
BB_INLINE Bitboard bb_castle_targets(const BbPosition *p, int us, const BbLegal *l, Bitboard danger)
{
    int shift = us == BB_WHITE ? 0 : 56;
    int rights = p->castling >> (2 * us); /* bit 0 king side, bit 1 queen side */
    Bitboard targets = 0;
    if (l->checkers)
        return 0;
    if ((rights & 1) && !((l->occupied | danger) & ((Bitboard)0x60 << shift))) /* f, g */
        targets |= (Bitboard)0x40 << shift;
    if ((rights & 2) && !(l->occupied & ((Bitboard)0x0e << shift)) &&
        !(danger & ((Bitboard)0x0c << shift))) /* b-d; c-d */
        targets |= (Bitboard)0x04 << shift;
    return targets;
}

/* Pawn destinations by kind of step, check mask and pins applied. */
typedef struct BbPawnTargets {
    Bitboard single, twice, west, east;
} BbPawnTargets;

BB_INLINE BbPawnTargets bb_pawn_targets(const BbPosition *p, int us, const BbLegal *l)
{
    BbPawnTargets t;
    Bitboard pawns = p->kind[BB_PAWN] & l->own;
    Bitboard empty = ~l->occupied;
    /* Pushes: pawns on a bishop ray never push; on a rook ray only along it. */
    Bitboard pushers = pawns & ~l->pin_diag;
    Bitboard single =
        (bb_forward(pushers & ~l->pin_orth, us) | (bb_forward(pushers & l->pin_orth, us) & l->pin_orth)) & empty;
    Bitboard third_rank = us == BB_WHITE ? BB_RANK_3 : BB_RANK_6;
    t.twice = bb_forward(single & third_rank, us) & empty & l->target;
    t.single = single & l->target;
    /* Captures: pawns on a rook ray never capture; on a bishop ray only along it. */
    Bitboard free = pawns & ~(l->pin_orth | l->pin_diag), pinned = pawns & l->pin_diag;
    Bitboard victims = l->opp & l->target;
    t.west = (bb_forward_west(free, us) | (bb_forward_west(pinned, us) & l->pin_diag)) & victims;
    t.east = (bb_forward_east(free, us) | (bb_forward_east(pinned, us) & l->pin_diag)) & victims;
    return t;
}

/* Our pawns that may capture en passant.  Legality is tested on the
 * position after the capture: no knight or other pawn may still give check,
 * and no slider may see the king once both pawns have left their squares. */
BB_INLINE Bitboard bb_en_passant_capturers(const BbPosition *p, int us, const BbLegal *l)
{
    if (p->ep_square < 0)
        return 0;
    int them = us ^ 1;
    Bitboard ep = bb_bit(p->ep_square);
    Bitboard victim = bb_forward(ep, them);
    Bitboard candidates = bb_pawn_attacks[them][p->ep_square] & p->kind[BB_PAWN] & l->own;
    Bitboard leapers = (p->kind[BB_KNIGHT] | p->kind[BB_PAWN]) & ~victim;
    if (!candidates || (l->checkers & leapers))
        return 0;
    Bitboard opp_orth = (p->kind[BB_ROOK] | p->kind[BB_QUEEN]) & l->opp;
    Bitboard opp_diag = (p->kind[BB_BISHOP] | p->kind[BB_QUEEN]) & l->opp;
    Bitboard legal = 0;
    for (Bitboard c = candidates; c;) {
        int from = bb_pop_lsb(&c);
        Bitboard after = l->occupied ^ bb_bit(from) ^ ep ^ victim;
        if (!(bb_rook_attacks(l->king, after) & opp_orth) && !(bb_bishop_attacks(l->king, after) & opp_diag))
            legal |= bb_bit(from);
    }
    return legal;
}

/* Squares a slider on `square` may reach: its attacks within the targets,
 * and along its pin ray if it is pinned (the caller has left out sliders
 * pinned on the other kind of line, which cannot move at all). */
BB_INLINE Bitboard bb_diag_targets(int square, const BbLegal *l)
{
    Bitboard t = bb_bishop_attacks(square, l->occupied) & l->target;
    return (l->pin_diag & bb_bit(square)) ? t & l->pin_diag : t;
}

BB_INLINE Bitboard bb_orth_targets(int square, const BbLegal *l)
{
    Bitboard t = bb_rook_attacks(square, l->occupied) & l->target;
    return (l->pin_orth & bb_bit(square)) ? t & l->pin_orth : t;
}

BB_INLINE Bitboard bb_king_targets(const BbPosition *p, int us, const BbLegal *l, Bitboard *castles)
{
    Bitboard steps = bb_king_attacks[l->king] & ~l->own;
    int can_castle = (p->castling >> (2 * us)) & 3;
    *castles = 0;
    if (!steps && !can_castle)
        return 0;
    Bitboard danger = bb_attacked_by(p, us ^ 1, l->occupied ^ bb_bit(l->king));
    if (can_castle)
        *castles = bb_castle_targets(p, us, l, danger);
    return steps & ~danger;
}

BB_INLINE uint64_t bb_count_side(const BbPosition *p, int us)
{
    BbLegal l;
    bb_legal_setup(p, us, &l);
    Bitboard castles;
    uint64_t count = (uint64_t)bb_count(bb_king_targets(p, us, &l, &castles));
    count += (uint64_t)bb_count(castles);
    if (bb_more_than_one(l.checkers))
        return count;

    Bitboard pinned = l.pin_orth | l.pin_diag;
    for (Bitboard knights = p->kind[BB_KNIGHT] & l.own & ~pinned; knights;)
        count += (uint64_t)bb_count(bb_knight_attacks[bb_pop_lsb(&knights)] & l.target);
    /* Free sliders first, then the (rare) pinned ones along their rays. */
    Bitboard diag = (p->kind[BB_BISHOP] | p->kind[BB_QUEEN]) & l.own,
             orth = (p->kind[BB_ROOK] | p->kind[BB_QUEEN]) & l.own;
    for (Bitboard free = diag & ~pinned; free;)
        count += (uint64_t)bb_count(bb_bishop_attacks(bb_pop_lsb(&free), l.occupied) & l.target);
    for (Bitboard free = orth & ~pinned; free;)
        count += (uint64_t)bb_count(bb_rook_attacks(bb_pop_lsb(&free), l.occupied) & l.target);
    if (pinned) {
        for (Bitboard on_ray = diag & l.pin_diag; on_ray;)
            count += (uint64_t)bb_count(bb_bishop_attacks(bb_pop_lsb(&on_ray), l.occupied) & l.target & l.pin_diag);
        for (Bitboard on_ray = orth & l.pin_orth; on_ray;)
            count += (uint64_t)bb_count(bb_rook_attacks(bb_pop_lsb(&on_ray), l.occupied) & l.target & l.pin_orth);
    }

    BbPawnTargets t = bb_pawn_targets(p, us, &l);
    Bitboard last_rank = us == BB_WHITE ? BB_RANK_8 : BB_RANK_1;
    count += (uint64_t)(bb_count(t.single & ~last_rank) + bb_count(t.twice) + bb_count(t.west & ~last_rank) +
                        bb_count(t.east & ~last_rank));
    count +=
        4 * (uint64_t)(bb_count(t.single & last_rank) + bb_count(t.west & last_rank) + bb_count(t.east & last_rank));
    count += (uint64_t)bb_count(bb_en_passant_capturers(p, us, &l));
    return count;
}

BB_INLINE BbMove *bb_emit(BbMove *out, int from, Bitboard targets, int piece)
{
    while (targets)
        *out++ = (BbMove){(uint8_t)from, (uint8_t)bb_pop_lsb(&targets), (uint8_t)piece, BB_MOVE_PLAIN};
    return out;
}

/* Pawn moves onto `targets`, each from `delta` squares back; promotions
 * on the last rank become four moves. */
BB_INLINE BbMove *bb_emit_pawns(BbMove *out, Bitboard targets, int delta, int special, Bitboard last_rank)
{
    for (Bitboard plain = targets & ~last_rank; plain;) {
        int to = bb_pop_lsb(&plain);
        *out++ = (BbMove){(uint8_t)(to - delta), (uint8_t)to, BB_PAWN, (uint8_t)special};
    }
    for (Bitboard promote = targets & last_rank; promote;) {
        int to = bb_pop_lsb(&promote);
        for (int kind = BB_QUEEN; kind >= BB_KNIGHT; kind--)
            *out++ = (BbMove){(uint8_t)(to - delta), (uint8_t)to, BB_PAWN, (uint8_t)(BB_MOVE_PROMOTE_BASE + kind)};
    }
    return out;
}

BB_INLINE int bb_generate_side(const BbPosition *p, int us, BbMove *moves)
{
    BbLegal l;
    bb_legal_setup(p, us, &l);
    BbMove *out = moves;
    Bitboard castles;
    out = bb_emit(out, l.king, bb_king_targets(p, us, &l, &castles), BB_KING);
    while (castles)
        *out++ = (BbMove){(uint8_t)l.king, (uint8_t)bb_pop_lsb(&castles), BB_KING, BB_MOVE_CASTLE};
    if (bb_more_than_one(l.checkers))
        return (int)(out - moves);

    Bitboard pinned = l.pin_orth | l.pin_diag;
    for (Bitboard knights = p->kind[BB_KNIGHT] & l.own & ~pinned; knights;) {
        int from = bb_pop_lsb(&knights);
        out = bb_emit(out, from, bb_knight_attacks[from] & l.target, BB_KNIGHT);
    }
    for (Bitboard bishops = p->kind[BB_BISHOP] & l.own & ~l.pin_orth; bishops;) {
        int from = bb_pop_lsb(&bishops);
        out = bb_emit(out, from, bb_diag_targets(from, &l), BB_BISHOP);
    }
    for (Bitboard rooks = p->kind[BB_ROOK] & l.own & ~l.pin_diag; rooks;) {
        int from = bb_pop_lsb(&rooks);
        out = bb_emit(out, from, bb_orth_targets(from, &l), BB_ROOK);
    }
    for (Bitboard queens = p->kind[BB_QUEEN] & l.own; queens;) {
        int from = bb_pop_lsb(&queens);
        Bitboard from_bit = bb_bit(from), targets = 0;
        if (!(l.pin_orth & from_bit))
            targets |= bb_diag_targets(from, &l);
        if (!(l.pin_diag & from_bit))
            targets |= bb_orth_targets(from, &l);
        out = bb_emit(out, from, targets, BB_QUEEN);
    }

    BbPawnTargets t = bb_pawn_targets(p, us, &l);
    Bitboard last_rank = us == BB_WHITE ? BB_RANK_8 : BB_RANK_1;
    out = bb_emit_pawns(out, t.single, bb_forward_delta(us), BB_MOVE_PLAIN, last_rank);
    out = bb_emit_pawns(out, t.twice, 2 * bb_forward_delta(us), BB_MOVE_DOUBLE_STEP, 0);
    out = bb_emit_pawns(out, t.west, bb_forward_west_delta(us), BB_MOVE_PLAIN, last_rank);
    out = bb_emit_pawns(out, t.east, bb_forward_east_delta(us), BB_MOVE_PLAIN, last_rank);
    for (Bitboard ep = bb_en_passant_capturers(p, us, &l); ep;)
        *out++ = (BbMove){(uint8_t)bb_pop_lsb(&ep), (uint8_t)p->ep_square, BB_PAWN, BB_MOVE_EN_PASSANT};
    return (int)(out - moves);
}

/* The legal moves of the side to move; returns how many. */
static inline int bb_generate(const BbPosition *p, BbMove *moves)
{
    return p->side == BB_WHITE ? bb_generate_side(p, BB_WHITE, moves) : bb_generate_side(p, BB_BLACK, moves);
}

/* How many legal moves the side to move has, without listing them. */
static inline uint64_t bb_count_moves(const BbPosition *p)
{
    return p->side == BB_WHITE ? bb_count_side(p, BB_WHITE) : bb_count_side(p, BB_BLACK);
}

#endif
