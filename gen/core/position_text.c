/* Position text of either game: QFEN and FEN told apart by the board's
 * number of ranks. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "position_text.h"

#include "chess960_start.h"

int position_parse(const char *text, Position *pos, char *err, size_t errlen)
{
    int shorthand = chess960_start_parse(text, pos, err, errlen); /* chess960:N, dfrc:W,B */
    if (shorthand <= 0)
        return shorthand;
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
