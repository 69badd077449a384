/* bin/perft interrupted while an engine counts (Ctrl-C, SIGTERM from
 * `timeout`, a closed terminal): the engine runs in a process group of its
 * own, which the terminal's signal does not reach, so bin/perft must end it.
 * Before, the engine outlived bin/perft holding its stderr, and
 * `perft ... 2>&1 | tail` never ended.  Here the engine hangs in its query
 * (the planted-bug test engine's --fail hang) and bin/perft is a child
 * whose stderr is a pipe: after the signal, that pipe must reach its end. */
#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "engines_support.h"

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* A live process (not a zombie) whose parent is `parent` (parent > 0) or
 * whose process group is `group` (group > 0), or 0 when there is none. */
static pid_t live_process(pid_t parent, pid_t group)
{
    DIR *proc = opendir("/proc");
    cr_assert(proc);
    pid_t found = 0;
    for (struct dirent *d; !found && (d = readdir(proc));) {
        char path[300], stat[512];
        snprintf(path, sizeof path, "/proc/%s/stat", d->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t n = fread(stat, 1, sizeof stat - 1, f);
        fclose(f);
        stat[n] = '\0';
        const char *after_name = strrchr(stat, ')'); /* the name may hold blanks */
        char state;
        int ppid, pgrp;
        if (after_name && sscanf(after_name + 2, "%c %d %d", &state, &ppid, &pgrp) == 3 && state != 'Z' &&
            ((parent > 0 && ppid == parent) || (group > 0 && pgrp == group)))
            found = (pid_t)atoi(d->d_name);
    }
    closedir(proc);
    return found;
}

static void pause_seconds(double seconds)
{
    nanosleep(&(struct timespec){(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)}, NULL);
}

static void interrupted_while_an_engine_counts(const char *protocol, int signo, const char *signal_name)
{
    char out_path[] = "/tmp/engines-interrupt-out-XXXXXX";
    close(mkstemp(out_path));
    char spec[512];
    snprintf(spec, sizeof spec,
             "hung=%s:" TEST_PLANTED_BUG " --protocol %s --inner 'perftree:" TEST_PERFT_BIN "' --fail hang", protocol,
             protocol);
    const char *args[] = {"-b", "none", "--engine", spec, "3", START, NULL};
    Child c = child_start(args, out_path);
    double deadline = now() + 20 * TEST_SLOWDOWN;
    pid_t engine = 0;
    while (!(engine = live_process(c.pid, 0)) && now() < deadline)
        pause_seconds(0.02);
    cr_assert(engine, "%s: no engine process started within the time-out", protocol);
    pause_seconds(0.3 * TEST_SLOWDOWN); /* in its query by now */
    kill(c.pid, signo);
    int status;
    cr_assert_eq(waitpid(c.pid, &status, 0), c.pid);
    cr_expect(WIFSIGNALED(status) && WTERMSIG(status) == signo, "%s: bin/perft did not end by %s", protocol,
              signal_name);
    /* Its stderr reaches its end: no engine holds it open any more. */
    char text[4096] = "";
    size_t held = 0;
    bool ended = false;
    while (!ended && now() < deadline + 10 * TEST_SLOWDOWN) {
        struct pollfd p = {.fd = fileno(c.err), .events = POLLIN};
        if (poll(&p, 1, 100) != 1)
            continue;
        ssize_t got = read(p.fd, text + held, sizeof text - 1 - held);
        ended = got <= 0;
        held += got > 0 ? (size_t)got : 0;
        text[held] = '\0';
    }
    if (!ended)
        kill(-engine, SIGKILL);
    cr_expect(ended, "%s, %s: the engine (group %d) still holds bin/perft's stderr", protocol, signal_name,
              (int)engine);
    char line[128];
    snprintf(line, sizeof line, "perft: interrupted by %s; the engines it started are ended\n", signal_name);
    cr_expect(strstr(text, line), "%s: no interrupt line in:\n%s", protocol, text);
    /* SIGKILL takes effect a moment after the descriptors are closed. */
    pid_t left;
    while ((left = live_process(0, engine)) && now() < deadline + 10 * TEST_SLOWDOWN)
        pause_seconds(0.02);
    cr_expect(!left, "%s: process %d of the engine's group %d is still running", protocol, (int)left, (int)engine);
    fclose(c.err);
    unlink(out_path);
}

Test(engines_interrupt, sigint_during_a_uci_query_ends_the_engine)
{
    interrupted_while_an_engine_counts("uci", SIGINT, "SIGINT");
}

Test(engines_interrupt, sigterm_during_a_perftree_query_ends_the_engine)
{
    interrupted_while_an_engine_counts("perftree", SIGTERM, "SIGTERM");
}

Test(engines_interrupt, sighup_during_a_uci_query_ends_the_engine)
{
    interrupted_while_an_engine_counts("uci", SIGHUP, "SIGHUP");
}
