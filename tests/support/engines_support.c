#include "engines_support.h"

#include <stdarg.h>
#include <string.h>

#include "session.h"

int crosscheck_at(const Participant *ps, int count, const Position *root, int depth, CrossReport *report,
                  uint64_t *totals, char *err, size_t errlen)
{
    Divide divides[MAX_PARTICIPANTS];
    cr_assert(count <= MAX_PARTICIPANTS);
    for (int k = 0; k < count; k++)
        cr_assert(divide_alloc(&divides[k]), "out of memory");
    char text[POSITION_TEXT_MAX];
    position_format(root, text, sizeof text);
    const CountPolicy policy = {.bulk = true, .threads = 1, .err = stderr};
    DivideQuery q = {.root = root, .root_text = text, .here = root, .depth = depth};
    int r = crosscheck(ps, count, &policy, &q, divides, report, err, errlen);
    for (int k = 0; k < count; k++) {
        if (totals)
            totals[k] = divides[k].total;
        divide_free(&divides[k]);
    }
    return r;
}

void engine_start(Engine *e, double timeout, const char *format, ...)
{
    char spec[4096], err[1024];
    va_list ap;
    va_start(ap, format);
    vsnprintf(spec, sizeof spec, format, ap);
    va_end(ap);
    cr_assert_eq(engine_open(e, spec, NULL, 0, timeout, err, sizeof err), 0, "engine '%s' did not start: %s", spec,
                 err);
}

void position_after(const char *root_text, const char *path, char out[POSITION_TEXT_MAX])
{
    char err[ERROR_TEXT_MAX];
    Position root, here;
    cr_assert_eq(position_parse(root_text, &root, err, sizeof err), 0, "%s", err);
    Session s;
    cr_assert_eq(session_open(&s, participant_reference(root.game), &root, err, sizeof err), 0, "%s", err);
    cr_assert_eq(session_play(&s, path, err, sizeof err), 0, "%s", err);
    s.backend->save(s.state, &here);
    session_close(&s);
    position_format(&here, out, POSITION_TEXT_MAX);
}
