/* Legal move generation on bitboards, in the style of Stockfish and
 * Gigantua: no move is made to test it.  Before any piece moves, one pass
 * works out
 *   - checkers: the enemy pieces giving check;
 *   - the check mask: with one checker, the squares that capture it or block
 *     its line (cbb_path_to); every move but the king's must land there;
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
 * One piece walk (cbb_walk_side) finds the moves and hands each piece's
 * targets to a sink: counted (popcount of each piece's targets, the last
 * ply of a bulk-counting perft) or each move handed to a visit: listed
 * (cbb_generate_moves) or, in perft, made and searched at once.
 * Everything is inline with the side to move and the visit as constants,
 * so the compiler makes one straight-line copy of the walk per side and
 * use, each with its own makes. */
#ifndef GEN_CHESS_BITBOARD_MOVEGEN_H
#define GEN_CHESS_BITBOARD_MOVEGEN_H

#include "bitboard_position.h"
#include "bitboard_slider.h"
#include "bitboard_tables.h"

/* The pieces of kind `k` (pawns .. queens).  `rooks_only`, a constant:
 * the caller knows no knight, bishop or queen is on the board (perft's
 * rook-ending instances, bitboard_perft.c), so the code for those kinds
 * compiles away: their sets are 0 and every lookup that only meets them is
 * dead. */
CBB_INLINE CbbBitboard cbb_kind(const CbbPosition *p, const int k, const bool rooks_only)
{
    return rooks_only && (k == CBB_KNIGHT || k == CBB_BISHOP || k == CBB_QUEEN) ? 0 : p->kind[k];
}

typedef struct CbbLegal {
    CbbBitboard own, opp, occupied;
    CbbBitboard checkers;
    CbbBitboard target; /* where a piece other than the king may move: not our own, inside the check mask */
    CbbBitboard pin_orth, pin_diag;
    int king;
} CbbLegal;

