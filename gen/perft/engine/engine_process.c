/* pipe2 and SOCK_CLOEXEC: close-on-exec from the start, no window for another
 * thread's spawn to inherit the descriptors. */
#define _GNU_SOURCE
#include "engine/engine_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "engine/engine_groups.h"

extern char **environ;

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

int process_start(EngineProcess *p, char *const argv[], bool with_input, char *err, size_t errlen)
{
    p->pid = 0;
    p->to_fd = p->from_fd = -1;
    p->start = p->end = 0;
    p->eof = false;
    p->reaped = false;
    p->status = -1;
    /* Every descriptor is close-on-exec, so one engine never holds another's
     * pipe open (which would hide that one's end of output). */
    int out[2], in[2] = {-1, -1};
    if (pipe2(out, O_CLOEXEC) < 0) {
        snprintf(err, errlen, "cannot create a pipe: %s", strerror(errno));
        return -1;
    }
    if (with_input && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) < 0) {
        snprintf(err, errlen, "cannot create a socket pair: %s", strerror(errno));
        close(out[0]);
        close(out[1]);
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
    if (with_input)
        posix_spawn_file_actions_adddup2(&actions, in[1], 0);
    else
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    /* Its own process group: a time-out kills the shell and what it started. */
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    int rc = posix_spawn(&p->pid, argv[0], &actions, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    close(out[1]);
    if (with_input)
        close(in[1]);
    if (rc != 0) {
        snprintf(err, errlen, "cannot start %s: %s", argv[0], strerror(rc));
        close(out[0]);
        if (with_input)
            close(in[0]);
        p->pid = 0;
        return -1;
    }
    engine_groups_add(p->pid);
    p->from_fd = out[0];
    p->to_fd = in[0];
    return 0;
}

int process_write(EngineProcess *p, const char *text)
{
    size_t n = strlen(text);
    while (n > 0) {
        ssize_t w = send(p->to_fd, text, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        text += w;
        n -= (size_t)w;
    }
    return 0;
}

int process_read_line(EngineProcess *p, double deadline, char *line, size_t size)
{
    for (;;) {
        char *nl = memchr(p->buffer + p->start, '\n', p->end - p->start);
        if (nl || (p->eof && p->end > p->start)) {
            size_t n = nl ? (size_t)(nl - (p->buffer + p->start)) : p->end - p->start;
            size_t used = n + (nl != NULL);
            if (n > 0 && p->buffer[p->start + n - 1] == '\r')
                n--;
            if (n >= size) {
                p->start += used;
                return -2;
            }
            memcpy(line, p->buffer + p->start, n);
            line[n] = '\0';
            p->start += used;
            return 1;
        }
        if (p->eof)
            return 0;
        if (p->start > 0) { /* room for more at the end */
            memmove(p->buffer, p->buffer + p->start, p->end - p->start);
            p->end -= p->start;
            p->start = 0;
        }
        if (p->end == sizeof p->buffer) { /* a buffer-long line: drop it */
            p->start = p->end = 0;
            return -2;
        }
        double left = deadline - seconds_now();
        if (left <= 0)
            return -1;
        struct pollfd pfd = {.fd = p->from_fd, .events = POLLIN};
        int ready = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            continue; /* the deadline test above decides */
        ssize_t r = read(p->from_fd, p->buffer + p->end, sizeof p->buffer - p->end);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            p->eof = true;
        else
            p->end += (size_t)r;
    }
}

bool process_exited(EngineProcess *p)
{
    if (p->pid > 0 && !p->reaped) {
        pid_t r;
        while ((r = waitpid(p->pid, &p->status, WNOHANG)) < 0 && errno == EINTR)
            ;
        p->reaped = r == p->pid;
    }
    return p->reaped;
}

int process_finish(EngineProcess *p, bool kill_it, double grace)
{
    if (p->pid <= 0)
        return -1;
    close_fd(&p->to_fd);
    int status = p->status;
    if (p->reaped) {
        kill_it = false; /* it had exited on its own */
    } else {
        if (kill_it)
            kill(-p->pid, SIGKILL);
        double deadline = seconds_now() + grace;
        for (;;) {
            pid_t r = waitpid(p->pid, &status, kill_it ? 0 : WNOHANG);
            if (r == p->pid)
                break;
            if (r < 0 && errno != EINTR) {
                status = -1;
                break;
            }
            if (r == 0 && seconds_now() > deadline) {
                kill(-p->pid, SIGKILL);
                kill_it = true;
            } else if (r == 0) {
                nanosleep(&(struct timespec){0, 2000000}, NULL);
            }
        }
    }
    /* Whatever the shell left behind in its group goes too. */
    kill(-p->pid, SIGKILL);
    engine_groups_remove(p->pid);
    close_fd(&p->from_fd);
    p->pid = 0;
    p->reaped = false;
    return kill_it ? -1 : status;
}
