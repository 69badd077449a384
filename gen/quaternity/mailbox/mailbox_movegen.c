/* Legal move generation for the Quaternity mailbox backend.
 *
 * The kings are looked at first (mailbox_safety.h): which of the mover's
 * kings are in check, by whom, and which of the mover's men are pinned.
 * Then every man of every army the mover controls walks its tables
 * (mailbox_tables.h) and keeps the targets that are legal:
 *
 * - a man that is not a king may go only to squares that answer every
 *   check (capture the checker or block its ray; nothing answers two
 *   checks on one king), and, if pinned, only along every line it is
 *   pinned on.  Nothing else can expose a king: a move only empties its
 *   from-square, and only a pinned man's from-square hides a king;
 * - a king may go only to a square no live enemy attacks once it has left
 *   its own square, that answers the checks on the mover's other kings, and
 *   that keeps it on its pin line if it shields another friendly king.
 *
 * No move lands on a friend or on any king: QmbManClass (mailbox.h) marks
 * exactly the men that may be captured. */
#include <stdbool.h>

#include "mailbox.h"
#include "mailbox_safety.h"

/* Where the generators put their moves.  With count_only (bulk counting
 * at the last ply) they are only counted, so the same code serves both;
 * the two entry points pass a constant, and once everything is inlined
 * the compiler builds one copy of the generator for each. */
typedef struct MoveList {
    QmbMove *moves;
    int count;
    bool count_only;
} MoveList;

static inline void add_move(MoveList *list, int from, int to, Piece moved, Piece placed, Piece captured)
{
    if (!list->count_only)
        list->moves[list->count] = (QmbMove){(uint8_t)from, (uint8_t)to, moved, placed, captured};
    list->count++;
}

/* A pawn's move, as four promotion moves when it lands on its edge. */
static inline void add_pawn_move(MoveList *list, int from, const QmbPawnTarget *t, Piece moved, Piece captured)
{
    if (!t->promotes) {
        add_move(list, from, t->to, moved, t->placed, captured);
        return;
    }
    int army = PIECE_ARMY(moved);
    for (int k = QUEEN; k >= KNIGHT; k--)
        add_move(list, from, t->to, moved, PIECE_MAKE(army, k, PAWN_NONE), captured);
}

/* The squares a man that is not a king may go to, or NULL for anywhere:
 * the answers to every check, narrowed to every line it is pinned on. */
static const QmbSquareSet *allowed_targets(const QmbKingSafety *ks, int from, QmbSquareSet *scratch)
{
    const QmbSquareSet *allowed = NULL;
    if (ks->checked_count) {
        *scratch = ks->all_answers;
        allowed = scratch;
    }
    if (ks->pin_count && qmb_set_has(&ks->pinned, from))
        for (int i = 0; i < ks->pin_count; i++)
            if (ks->pin_square[i] == from) {
                if (allowed)
                    qmb_set_intersect(scratch, &ks->pin_line[i]);
                else
                    *scratch = ks->pin_line[i];
                allowed = scratch;
            }
    return allowed;
}

static inline bool may_go(const QmbSquareSet *allowed, int to)
{
    return !allowed || qmb_set_has(allowed, to);
}

static inline void pawn_moves(const QmbState *m, const QmbManClass *cls, int from, Piece pawn,
                              const QmbSquareSet *allowed, MoveList *list)
{
    const QmbPawnMoves *pm = &qmb_tables.pawn[PIECE_ARMY(pawn)][PIECE_PAWN_STATE(pawn)][from];
    for (int i = 0; i < pm->step_count; i++) {
        const QmbPawnTarget *t = &pm->steps[i];
        if (m->board[t->to] == EMPTY && may_go(allowed, t->to))
            add_pawn_move(list, from, t, pawn, EMPTY);
    }
    for (int i = 0; i < pm->capture_count; i++) {
        const QmbPawnTarget *t = &pm->captures[i];
        Piece victim = m->board[t->to];
        if ((cls[victim] & QMB_MAN_CAPTURABLE) && may_go(allowed, t->to))
            add_pawn_move(list, from, t, pawn, victim);
    }
}

static inline void knight_moves(const QmbState *m, const QmbManClass *cls, int from, Piece knight,
                                const QmbSquareSet *allowed, MoveList *list)
{
    for (const uint8_t *t = qmb_tables.knight[from]; *t != QMB_NO_SQUARE; t++) {
        Piece victim = m->board[*t];
        if ((victim == EMPTY || (cls[victim] & QMB_MAN_CAPTURABLE)) && may_go(allowed, *t))
            add_move(list, from, *t, knight, knight, victim);
    }
}

