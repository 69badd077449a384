/* The padded Quaternity board's two layout claims (gen/quaternity/
 * padded_layout.h), checked square by square:
 *
 * - the guard band is wide enough: every king, slider or pawn step and every
 *   knight jump that leaves the 12 x 12 board lands on a GUARD index inside
 *   the array, and every on-board square maps to and from its neutral index;
 * - pitch 23 makes square differences unique: for every ordered pair of
 *   board squares, the difference tables give exactly the direction,
 *   distance, line and attack classes that rank and file arithmetic gives. */
#include <stdlib.h>

#include "../gen/quaternity/padded/padded_layout.h"
#include "support.h"

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

Test(quaternity_padded_layout, off_board_steps_land_on_guard_squares)
{
    qpd_layout_init();
    static const int KING_DR[8] = {0, 1, 1, 1, 0, -1, -1, -1}, KING_DF[8] = {1, 1, 0, -1, -1, -1, 0, 1};
    static const int KNIGHT_DR[8] = {1, 2, 2, 1, -1, -2, -2, -1}, KNIGHT_DF[8] = {2, 1, -1, -2, -2, -1, 1, 2};
    for (int n = 0; n < Q_SQUARES; n++) {
        int sq = qpd_tables.pad_of[n];
        int rank = n / Q_WIDTH, file = n % Q_WIDTH;
        EXPECT(sq == qpd_square(rank, file) && qpd_tables.neutral_of[sq] == n, "square %d maps to %d and back to %d", n,
               sq, qpd_tables.neutral_of[sq]);
        for (int j = 0; j < 8; j++) {
            int steps[2] = {qpd_step[j], qpd_knight_step[j]};
            int dr[2] = {KING_DR[j], KNIGHT_DR[j]}, df[2] = {KING_DF[j], KNIGHT_DF[j]};
            for (int k = 0; k < 2; k++) {
                int to = sq + steps[k];
                int r = rank + dr[k], f = file + df[k];
                bool on_board = r >= 0 && r < Q_WIDTH && f >= 0 && f < Q_WIDTH;
                cr_assert(to >= 0 && to < QPD_SIZE, "square %d + %d leaves the array", n, steps[k]);
                if (on_board)
                    EXPECT(qpd_tables.neutral_of[to] == r * Q_WIDTH + f, "square %d + %d should be neutral %d", n,
                           steps[k], r * Q_WIDTH + f);
                else
                    EXPECT(qpd_tables.neutral_of[to] == 0xFF, "square %d + %d is off the board but not guard", n,
                           steps[k]);
            }
        }
    }
}

Test(quaternity_padded_layout, differences_identify_direction_and_distance)
{
    qpd_layout_init();
    for (int a = 0; a < Q_SQUARES; a++)
        for (int b = 0; b < Q_SQUARES; b++) {
            if (a == b)
                continue;
            int from = qpd_tables.pad_of[a], to = qpd_tables.pad_of[b];
            int dr = b / Q_WIDTH - a / Q_WIDTH, df = b % Q_WIDTH - a % Q_WIDTH;
            int adr = abs(dr), adf = abs(df);
            bool on_line = dr == 0 || df == 0 || adr == adf;
            bool knight = (adr == 1 && adf == 2) || (adr == 2 && adf == 1);
            int distance = adr > adf ? adr : adf;
            int step = on_line ? sign(dr) * QPD_PITCH + sign(df) : 0;
            unsigned line = !on_line   ? (knight ? QPD_LINE_KNIGHT : 0)
                            : dr == 0  ? QPD_LINE_RANK
                            : df == 0  ? QPD_LINE_FILE
                            : dr == df ? QPD_LINE_DIAGONAL
                                       : QPD_LINE_ANTI_DIAGONAL;
            unsigned attack = knight ? QPD_ATTACK_KNIGHT : 0;
            if (on_line && distance >= 2)
                attack = (dr == 0 || df == 0) ? QPD_ATTACK_SLIDE_ORTHOGONAL : QPD_ATTACK_SLIDE_DIAGONAL;
            if (on_line && distance == 1)
                for (int j = 0; j < 8; j++)
                    if (qpd_step[j] == step)
                        attack = qpd_attack_adjacent(j);
            EXPECT(qpd_delta_step(from, to) == step, "%d -> %d: step %d, expected %d", a, b, qpd_delta_step(from, to),
                   step);
            EXPECT(!on_line || qpd_delta_distance(from, to) == distance, "%d -> %d: distance %d, expected %d", a, b,
                   qpd_delta_distance(from, to), distance);
            EXPECT(qpd_delta_line(from, to) == line, "%d -> %d: line %u, expected %u", a, b, qpd_delta_line(from, to),
                   line);
            EXPECT(qpd_delta_attack(from, to) == attack, "%d -> %d: attack classes %#x, expected %#x", a, b,
                   qpd_delta_attack(from, to), attack);
        }
}
