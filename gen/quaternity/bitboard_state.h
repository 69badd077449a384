/* The Quaternity bitboard position: piece sets plus a mailbox, and the
 * incremental make/unmake that keeps them in step.
 *
 * Sets are kept by what the move generator asks, not by piece letter:
 * men by controller (friend and enemy tests), knights, kings, "rook-like"
 * (rooks and queens) and "bishop-like" (bishops and queens: a queen is in
 * both, so slider code never special-cases it), committed pawns by
 * direction (all armies together: an up pawn moves the same whatever its
 * colour) and uncommitted pawns by army (their two forward directions are
 * the army's).  The mailbox `board` (indexed like the sets, padding empty)
 * answers "what stands here" for captures and for save().
 *
 * A move is 32 bits: from, to, the piece placed on `to` (which carries a
 * promotion or a pawn's new commitment) and the piece moved.  Controllers
 * and frozen controllers never change during a search, so the turn order
 * is a table filled at load. */
#ifndef GEN_QUATERNITY_BITBOARD_STATE_H
#define GEN_QUATERNITY_BITBOARD_STATE_H

#include <stdint.h>

#include "bb144.h"
#include "bitboard_tables.h"
#include "position.h"

typedef uint32_t QbbMove;

static inline QbbMove qbb_move(int from, int to, Piece placed, Piece moved)
{
    return (QbbMove)from | (QbbMove)to << 8 | (QbbMove)placed << 16 | (QbbMove)moved << 24;
}
static inline int qbb_from(QbbMove m) { return (int)(m & 0xFF); }
static inline int qbb_to(QbbMove m) { return (int)((m >> 8) & 0xFF); }
static inline Piece qbb_placed(QbbMove m) { return (Piece)(m >> 16); }
static inline Piece qbb_moved(QbbMove m) { return (Piece)(m >> 24); }

/* Indexes into QbbState.sets. */
enum {
    SET_KNIGHTS,
    SET_KINGS,
    SET_ROOK_LIKE,
    SET_BISHOP_LIKE,
    SET_PAWNS,        /* + direction: committed pawns, DIR_COUNT sets */
    SET_UNCOMMITTED = SET_PAWNS + DIR_COUNT, /* + army: 4 sets */
    SET_NONE = SET_UNCOMMITTED + 4,          /* a sink for pieces in one set only */
    SET_COUNT
};

/* Enough for the harness's nested makes (MAX_DEPTH + 1) with room to spare. */
enum { QBB_UNDO_MAX = 64 };

typedef struct QbbState {
    Bb144 occupied;
    Bb144 by_controller[4];
    Bb144 sets[SET_COUNT];
    Piece board[BB_BITS];
    int turn;
    uint8_t controller[4];   /* controller of each army */
    uint8_t frozen;          /* bit c: controller c is frozen */
    uint8_t next_turn[4];    /* turn order, from quaternity_next_turn() */
    uint8_t armies_of[4];    /* bit a: army a is moved by controller c */
    /* The interface's make/unmake stack (perft keeps its own on the C stack). */
    int undo_count;
    Piece undo_captured[QBB_UNDO_MAX];
    uint8_t undo_turn[QBB_UNDO_MAX];
    QbbMove undo_move[QBB_UNDO_MAX];
} QbbState;

/* The two sets (beyond occupancy and controller) each piece belongs to. */
extern uint8_t qbb_piece_sets[256][2];

void qbb_state_tables_init(void);
void qbb_state_load(QbbState *s, const Position *pos);
void qbb_state_save(const QbbState *s, Position *pos);

static inline void qbb_toggle_piece(QbbState *s, Piece piece, int sq)
{
    bb_toggle(&s->occupied, sq);
    bb_toggle(&s->by_controller[s->controller[PIECE_ARMY(piece)]], sq);
    bb_toggle(&s->sets[qbb_piece_sets[piece][0]], sq);
    bb_toggle(&s->sets[qbb_piece_sets[piece][1]], sq);
}

/* Makes `m` and returns the captured piece (EMPTY if none) for unmake. */
static inline Piece qbb_make(QbbState *s, QbbMove m)
{
    int from = qbb_from(m), to = qbb_to(m);
    Piece captured = s->board[to];
    qbb_toggle_piece(s, qbb_moved(m), from);
    if (captured)
        qbb_toggle_piece(s, captured, to);
    qbb_toggle_piece(s, qbb_placed(m), to);
    s->board[from] = EMPTY;
    s->board[to] = qbb_placed(m);
    s->turn = s->next_turn[s->turn];
    return captured;
}

static inline void qbb_unmake(QbbState *s, QbbMove m, Piece captured, int turn)
{
    int from = qbb_from(m), to = qbb_to(m);
    qbb_toggle_piece(s, qbb_placed(m), to);
    if (captured)
        qbb_toggle_piece(s, captured, to);
    qbb_toggle_piece(s, qbb_moved(m), from);
    s->board[from] = qbb_moved(m);
    s->board[to] = captured;
    s->turn = turn;
}

#endif
