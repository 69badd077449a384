/* Filling the leaper and path tables of bitboard_tables.h, and
 * through cbb_slider_init() the slider tables, exactly once per process. */
#include "bitboard_tables.h"
#include "run_once.h"

#include <stdlib.h>

#include "bitboard_slider.h"
#include "position.h"

CbbBitboard cbb_knight_attacks[64];
CbbBitboard cbb_king_attacks[64];
CbbBitboard cbb_pawn_attacks[2][64];
CbbBitboard cbb_rook_lines[64];
CbbBitboard cbb_bishop_lines[64];
CbbBitboard cbb_path_to[64][64];
CbbBitboard cbb_king_reach_rook[64];
CbbBitboard cbb_king_reach_bishop[64];

/* The squares reached by the (file, rank) steps that stay on the board. */
static CbbBitboard leaps(int square, const int (*steps)[2], int count)
{
    CbbBitboard set = 0;
    for (int i = 0; i < count; i++) {
        int file = square % 8 + steps[i][0], rank = square / 8 + steps[i][1];
        if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
            set |= cbb_bit(rank * 8 + file);
    }
    return set;
}

static void init_leapers(void)
{
    static const int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int WHITE_PAWN_STEPS[2][2] = {{-1, 1}, {1, 1}}, BLACK_PAWN_STEPS[2][2] = {{-1, -1}, {1, -1}};
    for (int s = 0; s < 64; s++) {
        cbb_knight_attacks[s] = leaps(s, KNIGHT_STEPS, 8);
        cbb_king_attacks[s] = leaps(s, KING_STEPS, 8);
        cbb_pawn_attacks[CBB_WHITE][s] = leaps(s, WHITE_PAWN_STEPS, 2);
        cbb_pawn_attacks[CBB_BLACK][s] = leaps(s, BLACK_PAWN_STEPS, 2);
    }
}

/* When b lies on one of a's rays, the squares strictly between them plus b
 * are that ray with b's own ray in the same direction taken away.  Every
 * square's rays are found once, then read for each pair. */
static void init_paths(void)
{
    static CbbBitboard rays[2][64][4]; /* [bishop][square][direction] */
    for (int bishop = 0; bishop < 2; bishop++)
        for (int s = 0; s < 64; s++)
            cbb_slider_rays(s, bishop, rays[bishop][s]);
    for (int a = 0; a < 64; a++) {
        for (int b = 0; b < 64; b++)
            cbb_path_to[a][b] = cbb_bit(b);
        cbb_rook_lines[a] = cbb_bishop_lines[a] = 0;
        for (int bishop = 0; bishop < 2; bishop++) {
            CbbBitboard *lines = bishop ? cbb_bishop_lines : cbb_rook_lines;
            for (int d = 0; d < 4; d++) {
                CbbBitboard ray = rays[bishop][a][d];
                lines[a] |= ray;
                for (CbbBitboard on_ray = ray; on_ray;) {
                    int b = cbb_pop_lsb(&on_ray);
                    cbb_path_to[a][b] = ray ^ rays[bishop][b][d];
                }
            }
        }
    }
}

CbbBitboard cbb_lines_reaching(CbbBitboard squares, int bishop)
{
    const CbbBitboard *lines = bishop ? cbb_bishop_lines : cbb_rook_lines;
    CbbBitboard reach = 0;
    while (squares)
        reach |= lines[cbb_pop_lsb(&squares)];
    return reach;
}

static void init_king_reach(void)
{
    for (int k = 0; k < 64; k++) {
        cbb_king_reach_rook[k] = cbb_lines_reaching(cbb_king_attacks[k], 0);
        cbb_king_reach_bishop[k] = cbb_lines_reaching(cbb_king_attacks[k], 1);
    }
}

static void init_all(void)
{
    init_leapers();
    cbb_slider_init();
    init_paths();
    init_king_reach();
}

void cbb_tables_init(void)
{
    RUN_ONCE(init_all);
}
