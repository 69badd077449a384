/* The Quaternity bitboard position: 144-bit piece sets plus a mailbox,
 * and the incremental make/unmake that keeps them in step.
 *
 * Every man is in exactly three sets: `occupied`, his controller's set and
 * one kind set (qbb_piece_set): knights, kings, rooks, bishops, queens,
 * committed pawns by direction (all armies together: an up pawn moves the
 * same whatever its colour) and uncommitted pawns by army (their two
 * forward directions are the army's).  What the generator asks of several
 * sets together (rooks or queens along a rank, which pawns attack a
 * square) it ORs up once per node.  The mailbox `board` (indexed like the
 * sets, padding empty) answers "what stands here" for captures and save().
 *
 * So a move is at most three 256-bit XORs for the man (his controller's
 * set, the kind set he leaves and the one he lands in, one XOR when they
 * are the same) and one on `occupied` (his two squares, or only `from`
 * when he captures), two more for a captured man, two board bytes and the
 * turn: no line is kept rotated.  The perft's unmake stores back the sets
 * make saved (QbbSaved, below); the backend interface's XORs them back.  A slider's line is gathered from the sets
 * when the generator needs it (bitboard_attacks.h: a shift for a rank,
 * three PEXTs otherwise).  (Measured with callgrind, results/experiments/2026-12-02-qbb-design/qbb-design-sets.md:
 * the previous design kept a rotated 12-bit word per line, 8 line XORs and
 * up to 8 slider XORs per move, about 290 instructions a make/unmake pair
 * against 95 here with the perft loop; its counts were cheaper, see
 * gen/quaternity/bitboard/DESIGN.md.)
 *
 * A move is 32 bits: from, to (QbbSet indexes), the piece placed on `to`
 * (which carries a promotion or a pawn's new commitment) and the piece
 * moved; unmake needs besides only the captured piece and the turn
 * (QbbUndo).  Controllers and frozen controllers never change during a
 * search, so the turn order is a table filled at load. */
#ifndef GEN_QUATERNITY_BITBOARD_STATE_H
#define GEN_QUATERNITY_BITBOARD_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "bb144.h"
#include "bitboard_tables.h"
#include "position.h"

typedef uint32_t QbbMove;

static inline QbbMove qbb_move(int from, int to, Piece placed, Piece moved)
{
    return (QbbMove)from | (QbbMove)to << 8 | (QbbMove)placed << 16 | (QbbMove)moved << 24;
}
static inline int qbb_from(QbbMove m)
{
    return (int)(m & 0xFF);
}
static inline int qbb_to(QbbMove m)
{
    return (int)((m >> 8) & 0xFF);
}
static inline Piece qbb_placed(QbbMove m)
{
    return (Piece)((m >> 16) & 0xFF);
}
static inline Piece qbb_moved(QbbMove m)
{
    return (Piece)(m >> 24);
}

/* Indexes into QbbState.sets: the kind sets, one per man. */
enum {
    QBB_SET_KNIGHTS,
    QBB_SET_KINGS,
    QBB_SET_ROOKS,
    QBB_SET_BISHOPS,
    QBB_SET_QUEENS,
    QBB_SET_PAWNS,                                       /* + direction: committed pawns, QBB_DIR_COUNT sets */
    QBB_SET_UNCOMMITTED = QBB_SET_PAWNS + QBB_DIR_COUNT, /* + army: 4 sets */
    QBB_SET_COUNT = QBB_SET_UNCOMMITTED + 4
};

/* What unmake needs besides the move. */
typedef struct QbbUndo {
    Piece captured; /* EMPTY if none */
    uint8_t turn;   /* the controller that made the move */
} QbbUndo;

/* A bound on the moves (legal or pseudo-legal) one position can have, so
 * that no move list overflows: a move onto a square comes from the
 * nearest man in one of the 8 directions or from one of the knight
 * squares, once, or four times for a pawn promoting, which happens only on
 * an edge.  Interior squares: 100 * (8 + 8); edge squares but corners:
 * 40 * (5 * 4 + 4); corners: 4 * (3 * 4 + 2). */
enum { QBB_MAX_MOVES = 100 * 16 + 40 * 24 + 4 * 14 };

typedef struct QbbState {
    QbbSet occupied;
    QbbSet by_controller[4];
    QbbSet sets[QBB_SET_COUNT];
    Piece board[QBB_BITS];
    int turn;
    uint8_t controller[4]; /* controller of each army */
    uint8_t frozen;        /* bit c: controller c is frozen */
    uint8_t next_turn[4];  /* turn order, from quaternity_next_turn() */
    uint8_t armies_of[4];  /* bit a: army a is moved by controller c */
} QbbState;

/* The kind set of each piece byte (QBB_SET_*). */
extern uint8_t qbb_piece_set[256];
/* The one-member set of each index: a load instead of building it. */
extern QbbSet qbb_square_sets[QBB_BITS];

void qbb_state_tables_init(void);
void qbb_load(QbbState *s, const Position *pos);
void qbb_save(const QbbState *s, Position *pos);
/* NULL when every set and the turn agree with the mailbox; else the first
 * disagreement (debug builds, BACKEND_DEBUG_CHECK). */
const char *qbb_check(const QbbState *s);

static inline void qbb_xor_into(QbbSet *a, QbbSet bits)
{
    *a = qbb_xor(*a, bits);
}

