/* bin/perft as a child process, for what only a real process shows:
 * signals, and a run killed outright.  PERFT_BIN is the binary of the
 * build under test (the Makefile defines it: bin/perft, bin/perft-sanitize,
 * ...); the tests run from the repository root. */
#ifndef TESTS_CHILD_H
#define TESTS_CHILD_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct Child {
    pid_t pid;
    FILE *err; /* the child's stderr, to read line by line */
} Child;

/* Starts PERFT_BIN with `args` (NULL-terminated, after the program name),
 * stdout to the file `out_path`, stderr to a pipe.  The child is killed if
 * the test process dies first. */
Child child_start(const char *const *args, const char *out_path);

/* In a forked child before its exec: SIGINT, SIGTERM and SIGHUP back to
 * their defaults, as a program started from a terminal has them.  A test
 * run started in the background by a non-interactive shell (`make test &`)
 * inherits SIGINT ignored, which bin/perft rightly keeps ignored (as under
 * nohup); the tests of Ctrl-C would then test that instead. */
void child_default_signals(void);

/* Reads the child's stderr until a line starts with `prefix` and satisfies
 * `accept` (NULL: any); returns it in `line` (size bytes), or 0 at end of
 * stream. */
int child_wait_line(Child *c, const char *prefix, int (*accept)(const char *line), char *line, size_t size);

/* Waits for the child; its exit status, or 128 + the signal that killed it. */
int child_finish(Child *c);

/* A whole file's text (free it), NULL if it cannot be read. */
char *file_text(const char *path);

/* How many lines the file holds (0 if it cannot be read). */
int file_lines(const char *path);

/* Waits until the file `path` (a checkpoint the child writes) holds
 * `lines` lines, then kills the child with SIGKILL and reaps it; false
 * when the child ended first. */
bool child_kill_at_lines(Child *c, const char *path, int lines);

/* A run sent a signal at a line of its stderr (child_signal_at_line). */
typedef struct Signalled {
    bool seen;  /* the line came, and the signal was sent */
    int status; /* as child_finish gives it */
    char *out;  /* the child's stdout (free it), NULL if it cannot be read */
    char line[512];
} Signalled;

/* Starts PERFT_BIN with `args`, stdout to a temporary file, sends `signo`
 * once a stderr line starts with `prefix` and satisfies `accept` (NULL:
 * any), and waits for the child to end. */
Signalled child_signal_at_line(const char *const *args, const char *prefix, int (*accept)(const char *line), int signo);

/* A divide's total: the number on its last line. */
unsigned long long divide_total(const char *out);

#endif
