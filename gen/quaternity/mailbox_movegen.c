/* Legal move generation for the Quaternity mailbox backend.
 *
 * Legality is decided before a move is made, from the mover's kings
 * outward (spec section 4): the mover may control up to four armies, so up
 * to four kings, and every one of them must be safe afterwards.
 *
 * First each king looks along its eight rays and its knight squares
 * (analyse_kings).  An enemy slider, adjacent king or pawn, or knight that
 * reaches it gives check; a friendly man with an enemy slider behind it on
 * the same ray is pinned.  Then:
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
 * Frozen men attack nothing, so they never check or pin, but they block
 * rays like any man; ManClass (mailbox.h) already says which men attack. */
#include <stdbool.h>

#include "mailbox.h"

/* A set of squares, one bit each: check answers and pin lines. */
typedef struct SquareSet {
    uint64_t word[3];
} SquareSet;

static inline void set_add(SquareSet *s, int square)
{
    s->word[square >> 6] |= 1ull << (square & 63);
}

static inline bool set_has(const SquareSet *s, int square)
{
    return (s->word[square >> 6] >> (square & 63)) & 1;
}

static inline void set_intersect(SquareSet *s, const SquareSet *t)
{
    for (int i = 0; i < 3; i++)
        s->word[i] &= t->word[i];
}

enum { MAX_KINGS = 4, MAX_PINS = MAX_KINGS * DIR_COUNT };

/* What the mover's kings need from this position's moves. */
typedef struct KingSafety {
    int king_count;
    uint8_t king_square[MAX_KINGS];
    bool in_check[MAX_KINGS];
    SquareSet answers[MAX_KINGS]; /* for a king in check: squares that capture the checker or block */

    int checked_count;     /* kings in check */
    SquareSet all_answers; /* squares answering every check: where a man that is not a king may go */

    SquareSet pinned; /* squares of pinned men */
    int pin_count;
    uint8_t pin_square[MAX_PINS];
    SquareSet pin_line[MAX_PINS]; /* from the king to the pinner, pinner included */
} KingSafety;

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

