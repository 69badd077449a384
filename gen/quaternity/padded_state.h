/* The padded backend's position: the guarded board of padded_layout.h plus a
 * piece list per army, and the make/unmake that keep the two in step.
 *
 * board[sq] holds the neutral Piece byte (kind, army, pawn state), EMPTY or
 * PAD_GUARD.  list[a] holds the squares of army a's men, its king (if any)
 * in slot 0; slot[sq] is the man's index in its list, so a capture removes
 * a man in O(1) by moving the list's last entry into the hole, and unmake
 * puts both back exactly.  A king is never captured, so it never leaves
 * slot 0.
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
typedef struct PadMove {
    uint16_t from, to;
    uint8_t piece;
} PadMove;

typedef struct PadUndo {
    uint8_t moved, captured, captured_slot, turn;
} PadUndo;

/* relation[c][byte]: bits 0-10 are the attack classes (padded_layout.h) the
 * man threatens against controller c; then these flags. */
enum {
    RELATION_THREAT = 0x7FF,
    RELATION_FRIEND = 1 << 16,     /* a man of controller c */
    RELATION_CAPTURABLE = 1 << 17, /* an enemy man that is not a king */
};

/* The most legal moves any position can have: a queen reaches at most 43
 * squares of a 12 x 12 board, a pawn at most 5 squares times 4 promotions. */
enum { PAD_MOVES_BOUND = Q_SQUARES * 43, PAD_UNDO_DEPTH = 4 * MAX_DEPTH };

typedef struct PadState {
    uint8_t board[PAD_SIZE];
    uint8_t slot[PAD_SIZE];
    /* Scratch for move generation: LINE_* bits a man on this square may
     * move along (LINE_ANY unless pinned).  Back to LINE_ANY between calls. */
    uint8_t allowed[PAD_SIZE];
    uint16_t list[4][Q_SQUARES];
    uint8_t count[4];
    uint8_t has_king; /* bit a: army a has a king, in list[a][0] */

    int turn;
    uint8_t controller[4], frozen;
    uint8_t next_turn[4]; /* quaternity_next_turn(), precomputed */
    uint8_t armies_of[4]; /* bit a set when army a is controlled by c */
    uint32_t relation[4][256];

    /* The interface's make/unmake history. */
    int history_length;
    PadMove history_move[PAD_UNDO_DEPTH];
    PadUndo history_undo[PAD_UNDO_DEPTH];

    /* Perft's move lists, one region per ply. */
    PadMove *arena;
    int arena_size;
} PadState;

void padded_state_load(PadState *s, const Position *pos);
void padded_state_save(const PadState *s, Position *pos);

static inline void pad_make(PadState *s, PadMove m, PadUndo *u)
{
    uint8_t moved = s->board[m.from];
    uint8_t captured = s->board[m.to];
    u->moved = moved;
    u->captured = captured;
    u->turn = (uint8_t)s->turn;
    if (captured != EMPTY) {
        int a = PIECE_ARMY(captured);
        int hole = s->slot[m.to];
        int last = s->list[a][--s->count[a]];
        s->list[a][hole] = (uint16_t)last;
        s->slot[last] = (uint8_t)hole;
        u->captured_slot = (uint8_t)hole;
    }
    int slot = s->slot[m.from];
    s->list[PIECE_ARMY(moved)][slot] = m.to;
    s->slot[m.to] = (uint8_t)slot;
    s->board[m.to] = m.piece;
    s->board[m.from] = EMPTY;
    s->turn = s->next_turn[s->turn];
}

static inline void pad_unmake(PadState *s, PadMove m, const PadUndo *u)
{
    s->turn = u->turn;
    int slot = s->slot[m.to];
    s->list[PIECE_ARMY(u->moved)][slot] = m.from;
    s->slot[m.from] = (uint8_t)slot;
    s->board[m.from] = u->moved;
    s->board[m.to] = u->captured;
    if (u->captured != EMPTY) {
        int a = PIECE_ARMY(u->captured);
        int hole = u->captured_slot;
        int displaced = s->list[a][hole];
        s->list[a][s->count[a]] = (uint16_t)displaced;
        s->slot[displaced] = s->count[a]++;
        s->list[a][hole] = m.to;
        s->slot[m.to] = (uint8_t)hole;
    }
}

#endif
