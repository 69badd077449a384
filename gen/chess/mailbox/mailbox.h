/* Orthodox chess on a 10 x 12 mailbox board with piece lists.
 *
 * The board is an array of 120 bytes: the 8 x 8 squares sit inside a frame
 * of guard squares, one column on each side and two rows above and below, so
 * that every king step, slider step and knight jump from a real square lands
 * inside the array, and a guard square stops it.  Square numbers are
 *
 *     index = 21 + file + 10 * rank        (file 0..7 = a..h, rank 0..7 = 1..8)
 *
 *       0   1   2   3   4   5   6   7   8   9      two guard rows (0..19)
 *      10  ..                              19
 *      20 [a1  b1  c1  d1  e1  f1  g1  h1] 29      rank 1: 21..28
 *      30 [a2  ..                      h2] 39
 *      ..
 *      90 [a8  ..                      h8] 99      rank 8: 91..98
 *     100 .. 119                                   two guard rows
 *
 * Worked example: e4 is 21 + 4 + 30 = 55.  One step north is +10 (e5 = 65),
 * north-east +11 (f5 = 66).  A knight on e4 jumps +21 to f6 (76) or -8 to
 * g3 (47); a knight on a1 (21) jumping -21 lands on guard square 0, and one
 * jumping +8 lands on 29, the guard column that ends rank 2's row - so a
 * single guard column per side is enough, as the right guard of one row and
 * the left guard of the next stand side by side.
 *
 * Each side also keeps one list of squares per piece kind, so the generator
 * visits pieces without scanning the board, and sees at once which enemy
 * sliders could reach its king. */
#ifndef GEN_CHESS_MAILBOX_H
#define GEN_CHESS_MAILBOX_H

#include <stdbool.h>
#include <stdint.h>

#include "backend.h"

enum { MB_SQUARES = 120 };

/* A board byte: EMPTY (0), or a Kind (1..6) with its side's flag, or a
 * guard.  The flags are single bits so that "an enemy piece here" and "own
 * piece or guard here" are each one AND. */
enum { MB_WHITE = 8, MB_BLACK = 16, MB_GUARD = 32 };
#define MB_SIDE_FLAG(side) ((uint8_t)(MB_WHITE << (side)))
#define MB_KIND(code) ((int)((code)&7))

/* Squares with a name, for castling and the promotion ranks. */
enum {
    MB_A1 = 21,
    MB_B1,
    MB_C1,
    MB_D1,
    MB_E1,
    MB_F1,
    MB_G1,
    MB_H1,
    MB_A8 = 91,
    MB_B8,
    MB_C8,
    MB_D8,
    MB_E8,
    MB_F8,
    MB_G8,
    MB_H8
};

/* Room in one side's list for one kind.  A parsed FEN may hold more pieces
 * of a kind than a game could, so the lists take every square. */
enum { MB_LIST_MAX = 64 };

/* The internal move: from and to (mailbox squares), a special kind, and the
 * promoted Kind. */
typedef uint32_t MbMove;
enum { MB_NORMAL = 0, MB_DOUBLE_STEP = 1, MB_EN_PASSANT = 2, MB_CASTLE = 3, MB_PROMOTE = 4 };
#define MB_MOVE(from, to, special) ((MbMove)(from) | (MbMove)(to) << 8 | (MbMove)(special) << 16)
#define MB_PROMOTION(from, to, kind) (MB_MOVE(from, to, MB_PROMOTE) | (MbMove)(kind) << 20)
#define MB_FROM(m) ((int)((m)&0xff))
#define MB_TO(m) ((int)(((m) >> 8) & 0xff))
#define MB_SPECIAL(m) ((int)(((m) >> 16) & 0xf))
#define MB_PROMOTED(m) ((int)((m) >> 20))

/* What make() must remember to undo a move. */
typedef struct MbUndo {
    uint8_t captured; /* board byte that stood on the target (EMPTY for en passant) */
    uint8_t castling;
    uint8_t ep_square; /* mailbox square, 0 when none */
    int halfmove_clock;
} MbUndo;

/* One made move for the interface's make/unmake pair. */
typedef struct MbHistory {
    MbMove move;
    MbUndo undo;
} MbHistory;

typedef struct MailboxChess {
    uint8_t board[MB_SQUARES];
    uint8_t list_index[MB_SQUARES]; /* where the piece on a square sits in its list */
    uint8_t count[2][KING + 1];
    uint8_t squares[2][KING + 1][MB_LIST_MAX]; /* [side][kind][i] */
    int side;                                  /* CHESS_WHITE or CHESS_BLACK, to move */
    uint8_t castling;                          /* CASTLE_WK | ... */
    uint8_t ep_square;                         /* square passed by the last double step, 0 if none */
    int halfmove_clock;
    int fullmove_number;

    MbHistory *history; /* moves made through the interface, grown on demand */
    int history_length, history_capacity;
} MailboxChess;

static inline int mb_king(const MailboxChess *s, int side)
{
    return s->squares[side][KING][0];
}

/* Square relations by difference of mailbox squares, to - from + 77.  On
 * this board the difference alone tells whether a leaper reaches: a knight
 * jump or king step has no other reading.  For lines it does not (7 is h1
 * from a1, but also a2 from e1), so `step` is only a candidate direction:
 * walking it from `from` either reaches `to` across real squares, or runs
 * into a guard square first. */
enum { MB_DIFF_OFFSET = 77, MB_DIFFS = 155 };
typedef struct MbRelation {
    int8_t step;   /* the line's step from `from` toward `to`, 0 if on no line */
    uint8_t reach; /* MB_REACH_* bits: who on `from` could attack `to` */
} MbRelation;
#define MB_REACH(kind) ((uint8_t)(1u << (kind)))
enum { MB_REACH_WHITE_PAWN = 1, MB_REACH_BLACK_PAWN = 128 }; /* bits 0 and 7: no Kind uses them */

typedef struct MbTables {
    int8_t sq64[MB_SQUARES];         /* neutral square, -1 on a guard */
    uint8_t sq120[C_SQUARES];        /* mailbox square of a neutral one */
    uint64_t bit[MB_SQUARES];        /* 1 << neutral square, 0 on a guard: square sets as bits */
    uint8_t castle_keep[MB_SQUARES]; /* rights that survive a move from or to the square */
    MbRelation relation[MB_DIFFS];
} MbTables;

/* Filled once by chess_mailbox_tables_init (thread-safe), read-only after. */
extern MbTables mb_tables;
void chess_mailbox_tables_init(void);

static inline MbRelation mb_relation(int from, int to)
{
    return mb_tables.relation[to - from + MB_DIFF_OFFSET];
}
static inline uint64_t mb_bit(int square)
{
    return mb_tables.bit[square];
}

/* Legal moves of the side to move; returns the count.  `moves` holds
 * MAX_MOVES. */
int chess_mailbox_generate(MailboxChess *s, MbMove *moves);
/* The same count, moves not stored: perft's last ply with bulk counting. */
int chess_mailbox_count_moves(MailboxChess *s);

uint64_t chess_mailbox_perft(MailboxChess *s, int depth, int bulk);

#endif
