/* bin/perft --walk driven as a script drives it: a command line written,
 * its answer read up to the "ok" or "error: ..." line that ends it, each
 * read bounded by a time-out (a hang shows as a failed read, never as a
 * hung test). */
#ifndef TESTS_WALK_DRIVER_H
#define TESTS_WALK_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct WalkDriver {
    pid_t pid;
    int to_walk, from_walk;
    char pending[1 << 16];
    size_t held;
} WalkDriver;

/* Starts `program` --walk with the NULL-terminated `args` after it, the
 * environment's NAME=VALUE pairs of `env` (NULL-terminated, or NULL)
 * added; stderr to /dev/null. */
WalkDriver walk_start(const char *program, const char *const *args, const char *const *env);

/* Sends `line` (a newline added) and returns its answer, every line up to
 * and with the one that ends it (free it); NULL on a time-out or the end
 * of output. */
char *walk_ask(WalkDriver *d, const char *line, double seconds);

/* Writes raw bytes (no newline added). */
void walk_send(WalkDriver *d, const char *bytes, size_t length);

/* One line of output without its newline, waiting at most `seconds`. */
bool walk_line(WalkDriver *d, char *line, size_t size, double seconds);

/* Closes its input and waits: the exit status, or 128 + a signal. */
int walk_finish(WalkDriver *d);

#endif
