/* Splitting position text into white-space separated fields, writing the
 * board field, and the one-line refusal: what the QFEN and FEN code shares. */
#ifndef GEN_CORE_TEXT_FIELDS_H
#define GEN_CORE_TEXT_FIELDS_H

#include <stddef.h>

#include "position.h"

enum { TEXT_FIELDS_MAX = 8 };

/* Room for any position's text, and for a one-line error message. */
enum { POSITION_TEXT_MAX = 512, ERROR_TEXT_MAX = 256 };

typedef struct TextFields {
    int count;
    const char *start[TEXT_FIELDS_MAX];
    size_t len[TEXT_FIELDS_MAX];
} TextFields;

/* Splits on runs of white space; -1 when there are more than
 * TEXT_FIELDS_MAX fields (count is then TEXT_FIELDS_MAX + 1). */
int text_fields_split(const char *text, TextFields *fields);

/* A refused text: "FORM: message" into err (cut to errlen), and -1, what
 * every parser returns then. */
int text_fail(char *err, size_t errlen, const char *form, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Writes the board field of QFEN or FEN into out (NUL-terminated; returns
 * its length): ranks from the top, '/' between them, each run of empty
 * squares as its length, each man as write_man spells it (returning the
 * bytes it wrote). */
size_t board_field_format(const Position *pos, size_t (*write_man)(Piece man, char *out), char *out);

#endif
