/* King safety for the Quaternity mailbox backend: checks and pins, found
 * from the mover's kings outward before any move is generated.
 *
 * The mover may control up to four armies, so up to four kings, and every
 * one of them must be safe after its move
 * (gen/quaternity/RULES.md#controllers-frozen-armies-legality).  Each king
 * looks along its eight rays and at its knight squares.  On a ray, the
 * first man met gives check if it is a live enemy that attacks along that
 * ray: a rook or queen on a rank or file, a bishop or queen on a diagonal,
 * and, next to the king, an enemy king or a pawn that captures back toward
 * it.  If the first man is a friend (of any army the mover controls, kings
 * included) and the next man beyond it is an enemy slider of the ray's
 * kind, the friend is pinned.  Frozen men attack nothing, so they never
 * check or pin, but they block rays like any man.
 *
 * The squares that matter are kept as SquareSets: for each checked king,
 * the squares that answer its check (the checker and the squares between);
 * for each pinned man, the line it may move along (king to pinner). */
#ifndef GEN_QUATERNITY_MAILBOX_SAFETY_H
#define GEN_QUATERNITY_MAILBOX_SAFETY_H

#include <stdbool.h>

#include "mailbox.h"

/* A set of squares, one bit each: check answers and pin lines. */
typedef struct QmbSquareSet {
    uint64_t word[3];
} QmbSquareSet;

static inline void qmb_set_add(QmbSquareSet *s, int square)
{
    s->word[square >> 6] |= 1ull << (square & 63);
}

static inline bool qmb_set_has(const QmbSquareSet *s, int square)
{
    return (s->word[square >> 6] >> (square & 63)) & 1;
}

static inline void qmb_set_intersect(QmbSquareSet *s, const QmbSquareSet *t)
{
    for (int i = 0; i < 3; i++)
        s->word[i] &= t->word[i];
}

enum { QMB_MAX_KINGS = 4, QMB_MAX_PINS = QMB_MAX_KINGS * QMB_DIR_COUNT };

/* What the mover's kings need from this position's moves. */
typedef struct QmbKingSafety {
    int king_count;
    uint8_t king_square[QMB_MAX_KINGS];
    bool in_check[QMB_MAX_KINGS];
    QmbSquareSet answers[QMB_MAX_KINGS]; /* for a king in check: squares that capture the checker or block */

    int checked_count;        /* kings in check */
    QmbSquareSet all_answers; /* squares answering every check: where a man that is not a king may go */

    QmbSquareSet pinned; /* squares of pinned men */
    int pin_count;
    uint8_t pin_square[QMB_MAX_PINS];
    QmbSquareSet pin_line[QMB_MAX_PINS]; /* from the king to the pinner, pinner included */
} QmbKingSafety;

/* Finds the checks on, and the pins to, every king of the controller on
 * turn. */
void qmb_analyse_kings(const QmbState *m, QmbKingSafety *ks);

/* Whether a live enemy of the controller on turn attacks `square`, with
 * the board as it stands (lift a moving king off it first). */
bool qmb_square_attacked(const QmbState *m, int square);

#endif
