/* The 0x88 chess board: the representation the "padded" chess backend
 * searches.
 *
 * The board is 16 files wide and 8 ranks high, 128 bytes, and only the left
 * half of each rank is real: square = 16 * rank + file, so in hexadecimal the
 * high digit is the rank and the low digit the file (a1 = 0x00, h1 = 0x07,
 * e4 = 0x34, h8 = 0x77).  Any square with bit 0x08 (file beyond h) or 0x80
 * (rank beyond 8, or a negative number) set is off the board, so one mask
 * answers "did this step leave the board?":
 *
 *     h4 = 0x37, one step east: 0x38 & 0x88 = 0x08  -> off the board
 *     a1 = 0x00, one step south-west: -17 & 0x88 = 0x88 -> off the board
 *     e4 = 0x34, knight jump +33: 0x55 = f6, 0x55 & 0x88 = 0 -> on the board
 *
 * Because the unused files act as padding, two squares' difference says
 * exactly how they lie to each other (h1 and a2 differ by 0x09, never by a
 * king step): x88_tables.h turns the difference into the piece kinds that can
 * attack along it and the unit step that walks it.  Nothing is ever written
 * to the padding, so it always reads EMPTY; pawn captures use that to step
 * off the a- and h-files without a mask test.
 *
 * A board byte is EMPTY (0) or a piece: its Kind (position.h) in bits 0-2 and
 * a colour bit, CPD_WHITE (0x08) or CPD_BLACK (0x10), so "own piece",
 * "enemy piece" and "empty or enemy" are single AND tests.  Besides the
 * board, each side keeps one piece list per kind (the squares of its
 * knights, of its bishops, ...) so generation walks pieces, not squares, and
 * slot[] gives each occupied square's index in its list so a capture can
 * drop the piece in constant time. */
#ifndef GEN_CHESS_PADDED_X88_BOARD_H
#define GEN_CHESS_PADDED_X88_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

enum {
    CPD_SQUARES = 128,
    CPD_OFF = 0x88,   /* square & CPD_OFF != 0: off the board */
    CPD_NO_EP = 0x88, /* ep field when no double step was just played */
    CPD_WHITE = 0x08, /* colour bits of a board byte */
    CPD_BLACK = 0x10,
    CPD_KIND_MASK = 7, /* board byte & CPD_KIND_MASK: the Kind */
    CPD_LIST_MAX = 64  /* room in a list: as many pieces as the FEN parser lets through (a game allows 10) */
};

/* Rank and file steps. */
enum { CPD_NORTH = 16, CPD_EAST = 1 };

/* What a move changes that its unmake cannot work out again: saved whole
 * in the undo record, restored in one copy. */
typedef struct CpdIrreversible {
    int halfmove_clock;
    uint8_t castling; /* CASTLE_* bits of position.h */
    uint8_t ep;       /* square passed by the last double step, or CPD_NO_EP */
} CpdIrreversible;

/* One castling right on the 0x88 board (castling.h), from the loaded
 * position: the squares that must be empty, and where king and rook go.
 * The squares that must be empty all lie on the side's back rank, whose
 * eight board bytes are contiguous: empty_files has 0xFF in the byte of
 * each such file, so one 8-byte read of the rank ANDed with it answers for
 * all of them (cpd_castle_path_empty).
 * The squares the king crosses or lands on are split in two: those of the
 * king's zone (x88_tables.h) the threat pass answers for this right,
 * path_zones, tested with one mask; and the rest (beyond the zone, or the
 * neighbour the castling rook stands on, which the pass does not test),
 * path[], tested one by one.  zone_wanted: the zone squares beyond the
 * king's neighbours the threat pass should test for this right. */
enum { CPD_CASTLE_SQUARES_MAX = 8 };
typedef struct CpdCastle {
    uint64_t empty_files;
    uint8_t king_from, rook_from, king_to, rook_to;
    uint8_t path_count;
    uint8_t path[CPD_CASTLE_SQUARES_MAX];
    uint16_t path_zones;
    uint16_t zone_wanted;
    bool rook_shields; /* test the rank behind the rook once it has left */
} CpdCastle;

