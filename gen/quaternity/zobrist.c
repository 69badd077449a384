#include "zobrist.h"

#include "run_once.h"
#include "zobrist_random.h"

QuaternityZobrist quaternity_zobrist;

static void fill(void)
{
    uint64_t seed = 0x517561745a6f6221ull; /* "QuatZob!" */
    for (int sq = 0; sq < Q_SQUARES; sq++)
        for (int p = 1; p < 256; p++)
            quaternity_zobrist.piece[sq][p] = zobrist_next(&seed);
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
    RUN_ONCE(fill);
}

uint64_t quaternity_zobrist_position(const Position *pos)
{
    quaternity_zobrist_init();
    uint64_t key = quaternity_zobrist_state(pos->turn, pos->controller, pos->frozen);
    for (int sq = 0; sq < Q_SQUARES; sq++)
        key ^= quaternity_zobrist_piece(sq, pos->board[sq]);
    return key;
}
