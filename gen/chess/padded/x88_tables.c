/* Fills the 0x88 difference tables (see x88_tables.h) by walking every
 * direction from a notional centre: each difference is reached by exactly one
 * (direction, distance) pair, so the walk sets each entry once. */
#include "x88_tables.h"

#include <pthread.h>
#include <string.h>

uint8_t x88_attack_table[X88_DIFFERENCES];
int8_t x88_step_table[X88_DIFFERENCES];
uint8_t x88_castle_keep[128];
uint16_t x88_zone_table[KING + 1][X88_DIFFERENCES];
uint8_t x88_king_steps_on_board[128];
uint8_t x88_knight_jumps_on_board[128];

static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* Entries are indexed by from - to, so a piece whose move adds `delta` to its
 * square has its bit at index -delta. */
static void mark(int delta, int bits, int step)
{
    x88_attack_table[X88_DIFFERENCE_ZERO - delta] |= (uint8_t)bits;
    x88_step_table[X88_DIFFERENCE_ZERO - delta] = (int8_t)step;
}

static void fill_tables(void)
{
    static const int ORTHOGONAL[4] = {1, -1, 16, -16};
    static const int DIAGONAL[4] = {15, 17, -15, -17};
    memset(x88_attack_table, 0, sizeof x88_attack_table);
    memset(x88_step_table, 0, sizeof x88_step_table);
    for (int d = 0; d < 4; d++) {
        for (int distance = 1; distance < 8; distance++) {
            int king = distance == 1 ? X88_ATTACKS_KING : 0;
            mark(ORTHOGONAL[d] * distance, X88_ATTACKS_ROOK | X88_ATTACKS_QUEEN | king, ORTHOGONAL[d]);
            mark(DIAGONAL[d] * distance, X88_ATTACKS_BISHOP | X88_ATTACKS_QUEEN | king, DIAGONAL[d]);
        }
    }
    /* A white pawn captures north-east and north-west, a black one south. */
    mark(15, X88_ATTACKS_WHITE_PAWN, 15);
    mark(17, X88_ATTACKS_WHITE_PAWN, 17);
    mark(-15, X88_ATTACKS_BLACK_PAWN, -15);
    mark(-17, X88_ATTACKS_BLACK_PAWN, -17);
    for (int j = 0; j < 8; j++)
        mark(X88_KNIGHT_JUMPS[j], X88_ATTACKS_KNIGHT, X88_KNIGHT_JUMPS[j]);

    /* A piece differing from the king by d attacks zone square j when its
     * difference from that square, d - step j, is one of its attacks. */
    memset(x88_zone_table, 0, sizeof x88_zone_table);
    for (int kind = KNIGHT; kind <= KING; kind++) {
        for (int d = -X88_DIFFERENCE_ZERO; d <= X88_DIFFERENCE_ZERO; d++) {
            for (int j = 0; j < X88_ZONE_SQUARES; j++) {
                int e = d - X88_ZONE_STEPS[j];
                if (e != 0 && e >= -X88_DIFFERENCE_ZERO && e <= X88_DIFFERENCE_ZERO &&
                    (x88_attack_table[e + X88_DIFFERENCE_ZERO] & (1 << kind)))
                    x88_zone_table[kind][d + X88_DIFFERENCE_ZERO] |= (uint16_t)(1u << j);
            }
        }
    }

    for (int square = 0; square < 128; square++) {
        x88_king_steps_on_board[square] = x88_knight_jumps_on_board[square] = 0;
        for (int j = 0; j < 8; j++) {
            if (!(square & 0x88) && !((square + X88_ZONE_STEPS[j]) & 0x88))
                x88_king_steps_on_board[square] |= (uint8_t)(1u << j);
            if (!(square & 0x88) && !((square + X88_KNIGHT_JUMPS[j]) & 0x88))
                x88_knight_jumps_on_board[square] |= (uint8_t)(1u << j);
        }
    }

    memset(x88_castle_keep, 0xFF, sizeof x88_castle_keep);
    x88_castle_keep[0x04] = (uint8_t) ~(CASTLE_WK | CASTLE_WQ); /* e1 */
    x88_castle_keep[0x07] = (uint8_t)~CASTLE_WK;                /* h1 */
    x88_castle_keep[0x00] = (uint8_t)~CASTLE_WQ;                /* a1 */
    x88_castle_keep[0x74] = (uint8_t) ~(CASTLE_BK | CASTLE_BQ); /* e8 */
    x88_castle_keep[0x77] = (uint8_t)~CASTLE_BK;                /* h8 */
    x88_castle_keep[0x70] = (uint8_t)~CASTLE_BQ;                /* a8 */
}

void x88_tables_init(void)
{
    pthread_once(&tables_once, fill_tables);
}
