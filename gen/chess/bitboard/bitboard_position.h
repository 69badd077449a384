/* The bitboard chess position, its internal move, and copy-make.
 *
 * A position is seven bitboards, one per piece kind but the king (both
 * colours together) and one per colour, so "white knights" is
 * kind[CBB_KNIGHT] & color[WHITE]; each king's square; the side to move,
 * castling rights and en passant square: 64 bytes, one cache line (the
 * move clocks live in CbbState: perft never reads them), cheap enough to
 * copy that the search never unmakes a move, it keeps the parent.  Example, the initial position: kind[CBB_PAWN] is
 * ranks 2 and 7 (0x00ff00000000ff00), color[CBB_WHITE] is ranks 1 and 2 (0x000000000000ffff), so the white pawns are
 * their AND, 0xff00.
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
    CbbBitboard kind[CBB_KING]; /* pawns .. queens; the kings are squares */
    CbbBitboard color[2];       /* every piece of each side, kings included */
    uint8_t king[2];            /* each side's king square */
    uint8_t side;               /* CBB_WHITE or CBB_BLACK to move */
    uint8_t castling;           /* CASTLE_* bits */
    int8_t ep_square;           /* square passed over by the last double step, or -1 */
} CbbPosition;
/* Perft aligns its positions to 64 bytes, one cache line each (the type
 * itself is not over-aligned: the harness keeps undo records, which hold
 * one, at the alignment malloc gives). */
_Static_assert(sizeof(CbbPosition) == 64, "a position is one cache line");

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
    /* [side][candidates: bit 0 the king side, bit 1 the queen side]: the
     * squares from which a rook or a bishop on an empty board sees one of
     * those castlings' king paths, where the enemy sliders that may attack
     * them stand. */
    CbbBitboard path_reach_rook[2][4], path_reach_bishop[2][4];
} CbbCastling;

/* The backend's instance: the current position, its castling, and what
 * save() gives back of the castling text and the key needs. */
typedef struct CbbState {
    CbbPosition pos;
    int32_t halfmove_clock, fullmove_number; /* the backend's make keeps them; perft never reads them */
    CbbCastling castling;
    uint64_t castling_keys[16];
    uint8_t castling_rook[CASTLE_RIGHTS];
    uint8_t castling_letters;
} CbbState;

/* Writes into `child` the position after a legal move of `parent` by side
 * `us`, from `from` to `to`, of kind `piece`, `special` a CBB_MOVE_*, and
 * `capture` whether an enemy piece stands on `to` (false for en passant and
 * castling).  The move generator calls it with all of those but the squares
 * as constants, so each kind of move compiles to its own short make: a
 * quiet move touches one kind and our colour; only a capture clears the
 * target from the enemy's sets, and only a king or rook move or a capture
 * can drop a castling right (`castling` NULL: the parent has none left,
 * so the make never looks).  No move clock: perft never reads one, and
 * the backend's make (bitboard_core.c) keeps them in the state. */
CBB_INLINE void cbb_make_move(const CbbPosition *parent, CbbPosition *child, const int us, int from, int to,
                              const int piece, const int special, const bool capture, const CbbCastling *castling)
{
    const int them = us ^ 1;
    CbbBitboard from_bit = cbb_bit(from), to_bit = cbb_bit(to);
    /* Read before the child is written, which it cannot alias. */
    uint8_t rights = parent->castling;
    if (castling && (piece == CBB_KING || piece == CBB_ROOK || capture))
        rights &= castling->keep[from] & castling->keep[to];
    *child = *parent;
    child->castling = rights;
    child->side = (uint8_t)them;
    child->ep_square = special == CBB_MOVE_DOUBLE_STEP ? (int8_t)((from + to) / 2) : -1;
    if (capture) {
        /* The victim is of one of these kinds (never the king). */
        for (int k = CBB_PAWN; k < CBB_KING; k++)
            child->kind[k] &= ~to_bit;
        child->color[them] ^= to_bit;
    }
    if (special == CBB_MOVE_CASTLE) {
        /* The king (from) takes its own rook (to); either may land where
         * the other stood. */
        int rank = from & 56, king_side = to > from;
        CbbBitboard king_to = cbb_bit(rank + (king_side ? 6 : 2)), rook_to = cbb_bit(rank + (king_side ? 5 : 3));
        child->king[us] = (uint8_t)(rank + (king_side ? 6 : 2));
        child->kind[CBB_ROOK] ^= to_bit ^ rook_to;
        child->color[us] ^= from_bit ^ to_bit ^ king_to ^ rook_to;
        return;
    }
    child->color[us] ^= from_bit | to_bit;
    if (special >= CBB_MOVE_PROMOTE_BASE) {
        child->kind[CBB_PAWN] ^= from_bit;
        child->kind[special - CBB_MOVE_PROMOTE_BASE] ^= to_bit;
        return;
    }
    if (piece == CBB_KING)
        child->king[us] = (uint8_t)to;
    else
        child->kind[piece] ^= from_bit | to_bit;
    if (special == CBB_MOVE_EN_PASSANT) {
        CbbBitboard victim = us == CBB_WHITE ? to_bit >> 8 : to_bit << 8;
        child->kind[CBB_PAWN] ^= victim;
        child->color[them] ^= victim;
    }
}

