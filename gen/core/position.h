/* The neutral description of a position that every backend loads.
 *
 * Shared code (QFEN and FEN parsing, printing, move text) speaks only this
 * form; each backend converts it once, in its load function, into whatever
 * layout it searches fastest.  Nothing here is on a hot path. */
#ifndef GEN_CORE_POSITION_H
#define GEN_CORE_POSITION_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { GAME_QUATERNITY = 0, GAME_CHESS = 1, GAME_COUNT } Game;

/* Neutral squares: index = rank * width + file, rank 0 being rank 1 and file
 * 0 file a.  Quaternity is 12 x 12 (0..143), chess 8 x 8 (0..63). */
enum { Q_WIDTH = 12, Q_SQUARES = 144, C_WIDTH = 8, C_SQUARES = 64 };
enum { MAX_SQUARES = Q_SQUARES };

/* A piece is one byte: kind in bits 0-2, army in bits 3-4, pawn state in
 * bits 5-7.  EMPTY is 0.  Chess uses armies 0 (white) and 1 (black) and gives
 * its pawns the states PAWN_UP and PAWN_DOWN, so that pawn code can be shared
 * in spirit even though chess backends never read the state. */
typedef uint8_t Piece;

typedef enum { EMPTY = 0, PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING } Kind;

/* Quaternity armies, in turn order. Chess: WHITE = 0, BLACK = 1. */
typedef enum { ARMY_WHITE = 0, ARMY_RED = 1, ARMY_BLACK = 2, ARMY_GREEN = 3 } Army;
enum { CHESS_WHITE = 0, CHESS_BLACK = 1 };

typedef enum {
    PAWN_NONE = 0,       /* not a pawn */
    PAWN_UP = 1,         /* toward the last rank */
    PAWN_DOWN = 2,       /* toward rank 1 */
    PAWN_RIGHT = 3,      /* toward the last file */
    PAWN_LEFT = 4,       /* toward file a */
    PAWN_UNCOMMITTED = 5 /* Quaternity advanced central pawn, both forward directions open */
} PawnState;

#define PIECE_MAKE(army, kind, state) ((Piece)((kind) | ((army) << 3) | ((state) << 5)))
#define PIECE_KIND(p) ((Kind)((p)&7))
#define PIECE_ARMY(p) (((p) >> 3) & 3)
#define PIECE_PAWN_STATE(p) ((PawnState)((p) >> 5))

/* Castling rights (chess only), one bit per right.  A right is castling
 * with one rook of a side: the king-side right (K) with a rook on the
 * h-side of the king, the queen-side one (Q) with a rook on the a-side.
 * Index r of a right (bit 1 << r) is 2 * side + (queen side). */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8 };
enum { CASTLE_RIGHTS = 4 };

/* How FEN wrote the castling field, kept so that a position prints back in
 * the form it was given (fen.c): bit CASTLE_LETTER_FILE(r) when right r was
 * a file letter (Shredder-FEN `HAha`, or X-FEN's letter for an inner rook)
 * rather than K, Q, k or q; bit CASTLE_LETTER_Q_FIRST(side) when that side's
 * queen-side letter came before its king-side one (`AHah`). */
#define CASTLE_LETTER_FILE(right) (1u << (right))
#define CASTLE_LETTER_Q_FIRST(side) (16u << (side))

typedef struct Position {
    Game game;
    Piece board[MAX_SQUARES]; /* neutral squares; only the first width*width are used */
    int turn;                 /* Quaternity: controller on turn (an Army); chess: side to move */

    /* Quaternity only. controller[a] is the controller of army a; frozen is a
     * bit set of frozen controllers (bit a for controller a). */
    uint8_t controller[4];
    uint8_t frozen;

    /* Chess only. castling holds the CASTLE_* rights; castling_rook[r] is
     * the file (0-7) of right r's rook, which stands on its side's back rank
     * beside that side's king there (standard chess: files 7 and 0); it
     * and castling_letters mean something only while the right is held (a
     * backend may keep them unchanged as rights are lost).
     * ep_square is the square a pawn could capture onto en passant, or -1. */
    uint8_t castling;
    uint8_t castling_rook[CASTLE_RIGHTS];
    uint8_t castling_letters;
    int ep_square;
    int halfmove_clock;
    int fullmove_number;
} Position;

static inline int game_width(Game g)
{
    return g == GAME_QUATERNITY ? Q_WIDTH : C_WIDTH;
}
static inline int game_squares(Game g)
{
    return g == GAME_QUATERNITY ? Q_SQUARES : C_SQUARES;
}
static inline int game_armies(Game g)
{
    return g == GAME_QUATERNITY ? 4 : 2;
}

/* The neutral move: squares in neutral numbering, promotion kind or EMPTY.
 * Backends may search with any internal encoding; at the interface they
 * speak this one.  En passant is the pawn's move.
 *
 * Castling is the king taking its own rook: from is the king's square, to
 * the castling rook's, and promotion is MOVE_CASTLING (a king, which no pawn
 * becomes).  That names every castling unambiguously, Chess960 included,
 * where the king may already stand on its destination or the rook on the
 * king's (king-to-destination would be `g1g1`, or read as a king step), and
 * the mark lets move text write it as `e1g1` or as `e1h1` without the board
 * (move_text.h). */
typedef struct Move {
    uint8_t from;
    uint8_t to;
    uint8_t promotion; /* a Kind, EMPTY when none; MOVE_CASTLING for castling */
} Move;

enum { MOVE_CASTLING = KING };

static inline bool move_is_castling(Move m)
{
    return m.promotion == MOVE_CASTLING;
}

/* Upper bound on the legal moves of one Quaternity or chess position.  A
 * Quaternity controller can move up to three armies; 1024 leaves room for
 * any reachable position and keeps every move list on the stack. */
enum { MAX_MOVES = 1024 };

/* Perft depths the harness accepts, on the command line and in suites. */
enum { MAX_DEPTH = 20 };

/* The largest chess clock (halfmove clock, fullmove number) position text
 * gives or takes.  Backends count in int, which leaves them a billion plies
 * of headroom past it (the tool plays at most a command line's worth of
 * moves), and save clamp to it, so a saved position always prints as text
 * that parses back. */
enum { POSITION_CLOCK_MAX = 999999999 };

static inline int clock_saved(int clock)
{
    return clock < POSITION_CLOCK_MAX ? clock : POSITION_CLOCK_MAX;
}

static inline bool move_equal(Move a, Move b)
{
    return a.from == b.from && a.to == b.to && a.promotion == b.promotion;
}

/* Positions compare equal when every field a game uses is equal (chess
 * clocks included, and the castling rooks and letters of the rights held). */
bool position_equal(const Position *a, const Position *b);

/* The file of `side`'s outermost rook on its back rank on one side of the
 * king (king_side: toward h), or -1: the rook K or Q names in FEN. */
int position_outermost_rook(const Position *pos, int side, int king_file, bool king_side);

/* Whether the held castling right `right` is written as its rook's file
 * letter: the text gave one (castling_letters), or another rook of the side
 * now stands beyond the right's rook on its side of the king (a rook move, a
 * promotion on the back rank), so that K or Q would name that one.  FEN
 * writes it so and position_equal compares it so. */
bool position_castling_by_file(const Position *pos, int right);

#endif
