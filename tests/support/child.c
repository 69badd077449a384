#include "child.h"

#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef PERFT_BIN
#error "PERFT_BIN must name the bin/perft of this build (the Makefile defines it)"
#endif

void child_default_signals(void)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
}

Child child_start(const char *const *args, const char *out_path)
{
    int pipe_fds[2];
    cr_assert(pipe(pipe_fds) == 0, "pipe failed");
    fflush(NULL);
    pid_t pid = fork();
    cr_assert(pid >= 0, "fork failed");
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        child_default_signals();
        FILE *out = fopen(out_path, "w");
        if (!out)
            _exit(126);
        dup2(fileno(out), STDOUT_FILENO);
        dup2(pipe_fds[1], STDERR_FILENO);
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        char *argv[32] = {PERFT_BIN};
        for (int i = 0; args[i] && i < 30; i++)
            argv[i + 1] = (char *)args[i];
        execv(PERFT_BIN, argv);
        _exit(127);
    }
    close(pipe_fds[1]);
    Child c = {pid, fdopen(pipe_fds[0], "r")};
    cr_assert(c.err != NULL, "fdopen failed");
    return c;
}

int child_wait_line(Child *c, const char *prefix, int (*accept)(const char *line), char *line, size_t size)
{
    while (fgets(line, (int)size, c->err))
        if (strncmp(line, prefix, strlen(prefix)) == 0 && (!accept || accept(line)))
            return 1;
    return 0;
}

int child_finish(Child *c)
{
    int status;
    /* Drain stderr so that the child never blocks writing it. */
    char buffer[512];
    while (fgets(buffer, sizeof buffer, c->err))
        ;
    fclose(c->err);
    cr_assert(waitpid(c->pid, &status, 0) == c->pid, "waitpid failed");
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

char *file_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t n;
    while (text && (n = fread(text + size, 1, capacity - size - 1, f)) > 0) {
        size += n;
        if (capacity - size < 2048)
            text = realloc(text, capacity *= 2);
    }
    fclose(f);
    if (text)
        text[size] = '\0';
    return text;
}

int file_lines(const char *path)
{
    char *text = file_text(path);
    int n = 0;
    for (const char *p = text; p && *p; p++)
        n += *p == '\n';
    free(text);
    return n;
}

bool child_kill_at_lines(Child *c, const char *path, int lines)
{
    for (int i = 0; i < 200000 && file_lines(path) < lines; i++) {
        if (waitpid(c->pid, NULL, WNOHANG) == c->pid) {
            fclose(c->err);
            return false;
        }
        nanosleep(&(struct timespec){0, 200 * 1000}, NULL);
    }
    kill(c->pid, SIGKILL);
    cr_assert(child_finish(c) == 128 + SIGKILL, "the child was not killed by SIGKILL");
    return true;
}

Signalled child_signal_at_line(const char *const *args, const char *prefix, int (*accept)(const char *line), int signo)
{
    char out_path[] = "/tmp/perft-signalled-XXXXXX";
    int fd = mkstemp(out_path);
    cr_assert(fd >= 0, "mkstemp failed");
    close(fd);
    Signalled s = {0};
    Child c = child_start(args, out_path);
    s.seen = child_wait_line(&c, prefix, accept, s.line, sizeof s.line);
    if (s.seen)
        kill(c.pid, signo);
    s.status = child_finish(&c);
    s.out = file_text(out_path);
    unlink(out_path);
    return s;
}

unsigned long long divide_total(const char *out)
{
    const char *last = out + strlen(out);
    if (last > out && last[-1] == '\n')
        last--;
    while (last > out && last[-1] != '\n')
        last--;
    return strtoull(last, NULL, 10);
}
