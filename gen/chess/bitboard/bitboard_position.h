/* The bitboard chess position, its internal move, and copy-make.
 *
 * A position is eight bitboards, one per piece kind (both colours together)
 * and one per colour, so "white knights" is kind[CBB_KNIGHT] & color[WHITE],
 * plus the side to move, castling rights, en passant square and clocks: 80
 * bytes, cheap enough to copy that the search never unmakes a move, it
 * keeps the parent.  Example, the initial position: kind[CBB_PAWN] is ranks
 * 2 and 7 (0x00ff00000000ff00), color[CBB_WHITE] is ranks 1 and 2
 * (0x000000000000ffff), so the white pawns are their AND, 0xff00.
 *
 * The internal move carries what make needs without looking at the board:
 * from, to, the moving kind and what is special about the move. */
#ifndef GEN_CHESS_BITBOARD_POSITION_H
#define GEN_CHESS_BITBOARD_POSITION_H

#include "bitboard_bb64.h"
#include "bitboard_tables.h"
#include "position.h"

/* Piece kinds as array indices (the neutral Kind minus one). */
enum { CBB_PAWN = 0, CBB_KNIGHT, CBB_BISHOP, CBB_ROOK, CBB_QUEEN, CBB_KING, CBB_KINDS };

typedef struct CbbPosition {
    CbbBitboard kind[CBB_KINDS];
    CbbBitboard color[2];
    uint8_t side;     /* CBB_WHITE or CBB_BLACK to move */
    uint8_t castling; /* CASTLE_* bits */
    int8_t ep_square; /* square passed over by the last double step, or -1 */
    int32_t halfmove_clock;
    int32_t fullmove_number;
} CbbPosition;

enum {
    CBB_MOVE_PLAIN = 0,    /* quiet move or capture */
    CBB_MOVE_DOUBLE_STEP,  /* pawn two squares: sets the en passant square */
    CBB_MOVE_EN_PASSANT,   /* the captured pawn stands beside `to`, not on it */
    CBB_MOVE_CASTLE,       /* the king (from) takes its own rook (to): both go to their castling squares */
    CBB_MOVE_PROMOTE_BASE, /* + CBB_KNIGHT .. CBB_QUEEN: promotion to that kind */
};

typedef struct CbbMove {
    uint8_t from, to;
    uint8_t piece;   /* CBB_PAWN .. CBB_KING */
    uint8_t special; /* CBB_MOVE_* */
} CbbMove;

/* Reachable positions never have more than 218 legal moves, but a FEN may
 * hold any number of pieces: room for what any of them can have (the bound
 * gen/chess/mailbox/mailbox.h argues). */
enum { CBB_MAX_MOVES = MAX_MOVES };

/* One castling right (castling.h), in bits: the squares that must be
 * empty, the squares the king crosses or lands on (not attacked), and the
 * squares of king and rook before and after (the rook's as a set too). */
typedef struct CbbCastle {
    CbbBitboard must_be_empty, king_path, rook_bit;
    uint8_t king_from, rook_from, king_to, rook_to;
} CbbCastle;

/* The castling of the loaded position, which no move changes (a game never
 * moves a right's rook, it only drops rights), so the search passes it down
 * beside the positions it copies: the rights each square keeps (castling
 * &= keep[from] & keep[to] after every move) and each right's plan. */
typedef struct CbbCastling {
    uint8_t keep[64];
    CbbCastle castles[CASTLE_RIGHTS]; /* [2 * side + queen side] */
    CbbBitboard shielding_rooks;      /* rooks whose leaving may uncover a check on the rank (castling.h) */
} CbbCastling;

/* The backend's instance: the current position, its castling, and what
 * save() gives back of the castling text and the key needs. */
typedef struct CbbState {
    CbbPosition pos;
    CbbCastling castling;
    uint64_t castling_keys[16];
    uint8_t castling_rook[CASTLE_RIGHTS];
    uint8_t castling_letters;
} CbbState;

/* Writes into `child` the position after `m`, a legal move of `parent`. */
CBB_INLINE void cbb_copy_make(const CbbPosition *parent, CbbPosition *child, CbbMove m, const CbbCastling *castling)
{
    int us = parent->side, them = us ^ 1;
    CbbBitboard from = cbb_bit(m.from), to = cbb_bit(m.to);
    /* Read before the child is written, which it cannot alias. */
    uint8_t keep = castling->keep[m.from] & castling->keep[m.to];
    *child = *parent;
    CbbBitboard captured = parent->color[them] & to;
    /* Clear the target from every kind: it is empty or holds the victim. */
    for (int k = CBB_PAWN; k < CBB_KING; k++)
        child->kind[k] &= ~to;
    child->color[them] &= ~to;
    child->kind[m.piece] ^= from | to;
    child->color[us] ^= from | to;
    child->castling &= keep;
    child->ep_square = -1;
    child->halfmove_clock = (m.piece == CBB_PAWN || captured) ? 0 : parent->halfmove_clock + 1;
    child->fullmove_number = parent->fullmove_number + us; /* counts up after black's move */
    child->side = (uint8_t)them;
    switch (m.special) {
    case CBB_MOVE_PLAIN: break;
    case CBB_MOVE_DOUBLE_STEP: child->ep_square = (int8_t)((m.from + m.to) / 2); break;
    case CBB_MOVE_EN_PASSANT: {
        CbbBitboard victim = us == CBB_WHITE ? to >> 8 : to << 8;
        child->kind[CBB_PAWN] ^= victim;
        child->color[them] ^= victim;
        break;
    }
    case CBB_MOVE_CASTLE: {
        /* The king (from) took its own rook (to): the lines above took both
         * off our set and the rook off the rooks, and put the king on the
         * rook's square, which is now set right (either may land where the
         * other stood). */
        int rank = m.from & 56, king_side = m.to > m.from;
        CbbBitboard king_to = cbb_bit(rank + (king_side ? 6 : 2)), rook_to = cbb_bit(rank + (king_side ? 5 : 3));
        child->kind[CBB_KING] = (child->kind[CBB_KING] & ~to) | king_to;
        child->kind[CBB_ROOK] |= rook_to;
        child->color[us] |= king_to | rook_to;
        break;
    }
    default: /* promotion: the pawn that arrived becomes the new piece */
        child->kind[CBB_PAWN] ^= to;
        child->kind[m.special - CBB_MOVE_PROMOTE_BASE] ^= to;
        break;
    }
}

/* Conversions to and from the neutral position (bitboard_position.c). */
void cbb_load(CbbState *s, const Position *pos);
void cbb_save(const CbbState *s, Position *pos);

/* The internal form of a neutral move, from the board and the move's
 * squares (no generation): exact for every legal move of the position;
 * false for what it cheaply sees cannot be one (no piece of the side to
 * move on `from`, its own piece on `to` but for castling, a promotion
 * missing or out of place, a castling without its right). */
bool cbb_decode(const CbbState *s, Move move, CbbMove *out);
Move cbb_encode(const CbbState *s, CbbMove m);

/* Debug check of a position's invariants: NULL when they hold, else the
 * first one broken.  cbb_position_check knows only the position (each
 * right's king and a rook on its side of it); cbb_check also the rights'
 * exact squares. */
const char *cbb_position_check(const CbbPosition *p);
const char *cbb_check(const CbbState *s);

#endif
