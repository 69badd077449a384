/* Position text: QFEN for Quaternity (spec section 6) and FEN for chess.
 *
 * Every parser validates completely and reports the first fault as one line
 * that names the field, rank, file or character at fault; a position is never
 * repaired.  The formatters print the canonical text, which parses back to
 * the same position. */
#ifndef GEN_CORE_POSITION_TEXT_H
#define GEN_CORE_POSITION_TEXT_H

#include <stddef.h>

#include "position.h"

enum { POSITION_TEXT_MAX = 512, ERROR_TEXT_MAX = 256 };

/* QFEN or FEN, told apart by the number of ranks in the first field
 * (twelve: QFEN, eight: FEN).  Returns 0, or -1 with a message in err. */
int position_parse(const char *text, Position *pos, char *err, size_t errlen);
void position_format(const Position *pos, char *out, size_t outlen);

int qfen_parse(const char *text, Position *pos, char *err, size_t errlen);
void qfen_format(const Position *pos, char *out, size_t outlen);

int fen_parse(const char *text, Position *pos, char *err, size_t errlen);
void fen_format(const Position *pos, char *out, size_t outlen);

/* Square names: "a1" .. "l12" (Quaternity), "a1" .. "h8" (chess). */
void square_format(Game game, int square, char out[4]);
/* Parses a square name at *text and advances past it; -1 if none. */
int square_parse(Game game, const char **text);

#endif
