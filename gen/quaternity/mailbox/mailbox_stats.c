/* The Quaternity mailbox backend's perft statistics (perft_stats.h,
 * gen/quaternity/RULES.md#perft-statistics): a recursion of its own, apart
 * from qmb_perft so that the plain count stays as fast as it was.  Every
 * move of the last ply is made; the leaf is then classified from the
 * board.  Checks are found from each checked-for king outward, as the
 * generator finds threats (mailbox_safety.h): along its eight rays the
 * first man met, and its knight squares, keeping the mover's men that
 * attack it.  Whether the controller now on turn has a legal move is
 * qmb_count; whether it is in check, qmb_square_attacked on its kings. */
#include "../quaternity_stats.h"
#include "mailbox_make.h"
#include "mailbox_safety.h"

/* Whether `man`, first met from a king along direction d, `distance`
 * squares away, attacks the king. */
static bool attacks_along(Piece man, int d, int distance)
{
    switch (PIECE_KIND(man)) {
    case QUEEN: return true;
    case ROOK: return d < QMB_FIRST_DIAGONAL;
    case BISHOP: return d >= QMB_FIRST_DIAGONAL;
    case KING: return distance == 1;
    case PAWN: /* a pawn one step away that captures back toward the king (d ^ 1) */
        return distance == 1 &&
               (qmb_tables.pawn_attack_directions[PIECE_ARMY(man)][PIECE_PAWN_STATE(man)] >> (d ^ 1) & 1);
    default: return false;
    }
}

/* Adds the mover's men that attack the king on `king` to `attackers`;
 * true when there is one. */
static bool add_attackers(const QmbState *m, unsigned movers_armies, int king, QmbSquareSet *attackers)
{
    bool any = false;
    for (int d = 0; d < QMB_DIR_COUNT; d++) {
        int distance = 1;
        for (const uint8_t *t = qmb_tables.ray[king][d]; *t != QMB_NO_SQUARE; t++, distance++) {
            Piece man = m->board[*t];
            if (man == EMPTY)
                continue;
            if ((movers_armies >> PIECE_ARMY(man) & 1) && attacks_along(man, d, distance)) {
                qmb_set_add(attackers, *t);
                any = true;
            }
            break;
        }
    }
    for (const uint8_t *t = qmb_tables.knight[king]; *t != QMB_NO_SQUARE; t++) {
        Piece man = m->board[*t];
        if (man != EMPTY && PIECE_KIND(man) == KNIGHT && (movers_armies >> PIECE_ARMY(man) & 1)) {
            qmb_set_add(attackers, *t);
            any = true;
        }
    }
    return any;
}

static int set_size(const QmbSquareSet *s)
{
    return __builtin_popcountll(s->word[0]) + __builtin_popcountll(s->word[1]) + __builtin_popcountll(s->word[2]);
}

/* Classifies the leaf just reached by `move` of controller `mover`. */
static void count_leaf(QmbState *m, const QmbMove *move, int mover, PerftStats *out)
{
    QuaternityLeaf leaf = {
        .capture = move->captured != EMPTY,
        .promotion = PIECE_KIND(move->moved) == PAWN && PIECE_KIND(move->placed) != PAWN,
    };
    QmbSquareSet attackers = {{0}};
    unsigned checked = 0; /* controllers with a king attacked */
    for (int army = 0; army < 4; army++) {
        int owner = m->controller[army];
        int king = m->king_square[army];
        if (king == QMB_NO_SQUARE || owner == mover || (m->frozen >> owner & 1))
            continue;
        if (add_attackers(m, m->armies_of[mover], king, &attackers))
            checked |= 1u << owner;
    }
    leaf.checkers = set_size(&attackers);
    leaf.direct = qmb_set_has(&attackers, move->to);
    leaf.checked_controllers = __builtin_popcount(checked);
    leaf.has_moves = qmb_count(m) > 0;
    for (int army = 0; !leaf.has_moves && army < 4; army++)
        if (m->controller[army] == m->turn && m->king_square[army] != QMB_NO_SQUARE)
            leaf.in_check |= qmb_square_attacked(m, m->king_square[army]);
    quaternity_stats_leaf(out, &leaf);
}

static void stats_node(QmbState *m, int depth, PerftStats *out)
{
    QmbMove moves[QMB_MAX_MOVES];
    int count = qmb_generate(m, moves);
    int mover = m->turn;
    for (int i = 0; i < count; i++) {
        QmbUndo undo = qmb_make_move(m, &moves[i]);
        BACKEND_DEBUG_CHECK(qmb_check, m);
        if (depth == 1)
            count_leaf(m, &moves[i], mover, out);
        else
            stats_node(m, depth - 1, out);
        qmb_unmake_move(m, &moves[i], undo);
        BACKEND_DEBUG_CHECK(qmb_check, m);
    }
}

void qmb_perft_stats(QmbState *m, int depth, PerftStats *out)
{
    *out = (PerftStats){{0}};
    stats_node(m, depth, out);
}
