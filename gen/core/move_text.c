#include "move_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "square_text.h"

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

/* A move's text packed big-endian into one word, zero-padded: comparing
 * keys as integers compares the texts byte by byte, as strcmp does. */
static uint64_t text_key(Game game, Move move)
{
    char text[MOVE_TEXT_MAX] = {0};
    move_format(game, move, text);
    uint64_t key = 0;
    for (int i = 0; i < MOVE_TEXT_MAX; i++)
        key = key << 8 | (unsigned char)text[i];
    return key;
}

typedef struct KeyedMove {
    uint64_t key;
    Move move;
} KeyedMove;

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = ((const KeyedMove *)a)->key, y = ((const KeyedMove *)b)->key;
    return (x > y) - (x < y);
}

void moves_sort(Game game, Move *moves, int count)
{
    /* Each text is formatted once, not once per comparison, and the game
     * travels with the keys rather than in a global. */
    KeyedMove keyed[MAX_MOVES];
    if (count < 0 || count > MAX_MOVES) {
        fprintf(stderr, "moves_sort: %d moves, more than MAX_MOVES (%d)\n", count, MAX_MOVES);
        abort();
    }
    for (int i = 0; i < count; i++)
        keyed[i] = (KeyedMove){text_key(game, moves[i]), moves[i]};
    qsort(keyed, (size_t)count, sizeof *keyed, compare_keys);
    for (int i = 0; i < count; i++)
        moves[i] = keyed[i].move;
}

int moves_find(const Move *moves, int count, Move move)
{
    for (int i = 0; i < count; i++)
        if (move_equal(moves[i], move))
            return i;
    return -1;
}
