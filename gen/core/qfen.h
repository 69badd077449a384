/* QFEN: Quaternity position text. */
#ifndef GEN_CORE_QFEN_H
#define GEN_CORE_QFEN_H

#include <stddef.h>

#include "position.h"

/* 0, or -1 with a one-line message in err naming the field, rank and file
 * at fault. */
int qfen_parse(const char *text, Position *pos, char *err, size_t errlen);
/* The canonical text, which parses back to the same position. */
void qfen_format(const Position *pos, char *out, size_t outlen);

#endif
