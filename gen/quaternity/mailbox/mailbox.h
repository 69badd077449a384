/* The Quaternity mailbox backend: its state, its internal move and what its
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
 * table that says what every piece byte is to that controller (ManClass):
 * a friend, something it may capture, and how it attacks.  The generator
 * never looks at armies or controllers again. */
#ifndef GEN_QUATERNITY_MAILBOX_H
#define GEN_QUATERNITY_MAILBOX_H

#include <stdint.h>

#include "backend.h"
#include "mailbox_tables.h"

/* What a piece byte is to the controller on turn. */
enum {
    MAN_FRIEND = 1 << 0,     /* a man of an army the controller moves */
    MAN_CAPTURABLE = 1 << 1, /* an enemy man that is not a king (frozen ones too) */
    /* The attacks of an enemy man whose controller is not frozen: */
    MAN_ATTACKS_ORTHOGONAL = 1 << 2, /* rook or queen */
    MAN_ATTACKS_DIAGONAL = 1 << 3,   /* bishop or queen */
    MAN_ATTACKS_KNIGHT = 1 << 4,
    MAN_ATTACKS_KING = 1 << 5,
    /* A pawn capturing in diagonal direction d sets MAN_PAWN_ATTACKS(d). */
    MAN_PAWN_ATTACK_SHIFT = 8,
};
#define MAN_PAWN_ATTACKS(direction) (1u << (MAN_PAWN_ATTACK_SHIFT + (direction)))

typedef uint16_t ManClass;

typedef struct MailboxMove {
    uint8_t from;
    uint8_t to;
    Piece moved;    /* the byte that stood on `from` */
    Piece placed;   /* the byte that lands on `to` */
    Piece captured; /* the byte that stood on `to`, EMPTY if none */
} MailboxMove;

/* What unmake needs besides the move itself. */
typedef struct MailboxUndo {
    uint8_t turn;          /* the controller that made the move */
    uint8_t captured_slot; /* where the captured man sat in its army's list */
} MailboxUndo;

/* Moves made through the Backend interface, remembered for unmake. */
enum { MAILBOX_HISTORY_MAX = 1024 };

typedef struct QuaternityMailbox {
    Piece board[Q_SQUARES];
    uint8_t king_square[4]; /* by army; NO_SQUARE when the army has none */
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
    uint8_t next_turn[4];       /* quaternity_next_turn() of each controller */
    uint8_t armies_of[4];       /* bit set of the armies each controller moves */
    ManClass man_class[4][256]; /* [controller on turn][piece byte] */

    int history_count;
    MailboxMove history[MAILBOX_HISTORY_MAX];
    MailboxUndo history_undo[MAILBOX_HISTORY_MAX];
} QuaternityMailbox;

/* Writes the legal moves of the controller on turn; returns their count. */
int mailbox_generate(QuaternityMailbox *m, MailboxMove *moves);
/* The number of those moves, without writing them (bulk counting). */
int mailbox_count_moves(QuaternityMailbox *m);

/* Perft with the backend's own recursion (Backend.perft). */
uint64_t mailbox_perft(QuaternityMailbox *m, int depth, int bulk);

extern const Backend quaternity_mailbox_backend;

#endif
