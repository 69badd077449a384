/* The padded backend's position: the guarded board of padded_layout.h plus a
 * piece list per army, and the make/unmake that keep the two in step.
 *
 * board[sq] holds the neutral Piece byte (kind, army, pawn state), EMPTY or
 * QPD_GUARD.  list[a][l] holds the squares of army a's men of list l: one
 * list per pawn state (up, down, right, left, uncommitted) and one per
 * other kind (see qpd_list_of), so the generator runs one loop per list
 * with its steps as constants and no dispatch per man.  slot[sq] is the
 * man's index in its list: a capture moves the list's last entry into the
 * hole, a man that changes list (a pawn committing or promoting) is
 * appended to its new one, and unmake puts everything back exactly.
 *
 * Controllers and frozen controllers do not change during a search, so load
 * precomputes, for each controller c and each board byte, how a man of c sees
 * it (relation[c][byte]): a friend, a capturable enemy, and which attack
 * classes it threatens with (nothing if frozen or friendly). */
#ifndef GEN_QUATERNITY_PADDED_STATE_H
#define GEN_QUATERNITY_PADDED_STATE_H

#include <stdint.h>

#include "padded_layout.h"
#include "position.h"

/* A move inside the backend: squares are padded indices; `piece` is the
 * moving man's byte after the move, which encodes promotion and pawn
 * commitment alike. */
typedef struct QpdMove {
    uint16_t from, to;
    uint8_t piece;
} QpdMove;

typedef struct QpdUndo {
    uint8_t moved, captured, captured_slot, moved_slot, turn;
} QpdUndo;

/* Lists: QPD_LIST_PAWN_UP .. QPD_LIST_PAWN_UNCOMMITTED are PawnState - 1, then one
 * list per kind from the knight on. */
enum {
    QPD_LIST_PAWN_UP = PAWN_UP - 1,
    QPD_LIST_PAWN_DOWN = PAWN_DOWN - 1,
    QPD_LIST_PAWN_RIGHT = PAWN_RIGHT - 1,
    QPD_LIST_PAWN_LEFT = PAWN_LEFT - 1,
    QPD_LIST_PAWN_UNCOMMITTED = PAWN_UNCOMMITTED - 1,
    QPD_LIST_KNIGHT = KNIGHT + 3,
    QPD_LIST_BISHOP = BISHOP + 3,
    QPD_LIST_ROOK = ROOK + 3,
    QPD_LIST_QUEEN = QUEEN + 3,
    QPD_LIST_KING = KING + 3,
    QPD_LISTS
};

static inline int qpd_list_of(uint8_t cell)
{
    return PIECE_KIND(cell) == PAWN ? (int)PIECE_PAWN_STATE(cell) - 1 : (int)PIECE_KIND(cell) + 3;
}

/* relation[c][byte]: bits 0-10 are the attack classes (padded_layout.h) the
 * man threatens against controller c; then these flags. */
enum {
    QPD_RELATION_THREAT = 0x7FF,
    QPD_RELATION_FRIEND_SHIFT = 16,  /* a man of controller c */
    QPD_RELATION_CAPTURE_SHIFT = 17, /* an enemy man that is not a king */
    QPD_RELATION_TARGET_SHIFT = 18,  /* empty, or an enemy man that is not a king */
    QPD_RELATION_FRIEND = 1 << QPD_RELATION_FRIEND_SHIFT,
    QPD_RELATION_CAPTURABLE = 1 << QPD_RELATION_CAPTURE_SHIFT,
    QPD_RELATION_TARGET = 1 << QPD_RELATION_TARGET_SHIFT,
};

/* The most legal moves any position can have: no man has more than 43 (a
 * queen reaches at most 43 squares of a 12 x 12 board, a pawn at most 5
 * squares times 4 promotions), and there are at most Q_SQUARES men. */
enum { QPD_MOVES_BOUND = Q_SQUARES * 43 };

