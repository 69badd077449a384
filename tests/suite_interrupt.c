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
    char out_path[] = "/tmp/perft-suite-interrupt-XXXXXX";
    int fd = mkstemp(out_path);
    cr_assert(fd >= 0, "mkstemp failed");
    close(fd);
    Child c = child_start((const char *const[]){"-b", "bitboard", "--suite", SUITE, "--max-depth", "4", "--progress",
                                                "--format", format, NULL},
                          out_path);
    char prefix[128], line[512];
    snprintf(prefix, sizeof prefix, "suite %s: positions ", SUITE);
    int seen = child_wait_line(&c, prefix, NULL, line, sizeof line);
    if (seen)
        kill(c.pid, SIGINT);
    int status = child_finish(&c);
    char *text = file_text(out_path);
    unlink(out_path);
    cr_assert(seen, "the suite ended (status %d) before its progress line", status);
    cr_assert(text, "cannot read the child's output");
    cr_expect_eq(status, 130, "exit status %d after SIGINT", status);
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
