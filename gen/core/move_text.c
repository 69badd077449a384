#include "move_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position_text.h"

static const char PROMOTION_LETTERS[] = "  nbrq"; /* indexed by Kind */

void move_format(Game game, Move move, char out[MOVE_TEXT_MAX])
{
    char from[4], to[4];
    square_format(game, move.from, from);
    square_format(game, move.to, to);
    if (move.promotion)
        snprintf(out, MOVE_TEXT_MAX, "%s%s%c", from, to, PROMOTION_LETTERS[move.promotion]);
    else
        snprintf(out, MOVE_TEXT_MAX, "%s%s", from, to);
}

int move_parse(Game game, const char *text, Move *move)
{
    const char *p = text;
    int from = square_parse(game, &p);
    int to = from < 0 ? -1 : square_parse(game, &p);
    if (to < 0)
        return -1;
    move->from = (uint8_t)from;
    move->to = (uint8_t)to;
    move->promotion = EMPTY;
    if (*p) {
        const char *k = strchr(PROMOTION_LETTERS + 2, *p);
        if (!k || p[1])
            return -1;
        move->promotion = (uint8_t)(k - PROMOTION_LETTERS);
    }
    return 0;
}

static Game sort_game;

static int compare_text(const void *a, const void *b)
{
    char x[MOVE_TEXT_MAX], y[MOVE_TEXT_MAX];
    move_format(sort_game, *(const Move *)a, x);
    move_format(sort_game, *(const Move *)b, y);
    return strcmp(x, y);
}

void moves_sort(Game game, Move *moves, int count)
{
    sort_game = game;
    qsort(moves, (size_t)count, sizeof *moves, compare_text);
}

int moves_find(const Move *moves, int count, Move move)
{
    for (int i = 0; i < count; i++)
        if (move_equal(moves[i], move))
            return i;
    return -1;
}
