/* Bulk counting: the number of legal moves, straight from the sets.
 *
 * The common node at the last ply of a perft is one king, not in check,
 * no pinned pawn and no pawn next to its promotion edge.  There the count
 * needs no move, no Frame and no KingSafety record: it is popcounts of
 * target sets, with every piece of legality work skipped when the sets
 * show it cannot matter.  Any other node goes to the general generator
 * (qbb_count_general, bitboard_movegen.c), which handles everything.  The
 * random differential run checks the count against the list at every node
 * (gen/perft/random_games.c), the suites check bulk perft counts.
 *
 * - Near danger: enemy knights, pawns and kings matter only within a 7 x 7
 *   box round the king; one test of that box usually skips the whole part.
 * - King lines: an enemy slider seen directly is a check (general path);
 *   a friend first with an enemy slider right behind it is pinned.
 * - Pawns of the one army the mover has: all its pawns that step in
 *   direction d1 (committed to d1 or uncommitted) shift together, as do
 *   those of d2; the captures are three shifts (d1 + d2 of both sets, d1 -
 *   d2 of the first, d2 - d1 of the second), since a pawn's sideways capture
 *   steps are exactly its forward step plus or minus the other direction's.
 *   The sets are disjoint, so five popcounts count every pawn move.
 * - Sliders: the popcount of each line's reach minus the mover's blocked
 *   field (bitboard_attacks.h).
 * - The king: a target on its own line, when empty, is safe from sliders
 *   along that line (a slider there would be giving check), so that line is
 *   tested only for captures (king_target_attacked). */
#include "bitboard_attacks.h"
#include "bitboard_movegen.h"
#include "bitboard_pawn_steps.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Word w of `a` shifted by `step` (a board step, constant once inlined):
 * only the neighbouring word spills into it. */
ALWAYS_INLINE uint64_t shifted_word(QbbSet a, int w, int step)
{
    /* A sideways step moves nothing across words: what crosses comes from
     * or lands in a padding bit (bb144.h), and the result is ANDed with
     * squares of the board. */
    if (step == 1 || step == -1)
        return step > 0 ? a.w[w] << 1 : a.w[w] >> 1;
    if (step > 0)
        return (a.w[w] << step) | (w > 0 ? a.w[w - 1] >> (64 - step) : 0);
    return (a.w[w] >> -step) | (w < 2 ? a.w[w + 1] << (64 + step) : 0);
}

/* The pawn moves of the army with forward directions d1, d2 among
 * `movers`, or -1 when a pawn stands before an edge, so may promote (then
 * the general path counts).
 * An army's pawns are committed to its own directions only (qfen.c
 * refuses others, and moves keep it so). */
ALWAYS_INLINE int count_army_pawns(const QbbState *s, int army, int d1, int d2, QbbSet movers, QbbSet quiet,
                                   QbbSet captures)
{
    QbbSet uncommitted = s->sets[QBB_SET_UNCOMMITTED + army];
    QbbSet along1 = qbb_and(qbb_or(s->sets[QBB_SET_PAWNS + d1], uncommitted), movers);
    QbbSet along2 = qbb_and(qbb_or(s->sets[QBB_SET_PAWNS + d2], uncommitted), movers);
    QbbSet both = qbb_or(along1, along2);
    /* Any pawn before either edge: a few that could not promote go too. */
    if (qbb_any(qbb_and(both, qbb_or(qbb_before_edge(d1), qbb_before_edge(d2)))))
        return -1;
    int s1 = qbb_pawn_step(d1), s2 = qbb_pawn_step(d2), n = 0;
    /* Word by word, so that few words are live at once. */
    for (int w = 0; w < 3; w++)
        n += __builtin_popcountll(shifted_word(along1, w, s1) & quiet.w[w]) +
             __builtin_popcountll(shifted_word(along2, w, s2) & quiet.w[w]) +
             __builtin_popcountll(shifted_word(both, w, s1 + s2) & captures.w[w]) +
             __builtin_popcountll(shifted_word(along1, w, s1 - s2) & captures.w[w]) +
             __builtin_popcountll(shifted_word(along2, w, s2 - s1) & captures.w[w]);
    return n;
}

/* Dispatch on the army so that each copy has constant shifts. */
ALWAYS_INLINE int count_pawns(const QbbState *s, int army, QbbSet movers, QbbSet quiet, QbbSet captures)
{
    switch (army) {
    case ARMY_WHITE: return count_army_pawns(s, army, QBB_DIR_UP, QBB_DIR_RIGHT, movers, quiet, captures);
    case ARMY_RED: return count_army_pawns(s, army, QBB_DIR_DOWN, QBB_DIR_RIGHT, movers, quiet, captures);
    case ARMY_BLACK: return count_army_pawns(s, army, QBB_DIR_DOWN, QBB_DIR_LEFT, movers, quiet, captures);
    default: return count_army_pawns(s, army, QBB_DIR_UP, QBB_DIR_LEFT, movers, quiet, captures);
    }
}

/* The mover's blocked field of a line word, with the fields above it
 * left in: it is only ever ANDed (negated) with 12-bit sets, so the mask
 * of qbb_line_blocked_for would be one instruction for nothing. */
ALWAYS_INLINE unsigned blocked_high(uint64_t men, int mover)
{
    return (unsigned)(men >> (QBB_LINE_FIELD * (mover + 1)));
}

