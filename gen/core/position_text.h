/* Position text: QFEN for Quaternity (gen/quaternity/RULES.md#qfen) and FEN
 * for chess (gen/chess/RULES.md#fen).
 *
 * Every parser validates completely and reports the first fault as one line
 * that names the field, rank, file or character at fault; a position is never
 * repaired.  The formatters print the canonical text, which parses back to
 * the same position. */
#ifndef GEN_CORE_POSITION_TEXT_H
#define GEN_CORE_POSITION_TEXT_H

#include <stddef.h>

#include "fen.h"
#include "position.h"
#include "qfen.h"
#include "text_fields.h"

/* QFEN or FEN, told apart by the number of ranks in the first field
 * (twelve: QFEN, eight: FEN), or a Chess960 or Double Fischer Random start
 * by number (chess960:518, dfrc:W,B, dfrc:N: chess960_start.h).  Returns
 * 0, or -1 with a message in err. */
int position_parse(const char *text, Position *pos, char *err, size_t errlen);
void position_format(const Position *pos, char *out, size_t outlen);

#endif
