/* Quaternity's turn order (turn_order.h). */
#include "turn_order.h"

int quaternity_next_turn(const Position *pos, int turn)
{
    for (int step = 1; step <= 4; step++) {
        int c = (turn + step) & 3;
        if (pos->controller[c] == c && !(pos->frozen & (1u << c)))
            return c;
    }
    return turn;
}