/* Rooks use directions [0, 4), bishops [4, 8), queens [0, 8). */
static inline void slider_moves(const QmbState *m, const QmbManClass *cls, int from, Piece slider, int first_direction,
                                int end_direction, const QmbSquareSet *allowed, MoveList *list)
{
    for (int d = first_direction; d < end_direction; d++)
        for (const uint8_t *t = qmb_tables.ray[from][d]; *t != QMB_NO_SQUARE; t++) {
            Piece victim = m->board[*t];
            if (victim == EMPTY) {
                if (may_go(allowed, *t))
                    add_move(list, from, *t, slider, slider, EMPTY);
                continue;
            }
            if ((cls[victim] & QMB_MAN_CAPTURABLE) && may_go(allowed, *t))
                add_move(list, from, *t, slider, slider, victim);
            break;
        }
}

/* The moves of the mover's king number `index` (see the file comment). */
static inline void king_moves(QmbState *m, const QmbManClass *cls, const QmbKingSafety *ks, int index, MoveList *list)
{
    int from = ks->king_square[index];
    Piece king = m->board[from];
    /* The squares it must stay within: the answers to the other kings'
     * checks and its own pin lines. */
    QmbSquareSet scratch;
    const QmbSquareSet *allowed = NULL;
    for (int i = 0; i < ks->king_count; i++)
        if (i != index && ks->in_check[i]) {
            if (allowed)
                qmb_set_intersect(&scratch, &ks->answers[i]);
            else
                scratch = ks->answers[i];
            allowed = &scratch;
        }
    for (int i = 0; i < ks->pin_count; i++)
        if (ks->pin_square[i] == from) {
            if (allowed)
                qmb_set_intersect(&scratch, &ks->pin_line[i]);
            else
                scratch = ks->pin_line[i];
            allowed = &scratch;
        }

    /* Lift the king so that sliders see through its square. */
    m->board[from] = EMPTY;
    for (const uint8_t *t = qmb_tables.king[from]; *t != QMB_NO_SQUARE; t++) {
        Piece victim = m->board[*t];
        if (victim != EMPTY && !(cls[victim] & QMB_MAN_CAPTURABLE))
            continue;
        if (may_go(allowed, *t) && !qmb_square_attacked(m, *t))
            add_move(list, from, *t, king, king, victim);
    }
    m->board[from] = king;
}

static inline __attribute__((always_inline)) int generate_moves(QmbState *m, QmbMove *moves, bool count_only)
{
    const QmbManClass *cls = m->man_class[m->turn];
    QmbKingSafety ks;
    qmb_analyse_kings(m, &ks);

    MoveList list = {moves, 0, count_only};
    for (int i = 0; i < ks.king_count; i++)
        king_moves(m, cls, &ks, i, &list);

    /* When no square answers every check (two checks on one king, or
     * checks on two kings that no one move meets), only kings may move. */
    bool only_kings = ks.checked_count && !(ks.all_answers.word[0] | ks.all_answers.word[1] | ks.all_answers.word[2]);
    if (only_kings)
        return list.count;

    unsigned armies = m->armies_of[m->turn];
    for (int army = 0; army < 4; army++) {
        if (!(armies >> army & 1))
            continue;
        for (int i = 0; i < m->men_count[army]; i++) {
            int from = m->men[army][i];
            Piece man = m->board[from];
            QmbSquareSet scratch;
            const QmbSquareSet *allowed = allowed_targets(&ks, from, &scratch);
            switch (PIECE_KIND(man)) {
            case PAWN: pawn_moves(m, cls, from, man, allowed, &list); break;
            case KNIGHT: knight_moves(m, cls, from, man, allowed, &list); break;
            case BISHOP: slider_moves(m, cls, from, man, QMB_FIRST_DIAGONAL, QMB_DIR_COUNT, allowed, &list); break;
            case ROOK: slider_moves(m, cls, from, man, 0, QMB_FIRST_DIAGONAL, allowed, &list); break;
            case QUEEN: slider_moves(m, cls, from, man, 0, QMB_DIR_COUNT, allowed, &list); break;
            default: break; /* kings moved above */
            }
        }
    }
    return list.count;
}

int qmb_generate(QmbState *m, QmbMove *moves)
{
    return generate_moves(m, moves, false);
}

int qmb_count(QmbState *m)
{
    return generate_moves(m, NULL, true);
}
