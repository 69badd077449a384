/* Square names: "a1" .. "l12" (Quaternity), "a1" .. "h8" (chess). */
#ifndef GEN_CORE_SQUARE_TEXT_H
#define GEN_CORE_SQUARE_TEXT_H

#include "position.h"

/* Writes the name of neutral square `square`. */
void square_format(Game game, int square, char out[4]);
/* Parses a square name at *text and advances past it; -1 if none. */
int square_parse(Game game, const char **text);

#endif
