/* The padded Quaternity backend's perft statistics (perft_stats.h,
 * gen/quaternity/RULES.md#perft-statistics): a recursion of its own, apart
 * from qpd_perft_moves so that the plain count stays as fast as it was.
 * Every move of the last ply is made; the leaf is then classified from the
 * men outward (where the generator works from the kings): each of the
 * mover's men, from the piece lists, is asked whether it attacks a king of
 * another live controller, by the square-difference tables of
 * padded_layout.h (can this man reach that difference?) and, for a slider,
 * a walk along the empty squares between.  Whether the controller now on
 * turn is in check is the same question asked of every enemy man. */
#include "../quaternity_stats.h"
#include "backend.h"
#include "padded_movegen.h"
#include "padded_perft.h"

extern const Backend quaternity_padded_backend; /* for backend_fail */

/* Whether the man on `from`, threatening `classes` (relation bits), attacks
 * `target`: the difference must be one of its attacks, and a slide's
 * squares in between empty. */
static bool man_attacks(const uint8_t *board, unsigned classes, int from, int target)
{
    unsigned reach = qpd_delta_attack(from, target) & classes;
    if (!reach)
        return false;
    if (!(reach & (QPD_ATTACK_SLIDE_ORTHOGONAL | QPD_ATTACK_SLIDE_DIAGONAL)))
        return true; /* a neighbour or a knight's jump */
    int step = qpd_delta_step(from, target);
    int sq = from + step;
    while (sq != target && board[sq] == EMPTY)
        sq += step;
    return sq == target;
}

/* The squares of the kings of armies controlled by `owner` (at most one
 * per army); returns how many. */
static int kings_of(const QpdState *s, int owner, int squares[4])
{
    int n = 0;
    for (int a = 0; a < 4; a++)
        if (s->controller[a] == owner && s->count[a][QPD_LIST_KING])
            squares[n++] = s->list[a][QPD_LIST_KING][0];
    return n;
}

/* Whether the man on `from` attacks one of `kings`, kings of controller c
 * (relation[c] says what the man threatens against c: nothing if it is
 * c's own or frozen). */
static bool attacks_any(const QpdState *s, int from, int c, const int *kings, int king_count)
{
    unsigned classes = s->relation[c][s->board[from]] & QPD_RELATION_THREAT;
    for (int k = 0; k < king_count; k++)
        if (classes && man_attacks(s->board, classes, from, kings[k]))
            return true;
    return false;
}

/* Whether a live enemy man attacks a king of the controller on turn. */
static bool in_check(const QpdState *s)
{
    int kings[4];
    int king_count = kings_of(s, s->turn, kings);
    for (int a = 0; a < 4; a++)
        for (int l = 0; l < QPD_LISTS; l++)
            for (int i = 0; i < s->count[a][l]; i++)
                if (attacks_any(s, s->list[a][l][i], s->turn, kings, king_count))
                    return true;
    return false;
}

/* Classifies the leaf just reached by `m` of controller `mover`; `u` is
 * the move's undo record (what it captured and moved). */
static void count_leaf(QpdState *s, QpdMove m, const QpdUndo *u, int mover, PerftStats *out)
{
    QuaternityLeaf leaf = {
        .capture = u->captured != EMPTY,
        .promotion = PIECE_KIND(u->moved) == PAWN && PIECE_KIND(m.piece) != PAWN,
    };
    /* The kings that can be checked: of the other controllers not frozen. */
    int kings[4][4], king_count[4];
    for (int c = 0; c < 4; c++)
        king_count[c] = c == mover || (s->frozen >> c & 1) ? 0 : kings_of(s, c, kings[c]);
    unsigned checked = 0; /* controllers with a king attacked */
    for (int a = 0; a < 4; a++)
        if (s->controller[a] == mover)
            for (int l = 0; l < QPD_LISTS; l++)
                for (int i = 0; i < s->count[a][l]; i++) {
                    int from = s->list[a][l][i];
                    bool hits = false; /* this man attacks some king: one checker */
                    for (int c = 0; c < 4; c++)
                        if (attacks_any(s, from, c, kings[c], king_count[c])) {
                            checked |= 1u << c;
                            hits = true;
                        }
                    leaf.checkers += hits;
                    leaf.direct |= hits && from == m.to;
                }
    leaf.checked_controllers = __builtin_popcount(checked);
    leaf.has_moves = qpd_count(s) > 0;
    leaf.in_check = !leaf.has_moves && in_check(s);
    quaternity_stats_leaf(out, &leaf);
}

static void stats_node(QpdState *s, int depth, QpdMove *moves, PerftStats *out)
{
    int n = qpd_generate(s, moves);
    int mover = s->turn;
    for (int i = 0; i < n; i++) {
        QpdUndo undo;
        qpd_make(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(qpd_check, s);
        if (depth == 1)
            count_leaf(s, moves[i], &undo, mover, out);
        else
            stats_node(s, depth - 1, moves + n, out);
        qpd_unmake(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(qpd_check, s);
    }
}

/* The move lists of every ply in the perft's arena (padded_perft.h). */
void qpd_perft_stats(QpdState *s, int depth, PerftStats *out)
{
    if (!qpd_perft_reserve(s, depth))
        backend_fail(&quaternity_padded_backend, "perft statistics", "out of memory for the move lists of %d plies",
                     depth);
    *out = (PerftStats){{0}};
    stats_node(s, depth, s->arena, out);
}