/* Whether a live enemy of the controller on turn attacks `square`. */
static bool square_attacked(const QuaternityMailbox *m, const ManClass *cls, int square)
{
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

static void analyse_kings(const QuaternityMailbox *m, const ManClass *cls, KingSafety *ks)
{
    *ks = (KingSafety){0};
    unsigned armies = m->armies_of[m->turn];
    for (int army = 0; army < 4; army++)
        if ((armies >> army & 1) && m->king_square[army] != NO_SQUARE)
            analyse_king(m, cls, m->king_square[army], ks);
}

static inline MailboxMove *add_move(MailboxMove *out, int from, int to, Piece moved, Piece placed, Piece captured)
{
    *out = (MailboxMove){(uint8_t)from, (uint8_t)to, moved, placed, captured};
    return out + 1;
}

/* A pawn's move, as four promotion moves when it lands on its edge. */
static MailboxMove *add_pawn_move(MailboxMove *out, int from, const PawnTarget *t, Piece moved, Piece captured)
{
    if (!t->promotes)
        return add_move(out, from, t->to, moved, t->placed, captured);
    int army = PIECE_ARMY(moved);
    for (int k = QUEEN; k >= KNIGHT; k--)
        out = add_move(out, from, t->to, moved, PIECE_MAKE(army, k, PAWN_NONE), captured);
    return out;
}

/* The squares a man that is not a king may go to, or NULL for anywhere:
 * the answers to every check, narrowed to every line it is pinned on. */
static const SquareSet *allowed_targets(const KingSafety *ks, int from, SquareSet *scratch)
{
    const SquareSet *allowed = NULL;
    if (ks->checked_count) {
        *scratch = ks->all_answers;
        allowed = scratch;
    }
    if (ks->pin_count && set_has(&ks->pinned, from))
        for (int i = 0; i < ks->pin_count; i++)
            if (ks->pin_square[i] == from) {
                if (allowed)
                    set_intersect(scratch, &ks->pin_line[i]);
                else
                    *scratch = ks->pin_line[i];
                allowed = scratch;
            }
    return allowed;
}

static inline bool may_go(const SquareSet *allowed, int to)
{
    return !allowed || set_has(allowed, to);
}

static MailboxMove *pawn_moves(const QuaternityMailbox *m, const ManClass *cls, int from, Piece pawn,
                               const SquareSet *allowed, MailboxMove *out)
{
    const PawnMoves *pm = &mailbox_tables.pawn[PIECE_ARMY(pawn)][PIECE_PAWN_STATE(pawn)][from];
    for (int i = 0; i < pm->step_count; i++) {
        const PawnTarget *t = &pm->steps[i];
        if (m->board[t->to] == EMPTY && may_go(allowed, t->to))
            out = add_pawn_move(out, from, t, pawn, EMPTY);
    }
    for (int i = 0; i < pm->capture_count; i++) {
        const PawnTarget *t = &pm->captures[i];
        Piece victim = m->board[t->to];
        if ((cls[victim] & MAN_CAPTURABLE) && may_go(allowed, t->to))
            out = add_pawn_move(out, from, t, pawn, victim);
    }
    return out;
}

static MailboxMove *knight_moves(const QuaternityMailbox *m, const ManClass *cls, int from, Piece knight,
                                 const SquareSet *allowed, MailboxMove *out)
{
    for (const uint8_t *t = mailbox_tables.knight[from]; *t != NO_SQUARE; t++) {
        Piece victim = m->board[*t];
        if ((victim == EMPTY || (cls[victim] & MAN_CAPTURABLE)) && may_go(allowed, *t))
            out = add_move(out, from, *t, knight, knight, victim);
    }
    return out;
}

/* Rooks use directions [0, 4), bishops [4, 8), queens [0, 8). */
static MailboxMove *slider_moves(const QuaternityMailbox *m, const ManClass *cls, int from, Piece slider,
                                 int first_direction, int end_direction, const SquareSet *allowed, MailboxMove *out)
{
    for (int d = first_direction; d < end_direction; d++)
        for (const uint8_t *t = mailbox_tables.ray[from][d]; *t != NO_SQUARE; t++) {
            Piece victim = m->board[*t];
            if (victim == EMPTY) {
                if (may_go(allowed, *t))
                    out = add_move(out, from, *t, slider, slider, EMPTY);
                continue;
            }
            if ((cls[victim] & MAN_CAPTURABLE) && may_go(allowed, *t))
                out = add_move(out, from, *t, slider, slider, victim);
            break;
        }
    return out;
}

/* The moves of the mover's king number `index` (see the file comment). */
static MailboxMove *king_moves(QuaternityMailbox *m, const ManClass *cls, const KingSafety *ks, int index,
                               MailboxMove *out)
{
    int from = ks->king_square[index];
    Piece king = m->board[from];
    /* The squares it must stay within: the answers to the other kings'
     * checks and its own pin lines. */
    SquareSet scratch;
    const SquareSet *allowed = NULL;
    for (int i = 0; i < ks->king_count; i++)
        if (i != index && ks->in_check[i]) {
            if (allowed)
                set_intersect(&scratch, &ks->answers[i]);
            else
                scratch = ks->answers[i];
            allowed = &scratch;
        }
    for (int i = 0; i < ks->pin_count; i++)
        if (ks->pin_square[i] == from) {
            if (allowed)
                set_intersect(&scratch, &ks->pin_line[i]);
            else
                scratch = ks->pin_line[i];
            allowed = &scratch;
        }

    /* Lift the king so that sliders see through its square. */
    m->board[from] = EMPTY;
    for (const uint8_t *t = mailbox_tables.king[from]; *t != NO_SQUARE; t++) {
        Piece victim = m->board[*t];
        if (victim != EMPTY && !(cls[victim] & MAN_CAPTURABLE))
            continue;
        if (may_go(allowed, *t) && !square_attacked(m, cls, *t))
            out = add_move(out, from, *t, king, king, victim);
    }
    m->board[from] = king;
    return out;
}

int mailbox_generate(QuaternityMailbox *m, MailboxMove *moves)
{
    const ManClass *cls = m->man_class[m->turn];
    KingSafety ks;
    analyse_kings(m, cls, &ks);

    MailboxMove *out = moves;
    for (int i = 0; i < ks.king_count; i++)
        out = king_moves(m, cls, &ks, i, out);

    /* Nothing but a king move answers two checks on one king. */
    bool only_kings = ks.checked_count && !(ks.all_answers.word[0] | ks.all_answers.word[1] | ks.all_answers.word[2]);
    if (only_kings)
        return (int)(out - moves);

    for (int from = 0; from < Q_SQUARES; from++) {
        Piece man = m->board[from];
        if (!(cls[man] & MAN_FRIEND))
            continue;
        SquareSet scratch;
        const SquareSet *allowed = allowed_targets(&ks, from, &scratch);
        switch (PIECE_KIND(man)) {
        case PAWN: out = pawn_moves(m, cls, from, man, allowed, out); break;
        case KNIGHT: out = knight_moves(m, cls, from, man, allowed, out); break;
        case BISHOP: out = slider_moves(m, cls, from, man, FIRST_DIAGONAL, DIR_COUNT, allowed, out); break;
        case ROOK: out = slider_moves(m, cls, from, man, 0, FIRST_DIAGONAL, allowed, out); break;
        case QUEEN: out = slider_moves(m, cls, from, man, 0, DIR_COUNT, allowed, out); break;
        default: break; /* kings moved above */
        }
    }
    return (int)(out - moves);
}
