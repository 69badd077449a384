#include "report.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>

static void write_escaped(FILE *err, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t')
            fprintf(err, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
        else if (iscntrl(*p))
            fprintf(err, "\\x%02x", *p);
        else
            fputc(*p, err);
    }
}

int report_error(FILE *err, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int length = vsnprintf(NULL, 0, fmt, ap);
    char *message = length >= 0 ? malloc((size_t)length + 1) : NULL;
    fputs("perft: ", err);
    if (message) {
        vsnprintf(message, (size_t)length + 1, fmt, again);
        write_escaped(err, message);
        free(message);
    } else {
        fputs("out of memory formatting a message", err);
    }
    fputc('\n', err);
    fflush(err);
    va_end(again);
    va_end(ap);
    return EXIT_USAGE;
}