/* Adds or removes `piece` on `sq` (loading a position). */
static inline void qbb_toggle_piece(QbbState *s, Piece piece, int sq)
{
    QbbSet bit = qbb_square_sets[sq];
    qbb_xor_into(&s->occupied, bit);
    qbb_xor_into(&s->by_controller[s->controller[PIECE_ARMY(piece)]], bit);
    qbb_xor_into(&s->sets[qbb_piece_set[piece]], bit);
}

/* What a make overwrote, for the unmake that restores it: the old value
 * of every set the move touched, in the order touched.  Restoring them
 * (in reverse order, so that a set touched twice comes back right) is
 * plain stores: the next move's make does not wait for an unmake's
 * read-modify-write to reach memory, as XORing back would make it. */
typedef struct QbbSaved {
    QbbSet controller, left, landed, occupied, captured_controller, captured_kind;
    Piece captured; /* EMPTY if none */
} QbbSaved;

/* Makes `m` and keeps in `saved` what it overwrote.  The man is the
 * mover's; what leaves `from` and what lands on `to` may be different kind
 * sets (a pawn committing or promoting). */
static inline __attribute__((always_inline)) void qbb_make_saving(QbbState *s, QbbMove m, QbbSaved *saved)
{
    int from = qbb_from(m), to = qbb_to(m);
    Piece captured = s->board[to];
    QbbSet f = qbb_square_sets[from], t = qbb_square_sets[to], both = qbb_or(f, t);
    /* "& 3": the compiler then knows this set is none of sets[]. */
    QbbSet *controller = &s->by_controller[s->turn & 3];
    saved->controller = *controller;
    *controller = qbb_xor(saved->controller, both);
    int left = qbb_piece_set[qbb_moved(m)], landed = qbb_piece_set[qbb_placed(m)];
    saved->left = s->sets[left];
    if (left == landed) {
        s->sets[left] = qbb_xor(saved->left, both);
        saved->landed = saved->left; /* unused: unmake tests left == landed too */
    } else {
        s->sets[left] = qbb_xor(saved->left, f);
        saved->landed = s->sets[landed];
        s->sets[landed] = qbb_xor(saved->landed, t);
    }
    saved->occupied = s->occupied;
    if (captured) {
        QbbSet *their = &s->by_controller[s->controller[PIECE_ARMY(captured)] & 3];
        saved->captured_controller = *their;
        *their = qbb_xor(saved->captured_controller, t);
        QbbSet *kind = &s->sets[qbb_piece_set[captured]];
        saved->captured_kind = *kind;
        *kind = qbb_xor(saved->captured_kind, t);
        s->occupied = qbb_xor(saved->occupied, f);
    } else {
        s->occupied = qbb_xor(saved->occupied, both);
    }
    saved->captured = captured;
    s->board[from] = EMPTY;
    s->board[to] = qbb_placed(m);
    s->turn = s->next_turn[s->turn];
}

/* Unmakes `m`, made by the controller `turn`, from what make saved. */
static inline __attribute__((always_inline)) void qbb_unmake_restoring(QbbState *s, QbbMove m, const QbbSaved *saved,
                                                                       int turn)
{
    int left = qbb_piece_set[qbb_moved(m)], landed = qbb_piece_set[qbb_placed(m)];
    Piece captured = saved->captured;
    if (captured) {
        s->sets[qbb_piece_set[captured]] = saved->captured_kind;
        s->by_controller[s->controller[PIECE_ARMY(captured)] & 3] = saved->captured_controller;
    }
    s->occupied = saved->occupied;
    if (left != landed)
        s->sets[landed] = saved->landed;
    s->sets[left] = saved->left;
    s->by_controller[turn & 3] = saved->controller;
    s->board[qbb_from(m)] = qbb_moved(m);
    s->board[qbb_to(m)] = captured;
    s->turn = turn;
}

/* Make and unmake with only the captured piece kept (the backend
 * interface's undo record, QbbUndo): unmake XORs the move's squares back,
 * XOR being its own inverse. */
static inline Piece qbb_make_move(QbbState *s, QbbMove m)
{
    QbbSaved saved;
    qbb_make_saving(s, m, &saved);
    return saved.captured;
}

static inline void qbb_unmake_move(QbbState *s, QbbMove m, Piece captured, int turn)
{
    int from = qbb_from(m), to = qbb_to(m);
    QbbSet f = qbb_square_sets[from], t = qbb_square_sets[to], both = qbb_or(f, t);
    qbb_xor_into(&s->by_controller[turn & 3], both);
    int left = qbb_piece_set[qbb_moved(m)], landed = qbb_piece_set[qbb_placed(m)];
    if (left == landed) {
        qbb_xor_into(&s->sets[left], both);
    } else {
        qbb_xor_into(&s->sets[left], f);
        qbb_xor_into(&s->sets[landed], t);
    }
    if (captured) {
        qbb_xor_into(&s->by_controller[s->controller[PIECE_ARMY(captured)] & 3], t);
        qbb_xor_into(&s->sets[qbb_piece_set[captured]], t);
        qbb_xor_into(&s->occupied, f);
    } else {
        qbb_xor_into(&s->occupied, both);
    }
    s->board[from] = qbb_moved(m);
    s->board[to] = captured;
    s->turn = turn;
}

#endif