typedef struct QpdState {
    uint8_t board[QPD_SIZE];
    uint8_t slot[QPD_SIZE];
    /* Scratch for move generation: LINE_* bits a man on this square may
     * move along (QPD_LINE_ANY unless pinned).  Back to QPD_LINE_ANY between calls. */
    uint8_t allowed[QPD_SIZE];
    uint8_t count[4][QPD_LISTS];
    uint16_t list[4][QPD_LISTS][Q_SQUARES];

    int turn;
    uint8_t controller[4], frozen;
    uint8_t next_turn[4]; /* quaternity_next_turn(), precomputed */
    uint8_t armies_of[4]; /* bit a set when army a is controlled by c */
    uint32_t relation[4][256];

    /* Perft's move lists, one region of QPD_MOVES_BOUND per ply, grown to
     * the deepest perft asked so far. */
    QpdMove *arena;
    int arena_plies;
} QpdState;

void qpd_load(QpdState *s, const Position *pos);
void qpd_save(const QpdState *s, Position *pos);

/* Debug builds: NULL when board, piece lists, slots and the generator's
 * scratch agree, else the first disagreement (BackendCore.check). */
const char *qpd_check(const QpdState *s);

/* Removes the man on sq from its list, filling the hole with the list's
 * last entry; returns the hole for qpd_list_restore. */
static inline int qpd_list_remove(QpdState *s, int army, int list, int sq)
{
    int hole = s->slot[sq];
    int last = s->list[army][list][--s->count[army][list]];
    s->list[army][list][hole] = (uint16_t)last;
    s->slot[last] = (uint8_t)hole;
    return hole;
}

/* Undoes qpd_list_remove: the entry now in the hole goes back to the end.
 * When the hole was the end, the list may since have grown past it and
 * shrunk back (a promotion appends), so its stale entry is not read. */
static inline void qpd_list_restore(QpdState *s, int army, int list, int sq, int hole)
{
    int end = s->count[army][list]++;
    if (hole != end) {
        int displaced = s->list[army][list][hole];
        s->list[army][list][end] = (uint16_t)displaced;
        s->slot[displaced] = (uint8_t)end;
    }
    s->list[army][list][hole] = (uint16_t)sq;
    s->slot[sq] = (uint8_t)hole;
}

static inline void qpd_make(QpdState *s, QpdMove m, QpdUndo *u)
{
    uint8_t moved = s->board[m.from];
    uint8_t captured = s->board[m.to];
    u->moved = moved;
    u->captured = captured;
    u->turn = (uint8_t)s->turn;
    u->captured_slot = u->moved_slot = 0;
    if (captured != EMPTY)
        u->captured_slot = (uint8_t)qpd_list_remove(s, PIECE_ARMY(captured), qpd_list_of(captured), m.to);
    int army = PIECE_ARMY(moved);
    int old_list = qpd_list_of(moved), new_list = qpd_list_of(m.piece);
    if (old_list == new_list) {
        int slot = s->slot[m.from];
        s->list[army][old_list][slot] = m.to;
        s->slot[m.to] = (uint8_t)slot;
    } else { /* a pawn commits or promotes: to the end of its new list */
        u->moved_slot = (uint8_t)qpd_list_remove(s, army, old_list, m.from);
        int end = s->count[army][new_list]++;
        s->list[army][new_list][end] = m.to;
        s->slot[m.to] = (uint8_t)end;
    }
    s->board[m.to] = m.piece;
    s->board[m.from] = EMPTY;
    s->turn = s->next_turn[s->turn];
}

static inline void qpd_unmake(QpdState *s, QpdMove m, const QpdUndo *u)
{
    s->turn = u->turn;
    int army = PIECE_ARMY(u->moved);
    int old_list = qpd_list_of(u->moved), new_list = qpd_list_of(m.piece);
    if (old_list == new_list) {
        int slot = s->slot[m.to];
        s->list[army][old_list][slot] = m.from;
        s->slot[m.from] = (uint8_t)slot;
    } else { /* the man is still last in its new list */
        s->count[army][new_list]--;
        qpd_list_restore(s, army, old_list, m.from, u->moved_slot);
    }
    s->board[m.from] = u->moved;
    s->board[m.to] = u->captured;
    if (u->captured != EMPTY)
        qpd_list_restore(s, PIECE_ARMY(u->captured), qpd_list_of(u->captured), m.to, u->captured_slot);
}

#endif
