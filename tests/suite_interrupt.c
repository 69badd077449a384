/* Ctrl-C in a suite of built-in backends: the handlers stay for the whole
 * file (not installed around each count), so a signal, during a count or
 * between two, stops the run with its line and exit status 130, JSON
 * included. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "engines_support.h"

/* Marcel van Kervinck's 6,838 positions to depth 4: seconds of counts, a
 * progress line a second with --progress. */
static const char SUITE[] = "positions/chess/community/perft-marcel.epd";

static void interrupt_suite(const char *format)
{
    char prefix[128];
    snprintf(prefix, sizeof prefix, "suite %s: positions ", SUITE);
    Signalled run = child_signal_at_line((const char *const[]){"-b", "bitboard", "--suite", SUITE, "--max-depth", "4",
                                                               "--progress", "--format", format, NULL},
                                         prefix, NULL, SIGINT);
    char *text = run.out;
    cr_assert(run.seen, "the suite ended (status %d) before its progress line", run.status);
    cr_assert(text, "cannot read the child's output");
    cr_expect_eq(run.status, 130, "exit status %d after SIGINT", run.status);
    char said[160];
    snprintf(said, sizeof said, "suite %s: interrupted by SIGINT ", SUITE);
    cr_expect(strstr(text, said), "no line saying where the suite stopped:\n%.2000s",
              text + (strlen(text) > 2000 ? strlen(text) - 2000 : 0));
    free(text);
}

Test(suite_interrupt, sigint_stops_a_text_suite_with_its_line_and_130, .timeout = 120 * TEST_SLOWDOWN)
{
    interrupt_suite("text");
}

Test(suite_interrupt, sigint_stops_a_json_suite_with_its_document_and_130, .timeout = 120 * TEST_SLOWDOWN)
{
    interrupt_suite("json");
}
