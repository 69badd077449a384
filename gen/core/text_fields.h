/* Splitting position text into white-space separated fields, shared by the
 * QFEN and FEN parsers. */
#ifndef GEN_CORE_TEXT_FIELDS_H
#define GEN_CORE_TEXT_FIELDS_H

#include <stddef.h>

enum { TEXT_FIELDS_MAX = 8 };

typedef struct TextFields {
    int count;
    const char *start[TEXT_FIELDS_MAX];
    size_t len[TEXT_FIELDS_MAX];
} TextFields;

/* Splits on runs of white space; -1 when there are more than
 * TEXT_FIELDS_MAX fields (count is then TEXT_FIELDS_MAX + 1). */
int text_fields_split(const char *text, TextFields *fields);

#endif
