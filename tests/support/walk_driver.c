#include "walk_driver.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "support.h"

WalkDriver walk_start(const char *program, const char *const *args, const char *const *env)
{
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    cr_assert(pipe(in) == 0 && pipe(out) == 0);
    WalkDriver d = {.pid = fork()};
    cr_assert(d.pid >= 0);
    if (d.pid == 0) {
        child_default_signals();
        dup2(in[0], 0), dup2(out[1], 1);
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]), close(null);
        for (int i = 0; env && env[i]; i++) {
            char name[256];
            size_t n = strcspn(env[i], "=");
            snprintf(name, sizeof name, "%.*s", (int)n, env[i]);
            setenv(name, env[i] + n + 1, 1);
        }
        const char *argv[32] = {program, "--walk"};
        int n = 2;
        for (int i = 0; args && args[i] && n < 31; i++)
            argv[n++] = args[i];
        argv[n] = NULL;
        execv(program, (char *const *)argv);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    d.to_walk = in[1], d.from_walk = out[0];
    return d;
}

bool walk_line(WalkDriver *d, char *line, size_t size, double seconds)
{
    for (;;) {
        char *newline = memchr(d->pending, '\n', d->held);
        if (newline) {
            size_t n = (size_t)(newline - d->pending);
            snprintf(line, size, "%.*s", (int)n, d->pending);
            d->held -= n + 1;
            memmove(d->pending, newline + 1, d->held);
            return true;
        }
        struct pollfd p = {.fd = d->from_walk, .events = POLLIN};
        if (d->held == sizeof d->pending || poll(&p, 1, (int)(seconds * 1000)) != 1)
            return false;
        ssize_t got = read(d->from_walk, d->pending + d->held, sizeof d->pending - d->held);
        if (got <= 0)
            return false;
        d->held += (size_t)got;
    }
}

void walk_send(WalkDriver *d, const char *bytes, size_t length)
{
    cr_assert_eq(write(d->to_walk, bytes, length), (ssize_t)length);
}

char *walk_ask(WalkDriver *d, const char *line, double seconds)
{
    walk_send(d, line, strlen(line));
    walk_send(d, "\n", 1);
    size_t size = 1 << 16, n = 0;
    char *answer = malloc(size);
    cr_assert(answer);
    answer[0] = '\0';
    char got[4096];
    for (;;) {
        if (!walk_line(d, got, sizeof got, seconds)) {
            free(answer);
            return NULL;
        }
        n += (size_t)snprintf(answer + n, size - n, "%s\n", got);
        cr_assert(n < size, "an answer longer than %zu bytes", size);
        if (strcmp(got, "ok") == 0 || strncmp(got, "error: ", 7) == 0)
            return answer;
    }
}

int walk_finish(WalkDriver *d)
{
    close(d->to_walk);
    int status;
    cr_assert_eq(waitpid(d->pid, &status, 0), d->pid);
    close(d->from_walk);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
