#include "report.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *report_escaped(const char *text)
{
    size_t size = 4 * strlen(text) + 1;
    char *out = malloc(size), *o = out;
    if (!out)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\t')
            o += sprintf(o, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
        else if (*p < 0x20 || *p >= 0x7f) /* control characters, DEL, and what is not ASCII */
            o += sprintf(o, "\\x%02x", *p);
        else
            *o++ = (char)*p;
    }
    *o = '\0';
    return out;
}

int report_error(FILE *err, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int length = vsnprintf(NULL, 0, fmt, ap);
    char *message = length >= 0 ? malloc((size_t)length + 1) : NULL;
    char *escaped = NULL;
    if (message)
        vsnprintf(message, (size_t)length + 1, fmt, again);
    fputs("perft: ", err);
    if (message && (escaped = report_escaped(message))) {
        fputs(escaped, err);
    } else {
        fputs("out of memory formatting a message", err);
    }
    free(message);
    free(escaped);
    fputc('\n', err);
    fflush(err);
    va_end(again);
    va_end(ap);
    return EXIT_USAGE;
}

const char *report_signal_name(int signal)
{
    return signal == SIGINT ? "SIGINT" : "SIGTERM";
}