CBB_INLINE void cbb_legal_setup(const CbbPosition *p, int us, CbbLegal *l, const bool rooks_only)
{
    int them = us ^ 1;
    CbbBitboard own = p->color[us], opp = p->color[them], occupied = own | opp;
    int king = p->king[us];
    CbbBitboard opp_orth = (p->kind[CBB_ROOK] | cbb_kind(p, CBB_QUEEN, rooks_only)) & opp;
    CbbBitboard opp_diag = (cbb_kind(p, CBB_BISHOP, rooks_only) | cbb_kind(p, CBB_QUEEN, rooks_only)) & opp;
    /* Slider checkers and pinners along each kind of line, looked up only
     * when an enemy slider of that kind stands on the king's empty-board
     * lines: the two lookups of a kind (what the king sees, then what it
     * sees with our pieces next to it lifted off: the pinners) are skipped
     * together.  Bulk counting 1-8% less CPU time (step V of
     * results/experiments/2026-12-03-chess-bitboard-speed/chess-bitboard-steps-2026-12-03-evening.md); a test placed
     * after the first lookup, for sliders behind the first blockers, saved
     * less than it cost in mispredictions
     * (results/experiments/2026-12-03-chess-bitboard-speed/chess-bitboard-steps-2026-12-03.md). The two blocks are of
     * one shape on purpose: one helper for both ran 2-4% slower on start and Kiwipete, for 0.5% fewer instructions. */
    CbbBitboard checkers = (cbb_knight_attacks[king] & cbb_kind(p, CBB_KNIGHT, rooks_only) & opp) |
                           (cbb_pawn_attacks[us][king] & p->kind[CBB_PAWN] & opp);
    CbbBitboard pin_orth = 0, pin_diag = 0;
    if (opp_orth & cbb_rook_lines[king]) {
        CbbBitboard orth_seen = cbb_rook_attacks(king, occupied);
        checkers |= orth_seen & opp_orth;
        CbbBitboard pinners = cbb_rook_attacks(king, occupied ^ (orth_seen & own)) & opp_orth & ~orth_seen;
        while (pinners)
            pin_orth |= cbb_path_to[king][cbb_pop_lsb(&pinners)];
    }
    if (opp_diag & cbb_bishop_lines[king]) {
        CbbBitboard diag_seen = cbb_bishop_attacks(king, occupied);
        checkers |= diag_seen & opp_diag;
        CbbBitboard pinners = cbb_bishop_attacks(king, occupied ^ (diag_seen & own)) & opp_diag & ~diag_seen;
        while (pinners)
            pin_diag |= cbb_path_to[king][cbb_pop_lsb(&pinners)];
    }

    CbbBitboard check_mask = checkers ? cbb_path_to[king][cbb_lsb(checkers)] : ~(CbbBitboard)0;
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
 * `occupied` (the caller leaves our king out of it), of its sliders only
 * those standing on `reach_rook` (rooks, queens) or `reach_bishop`
 * (bishops, queens): the caller asks about squares only they can see. */
CBB_INLINE CbbBitboard cbb_attacked_by(const CbbPosition *p, int them, CbbBitboard occupied, CbbBitboard reach_rook,
                                       CbbBitboard reach_bishop, const bool rooks_only)
{
    CbbBitboard opp = p->color[them];
    CbbBitboard pawns = p->kind[CBB_PAWN] & opp;
    CbbBitboard attacked =
        cbb_forward_west(pawns, them) | cbb_forward_east(pawns, them) | cbb_king_attacks[p->king[them]];
    for (CbbBitboard knights = cbb_kind(p, CBB_KNIGHT, rooks_only) & opp; knights;)
        attacked |= cbb_knight_attacks[cbb_pop_lsb(&knights)];
    CbbBitboard diag = (cbb_kind(p, CBB_BISHOP, rooks_only) | cbb_kind(p, CBB_QUEEN, rooks_only)) & opp & reach_bishop;
    while (diag)
        attacked |= cbb_bishop_attacks(cbb_pop_lsb(&diag), occupied);
    CbbBitboard orth = (p->kind[CBB_ROOK] | cbb_kind(p, CBB_QUEEN, rooks_only)) & opp & reach_rook;
    while (orth)
        attacked |= cbb_rook_attacks(cbb_pop_lsb(&orth), occupied);
    return attacked;
}

/* Whether the side `them` attacks `square`, sliders looking through
 * `occupied`. */
CBB_INLINE bool cbb_square_attacked(const CbbPosition *p, int them, int square, CbbBitboard occupied,
                                    const bool rooks_only)
{
    CbbBitboard opp = p->color[them];
    if ((cbb_knight_attacks[square] & cbb_kind(p, CBB_KNIGHT, rooks_only) & opp) ||
        (cbb_pawn_attacks[them ^ 1][square] & p->kind[CBB_PAWN] & opp) ||
        (cbb_king_attacks[square] & cbb_bit(p->king[them])))
        return true;
    return (cbb_bishop_attacks(square, occupied) &
            (cbb_kind(p, CBB_BISHOP, rooks_only) | cbb_kind(p, CBB_QUEEN, rooks_only)) & opp) ||
           (cbb_rook_attacks(square, occupied) & (p->kind[CBB_ROOK] | cbb_kind(p, CBB_QUEEN, rooks_only)) & opp);
}

/* The castling rooks of `rooks` whose castling leaves the king in check
 * along the rank: the rook stood beyond the king's destination and shielded
 * it from an enemy rook or queen (CbbCastling.shielding_rooks).  Rare, so
 * out of line (taking sets, not the CbbLegal, which would then have to
 * live in memory). */
static __attribute__((noinline)) CbbBitboard cbb_castles_exposed(const CbbPosition *p, const CbbCastling *castling,
                                                                 int us, CbbBitboard opp, CbbBitboard occupied,
                                                                 CbbBitboard rooks)
{
    CbbBitboard opp_orth = (p->kind[CBB_ROOK] | p->kind[CBB_QUEEN]) & opp, exposed = 0;
    for (int r = 2 * us; r < 2 * us + 2; r++) {
        const CbbCastle *c = &castling->castles[r];
        if (!(rooks & castling->shielding_rooks & cbb_bit(c->rook_from)))
            continue;
        CbbBitboard after =
            (occupied ^ cbb_bit(c->king_from) ^ cbb_bit(c->rook_from)) | cbb_bit(c->king_to) | cbb_bit(c->rook_to);
        if (cbb_rook_attacks(c->king_to, after) & opp_orth)
            exposed |= cbb_bit(c->rook_from);
    }
    return exposed;
}

/* The castling rights of `us` that may be used now as far as the board
 * alone says, by the Chess960 rule (castling.h; the move is the king taking
 * its own rook): the right held, the king not in check, the squares of both
 * paths empty but for king and rook.  Bit 0 the king side, bit 1 the queen
 * side.  Cheap: the attack map (danger) is built only when one is left. */
CBB_INLINE int cbb_castle_candidates(const CbbPosition *p, const CbbCastling *castling, int us, const CbbLegal *l)
{
    if (!castling) /* perft below a node with no right left (bitboard_perft.c) */
        return 0;
    int rights = (p->castling >> (2 * us)) & 3;
    if (!rights || l->checkers)
        return 0;
    if ((rights & 1) && (l->occupied & castling->castles[2 * us].must_be_empty))
        rights &= ~1;
    if ((rights & 2) && (l->occupied & castling->castles[2 * us + 1].must_be_empty))
        rights &= ~2;
    return rights;
}

/* The castling rooks of the candidates: none of the squares the king
 * crosses or lands on attacked, and no check uncovered by the rook
 * leaving. */
CBB_INLINE CbbBitboard cbb_castle_targets(const CbbPosition *p, const CbbCastling *castling, int us, const CbbLegal *l,
                                          int candidates, CbbBitboard danger)
{
    const CbbCastle *king_side = &castling->castles[2 * us], *queen_side = &castling->castles[2 * us + 1];
    CbbBitboard rooks = 0;
    if ((candidates & 1) && !(danger & king_side->king_path))
        rooks |= king_side->rook_bit;
    if ((candidates & 2) && !(danger & queen_side->king_path))
        rooks |= queen_side->rook_bit;
    if (rooks & castling->shielding_rooks)
        rooks &= ~cbb_castles_exposed(p, castling, us, l->opp, l->occupied, rooks);
    return rooks;
}

/* Pawn destinations by kind of step, check mask and pins applied. */
typedef struct CbbPawnTargets {
    CbbBitboard single, twice, west, east;
} CbbPawnTargets;

CBB_INLINE CbbPawnTargets cbb_pawn_targets(const CbbPosition *p, int us, const CbbLegal *l)
{
    CbbPawnTargets t;
    CbbBitboard pawns = p->kind[CBB_PAWN] & l->own;
    CbbBitboard empty = ~l->occupied;
    CbbBitboard third_rank = us == CBB_WHITE ? CBB_RANK_3 : CBB_RANK_6;
    if (!(pawns & (l->pin_orth | l->pin_diag))) {
        /* No pawn pinned, the common case: no rays to respect. */
        CbbBitboard single = cbb_forward(pawns, us) & empty, victims = l->opp & l->target;
        t.twice = cbb_forward(single & third_rank, us) & empty & l->target;
        t.single = single & l->target;
        t.west = cbb_forward_west(pawns, us) & victims;
        t.east = cbb_forward_east(pawns, us) & victims;
        return t;
    }
    /* Pushes: pawns on a bishop ray never push; on a rook ray only along it. */
    CbbBitboard pushers = pawns & ~l->pin_diag;
    CbbBitboard single =
        (cbb_forward(pushers & ~l->pin_orth, us) | (cbb_forward(pushers & l->pin_orth, us) & l->pin_orth)) & empty;
    t.twice = cbb_forward(single & third_rank, us) & empty & l->target;
    t.single = single & l->target;
    /* Captures: pawns on a rook ray never capture; on a bishop ray only along it. */
    CbbBitboard free = pawns & ~(l->pin_orth | l->pin_diag), pinned = pawns & l->pin_diag;
    CbbBitboard victims = l->opp & l->target;
    t.west = (cbb_forward_west(free, us) | (cbb_forward_west(pinned, us) & l->pin_diag)) & victims;
    t.east = (cbb_forward_east(free, us) | (cbb_forward_east(pinned, us) & l->pin_diag)) & victims;
    return t;
}

/* Our pawns that may capture en passant.  Legality is tested on the
 * position after the capture: no knight or other pawn may still give check,
 * and no slider may see the king once both pawns have left their squares. */
CBB_INLINE CbbBitboard cbb_en_passant_capturers(const CbbPosition *p, int us, const CbbLegal *l, const bool rooks_only)
{
    if (p->ep_square < 0)
        return 0;
    int them = us ^ 1;
    CbbBitboard ep = cbb_bit(p->ep_square);
    CbbBitboard victim = cbb_forward(ep, them);
    CbbBitboard candidates = cbb_pawn_attacks[them][p->ep_square] & p->kind[CBB_PAWN] & l->own;
    CbbBitboard leapers = (cbb_kind(p, CBB_KNIGHT, rooks_only) | p->kind[CBB_PAWN]) & ~victim;
    if (!candidates || (l->checkers & leapers))
        return 0;
    CbbBitboard opp_orth = (p->kind[CBB_ROOK] | cbb_kind(p, CBB_QUEEN, rooks_only)) & l->opp;
    CbbBitboard opp_diag = (cbb_kind(p, CBB_BISHOP, rooks_only) | cbb_kind(p, CBB_QUEEN, rooks_only)) & l->opp;
    CbbBitboard legal = 0;
    for (CbbBitboard c = candidates; c;) {
        int from = cbb_pop_lsb(&c);
        CbbBitboard after = l->occupied ^ cbb_bit(from) ^ ep ^ victim;
        if (!(cbb_rook_attacks(l->king, after) & opp_orth) && !(cbb_bishop_attacks(l->king, after) & opp_diag))
            legal |= cbb_bit(from);
    }
    return legal;
}

/* The king's steps to squares the enemy does not attack, and in
 * `castles` the rooks it may take to castle.  The attack map is built
 * only when the king has a step or a castling left to test. */
CBB_INLINE CbbBitboard cbb_king_targets(const CbbPosition *p, const CbbCastling *castling, int us, const CbbLegal *l,
                                        CbbBitboard *castles, const bool rooks_only)
{
    CbbBitboard steps = cbb_king_attacks[l->king] & ~l->own;
    int candidates = cbb_castle_candidates(p, castling, us, l);
    *castles = 0;
    if (!steps && !candidates)
        return 0;
    if (!candidates && cbb_popcount(steps) <= 2) {
        /* Each step tested alone: cheaper than the map for one or two
         * (results/experiments/2026-12-03-chess-bitboard-speed/callgrind-chess-bitboard.sh, DESIGN.md). */
        CbbBitboard safe = 0, without_king = l->occupied ^ cbb_bit(l->king);
        for (CbbBitboard left = steps; left;) {
            int square = cbb_pop_lsb(&left);
            if (!cbb_square_attacked(p, us ^ 1, square, without_king, rooks_only))
                safe |= cbb_bit(square);
        }
        return safe;
    }
    /* Only the enemy sliders that can see a step or a path on an empty
     * board are looked up; not worth a test in a rook ending, with a rook
     * or two (CPW position 3: 3% more CPU time with it, step U of
     * results/experiments/2026-12-03-chess-bitboard-speed/chess-bitboard-steps-2026-12-03-evening.md). */
    CbbBitboard reach_rook = ~(CbbBitboard)0, reach_bishop = ~(CbbBitboard)0;
    if (!rooks_only) {
        reach_rook = cbb_king_reach_rook[l->king];
        reach_bishop = cbb_king_reach_bishop[l->king];
    }
    if (candidates) {
        reach_rook |= castling->path_reach_rook[us][candidates];
        reach_bishop |= castling->path_reach_bishop[us][candidates];
    }
    CbbBitboard danger =
        cbb_attacked_by(p, us ^ 1, l->occupied ^ cbb_bit(l->king), reach_rook, reach_bishop, rooks_only);
    if (candidates)
        *castles = cbb_castle_targets(p, castling, us, l, candidates, danger);
    return steps & ~danger;
}

/* Where the walk puts what it finds: a sink, and a visit, the function
 * called with each legal move.  With no visit (NULL) the walk only counts,
 * adding up the sizes of the target sets (the last ply of a bulk-counting
 * perft); otherwise each move goes to the visit with its piece, special
 * and capture as constants: cbb_visit_list writes it to a list, perft's
 * visits (bitboard_perft.c) make it at once and search the child, with no
 * list in between.  The walk is forced inline and takes the visit as a
 * constant, so each use compiles to its own code, the visit inlined. */
typedef struct CbbSink {
    CbbMove *out;                /* cbb_visit_list's next free entry */
    CbbPosition *children;       /* perft's list of children (bitboard_perft.c) */
    bool promoted_non_rook;      /* perft's: a child of the list promoted to a knight, bishop or queen */
    uint64_t nodes;              /* the count, or perft's sum */
    const CbbCastling *castling; /* perft's: for the children's make */
    int depth;                   /* perft's: plies left below each child */
} CbbSink;

typedef void (*CbbVisit)(CbbSink *s, const CbbPosition *p, int us, int from, int to, int piece, int special,
                         bool capture);

CBB_INLINE void cbb_visit_list(CbbSink *s, const CbbPosition *p, int us, int from, int to, int piece, int special,
                               bool capture)
{
    (void)p, (void)us, (void)capture;
    *s->out++ = (CbbMove){(uint8_t)from, (uint8_t)to, (uint8_t)piece, (uint8_t)special};
}

/* A piece on `from` moving to each of `targets`: quiet moves, then
 * captures (`opp`, the enemy's pieces). */
CBB_INLINE void cbb_sink_moves(CbbSink *s, const CbbVisit visit, const CbbPosition *p, const int us, int from,
                               CbbBitboard targets, CbbBitboard opp, const int piece)
{
    if (!visit) {
        s->nodes += (uint64_t)cbb_popcount(targets);
        return;
    }
    for (CbbBitboard quiet = targets & ~opp; quiet;)
        visit(s, p, us, from, cbb_pop_lsb(&quiet), piece, CBB_MOVE_PLAIN, false);
    for (CbbBitboard captures = targets & opp; captures;)
        visit(s, p, us, from, cbb_pop_lsb(&captures), piece, CBB_MOVE_PLAIN, true);
}

/* Pawn moves onto `targets`, each from `delta` squares back; a promotion
 * on the last rank is four moves. */
CBB_INLINE void cbb_sink_pawns(CbbSink *s, const CbbVisit visit, const CbbPosition *p, const int us,
                               CbbBitboard targets, const int delta, const int special, const bool capture,
                               CbbBitboard last_rank)
{
    if (!visit) {
        s->nodes += (uint64_t)cbb_popcount(targets);
        if (targets & last_rank) /* rare: test before counting */
            s->nodes += 3 * (uint64_t)cbb_popcount(targets & last_rank);
        return;
    }
    for (CbbBitboard plain = targets & ~last_rank; plain;) {
        int to = cbb_pop_lsb(&plain);
        visit(s, p, us, to - delta, to, CBB_PAWN, special, capture);
    }
    for (CbbBitboard promote = targets & last_rank; promote;) {
        int to = cbb_pop_lsb(&promote);
        visit(s, p, us, to - delta, to, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_QUEEN, capture);
        visit(s, p, us, to - delta, to, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_ROOK, capture);
        visit(s, p, us, to - delta, to, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_BISHOP, capture);
        visit(s, p, us, to - delta, to, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_KNIGHT, capture);
    }
}

/* The one piece walk: every legal move of `us`, into the sink. */
CBB_INLINE void cbb_walk_side(const CbbPosition *p, const CbbCastling *castling, const int us, CbbSink *s,
                              const CbbVisit visit, const bool rooks_only)
{
    CbbLegal l;
    cbb_legal_setup(p, us, &l, rooks_only);
    CbbBitboard castles;
    cbb_sink_moves(s, visit, p, us, l.king, cbb_king_targets(p, castling, us, &l, &castles, rooks_only), l.opp,
                   CBB_KING);
    if (castles) { /* the king takes its own rook: no capture */
        if (!visit)
            s->nodes += (uint64_t)cbb_popcount(castles);
        else
            while (castles)
                visit(s, p, us, l.king, cbb_pop_lsb(&castles), CBB_KING, CBB_MOVE_CASTLE, false);
    }
    if (cbb_more_than_one(l.checkers))
        return;

    CbbBitboard pinned = l.pin_orth | l.pin_diag;
    for (CbbBitboard knights = cbb_kind(p, CBB_KNIGHT, rooks_only) & l.own & ~pinned; knights;) {
        int from = cbb_pop_lsb(&knights);
        cbb_sink_moves(s, visit, p, us, from, cbb_knight_attacks[from] & l.target, l.opp, CBB_KNIGHT);
    }
    /* Free sliders first, then the (rare) pinned ones along their rays. */
    CbbBitboard queens = cbb_kind(p, CBB_QUEEN, rooks_only) & l.own;
    for (CbbBitboard free = cbb_kind(p, CBB_BISHOP, rooks_only) & l.own & ~pinned; free;) {
        int from = cbb_pop_lsb(&free);
        cbb_sink_moves(s, visit, p, us, from, cbb_bishop_attacks(from, l.occupied) & l.target, l.opp, CBB_BISHOP);
    }
    for (CbbBitboard free = p->kind[CBB_ROOK] & l.own & ~pinned; free;) {
        int from = cbb_pop_lsb(&free);
        cbb_sink_moves(s, visit, p, us, from, cbb_rook_attacks(from, l.occupied) & l.target, l.opp, CBB_ROOK);
    }
    for (CbbBitboard free = queens & ~pinned; free;) {
        int from = cbb_pop_lsb(&free);
        CbbBitboard targets = (cbb_bishop_attacks(from, l.occupied) | cbb_rook_attacks(from, l.occupied)) & l.target;
        cbb_sink_moves(s, visit, p, us, from, targets, l.opp, CBB_QUEEN);
    }
    if (pinned) {
        /* A pinned slider moves only along its ray, and only if the ray is
         * of its own kind of line; a pinned queen is found by one of these. */
        CbbBitboard diag = (cbb_kind(p, CBB_BISHOP, rooks_only) | queens) & l.own,
                    orth = (p->kind[CBB_ROOK] | queens) & l.own;
        for (CbbBitboard on_ray = diag & l.pin_diag; on_ray;) {
            int from = cbb_pop_lsb(&on_ray);
            CbbBitboard targets = cbb_bishop_attacks(from, l.occupied) & l.target & l.pin_diag;
            if (queens & cbb_bit(from))
                cbb_sink_moves(s, visit, p, us, from, targets, l.opp, CBB_QUEEN);
            else
                cbb_sink_moves(s, visit, p, us, from, targets, l.opp, CBB_BISHOP);
        }
        for (CbbBitboard on_ray = orth & l.pin_orth; on_ray;) {
            int from = cbb_pop_lsb(&on_ray);
            CbbBitboard targets = cbb_rook_attacks(from, l.occupied) & l.target & l.pin_orth;
            if (queens & cbb_bit(from))
                cbb_sink_moves(s, visit, p, us, from, targets, l.opp, CBB_QUEEN);
            else
                cbb_sink_moves(s, visit, p, us, from, targets, l.opp, CBB_ROOK);
        }
    }

    CbbPawnTargets t = cbb_pawn_targets(p, us, &l);
    CbbBitboard last_rank = us == CBB_WHITE ? CBB_RANK_8 : CBB_RANK_1;
    cbb_sink_pawns(s, visit, p, us, t.single, cbb_forward_delta(us), CBB_MOVE_PLAIN, false, last_rank);
    cbb_sink_pawns(s, visit, p, us, t.twice, 2 * cbb_forward_delta(us), CBB_MOVE_DOUBLE_STEP, false, 0);
    cbb_sink_pawns(s, visit, p, us, t.west, cbb_forward_west_delta(us), CBB_MOVE_PLAIN, true, last_rank);
    cbb_sink_pawns(s, visit, p, us, t.east, cbb_forward_east_delta(us), CBB_MOVE_PLAIN, true, last_rank);
    /* En passant: a set of capturers, all onto the one square. */
    CbbBitboard ep = cbb_en_passant_capturers(p, us, &l, rooks_only);
    if (!visit)
        s->nodes += (uint64_t)cbb_popcount(ep);
    else
        while (ep)
            visit(s, p, us, cbb_pop_lsb(&ep), p->ep_square, CBB_PAWN, CBB_MOVE_EN_PASSANT, false);
}

/* The two specialisations of the walk the backend's calls use, per side. */
CBB_INLINE int cbb_generate_side(const CbbPosition *p, const CbbCastling *castling, const int us, CbbMove *moves)
{
    CbbSink s = {.out = moves};
    cbb_walk_side(p, castling, us, &s, cbb_visit_list, false);
    return (int)(s.out - moves);
}

CBB_INLINE uint64_t cbb_count_side(const CbbPosition *p, const CbbCastling *castling, const int us,
                                   const bool rooks_only)
{
    CbbSink s = {.nodes = 0};
    cbb_walk_side(p, castling, us, &s, NULL, rooks_only);
    return s.nodes;
}

/* The legal moves of the side to move; returns how many. */
static inline int cbb_generate_moves(const CbbPosition *p, const CbbCastling *castling, CbbMove *moves)
{
    return p->side == CBB_WHITE ? cbb_generate_side(p, castling, CBB_WHITE, moves)
                                : cbb_generate_side(p, castling, CBB_BLACK, moves);
}

/* How many legal moves the side to move has, without listing them. */
static inline uint64_t cbb_count_moves(const CbbPosition *p, const CbbCastling *castling)
{
    return p->side == CBB_WHITE ? cbb_count_side(p, castling, CBB_WHITE, false)
                                : cbb_count_side(p, castling, CBB_BLACK, false);
}

#endif
