#include "divide.h"

void divide_sort(Game game, MoveNotation notation, Divide *d)
{
    Move moves[MAX_MOVES];
    for (int i = 0; i < d->count; i++)
        moves[i] = d->entries[i].move;
    moves_sort_as(game, notation, moves, d->count);
    for (int i = 0; i < d->count; i++)
        for (int j = i; j < d->count; j++)
            if (move_equal(d->entries[j].move, moves[i])) {
                DivideEntry t = d->entries[i];
                d->entries[i] = d->entries[j];
                d->entries[j] = t;
                break;
            }
    d->notation = notation;
}
