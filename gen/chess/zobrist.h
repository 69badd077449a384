/* Zobrist keys of chess positions, shared by every chess backend.
 *
 * The key covers the pieces (side and kind per square), the side to move,
 * the castling rights with each right's rook file (Chess960), and the en
 * passant square as the position keeps it
 * (set after every double step, whether or not a capture is possible:
 * equal positions still get equal keys, and a position reached with and
 * without that square just counts as two).  The clocks are left out: they
 * do not change a perft count.  chess_zobrist_position is the definition;
 * backends keep the same key incrementally (perft_hash_recursion.h). */
#ifndef GEN_CHESS_ZOBRIST_H
#define GEN_CHESS_ZOBRIST_H

#include <stdint.h>

#include "position.h"

typedef struct ChessZobrist {
    uint64_t piece[C_SQUARES][13]; /* [square][0 empty (0), 1 + side * 6 + kind - 1] */
    uint64_t black_to_move;
    uint64_t castling[16];
    uint64_t ep[C_SQUARES + 1]; /* [ep square + 1], [0] (none) is 0 */
    /* [right][rook file], folded into castling[] for each right held; 0 for
     * the standard files (h and a), so standard chess keys stay as they
     * were. */
    uint64_t castling_file[CASTLE_RIGHTS][C_WIDTH];
} ChessZobrist;

/* Filled on first use (chess_zobrist_position, chess_zobrist_castling_keys:
 * idempotent, thread-safe). */
extern ChessZobrist chess_zobrist;

static inline uint64_t chess_zobrist_piece(int square, Piece p)
{
    return p == EMPTY ? 0 : chess_zobrist.piece[square][1 + PIECE_ARMY(p) * 6 + PIECE_KIND(p) - 1];
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

/* The key of a neutral position (initialises the tables). */
uint64_t chess_zobrist_position(const Position *pos);

/* The squares whose piece a move may change, given the moving piece and
 * what stands on `to` before it: from and to, and the king's and rook's
 * destinations of a castling (from and to being the king's and the rook's
 * squares), or the captured pawn's square of an en passant.  Distinct;
 * returns how many (at most 4). */
int chess_zobrist_move_squares(Move move, Piece moving, Piece target, uint8_t squares[4]);

#endif