/* The same for a move from the list (the backend's make, tests): the
 * move's kinds looked at once, then the constant-argument make. */
#define CBB_MAKE_CASE(us, piece, special)                                                                              \
    return capture ? cbb_make_move(parent, child, us, m.from, m.to, piece, special, true, castling)                    \
                   : cbb_make_move(parent, child, us, m.from, m.to, piece, special, false, castling)
CBB_INLINE void cbb_make_listed_side(const CbbPosition *parent, CbbPosition *child, CbbMove m,
                                     const CbbCastling *castling, const int us)
{
    bool capture = (parent->color[us ^ 1] & cbb_bit(m.to)) != 0;
    switch (m.special) {
    case CBB_MOVE_DOUBLE_STEP:
        return cbb_make_move(parent, child, us, m.from, m.to, CBB_PAWN, m.special, false, castling);
    case CBB_MOVE_EN_PASSANT:
        return cbb_make_move(parent, child, us, m.from, m.to, CBB_PAWN, m.special, false, castling);
    case CBB_MOVE_CASTLE: return cbb_make_move(parent, child, us, m.from, m.to, CBB_KING, m.special, false, castling);
    case CBB_MOVE_PROMOTE_BASE + CBB_KNIGHT: CBB_MAKE_CASE(us, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_KNIGHT);
    case CBB_MOVE_PROMOTE_BASE + CBB_BISHOP: CBB_MAKE_CASE(us, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_BISHOP);
    case CBB_MOVE_PROMOTE_BASE + CBB_ROOK: CBB_MAKE_CASE(us, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_ROOK);
    case CBB_MOVE_PROMOTE_BASE + CBB_QUEEN: CBB_MAKE_CASE(us, CBB_PAWN, CBB_MOVE_PROMOTE_BASE + CBB_QUEEN);
    default: break;
    }
    switch (m.piece) {
    case CBB_PAWN: CBB_MAKE_CASE(us, CBB_PAWN, CBB_MOVE_PLAIN);
    case CBB_KNIGHT: CBB_MAKE_CASE(us, CBB_KNIGHT, CBB_MOVE_PLAIN);
    case CBB_BISHOP: CBB_MAKE_CASE(us, CBB_BISHOP, CBB_MOVE_PLAIN);
    case CBB_ROOK: CBB_MAKE_CASE(us, CBB_ROOK, CBB_MOVE_PLAIN);
    case CBB_QUEEN: CBB_MAKE_CASE(us, CBB_QUEEN, CBB_MOVE_PLAIN);
    default: CBB_MAKE_CASE(us, CBB_KING, CBB_MOVE_PLAIN);
    }
}
#undef CBB_MAKE_CASE

/* Writes into `child` the position after `m`, a legal move of `parent`. */
static inline void cbb_copy_make(const CbbPosition *parent, CbbPosition *child, CbbMove m, const CbbCastling *castling)
{
    if (parent->side == CBB_WHITE)
        cbb_make_listed_side(parent, child, m, castling, CBB_WHITE);
    else
        cbb_make_listed_side(parent, child, m, castling, CBB_BLACK);
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
