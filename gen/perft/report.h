/* Errors and exit statuses: one convention for every parser and runner.
 *
 * A function that can fail returns 0 on success and -1 on failure, having
 * written one line saying what and where into the buffer it was given
 * (char *err, size_t errlen; ERROR_TEXT_MAX is enough).  Only the command
 * (command.c) prints that line, through report_error, and turns it into an
 * exit status.  A run ends in an ExitStatus, given by the output file
 * that prints its result (output_divide_run) or by a runner that prints as
 * it goes (run_suite). */
#ifndef GEN_PERFT_REPORT_H
#define GEN_PERFT_REPORT_H

#include <stdio.h>

typedef enum ExitStatus {
    EXIT_AGREE = 0,        /* done: every count agreed, every check passed */
    EXIT_DIFFER = 1,       /* a disagreement, a failed check, or nothing checked */
    EXIT_USAGE = 2,        /* a bad command line or input, or an engine's failure */
    EXIT_INTERNAL = 70,    /* a backend broke its contract (gen/core/backend_adapter.c) */
    EXIT_OUTPUT = 74,      /* standard output could not be written */
    EXIT_SIGNAL_BASE = 128 /* + the signal (SIGINT 130, SIGTERM 143), as a shell reports it */
} ExitStatus;

/* Prints "perft: MESSAGE" and a newline to `err`, escaped as
 * report_escaped does, so that text from the command line, a file or an
 * engine can neither break the line nor drive the terminal.  Returns
 * EXIT_USAGE, so callers can `return report_error(...)`. */
/* `text` with every control character and every byte above 0x7e escaped
 * (\xNN; \n, \r, \t by their letters): a byte-order mark or a Latin-1 byte
 * is shown for what it is, and the text is ASCII, fit for JSON too.  Free
 * it; NULL when out of memory. */
char *report_escaped(const char *text);

int report_error(FILE *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "SIGINT" or "SIGTERM": the two signals a count stops on. */
const char *report_signal_name(int signal);

#endif
