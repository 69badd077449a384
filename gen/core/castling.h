/* Castling by the Chess960 rule, in neutral squares, for every chess
 * backend: which squares a right needs empty and unattacked, where king and
 * rook go, and which rights a move drops.  Standard chess is the case of the
 * king on e1/e8 and the rooks in the corners; no backend needs another.
 *
 * The rule: the king ends on the c- or g-file and the rook on the d- or
 * f-file; every square between the king and its destination and between
 * the rook and its destination, ends included, is empty but for the king
 * and that rook; the king is not in check, and no square it crosses or
 * lands on is attacked; and it is not in check afterwards, which the
 * squares already say unless the rook stood beyond the king's destination
 * and shielded it along the rank (rook_shields). */
#ifndef GEN_CORE_CASTLING_H
#define GEN_CORE_CASTLING_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

/* Where king and rook go: the g- and f-file when the rook stands on the
 * king's h-side, else the c- and d-file, on their rank. */
static inline int castling_king_to(int king, int rook)
{
    return (king & ~7) + (rook > king ? 6 : 2);
}
static inline int castling_rook_to(int king, int rook)
{
    return (king & ~7) + (rook > king ? 5 : 3);
}

/* The right (index, CASTLE_* bit 1 << index) a castling of `side` with the
 * king on `king` and the rook on `rook` uses. */
static inline int castling_right_index(int side, int king, int rook)
{
    return 2 * side + (rook < king);
}

/* What one held right needs and does, in neutral squares. */
typedef struct CastlingPlan {
    int king_from, rook_from, king_to, rook_to;
    uint64_t must_be_empty; /* both paths, ends included, less king_from and rook_from */
    uint64_t king_path;     /* the squares the king crosses and lands on, king_from excluded (it is not in check) */
    bool rook_shields;      /* a rook or queen beyond rook_from could check the king once the rook has left */
} CastlingPlan;

/* The plan of each right `pos` holds (plans[r] for right r; the others are
 * zeroed with king_from -1).  pos must be valid (fen.c checks that every
 * right's king and rook are in place). */
void castling_plans(const Position *pos, CastlingPlan plans[CASTLE_RIGHTS]);

/* The squares of `set` (on one rank), nearest `king` first, into out;
 * returns how many.  A generator tests the squares next to the king first:
 * those are the ones most often taken. */
int castling_squares_nearest(uint64_t set, int king, uint8_t out[C_WIDTH]);

/* keep[square]: the rights that survive a move from or to the square, for
 * the rights `pos` holds: a king leaving its square drops its side's
 * rights, a rook leaving or captured on its square drops its own. */
void castling_keep(const Position *pos, uint8_t keep[C_SQUARES]);

/* Whether the position's castling is written or placed otherwise than in
 * standard chess: a right given as a file letter (Shredder-FEN, or X-FEN's
 * letter for an inner rook), or one whose king is not on the e-file or
 * whose rook is not in its corner.  Such positions are Chess960 (or Double
 * Fischer Random) positions. */
bool castling_is_chess960(const Position *pos);

#endif
