#include "square_text.h"

#include <ctype.h>

void square_format(Game game, int square, char out[4])
{
    int w = game_width(game), rank = square / w + 1, n = 0;
    out[n++] = (char)('a' + square % w);
    if (rank >= 10)
        out[n++] = (char)('0' + rank / 10);
    out[n++] = (char)('0' + rank % 10);
    out[n] = '\0';
}

int square_parse(Game game, const char **text)
{
    int w = game_width(game);
    const char *p = *text;
    if (*p < 'a' || *p >= 'a' + w)
        return -1;
    int file = *p++ - 'a';
    if (*p < '1' || *p > '9')
        return -1;
    int rank = *p++ - '0';
    if (isdigit((unsigned char)*p))
        rank = rank * 10 + (*p++ - '0');
    if (rank > w)
        return -1;
    *text = p;
    return (rank - 1) * w + file;
}
