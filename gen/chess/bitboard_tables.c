/* Filling the leaper, path and castling tables of bitboard_tables.h, and
 * through bb_slider_init() the slider tables, exactly once per process. */
#include "bitboard_tables.h"

#include <pthread.h>
#include <stdlib.h>

#include "bitboard_slider.h"
#include "position.h"

Bitboard bb_knight_attacks[64];
Bitboard bb_king_attacks[64];
Bitboard bb_pawn_attacks[2][64];
Bitboard bb_rook_lines[64];
Bitboard bb_bishop_lines[64];
Bitboard bb_path_to[64][64];
uint8_t bb_castle_keep[64];

/* The squares reached by the (file, rank) steps that stay on the board. */
static Bitboard leaps(int square, const int (*steps)[2], int count)
{
    Bitboard set = 0;
    for (int i = 0; i < count; i++) {
        int file = square % 8 + steps[i][0], rank = square / 8 + steps[i][1];
        if (file >= 0 && file < 8 && rank >= 0 && rank < 8)
            set |= bb_bit(rank * 8 + file);
    }
    return set;
}

static void init_leapers(void)
{
    static const int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int WHITE_PAWN_STEPS[2][2] = {{-1, 1}, {1, 1}}, BLACK_PAWN_STEPS[2][2] = {{-1, -1}, {1, -1}};
    for (int s = 0; s < 64; s++) {
        bb_knight_attacks[s] = leaps(s, KNIGHT_STEPS, 8);
        bb_king_attacks[s] = leaps(s, KING_STEPS, 8);
        bb_pawn_attacks[BB_WHITE][s] = leaps(s, WHITE_PAWN_STEPS, 2);
        bb_pawn_attacks[BB_BLACK][s] = leaps(s, BLACK_PAWN_STEPS, 2);
    }
}

/* When a slider on a sees b on an empty board, the squares strictly between
 * them are what a slider on a sees when b blocks it and a slider on b sees
 * when a blocks it, in common. */
static void init_paths(void)
{
    for (int s = 0; s < 64; s++) {
        bb_rook_lines[s] = bb_slider_walk(s, 0, 0);
        bb_bishop_lines[s] = bb_slider_walk(s, 0, 1);
    }
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            Bitboard path = 0;
            for (int bishop = 0; bishop < 2; bishop++)
                if (bb_slider_walk(a, 0, bishop) & bb_bit(b))
                    path = bb_slider_walk(a, bb_bit(b), bishop) & bb_slider_walk(b, bb_bit(a), bishop);
            bb_path_to[a][b] = path | bb_bit(b);
        }
}

static void init_castle_keep(void)
{
    for (int s = 0; s < 64; s++)
        bb_castle_keep[s] = CASTLE_WK | CASTLE_WQ | CASTLE_BK | CASTLE_BQ;
    bb_castle_keep[4] &= (uint8_t) ~(CASTLE_WK | CASTLE_WQ);  /* e1 */
    bb_castle_keep[7] &= (uint8_t)~CASTLE_WK;                 /* h1 */
    bb_castle_keep[0] &= (uint8_t)~CASTLE_WQ;                 /* a1 */
    bb_castle_keep[60] &= (uint8_t) ~(CASTLE_BK | CASTLE_BQ); /* e8 */
    bb_castle_keep[63] &= (uint8_t)~CASTLE_BK;                /* h8 */
    bb_castle_keep[56] &= (uint8_t)~CASTLE_BQ;                /* a8 */
}

static void init_all(void)
{
    init_leapers();
    bb_slider_init();
    init_paths();
    init_castle_keep();
}

void bb_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_all);
}
