/* Fills the 0x88 difference tables (see x88_tables.h) by walking every
 * direction from a notional centre: each difference is reached by exactly one
 * (direction, distance) pair, so the walk sets each entry once. */
#include "x88_tables.h"
#include "run_once.h"

#include <string.h>

uint8_t cpd_attack_table[CPD_DIFFERENCES];
int8_t cpd_step_table[CPD_DIFFERENCES];
uint16_t cpd_zone_table[KING + 1][CPD_DIFFERENCES];
uint8_t cpd_king_steps_on_board[128];
uint8_t cpd_knight_jumps_on_board[128];

/* Entries are indexed by from - to, so a piece whose move adds `delta` to its
 * square has its bit at index -delta. */
static void mark(int delta, int bits, int step)
{
    cpd_attack_table[CPD_DIFFERENCE_ZERO - delta] |= (uint8_t)bits;
    cpd_step_table[CPD_DIFFERENCE_ZERO - delta] = (int8_t)step;
}

static void fill_tables(void)
{
    static const int ORTHOGONAL[4] = {1, -1, 16, -16};
    static const int DIAGONAL[4] = {15, 17, -15, -17};
    memset(cpd_attack_table, 0, sizeof cpd_attack_table);
    memset(cpd_step_table, 0, sizeof cpd_step_table);
    for (int d = 0; d < 4; d++) {
        for (int distance = 1; distance < 8; distance++) {
            int king = distance == 1 ? CPD_ATTACKS_KING : 0;
            mark(ORTHOGONAL[d] * distance, CPD_ATTACKS_ROOK | CPD_ATTACKS_QUEEN | king, ORTHOGONAL[d]);
            mark(DIAGONAL[d] * distance, CPD_ATTACKS_BISHOP | CPD_ATTACKS_QUEEN | king, DIAGONAL[d]);
        }
    }
    /* A white pawn captures north-east and north-west, a black one south. */
    mark(15, CPD_ATTACKS_WHITE_PAWN, 15);
    mark(17, CPD_ATTACKS_WHITE_PAWN, 17);
    mark(-15, CPD_ATTACKS_BLACK_PAWN, -15);
    mark(-17, CPD_ATTACKS_BLACK_PAWN, -17);
    for (int j = 0; j < 8; j++)
        mark(CPD_KNIGHT_JUMPS[j], CPD_ATTACKS_KNIGHT, CPD_KNIGHT_JUMPS[j]);

    /* A piece differing from the king by d attacks zone square j when its
     * difference from that square, d - step j, is one of its attacks. */
    memset(cpd_zone_table, 0, sizeof cpd_zone_table);
    for (int kind = KNIGHT; kind <= KING; kind++) {
        for (int d = -CPD_DIFFERENCE_ZERO; d <= CPD_DIFFERENCE_ZERO; d++) {
            for (int j = 0; j < CPD_ZONE_SQUARES; j++) {
                int e = d - CPD_ZONE_STEPS[j];
                if (e != 0 && e >= -CPD_DIFFERENCE_ZERO && e <= CPD_DIFFERENCE_ZERO &&
                    (cpd_attack_table[e + CPD_DIFFERENCE_ZERO] & (1 << kind)))
                    cpd_zone_table[kind][d + CPD_DIFFERENCE_ZERO] |= (uint16_t)(1u << j);
            }
        }
    }

    for (int square = 0; square < 128; square++) {
        cpd_king_steps_on_board[square] = cpd_knight_jumps_on_board[square] = 0;
        for (int j = 0; j < 8; j++) {
            if (!(square & 0x88) && !((square + CPD_ZONE_STEPS[j]) & 0x88))
                cpd_king_steps_on_board[square] |= (uint8_t)(1u << j);
            if (!(square & 0x88) && !((square + CPD_KNIGHT_JUMPS[j]) & 0x88))
                cpd_knight_jumps_on_board[square] |= (uint8_t)(1u << j);
        }
    }
}

void cpd_tables_init(void)
{
    RUN_ONCE(fill_tables);
}
