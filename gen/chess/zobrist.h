/* Zobrist keys of chess positions, shared by every chess backend.
 *
 * The key covers the pieces (side and kind per square), the side to move,
 * the castling rights with each right's rook file (Chess960), and the en
 * passant square only when a pawn of the side to move stands beside the
 * pawn that stepped (chess_zobrist_ep_keyed): backends keep the square after
 * every double step, and keying it only where a capture may follow lets the
 * positions that differ in nothing else share an entry.  The clocks are left out: they
 * do not change a perft count.  chess_zobrist_position128 is the definition;
 * backends keep the same key incrementally (perft_hash_recursion.h). */
#ifndef GEN_CHESS_ZOBRIST_H
#define GEN_CHESS_ZOBRIST_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"
#include "zobrist_key.h"

typedef struct ChessZobrist {
    uint64_t piece[C_SQUARES][13];  /* [square][0 empty (0), 1 + side * 6 + kind - 1] */
    uint64_t piece2[C_SQUARES][13]; /* the second stream's (zobrist_key.h) */
    uint64_t black_to_move;
    uint64_t castling[16];
    uint64_t ep[C_SQUARES + 1]; /* [ep square + 1], [0] (none) is 0 */
    /* [right][rook file], folded into castling[] for each right held; 0 for
     * the standard files (h and a), so standard chess keys stay as they
     * were. */
    uint64_t castling_file[CASTLE_RIGHTS][C_WIDTH];
} ChessZobrist;

/* Filled on first use (chess_zobrist_position128, chess_zobrist_castling_keys:
 * idempotent, thread-safe). */
extern ChessZobrist chess_zobrist;

static inline uint64_t chess_zobrist_piece(int square, Piece p)
{
    return p == EMPTY ? 0 : chess_zobrist.piece[square][1 + PIECE_ARMY(p) * 6 + PIECE_KIND(p) - 1];
}

static inline uint64_t chess_zobrist_piece2(int square, Piece p)
{
    return p == EMPTY ? 0 : chess_zobrist.piece2[square][1 + PIECE_ARMY(p) * 6 + PIECE_KIND(p) - 1];
}

/* Whether the en passant square ep (of a position whose side to move is
 * `side`) is in the key: a pawn of `side` stands beside the pawn that
 * stepped, on the square behind ep.  piece_at reads the board. */
#define CHESS_ZOBRIST_EP_KEYED(piece_at, state, ep, side)                                                              \
    chess_zobrist_ep_beside((ep) + ((side) ? 8 : -8), (side), piece_at((state), (ep) + ((side) ? 8 : -8) - 1),         \
                            piece_at((state), (ep) + ((side) ? 8 : -8) + 1))
static inline bool chess_zobrist_is_pawn_of(Piece p, int side)
{
    return p != EMPTY && PIECE_KIND(p) == PAWN && PIECE_ARMY(p) == side;
}
static inline bool chess_zobrist_ep_beside(int stepped, int side, Piece west, Piece east)
{
    int file = stepped & 7;
    return (file > 0 && chess_zobrist_is_pawn_of(west, side)) || (file < 7 && chess_zobrist_is_pawn_of(east, side));
}

/* keys[set]: the key of each set of castling rights (CASTLE_* bits) with
 * the position's rook files; a backend computes them once at load, since a
 * game never changes a right's rook, only drops rights. */
void chess_zobrist_castling_keys(const Position *pos, uint64_t keys[16]);

/* The part of the key that is not the pieces; castling_key from
 * chess_zobrist_castling_keys. */
static inline uint64_t chess_zobrist_state(int side, uint64_t castling_key, int ep_square)
{
    return (side ? chess_zobrist.black_to_move : 0) ^ castling_key ^ chess_zobrist.ep[ep_square + 1];
}

/* Both streams' keys of a neutral position (initialises the tables). */
ZobristKey chess_zobrist_position128(const Position *pos);
/* Whether the position's en passant square is in its key. */
bool chess_zobrist_ep_keyed(const Position *pos);

/* The squares whose piece a move may change, given the moving piece and
 * what stands on `to` before it: from and to, and the king's and rook's
 * destinations of a castling (from and to being the king's and the rook's
 * squares), or the captured pawn's square of an en passant.  Distinct;
 * returns how many (at most 4). */
int chess_zobrist_move_squares(Move move, Piece moving, Piece target, uint8_t squares[4]);

/* The key of a neutral position, and in *ep_out the en passant key it
 * leaves out (0: none), which a backend's state key holds. */
static inline ZobristKey chess_zobrist_position_ep(const Position *pos, uint64_t *ep_out)
{
    ZobristKey key = chess_zobrist_position128(pos);
    *ep_out = pos->ep_square >= 0 && !chess_zobrist_ep_keyed(pos) ? chess_zobrist.ep[pos->ep_square + 1] : 0;
    return key;
}

/* Whether a move is a pawn's double step, after which the child's state
 * key holds an en passant square. */
static inline bool chess_zobrist_double_step(Move m, Piece moving)
{
    int step = (int)m.to - (int)m.from;
    return PIECE_KIND(moving) == PAWN && (step == 16 || step == -16);
}

/* Chess's keying for the hashed perft recursion (perft_hash_recursion.h
 * lists the six; a chess backend's PH_BACKEND line names CHESS_ZOBRIST).
 * The child of a double step leaves its en passant key out when no pawn of
 * the side to move stands beside the pawn that stepped. */
#define CHESS_ZOBRIST_GAME GAME_CHESS
#define CHESS_ZOBRIST_POSITION(pos, ep_out) chess_zobrist_position_ep(pos, ep_out)
#define CHESS_ZOBRIST_PIECE(square, piece) chess_zobrist_piece(square, piece)
#define CHESS_ZOBRIST_PIECE2(square, piece) chess_zobrist_piece2(square, piece)
#define CHESS_ZOBRIST_MOVE_SQUARES(piece_at, state, move, moving, squares)                                             \
    chess_zobrist_move_squares(move, moving, piece_at(state, (move).to), squares)
#define CHESS_ZOBRIST_CHILD_EP_OUT(piece_at, child, move, moving)                                                      \
    (chess_zobrist_double_step(move, moving) &&                                                                        \
             !CHESS_ZOBRIST_EP_KEYED(piece_at, child, ((int)(move).from + (int)(move).to) / 2, PIECE_ARMY(moving) ^ 1) \
         ? chess_zobrist.ep[((int)(move).from + (int)(move).to) / 2 + 1]                                               \
         : 0)

#endif
