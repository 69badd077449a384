#include "zobrist.h"

#include "zobrist_fill.h"
#include "zobrist_random.h"
#include "zobrist_seed.h"

QuaternityZobrist quaternity_zobrist;

static void fill(void)
{
    uint64_t seed = 0x517561745a6f6221ull ^ zobrist_seed_stream(0);  /* "QuatZob!" */
    uint64_t seed2 = 0x517561745a6f6232ull ^ zobrist_seed_stream(1); /* "QuatZob2" */
    for (int sq = 0; sq < Q_SQUARES; sq++)
        for (int p = 1; p < 256; p++) {
            quaternity_zobrist.piece[sq][p] = zobrist_next(&seed);
            quaternity_zobrist.piece2[sq][p] = zobrist_next(&seed2);
        }
    for (int c = 0; c < 4; c++)
        quaternity_zobrist.turn[c] = zobrist_next(&seed);
    for (int a = 0; a < 4; a++)
        for (int c = 0; c < 4; c++)
            quaternity_zobrist.controller[a][c] = zobrist_next(&seed);
    for (int f = 0; f < 16; f++)
        quaternity_zobrist.frozen[f] = zobrist_next(&seed);
}

void quaternity_zobrist_init(void)
{
    ZOBRIST_FILL_CURRENT(fill);
}

ZobristKey quaternity_zobrist_position128(const Position *pos)
{
    quaternity_zobrist_init();
    uint64_t state = quaternity_zobrist_state(pos->turn, pos->controller, pos->frozen);
    ZobristKey key = {state, zobrist_second_state(state)};
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        key.lo ^= quaternity_zobrist_piece(sq, pos->board[sq]);
        key.hi ^= quaternity_zobrist_piece2(sq, pos->board[sq]);
    }
    return key;
}
