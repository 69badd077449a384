/* Finding checks and pins from the mover's kings outward: see
 * mailbox_safety.h for the idea. */
#include "mailbox_safety.h"

/* The men that attack along a ray when they are the first man met, at
 * distance one (`near`) or further (`far`).  At distance one a king and a
 * pawn capturing back along the ray attack too. */
static QmbManClass ray_attackers(QmbDirection d, bool near)
{
    QmbManClass slider = d < QMB_FIRST_DIAGONAL ? QMB_MAN_ATTACKS_ORTHOGONAL : QMB_MAN_ATTACKS_DIAGONAL;
    if (!near)
        return slider;
    QmbManClass pawn = d < QMB_FIRST_DIAGONAL ? 0 : (QmbManClass)QMB_MAN_PAWN_ATTACKS(qmb_direction_opposite(d));
    return slider | QMB_MAN_ATTACKS_KING | pawn;
}

bool qmb_square_attacked(const QmbState *m, int square)
{
    const QmbManClass *cls = m->man_class[m->turn];
    for (int d = 0; d < QMB_DIR_COUNT; d++) {
        const uint8_t *ray = qmb_tables.ray[square][d];
        for (const uint8_t *r = ray; *r != QMB_NO_SQUARE; r++) {
            Piece p = m->board[*r];
            if (p == EMPTY)
                continue;
            if (cls[p] & ray_attackers((QmbDirection)d, r == ray))
                return true;
            break;
        }
    }
    for (const uint8_t *t = qmb_tables.knight[square]; *t != QMB_NO_SQUARE; t++)
        if (cls[m->board[*t]] & QMB_MAN_ATTACKS_KNIGHT)
            return true;
    return false;
}

/* Adds to `s` the squares along `ray` up to and including `last`. */
static void add_ray_squares(QmbSquareSet *s, const uint8_t *ray, int last)
{
    for (const uint8_t *r = ray;; r++) {
        qmb_set_add(s, *r);
        if (*r == last)
            return;
    }
}

static void analyse_king(const QmbState *m, const QmbManClass *cls, int king, QmbKingSafety *ks)
{
    int index = ks->king_count++;
    int checkers = 0;
    QmbSquareSet answers = {{0, 0, 0}};
    for (int d = 0; d < QMB_DIR_COUNT; d++) {
        const uint8_t *ray = qmb_tables.ray[king][d];
        const uint8_t *r = ray;
        while (*r != QMB_NO_SQUARE && m->board[*r] == EMPTY)
            r++;
        if (*r == QMB_NO_SQUARE)
            continue;
        QmbManClass first = cls[m->board[*r]];
        if (first & ray_attackers((QmbDirection)d, r == ray)) {
            checkers++;
            add_ray_squares(&answers, ray, *r);
            continue;
        }
        if (!(first & QMB_MAN_FRIEND))
            continue;
        /* A friend: pinned if the next man on the ray is an enemy slider. */
        const uint8_t *behind = r + 1;
        while (*behind != QMB_NO_SQUARE && m->board[*behind] == EMPTY)
            behind++;
        if (*behind != QMB_NO_SQUARE && (cls[m->board[*behind]] & ray_attackers((QmbDirection)d, false))) {
            int pin = ks->pin_count++;
            ks->pin_square[pin] = *r;
            ks->pin_line[pin] = (QmbSquareSet){{0, 0, 0}};
            add_ray_squares(&ks->pin_line[pin], ray, *behind);
            qmb_set_add(&ks->pinned, *r);
        }
    }
    for (const uint8_t *t = qmb_tables.knight[king]; *t != QMB_NO_SQUARE; t++)
        if (cls[m->board[*t]] & QMB_MAN_ATTACKS_KNIGHT) {
            checkers++;
            qmb_set_add(&answers, *t);
        }

    ks->king_square[index] = (uint8_t)king;
    ks->in_check[index] = checkers > 0;
    ks->answers[index] = checkers > 1 ? (QmbSquareSet){{0, 0, 0}} : answers;
    if (checkers) {
        if (ks->checked_count++ == 0)
            ks->all_answers = ks->answers[index];
        else
            qmb_set_intersect(&ks->all_answers, &ks->answers[index]);
    }
}

void qmb_analyse_kings(const QmbState *m, QmbKingSafety *ks)
{
    const QmbManClass *cls = m->man_class[m->turn];
    /* Only the counts and the pinned set need clearing: the rest is
     * written before it is read. */
    ks->king_count = 0;
    ks->checked_count = 0;
    ks->pin_count = 0;
    ks->pinned = (QmbSquareSet){{0, 0, 0}};
    unsigned armies = m->armies_of[m->turn];
    for (int army = 0; army < 4; army++)
        if ((armies >> army & 1) && m->king_square[army] != QMB_NO_SQUARE)
            analyse_king(m, cls, m->king_square[army], ks);
}
