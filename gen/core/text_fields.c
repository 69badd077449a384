#include "text_fields.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

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

size_t board_field_format(const Position *pos, size_t (*write_man)(Piece man, char *out), char *out)
{
    int width = game_width(pos->game);
    size_t n = 0;
    for (int rank = width - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < width; file++) {
            Piece p = pos->board[rank * width + file];
            if (p == EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)sprintf(out + n, "%d", empty);
            empty = 0;
            n += write_man(p, out + n);
        }
        if (empty)
            n += (size_t)sprintf(out + n, "%d", empty);
        if (rank)
            out[n++] = '/';
    }
    out[n] = '\0';
    return n;
}

int text_fail(char *err, size_t errlen, const char *form, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = snprintf(err, errlen, "%s: ", form);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}
