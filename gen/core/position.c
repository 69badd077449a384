/* The position helpers every caller needs: turn order and comparison. */
#include "position.h"

#include <string.h>

int quaternity_next_turn(const Position *pos, int turn)
{
    for (int step = 1; step <= 4; step++) {
        int c = (turn + step) & 3;
        if (pos->controller[c] == c && !(pos->frozen & (1u << c)))
            return c;
    }
    return turn;
}

bool position_equal(const Position *a, const Position *b)
{
    if (a->game != b->game || a->turn != b->turn)
        return false;
    int n = game_squares(a->game);
    if (memcmp(a->board, b->board, (size_t)n) != 0)
        return false;
    if (a->game == GAME_QUATERNITY)
        return memcmp(a->controller, b->controller, 4) == 0 && a->frozen == b->frozen;
    return a->castling == b->castling && a->ep_square == b->ep_square && a->halfmove_clock == b->halfmove_clock &&
           a->fullmove_number == b->fullmove_number;
}
