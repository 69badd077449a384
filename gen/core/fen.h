/* FEN: orthodox chess position text (six fields, or the four-field EPD
 * form). */
#ifndef GEN_CORE_FEN_H
#define GEN_CORE_FEN_H

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

/* 0, or -1 with a one-line message in err naming the field at fault. */
int fen_parse(const char *text, Position *pos, char *err, size_t errlen);
/* Whether the side to move's king is attacked (a chess position; the
 * parser's own scan, not a backend's). */
bool fen_side_in_check(const Position *pos);
/* The canonical text, which parses back to the same position. */
void fen_format(const Position *pos, char *out, size_t outlen);

#endif
