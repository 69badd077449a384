#include "failure_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crosscheck.h"
#include "engines_support.h"
#include "registry.h"

const char *failure_text(const char *format, ...)
{
    static char text[16384];
    va_list ap;
    va_start(ap, format);
    vsnprintf(text, sizeof text, format, ap);
    va_end(ap);
    char *cut = text;
    for (int lines = 0; cut && lines < FAILURE_LINES_MAX; lines++) {
        cut = strchr(cut, '\n');
        cut = cut ? cut + 1 : NULL;
    }
    if (cut && *cut) {
        int more = 1;
        for (const char *p = cut; *p; p++)
            more += *p == '\n' && p[1] != '\0';
        snprintf(cut, (size_t)(text + sizeof text - cut), "[... %d more line%s]", more, more == 1 ? "" : "s");
    }
    return text;
}

/* The first registered backend of b's game other than b, or NULL. */
static const Backend *other_backend(const Backend *b)
{
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == b->game && backend_registry[i] != b)
            return backend_registry[i];
    return NULL;
}

const char *first_divergence(const Backend *b, const Position *pos, int depth)
{
    static char text[4096];
    const Backend *ref = other_backend(b);
    if (!ref) {
        snprintf(text, sizeof text, "no other %s backend to find a diverging path with", game_name(b->game));
        return text;
    }
    Participant ps[2] = {backend_participant(b), backend_participant(ref)};
    CrossReport *report = malloc(sizeof *report);
    char err[ERROR_TEXT_MAX];
    int r = report ? crosscheck_at(ps, 2, pos, depth, report, NULL, err, sizeof err) : -1;
    if (!report)
        snprintf(text, sizeof text, "out of memory finding the diverging path");
    else if (r < 0)
        snprintf(text, sizeof text, "no diverging path: %s", err);
    else if (r == 0)
        snprintf(text, sizeof text,
                 "%s and %s agree at depth %d: no diverging path (the source of truth is in question)", b->name,
                 ref->name, depth);
    else if (report->verdict == CROSS_MOVES_DIFFER)
        snprintf(
            text, sizeof text,
            "first diverging path (%s against %s): %.700s\n  there: %.400s, depth %d left; moves only %s generates: "
            "%.300s; only %s: %.300s",
            b->name, ref->name, report->path[0] ? report->path : "(the root)", report->position, report->depth,
            report->first, report->only_first[0] ? report->only_first : "(none)", report->second,
            report->only_second[0] ? report->only_second : "(none)");
    else
        snprintf(text, sizeof text,
                 "first diverging path (%s against %s): %.700s\n  there: %.400s, depth %d left (finding %d)", b->name,
                 ref->name, report->path[0] ? report->path : "(the root)", report->position, report->depth,
                 (int)report->verdict);
    free(report);
    return text;
}

const char *report_excerpt(const char *text)
{
    const char *at = strstr(text, "DISAGREEMENT");
    if (!at && (at = strstr(text, "FAIL")) != NULL)
        while (at > text && at[-1] != '\n')
            at--;
    return at ? at : text;
}
