#include "zobrist.h"

#include <stdlib.h>

#include "run_once.h"
#include "zobrist_random.h"

ChessZobrist chess_zobrist;

static void fill(void)
{
    uint64_t seed = 0x43686573735a6f62ull; /* "ChessZob" */
    for (int sq = 0; sq < C_SQUARES; sq++)
        for (int i = 1; i < 13; i++)
            chess_zobrist.piece[sq][i] = zobrist_next(&seed);
    chess_zobrist.black_to_move = zobrist_next(&seed);
    for (int c = 0; c < 16; c++)
        chess_zobrist.castling[c] = zobrist_next(&seed);
    for (int sq = 1; sq <= C_SQUARES; sq++)
        chess_zobrist.ep[sq] = zobrist_next(&seed);
}

void chess_zobrist_init(void)
{
    RUN_ONCE(fill);
}

uint64_t chess_zobrist_position(const Position *pos)
{
    chess_zobrist_init();
    uint64_t key = chess_zobrist_state(pos->turn, pos->castling, pos->ep_square);
    for (int sq = 0; sq < C_SQUARES; sq++)
        key ^= chess_zobrist_piece(sq, pos->board[sq]);
    return key;
}

int chess_zobrist_move_squares(Move move, Piece moving, Piece target, uint8_t squares[4])
{
    int n = 0;
    squares[n++] = move.from;
    squares[n++] = move.to;
    int from_file = move.from & 7, to_file = move.to & 7, rank = move.from & ~7;
    if (PIECE_KIND(moving) == KING && abs(to_file - from_file) == 2) {
        bool king_side = to_file > from_file;
        squares[n++] = (uint8_t)(rank + (king_side ? 7 : 0));
        squares[n++] = (uint8_t)(rank + (king_side ? 5 : 3));
    } else if (PIECE_KIND(moving) == PAWN && from_file != to_file && target == EMPTY) {
        squares[n++] = (uint8_t)(rank + to_file); /* the pawn taken en passant */
    }
    return n;
}
