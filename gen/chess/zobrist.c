#include "zobrist.h"

#include <stdlib.h>

#include "castling.h"
#include "zobrist_fill.h"
#include "zobrist_random.h"
#include "zobrist_seed.h"

ChessZobrist chess_zobrist;

static void fill(void)
{
    uint64_t seed = 0x43686573735a6f62ull ^ zobrist_seed_stream(0);  /* "ChessZob" */
    uint64_t seed2 = 0x43686573735a6f32ull ^ zobrist_seed_stream(1); /* "ChessZo2" */
    for (int sq = 0; sq < C_SQUARES; sq++)
        for (int i = 1; i < 13; i++) {
            chess_zobrist.piece[sq][i] = zobrist_next(&seed);
            chess_zobrist.piece2[sq][i] = zobrist_next(&seed2);
        }
    chess_zobrist.black_to_move = zobrist_next(&seed);
    for (int c = 0; c < 16; c++)
        chess_zobrist.castling[c] = zobrist_next(&seed);
    for (int sq = 1; sq <= C_SQUARES; sq++)
        chess_zobrist.ep[sq] = zobrist_next(&seed);
    for (int r = 0; r < CASTLE_RIGHTS; r++)
        for (int file = 0; file < C_WIDTH; file++) {
            uint64_t key = zobrist_next(&seed);
            chess_zobrist.castling_file[r][file] = file == (r % 2 ? 0 : C_WIDTH - 1) ? 0 : key;
        }
}

static void chess_zobrist_init(void)
{
    ZOBRIST_FILL_CURRENT(fill);
}

void chess_zobrist_castling_keys(const Position *pos, uint64_t keys[16])
{
    chess_zobrist_init();
    for (int set = 0; set < 16; set++) {
        keys[set] = chess_zobrist.castling[set];
        for (int r = 0; r < CASTLE_RIGHTS; r++)
            if (set & pos->castling & (1 << r))
                keys[set] ^= chess_zobrist.castling_file[r][pos->castling_rook[r] & 7];
    }
}

static Piece board_piece(const Position *pos, int square)
{
    return square >= 0 && square < C_SQUARES ? pos->board[square] : EMPTY;
}

bool chess_zobrist_ep_keyed(const Position *pos)
{
    int ep = pos->ep_square;
    /* An en passant square on the 3rd or 6th rank only; anything else the
     * text readers refuse. */
    return ep >= 0 && ep < C_SQUARES && CHESS_ZOBRIST_EP_KEYED(board_piece, pos, ep, pos->turn);
}

ZobristKey chess_zobrist_position128(const Position *pos)
{
    chess_zobrist_init();
    uint64_t castling_keys[16];
    chess_zobrist_castling_keys(pos, castling_keys);
    uint64_t state = chess_zobrist_state(pos->turn, castling_keys[pos->castling & 15],
                                         chess_zobrist_ep_keyed(pos) ? pos->ep_square : -1);
    ZobristKey key = {state, zobrist_second_state(state)};
    for (int sq = 0; sq < C_SQUARES; sq++) {
        key.lo ^= chess_zobrist_piece(sq, pos->board[sq]);
        key.hi ^= chess_zobrist_piece2(sq, pos->board[sq]);
    }
    return key;
}

int chess_zobrist_move_squares(Move move, Piece moving, Piece target, uint8_t squares[4])
{
    int n = 0;
    squares[n++] = move.from;
    squares[n++] = move.to;
    int from_file = move.from & 7, to_file = move.to & 7, rank = move.from & ~7;
    if (move_is_castling(move)) {
        /* King and rook may land on each other's squares: keep them distinct. */
        int lands[2] = {castling_king_to(move.from, move.to), castling_rook_to(move.from, move.to)};
        for (int i = 0; i < 2; i++)
            if (lands[i] != move.from && lands[i] != move.to)
                squares[n++] = (uint8_t)lands[i];
    } else if (PIECE_KIND(moving) == PAWN && from_file != to_file && target == EMPTY) {
        squares[n++] = (uint8_t)(rank + to_file); /* the pawn taken en passant */
    }
    return n;
}
