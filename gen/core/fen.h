/* FEN: orthodox chess position text (six fields, or the four-field EPD
 * form). */
#ifndef GEN_CORE_FEN_H
#define GEN_CORE_FEN_H

#include <stddef.h>

#include "position.h"

/* 0, or -1 with a one-line message in err naming the field at fault. */
int fen_parse(const char *text, Position *pos, char *err, size_t errlen);
/* The canonical text, which parses back to the same position. */
void fen_format(const Position *pos, char *out, size_t outlen);

#endif
