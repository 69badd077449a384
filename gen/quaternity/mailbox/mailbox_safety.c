/* Finding checks and pins from the mover's kings outward: see
 * mailbox_safety.h for the idea. */
#include "mailbox_safety.h"

/* The men that attack along a ray when they are the first man met, at
 * distance one (`near`) or further (`far`).  At distance one a king and a
 * pawn capturing back along the ray attack too. */
static ManClass ray_attackers(Direction d, bool near)
{
    ManClass slider = d < FIRST_DIAGONAL ? MAN_ATTACKS_ORTHOGONAL : MAN_ATTACKS_DIAGONAL;
    if (!near)
        return slider;
    ManClass pawn = d < FIRST_DIAGONAL ? 0 : (ManClass)MAN_PAWN_ATTACKS(direction_opposite(d));
    return slider | MAN_ATTACKS_KING | pawn;
}

bool square_attacked(const QuaternityMailbox *m, int square)
{
    const ManClass *cls = m->man_class[m->turn];
    for (int d = 0; d < DIR_COUNT; d++) {
        const uint8_t *ray = mailbox_tables.ray[square][d];
        for (const uint8_t *r = ray; *r != NO_SQUARE; r++) {
            Piece p = m->board[*r];
            if (p == EMPTY)
                continue;
            if (cls[p] & ray_attackers((Direction)d, r == ray))
                return true;
            break;
        }
    }
    for (const uint8_t *t = mailbox_tables.knight[square]; *t != NO_SQUARE; t++)
        if (cls[m->board[*t]] & MAN_ATTACKS_KNIGHT)
            return true;
    return false;
}

/* Adds to `s` the squares along `ray` up to and including `last`. */
static void add_ray_squares(SquareSet *s, const uint8_t *ray, int last)
{
    for (const uint8_t *r = ray;; r++) {
        set_add(s, *r);
        if (*r == last)
            return;
    }
}

static void analyse_king(const QuaternityMailbox *m, const ManClass *cls, int king, KingSafety *ks)
{
    int index = ks->king_count++;
    int checkers = 0;
    SquareSet answers = {{0, 0, 0}};
    for (int d = 0; d < DIR_COUNT; d++) {
        const uint8_t *ray = mailbox_tables.ray[king][d];
        const uint8_t *r = ray;
        while (*r != NO_SQUARE && m->board[*r] == EMPTY)
            r++;
        if (*r == NO_SQUARE)
            continue;
        ManClass first = cls[m->board[*r]];
        if (first & ray_attackers((Direction)d, r == ray)) {
            checkers++;
            add_ray_squares(&answers, ray, *r);
            continue;
        }
        if (!(first & MAN_FRIEND))
            continue;
        /* A friend: pinned if the next man on the ray is an enemy slider. */
        const uint8_t *behind = r + 1;
        while (*behind != NO_SQUARE && m->board[*behind] == EMPTY)
            behind++;
        if (*behind != NO_SQUARE && (cls[m->board[*behind]] & ray_attackers((Direction)d, false))) {
            int pin = ks->pin_count++;
            ks->pin_square[pin] = *r;
            ks->pin_line[pin] = (SquareSet){{0, 0, 0}};
            add_ray_squares(&ks->pin_line[pin], ray, *behind);
            set_add(&ks->pinned, *r);
        }
    }
    for (const uint8_t *t = mailbox_tables.knight[king]; *t != NO_SQUARE; t++)
        if (cls[m->board[*t]] & MAN_ATTACKS_KNIGHT) {
            checkers++;
            set_add(&answers, *t);
        }

    ks->king_square[index] = (uint8_t)king;
    ks->in_check[index] = checkers > 0;
    ks->answers[index] = checkers > 1 ? (SquareSet){{0, 0, 0}} : answers;
    if (checkers) {
        if (ks->checked_count++ == 0)
            ks->all_answers = ks->answers[index];
        else
            set_intersect(&ks->all_answers, &ks->answers[index]);
    }
}

void analyse_kings(const QuaternityMailbox *m, KingSafety *ks)
{
    const ManClass *cls = m->man_class[m->turn];
    /* Only the counts and the pinned set need clearing: the rest is
     * written before it is read. */
    ks->king_count = 0;
    ks->checked_count = 0;
    ks->pin_count = 0;
    ks->pinned = (SquareSet){{0, 0, 0}};
    unsigned armies = m->armies_of[m->turn];
    for (int army = 0; army < 4; army++)
        if ((armies >> army & 1) && m->king_square[army] != NO_SQUARE)
            analyse_king(m, cls, m->king_square[army], ks);
}
