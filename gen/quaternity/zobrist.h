/* Zobrist keys of Quaternity positions, shared by every Quaternity backend.
 *
 * The key covers every man by its whole piece byte (kind, army and pawn
 * state, so a pawn's direction, its commitment and an uncommitted pawn all
 * count), the controller on turn, each army's controller and the frozen
 * set.  quaternity_zobrist_position128 is the definition; backends keep the
 * same key incrementally (perft_hash_recursion.h).  A move changes only its
 * two squares: Quaternity has no castling and no en passant, and
 * controllers and the frozen set stay fixed during play. */
#ifndef GEN_QUATERNITY_ZOBRIST_H
#define GEN_QUATERNITY_ZOBRIST_H

#include <stdint.h>

#include "position.h"
#include "zobrist_key.h"

typedef struct QuaternityZobrist {
    uint64_t piece[Q_SQUARES][256];  /* [square][piece byte], [..][EMPTY] is 0 */
    uint64_t piece2[Q_SQUARES][256]; /* the second stream's (zobrist_key.h) */
    uint64_t turn[4];
    uint64_t controller[4][4]; /* [army][its controller] */
    uint64_t frozen[16];
} QuaternityZobrist;

/* Filled by quaternity_zobrist_init (idempotent, thread-safe). */
extern QuaternityZobrist quaternity_zobrist;
void quaternity_zobrist_init(void);

static inline uint64_t quaternity_zobrist_piece(int square, Piece p)
{
    return quaternity_zobrist.piece[square][p];
}

static inline uint64_t quaternity_zobrist_piece2(int square, Piece p)
{
    return quaternity_zobrist.piece2[square][p];
}

/* The part of the key that is not the men. */
static inline uint64_t quaternity_zobrist_state(int turn, const uint8_t controller[4], int frozen)
{
    uint64_t key = quaternity_zobrist.turn[turn & 3] ^ quaternity_zobrist.frozen[frozen & 15];
    for (int a = 0; a < 4; a++)
        key ^= quaternity_zobrist.controller[a][controller[a] & 3];
    return key;
}

/* The key of a neutral position (initialises the tables). */
ZobristKey quaternity_zobrist_position128(const Position *pos);

/* Quaternity's keying for the hashed perft recursion (perft_hash_recursion.h
 * lists the six; a Quaternity backend's PH_BACKEND line names
 * QUATERNITY_ZOBRIST): the whole state is keyed, so nothing is left out,
 * and a move changes its two squares only. */
#define QUATERNITY_ZOBRIST_GAME GAME_QUATERNITY
#define QUATERNITY_ZOBRIST_POSITION(pos, ep_out) (*(ep_out) = 0, quaternity_zobrist_position128(pos))
#define QUATERNITY_ZOBRIST_PIECE(square, piece) quaternity_zobrist_piece(square, piece)
#define QUATERNITY_ZOBRIST_PIECE2(square, piece) quaternity_zobrist_piece2(square, piece)
#define QUATERNITY_ZOBRIST_MOVE_SQUARES(piece_at, state, move, moving, squares)                                        \
    ((void)(moving), (squares)[0] = (move).from, (squares)[1] = (move).to, 2)
#define QUATERNITY_ZOBRIST_CHILD_EP_OUT(piece_at, child, move, moving) ((void)(child), (uint64_t)0)

#endif
