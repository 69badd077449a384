/* The Quaternity bitboard backend's perft statistics (perft_stats.h,
 * gen/quaternity/RULES.md#perft-statistics): a recursion of its own, apart
 * from qbb_perft so that the plain count stays as fast as it was.  Every
 * move of the last ply is made; the leaf is then classified with sets: the
 * mover's men that attack a king are the king's knight, king and pawn
 * squares and, per line through it, the slider reach from the king
 * (bitboard_attacks.h) met with the mover's sliders, all ANDed with the
 * mover's set; the union over the checked-for kings is the set of checkers.
 * Whether the controller now on turn has a legal move is qbb_count;
 * whether it is in check, qbb_attacked on its kings. */
#include "../quaternity_stats.h"
#include "backend.h"
#include "bitboard_attacks.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"

/* The men of `men` that attack `sq`. */
static QbbSet attackers_of(const QbbState *s, QbbSet men, int sq)
{
    QbbSet found = qbb_near_attackers(s, men, sq);
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[sq][o];
        unsigned sliders = qbb_gather_on(qbb_and(qbb_sliders_for(s, o), men), o, at.line);
        unsigned seen = sliders ? qbb_reach12(qbb_gather_on(s->occupied, o, at.line), at.pos) & sliders : 0;
        if (seen)
            found = qbb_or(found, qbb_line_deposit(at.line, seen));
    }
    return found;
}

/* Classifies the leaf just reached by `m` of controller `mover`, which
 * captured `captured`. */
static void count_leaf(const QbbState *s, QbbMove m, Piece captured, int mover, PerftStats *out)
{
    QuaternityLeaf leaf = {
        .capture = captured != EMPTY,
        .promotion = PIECE_KIND(qbb_moved(m)) == PAWN && PIECE_KIND(qbb_placed(m)) != PAWN,
    };
    QbbSet men = s->by_controller[mover], checkers = qbb_empty();
    unsigned checked = 0; /* controllers with a king attacked */
    for (int c = 0; c < 4; c++) {
        if (c == mover || (s->frozen >> c & 1))
            continue;
        int ksq;
        for (QbbIter it = qbb_iter(qbb_and(s->sets[QBB_SET_KINGS], s->by_controller[c])); qbb_next(&it, &ksq);) {
            QbbSet at = attackers_of(s, men, ksq);
            if (qbb_any(at)) {
                checked |= 1u << c;
                checkers = qbb_or(checkers, at);
            }
        }
    }
    leaf.checkers = qbb_popcount(checkers);
    leaf.direct = qbb_test(checkers, qbb_to(m));
    leaf.checked_controllers = __builtin_popcount(checked);
    leaf.has_moves = qbb_count(s) > 0;
    if (!leaf.has_moves) {
        QbbSides sides;
        qbb_sides(s, s->turn, &sides);
        int ksq;
        QbbSet kings = qbb_and(s->sets[QBB_SET_KINGS], s->by_controller[s->turn]);
        for (QbbIter it = qbb_iter(kings); qbb_next(&it, &ksq);)
            leaf.in_check |= qbb_attacked(s, &sides, ksq, ksq);
    }
    quaternity_stats_leaf(out, &leaf);
}

static void stats_node(QbbState *s, int depth, PerftStats *out)
{
    QbbMove moves[QBB_MAX_MOVES];
    int n = qbb_generate(s, moves);
    int turn = s->turn;
    for (int i = 0; i < n; i++) {
        QbbSaved saved;
        qbb_make_saving(s, moves[i], &saved);
        BACKEND_DEBUG_CHECK(qbb_check, s);
        if (depth == 1)
            count_leaf(s, moves[i], saved.captured, turn, out);
        else
            stats_node(s, depth - 1, out);
        qbb_unmake_restoring(s, moves[i], &saved, turn);
        BACKEND_DEBUG_CHECK(qbb_check, s);
    }
}

void qbb_perft_stats(QbbState *s, int depth, PerftStats *out)
{
    *out = (PerftStats){{0}};
    stats_node(s, depth, out);
}