typedef struct CpdBoard {
    uint8_t board[CPD_SQUARES];
    uint8_t slot[CPD_SQUARES];               /* index of the piece on that square in its list */
    uint8_t list[2][KING + 1][CPD_LIST_MAX]; /* [side][kind]: squares */
    uint8_t count[2][KING + 1];
    CpdIrreversible state;
    uint8_t side; /* CHESS_WHITE or CHESS_BLACK to move */
    int fullmove_number;
    /* From the loaded position (a game never moves a right's rook, it only
     * drops rights): castling &= castle_keep[from] & castle_keep[to] after
     * every move, the rights' plans, the castling keys, and the rook files
     * and letters save() gives back. */
    uint8_t castle_keep[CPD_SQUARES];
    CpdCastle castles[CASTLE_RIGHTS];
    uint64_t castling_keys[16];
    uint8_t castling_rook[CASTLE_RIGHTS];
    uint8_t castling_letters;
} CpdBoard;

/* The internal move: from-square in bits 0-6, to-square in bits 8-14, the
 * promotion Kind in bits 16-18, and flags for the moves make() must treat
 * specially, so make() never has to rediscover them from the board (the
 * generator sets them; the core's decode derives the same from the board). */
typedef uint32_t CpdMove;
enum {
    CPD_MOVE_PROMOTION_SHIFT = 16,
    CPD_MOVE_PROMOTION = 7 << CPD_MOVE_PROMOTION_SHIFT,
    CPD_MOVE_EN_PASSANT = 1 << 19,
    CPD_MOVE_CASTLE = 1 << 20,
    CPD_MOVE_DOUBLE_STEP = 1 << 21,
    /* the moves make() and unmake() treat off the common path (castling
     * apart: from is the king, to its own rook) */
    CPD_MOVE_SPECIAL = CPD_MOVE_PROMOTION | CPD_MOVE_EN_PASSANT,
};
/* A game never offers more than 218 moves; positions with more material
 * than a game allows may offer more, so lists take the interface's bound. */
enum { CPD_MAX_MOVES = MAX_MOVES };

static inline CpdMove cpd_move(int from, int to, int flags)
{
    return (CpdMove)(from | to << 8 | flags);
}
static inline int cpd_move_from(CpdMove m)
{
    return (int)(m & 0x7F);
}
static inline int cpd_move_to(CpdMove m)
{
    return (int)((m >> 8) & 0x7F);
}
static inline int cpd_move_promotion(CpdMove m)
{
    return (int)((m >> CPD_MOVE_PROMOTION_SHIFT) & 7);
}

/* What make() must remember so unmake() can put everything back. */
typedef struct CpdUndo {
    CpdIrreversible state;
    uint8_t captured; /* board byte of the captured piece, EMPTY if none */
} CpdUndo;

static inline int cpd_colour_bit(int side)
{
    return CPD_WHITE << side;
}
static inline int cpd_side_of(int piece)
{
    return piece >> 4;
} /* of an occupied byte */
static inline int cpd_forward(int side)
{
    return side == CHESS_WHITE ? CPD_NORTH : -CPD_NORTH;
}

static inline int cpd_from_neutral(int square)
{
    return (square / C_WIDTH) * 16 + square % C_WIDTH;
}
static inline int cpd_to_neutral(int square)
{
    return (square >> 4) * C_WIDTH + (square & 7);
}

static inline int cpd_king(const CpdBoard *x, int side)
{
    return x->list[side][KING][0];
}

/* Piece-list upkeep.  Removal moves the list's last piece into the hole;
 * insertion appends.  The order of a list is therefore not kept across a
 * make/unmake pair, only its contents, which is all generation needs. */
static inline void cpd_list_add(CpdBoard *x, int side, int kind, int square)
{
    int i = x->count[side][kind]++;
    x->list[side][kind][i] = (uint8_t)square;
    x->slot[square] = (uint8_t)i;
}

static inline void cpd_list_remove(CpdBoard *x, int side, int kind, int square)
{
    int i = x->slot[square];
    int last = --x->count[side][kind];
    int moved = x->list[side][kind][last];
    x->list[side][kind][i] = (uint8_t)moved;
    x->slot[moved] = (uint8_t)i;
}

static inline void cpd_list_move(CpdBoard *x, int side, int kind, int from, int to)
{
    int i = x->slot[from];
    x->list[side][kind][i] = (uint8_t)to;
    x->slot[to] = (uint8_t)i;
}

/* Debug builds: NULL when board, piece lists, slots, king squares and the
 * padding agree, else the first disagreement (x88_core.c). */
const char *cpd_check(const CpdBoard *x);

#endif
