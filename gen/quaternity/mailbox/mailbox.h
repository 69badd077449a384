/* The Quaternity mailbox backend: its state, its native move and what its
 * files share.
 *
 * The board is an array of 144 neutral Piece bytes (position.h: kind, army
 * and pawn state in one byte), indexed rank * 12 + file; mailbox_tables.h
 * draws it.  A move therefore needs no decoding beyond the byte: it records
 * the byte that leaves `from`, the byte that lands on `to` (a pawn's new
 * state or its promotion piece) and the byte it captured, so make and
 * unmake (mailbox_make.h) write two board squares each way.  Piece lists
 * beside the board let the generator visit only the mover's men.
 *
 * Who is friend or enemy depends on who is on turn, and controllers never
 * change during play, so load() builds, for each controller, a 256-entry
 * table that says what every piece byte is to that controller (QmbManClass):
 * a friend, something it may capture, and how it attacks.  The generator
 * never looks at armies or controllers again. */
#ifndef GEN_QUATERNITY_MAILBOX_H
#define GEN_QUATERNITY_MAILBOX_H

#include <stdbool.h>
#include <stdint.h>

#include "backend.h"
#include "mailbox_tables.h"

/* What a piece byte is to the controller on turn. */
enum {
    QMB_MAN_FRIEND = 1 << 0,     /* a man of an army the controller moves */
    QMB_MAN_CAPTURABLE = 1 << 1, /* an enemy man that is not a king (frozen ones too) */
    /* The attacks of an enemy man whose controller is not frozen: */
    QMB_MAN_ATTACKS_ORTHOGONAL = 1 << 2, /* rook or queen */
    QMB_MAN_ATTACKS_DIAGONAL = 1 << 3,   /* bishop or queen */
    QMB_MAN_ATTACKS_KNIGHT = 1 << 4,
    QMB_MAN_ATTACKS_KING = 1 << 5,
    /* A pawn capturing in diagonal direction d sets QMB_MAN_PAWN_ATTACKS(d). */
    QMB_MAN_PAWN_ATTACK_SHIFT = 8,
};
#define QMB_MAN_PAWN_ATTACKS(direction) (1u << (QMB_MAN_PAWN_ATTACK_SHIFT + (direction)))

typedef uint16_t QmbManClass;

typedef struct QmbMove {
    uint8_t from;
    uint8_t to;
    Piece moved;    /* the byte that stood on `from` */
    Piece placed;   /* the byte that lands on `to` */
    Piece captured; /* the byte that stood on `to`, EMPTY if none */
} QmbMove;

/* What unmake needs besides the move itself. */
typedef struct QmbUndo {
    uint8_t turn;          /* the controller that made the move */
    uint8_t captured_slot; /* where the captured man sat in its army's list */
} QmbUndo;

/* A bound on the moves generate() writes for any position: a move onto a
 * square comes from the nearest man in one of the 8 directions or from one
 * of the knight squares, once, or four times for a pawn promoting, which
 * happens only on an edge.  Interior squares: 100 * (8 + 8); edge squares
 * but corners: 40 * (5 * 4 + 4); corners: 4 * (3 * 4 + 2). */
enum { QMB_MAX_MOVES = 100 * 16 + 40 * 24 + 4 * 14 };

typedef struct QmbState {
    Piece board[Q_SQUARES];
    uint8_t king_square[4]; /* by army; QMB_NO_SQUARE when the army has none */
    uint8_t turn;           /* the controller on turn */

    /* Piece lists: the squares of each army's men, in no particular order,
     * so that the generator visits the mover's men without scanning 144
     * squares.  slot_of[sq] is the place of the man on sq in its army's
     * list (meaningless on empty squares). */
    uint8_t men[4][Q_SQUARES];
    uint8_t men_count[4];
    uint8_t slot_of[Q_SQUARES];

    /* Fixed for the whole game once loaded. */
    uint8_t controller[4];
    uint8_t frozen;
    uint8_t next_turn[4];          /* quaternity_next_turn() of each controller */
    uint8_t armies_of[4];          /* bit set of the armies each controller moves */
    QmbManClass man_class[4][256]; /* [controller on turn][piece byte] */
} QmbState;

/* Writes the legal moves of the controller on turn (at most QMB_MAX_MOVES);
 * returns their count. */
int qmb_generate(QmbState *m, QmbMove *moves);
/* The number of those moves, without writing them (bulk counting). */
int qmb_count(QmbState *m);

/* Perft with the backend's own recursion, depth >= 1. */
uint64_t qmb_perft(QmbState *m, int depth, bool bulk);

/* The leaf statistics `depth` >= 1 plies down (BackendCore.perft_stats;
 * mailbox_stats.c). */
void qmb_perft_stats(QmbState *m, int depth, PerftStats *out);

/* NULL when the piece lists, slots, counts and king squares agree with the
 * board, else what disagrees first (BackendCore.check). */
const char *qmb_check(const QmbState *m);

extern const Backend quaternity_mailbox_backend;

#endif