/* The squares a slider on `sq` may move to along orientation o. */
ALWAYS_INLINE int count_line(const QbbState *s, int mover, int sq, int o)
{
    QbbSquareLine at = qbb_square_lines[sq][o];
    uint64_t men = s->line_men[at.line];
    return __builtin_popcount(qbb_reach12(qbb_line_occupied(men), at.pos) & ~blocked_high(men, mover));
}

/* Whether an enemy slider attacks the king's target `to` once the king
 * has left `ksq`.  Along the line the king steps on, an empty target sees
 * what the king sees, and no slider does that (no check): only a capture
 * needs that line, with the king lifted off it. */
ALWAYS_INLINE bool king_target_attacked(const QbbState *s, int mover, int ksq, int to)
{
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[to][o], king = qbb_square_lines[ksq][o];
        uint64_t men = s->line_men[at.line];
        unsigned sliders = s->line_sliders[at.line] & ~blocked_high(men, mover);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_line_occupied(men);
        if (at.line == king.line) {
            if (!(occupancy & (1u << at.pos)))
                continue;
            occupancy &= ~(1u << king.pos);
        }
        if (qbb_reach12(occupancy, at.pos) & sliders)
            return true;
    }
    return false;
}

int qbb_count(const QbbState *s)
{
    int mover = s->turn;
    unsigned armies = s->armies_of[mover];
    QbbSet friends = s->by_controller[mover];
    QbbSet my_kings = qbb_and(s->sets[QBB_SET_KINGS], friends);
    /* One army (so one set of pawn directions) and one king. */
    if ((armies & (armies - 1)) || qbb_none(my_kings) || qbb_several(my_kings))
        return qbb_count_general(s);
    int ksq = qbb_first(my_kings);
    QbbSet enemies = qbb_active_enemies(s, mover);

    QbbSet danger = qbb_empty();
    if (qbb_any(qbb_and(enemies, qbb_box7[ksq]))) {
        danger = qbb_near_danger(s, enemies, ksq);
        if (qbb_test(danger, ksq))
            return qbb_count_general(s);
    }

    /* Checks and pins along the king's lines.  A pin is kept as its man
     * and orientation; a pinned pawn leaves for the general path. */
    QbbSet pinned = qbb_empty();
    int pinned_square[8], pinned_orientation[8], pins = 0;
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[ksq][o];
        uint64_t men = s->line_men[at.line];
        unsigned blocked = blocked_high(men, mover);
        unsigned sliders = s->line_sliders[at.line] & ~blocked;
        if (!sliders)
            continue;
        unsigned occupancy = qbb_line_occupied(men);
        unsigned reach = qbb_reach12(occupancy, at.pos);
        if (reach & sliders)
            return qbb_count_general(s);
        /* The first men seen that the mover may not land on: friends (and
         * kings or phantoms, behind which no slider pins anything). */
        unsigned first = reach & blocked;
        unsigned pinners = qbb_reach12(occupancy & ~first, at.pos) & sliders;
        for (; pinners; pinners &= pinners - 1) {
            unsigned side = (unsigned)__builtin_ctz(pinners) > at.pos ? 0xFFFu << (at.pos + 1) : (1u << at.pos) - 1;
            int sq = qbb_line_squares[at.line][__builtin_ctz(first & side)];
            if (PIECE_KIND(s->board[sq]) == PAWN)
                return qbb_count_general(s);
            qbb_toggle(&pinned, sq);
            pinned_square[pins] = sq;
            pinned_orientation[pins++] = o;
        }
    }

    QbbSet empty = qbb_andnot(qbb_board(), s->occupied);
    QbbSet capturable = qbb_andnot(qbb_andnot(s->occupied, friends), s->sets[QBB_SET_KINGS]);
    QbbSet targets = qbb_or(empty, capturable);
    QbbSet free_men = qbb_andnot(friends, pinned);

    int n = count_pawns(s, __builtin_ctz(armies), free_men, empty, capturable);
    if (n < 0)
        return qbb_count_general(s);
    int from;
    QBB_FOR_EACH(from, qbb_and(s->sets[QBB_SET_KNIGHTS], free_men))
    n += qbb_popcount(qbb_and(qbb_knight_attacks[from], targets));
    QBB_FOR_EACH(from, qbb_and(s->sets[QBB_SET_ROOK_LIKE], free_men))
    n += count_line(s, mover, from, QBB_LINE_RANK) + count_line(s, mover, from, QBB_LINE_FILE);
    QBB_FOR_EACH(from, qbb_and(s->sets[QBB_SET_BISHOP_LIKE], free_men))
    n += count_line(s, mover, from, QBB_LINE_DIAGONAL) + count_line(s, mover, from, QBB_LINE_ANTI_DIAGONAL);
    /* A pinned slider moves along its pin line, where its reach stops at
     * the king and the pinner; a pinned knight does not move. */
    for (int i = 0; i < pins; i++) {
        int sq = pinned_square[i], o = pinned_orientation[i];
        Kind kind = PIECE_KIND(s->board[sq]);
        if (kind == QUEEN || kind == (o <= QBB_LINE_FILE ? ROOK : BISHOP))
            n += count_line(s, mover, sq, o);
    }

    int to;
    QBB_FOR_EACH(to, qbb_andnot(qbb_and(qbb_king_attacks[ksq], targets), danger))
    n += !king_target_attacked(s, mover, ksq, to);
    return n;
}
