/* A child process the harness talks to through pipes: started with
 * posix_spawn in its own process group, read line by line with poll() and a
 * deadline, so an engine that hangs or dies costs a time-out or an EOF,
 * never a hang of the harness. */
#ifndef GEN_PERFT_ENGINE_PROCESS_H
#define GEN_PERFT_ENGINE_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

enum { PROCESS_LINE_MAX = 4096, PROCESS_BUFFER = 65536 };

typedef struct EngineProcess {
    pid_t pid;   /* 0: not running */
    int to_fd;   /* the child's stdin (a socket, so writes never raise SIGPIPE); -1 when none */
    int from_fd; /* the child's stdout */
    char buffer[PROCESS_BUFFER];
    size_t start, end; /* unread bytes of buffer */
    bool eof;
    bool reaped; /* the child has exited and been waited for (process_exited) */
    int status;  /* its wait status, once reaped */
} EngineProcess;

/* Starts argv[0] (a path, not searched) with `argv`; its stdin is a
 * channel the harness writes to when `with_input`, else /dev/null; stderr is
 * the harness's.  0, or -1 with a message. */
int process_start(EngineProcess *p, char *const argv[], bool with_input, char *err, size_t errlen);

/* Writes all of `text`; -1 when the child no longer reads (it exited). */
int process_write(EngineProcess *p, const char *text);

/* The next line of the child's stdout, without its end of line ("\r\n" or
 * "\n"), by `deadline` (seconds_now() time).  Returns 1 for a line, 0 at end
 * of output, -1 past the deadline, -2 for a line longer than `size` - 1. */
int process_read_line(EngineProcess *p, double deadline, char *line, size_t size);

/* Whether the child itself has exited (reaping it; its output may still be
 * held open by a process it started). */
bool process_exited(EngineProcess *p);

/* Ends the child: kills its process group first when `kill_it`, waits for it
 * (at most `grace` seconds, then kills it) and reaps it; whatever else is
 * left in its group is killed.  Returns its wait status (also when it had
 * exited before), or -1 when it had to be killed. */
int process_finish(EngineProcess *p, bool kill_it, double grace);

#endif
