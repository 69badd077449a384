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
#ifndef GEN_CHESS_MAILBOX_MAILBOX_H
#define GEN_CHESS_MAILBOX_MAILBOX_H

#include <stdbool.h>
#include <stdint.h>

#include "backend.h"

enum { CMB_SQUARES = 120 };

/* A board byte: EMPTY (0), or a Kind (1..6) with its side's flag, or a
 * guard.  The flags are single bits so that "an enemy piece here" and "own
 * piece or guard here" are each one AND. */
enum { CMB_WHITE = 8, CMB_BLACK = 16, CMB_GUARD = 32 };
#define CMB_SIDE_FLAG(side) ((uint8_t)(CMB_WHITE << (side)))
#define CMB_KIND(code) ((int)((code)&7))

/* Squares with a name, for the promotion ranks. */
enum {
    CMB_A1 = 21,
    CMB_B1,
    CMB_C1,
    CMB_D1,
    CMB_E1,
    CMB_F1,
    CMB_G1,
    CMB_H1,
    CMB_A8 = 91,
    CMB_B8,
    CMB_C8,
    CMB_D8,
    CMB_E8,
    CMB_F8,
    CMB_G8,
    CMB_H8
};

/* Room for the legal moves of any position a FEN may give, however many
 * pieces it holds, plus the one slot the generator writes past its count.
 * Each target square is reached by at most 8 line movers and 8 knights, a
 * promotion counting 4 for each of up to 3 pawns: 25 per target; each
 * piece has at most 27 moves.  With k pieces, min(27 k, 25 (64 - k)) + 2
 * castlings stays below 835. */
enum { CMB_MAX_MOVES = MAX_MOVES };

/* Room in one side's list for one kind.  A parsed FEN may hold more pieces
 * of a kind than a game could, so the lists take every square. */
enum { CMB_LIST_MAX = 64 };

/* The internal move: from and to (mailbox squares), a special kind, and the
 * promoted Kind. */
typedef uint32_t CmbMove;
enum { CMB_NORMAL = 0, CMB_DOUBLE_STEP = 1, CMB_EN_PASSANT = 2, CMB_CASTLE = 3, CMB_PROMOTE = 4 };
#define CMB_MOVE(from, to, special) ((CmbMove)(from) | (CmbMove)(to) << 8 | (CmbMove)(special) << 16)
#define CMB_PROMOTION(from, to, kind) (CMB_MOVE(from, to, CMB_PROMOTE) | (CmbMove)(kind) << 20)
#define CMB_FROM(m) ((int)((m)&0xff))
#define CMB_TO(m) ((int)(((m) >> 8) & 0xff))
#define CMB_SPECIAL(m) ((int)(((m) >> 16) & 0xf))
#define CMB_PROMOTED(m) ((int)((m) >> 20))

/* One castling right on the mailbox board (castling.h), from the loaded
 * position: the squares that must be empty, the squares the king crosses
 * or lands on (each with its KING_STEPS index when it is next to the king,
 * else -1: the king's own step test has answered for it), and where king
 * and rook go. */
enum { CMB_CASTLE_SQUARES_MAX = 8 };
typedef struct CmbCastle {
    uint8_t king_from, rook_from, king_to, rook_to;
    uint8_t empty_count, path_count;
    uint8_t empty[CMB_CASTLE_SQUARES_MAX];
    uint8_t path[CMB_CASTLE_SQUARES_MAX];
    int8_t path_step[CMB_CASTLE_SQUARES_MAX];
    bool rook_shields; /* test the rank behind the rook once it has left */
} CmbCastle;

/* What make() must remember to undo a move. */
typedef struct CmbUndo {
    uint8_t captured; /* board byte that stood on the target (EMPTY for en passant) */
    uint8_t castling;
    uint8_t ep_square; /* mailbox square, 0 when none */
    int halfmove_clock;
} CmbUndo;

typedef struct CmbState {
    uint8_t board[CMB_SQUARES];
    uint8_t list_index[CMB_SQUARES]; /* where the piece on a square sits in its list */
    uint8_t count[2][KING + 1];
    uint8_t squares[2][KING + 1][CMB_LIST_MAX]; /* [side][kind][i] */
    int side;                                   /* CHESS_WHITE or CHESS_BLACK, to move */
    uint8_t castling;                           /* CASTLE_WK | ... */
    uint8_t ep_square;                          /* square passed by the last double step, 0 if none */
    int halfmove_clock;
    int fullmove_number;
    /* From the loaded position (a game never moves a right's rook, it only
     * drops rights): the rights each square keeps, the rights' plans, the
     * castling keys, and the rook files and letters save() gives back. */
    uint8_t castle_keep[CMB_SQUARES];
    CmbCastle castles[CASTLE_RIGHTS];
    uint64_t castling_keys[16];
    uint8_t castling_rook[CASTLE_RIGHTS];
    uint8_t castling_letters;
} CmbState;

static inline int cmb_king(const CmbState *s, int side)
{
    return s->squares[side][KING][0];
}

/* Square relations by difference of mailbox squares, to - from + 77.  On
 * this board the difference alone tells whether a leaper reaches: a knight
 * jump or king step has no other reading.  For lines it does not (7 is h1
 * from a1, but also a2 from e1), so `step` is only a candidate direction:
 * walking it from `from` either reaches `to` across real squares, or runs
 * into a guard square first. */
enum { CMB_DIFF_OFFSET = 77, CMB_DIFFS = 155 };
typedef struct CmbRelation {
    int8_t step;   /* the line's step from `from` toward `to`, 0 if on no line */
    uint8_t reach; /* CMB_REACH_* bits: who on `from` could attack `to` */
} CmbRelation;
#define CMB_REACH(kind) ((uint8_t)(1u << (kind)))
enum { CMB_REACH_WHITE_PAWN = 1, CMB_REACH_BLACK_PAWN = 128 }; /* bits 0 and 7: no Kind uses them */

typedef struct CmbTables {
    int8_t sq64[CMB_SQUARES];  /* neutral square, -1 on a guard */
    uint8_t sq120[C_SQUARES];  /* mailbox square of a neutral one */
    uint64_t bit[CMB_SQUARES]; /* 1 << neutral square, 0 on a guard: square sets as bits */
    CmbRelation relation[CMB_DIFFS];
} CmbTables;

/* Filled once by cmb_tables_init (thread-safe), read-only after. */
extern CmbTables cmb_tables;
void cmb_tables_init(void);

static inline CmbRelation cmb_relation(int from, int to)
{
    return cmb_tables.relation[to - from + CMB_DIFF_OFFSET];
}
static inline uint64_t cmb_bit(int square)
{
    return cmb_tables.bit[square];
}

/* Legal moves of the side to move; returns the count.  `moves` holds
 * CMB_MAX_MOVES. */
int cmb_generate(CmbState *s, CmbMove *moves);
/* The same count, moves not stored: perft's last ply with bulk counting. */
int cmb_count(CmbState *s);

/* Perft, depth >= 1; bulk: the last ply counted, not made. */
uint64_t cmb_perft(CmbState *s, int depth, bool bulk);

/* The leaf statistics `depth` >= 1 plies down into *out, every last-ply
 * move made (mailbox_stats.c). */
void cmb_perft_stats(CmbState *s, int depth, PerftStats *out);

/* NULL when board, piece lists, list indices, counts and the rights agree,
 * else the first disagreement (debug builds, BACKEND_DEBUG_CHECK). */
const char *cmb_check(const CmbState *s);

#endif
