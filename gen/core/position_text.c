/* What QFEN and FEN share: telling them apart, square names, and the
 * comparisons and turn order every caller needs. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "position_text.h"

int position_parse(const char *text, Position *pos, char *err, size_t errlen)
{
    const char *p = text;
    while (*p && isspace((unsigned char)*p))
        p++;
    int slashes = 0;
    for (; *p && !isspace((unsigned char)*p); p++)
        slashes += *p == '/';
    if (slashes == Q_WIDTH - 1)
        return qfen_parse(text, pos, err, errlen);
    if (slashes == C_WIDTH - 1)
        return fen_parse(text, pos, err, errlen);
    memset(pos, 0, sizeof *pos);
    snprintf(err, errlen, "position: board has %d ranks; expected 12 (QFEN) or 8 (FEN)", slashes + 1);
    return -1;
}

void position_format(const Position *pos, char *out, size_t outlen)
{
    if (pos->game == GAME_QUATERNITY)
        qfen_format(pos, out, outlen);
    else
        fen_format(pos, out, outlen);
}

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
