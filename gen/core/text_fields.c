#include "text_fields.h"

#include <ctype.h>

int text_fields_split(const char *text, TextFields *fields)
{
    fields->count = 0;
    const char *p = text;
    for (;;) {
        while (*p && isspace((unsigned char)*p))
            p++;
        if (!*p)
            return 0;
        if (fields->count == TEXT_FIELDS_MAX) {
            fields->count++;
            return -1;
        }
        const char *start = p;
        while (*p && !isspace((unsigned char)*p))
            p++;
        fields->start[fields->count] = start;
        fields->len[fields->count] = (size_t)(p - start);
        fields->count++;
    }
}
