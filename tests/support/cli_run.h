/* Running bin/perft's command line in-process (perft_cli, what main()
 * calls) on memory streams, for the tests of its options and messages. */
#ifndef TESTS_CLI_RUN_H
#define TESTS_CLI_RUN_H

#include <jansson.h>
#include <stddef.h>

typedef struct CliRun {
    int status;
    char *out;          /* stdout's text */
    char *err;          /* stderr's text */
    char *children_err; /* what the processes it started (engines) wrote on stderr; freed with err */
} CliRun;

enum { CLI_ARGS_MAX = 16 };

/* Runs perft on the NULL-terminated arguments after the program name. */
CliRun cli_run(const char *const *args);
/* The same for the first `nargs` words of `args` (no NULL needed). */
CliRun cli_run_n(const char *const *args, int nargs);
void cli_free(CliRun *r);

/* RUN("-b", "mailbox", "2", OPENING): the arguments after the program name. */
#define RUN(...) cli_run((const char *const[]){__VA_ARGS__, NULL})

/* `args` fails with exactly `message` (and a newline) on stderr, status 2,
 * nothing on stdout: EXPECT_ERROR("perft: ...", "--bogus", "2", OPENING). */
void cli_expect_error(const char *const *args, const char *message);
#define EXPECT_ERROR(message, ...) cli_expect_error((const char *const[]){__VA_ARGS__, NULL}, message "\n")

/* Runs perft on the NULL-terminated `args` (which should hold --format
 * json), asserts the exit status and that stdout is one JSON document, and
 * returns it (json_decref it): JSON_RUN(0, "--format", "json", "2", FEN). */
json_t *cli_json(const char *const *args, int expected_status);
#define JSON_RUN(status, ...) cli_json((const char *const[]){__VA_ARGS__, NULL}, status)

/* The command line as one string, for failure messages. */
const char *joined(const char *const *args, char *buf, size_t size);

#endif
