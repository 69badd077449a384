/* How a failing test reports: one block, the first failure, naming the
 * backend, the position, the first diverging move path and the test's
 * source of truth, so that one backend bug is a block per failing test
 * and not a wall of output (tests/template_recipe.sh plants one and counts
 * the lines). */
#ifndef TESTS_FAILURE_REPORT_H
#define TESTS_FAILURE_REPORT_H

#include "backend.h"
#include "position.h"

/* Lines a failure's message keeps; the rest is said as a count. */
enum { FAILURE_LINES_MAX = 16 };

/* The message, formatted, cut after FAILURE_LINES_MAX lines ("[... N more
 * lines]").  A buffer of its own, valid until the next call. */
const char *failure_text(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Where `b`'s divide of `pos` at `depth` first parts from another backend
 * of its game (the first registered one other than b), walked down as the
 * harness's cross-check walks: "first diverging path (b against ref): PATH
 * ...", or that they agree there. */
const char *first_divergence(const Backend *b, const Position *pos, int depth);

/* Where a report of bin/perft's shows what went wrong: from its first
 * "DISAGREEMENT", else its first line holding "FAIL", else all of it. */
const char *report_excerpt(const char *text);

#endif
