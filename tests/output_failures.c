/* Output is never lost in silence: in every mode and format, a standard
 * output that cannot be written (a full device, /dev/full; a closed
 * descriptor) ends the run with one line naming the failure and exit
 * status 74, and a reader that goes away (a closed pipe) stops the run by
 * SIGPIPE, as for any Unix filter.  bin/perft runs as a child process: only
 * a real process has real descriptors. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef enum { STDOUT_FULL, STDOUT_CLOSED, STDOUT_PIPE_CLOSED } Target;

/* Runs PERFT_BIN with `args`, its stdout as `target`, its stderr collected
 * into *err (free it).  Returns its exit status, or 128 + the signal. */
static int run_child(const char *const *args, Target target, char **err)
{
    int err_pipe[2], out_pipe[2];
    cr_assert(pipe(err_pipe) == 0 && pipe(out_pipe) == 0);
    /* A reader gone: its end is closed before the fork, so no process,
     * this one included, holds it when the child first writes (closed
     * after the fork, the parent's copy raced the child's write, which
     * then succeeded: status 0 in a CI run of 2026-12-03). */
    bool reader_open = target != STDOUT_PIPE_CLOSED;
    if (!reader_open)
        close(out_pipe[0]);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        if (target == STDOUT_FULL) {
            int fd = open("/dev/full", O_WRONLY);
            dup2(fd, STDOUT_FILENO);
            close(fd);
        } else if (target == STDOUT_PIPE_CLOSED) {
            dup2(out_pipe[1], STDOUT_FILENO);
        } else {
            close(STDOUT_FILENO);
        }
        if (reader_open)
            close(out_pipe[0]);
        close(out_pipe[1]);
        dup2(err_pipe[1], STDERR_FILENO);
        close(err_pipe[0]);
        close(err_pipe[1]);
        char *argv[32] = {PERFT_BIN};
        for (int i = 0; args[i] && i < 30; i++)
            argv[i + 1] = (char *)args[i];
        execv(PERFT_BIN, argv);
        _exit(127);
    }
    close(err_pipe[1]);
    if (reader_open)
        close(out_pipe[0]);
    close(out_pipe[1]);
    FILE *f = fdopen(err_pipe[0], "r");
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    size_t n;
    while ((n = fread(text + size, 1, capacity - size - 1, f)) > 0)
        if ((size += n) + 1 >= capacity)
            text = realloc(text, capacity *= 2);
    text[size] = '\0';
    fclose(f);
    int status;
    cr_assert(waitpid(pid, &status, 0) == pid);
    *err = text;
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

/* Every mode and format that writes standard output. */
static const char *const *const COMMANDS[] = {
    (const char *const[]){"2", CHESS_INITIAL, NULL},
    (const char *const[]){"--format", "json", "2", CHESS_INITIAL, NULL},
    (const char *const[]){"--format", "stockfish", "2", CHESS_INITIAL, NULL},
    (const char *const[]){"-b", "all", "-t", "2", "2", CHESS_INITIAL, NULL},
    (const char *const[]){"--engine", "perftree:" TEST_PERFT_BIN, "2", CHESS_INITIAL, NULL},
    (const char *const[]){"--suite", "positions/chess/famous.epd", "--max-depth", "1", NULL},
    (const char *const[]){"--suite", "positions/chess/famous.epd", "--max-depth", "1", "--format", "json", NULL},
    (const char *const[]){"--random", "2", "--plies", "4", NULL},
    (const char *const[]){"--random", "2", "--plies", "4", "--format", "json", NULL},
    (const char *const[]){"--help", NULL},
    (const char *const[]){"--list", NULL},
};

/* The last line of `text`. */
static const char *last_line(const char *text)
{
    size_t n = strlen(text);
    if (n && text[n - 1] == '\n')
        n--;
    while (n && text[n - 1] != '\n')
        n--;
    return text + n;
}

Test(output_failures, an_output_file_that_cannot_be_written_is_named)
{
    char *err;
    int status = run_child((const char *const[]){"-o", "/dev/full", "--format", "json", "2", CHESS_INITIAL, NULL},
                           STDOUT_CLOSED, &err);
    /* Standard output closed: refused first, before -o is even opened. */
    cr_expect_eq(status, 74, "%s", err);
    free(err);
    CliRun r = RUN("-o", "/dev/full", "--random", "2", "--plies", "3");
    cr_expect(r.status == 74 &&
                  strcmp(last_line(r.err), "perft: cannot write /dev/full: No space left on device\n") == 0,
              "status %d, stderr:\n%s", r.status, r.err);
    cli_free(&r);
    r = RUN("-o", "/nonexistent/dir/file", "2", CHESS_INITIAL);
    cr_expect(
        r.status == 2 &&
            strcmp(r.err, "perft: cannot open output file '/nonexistent/dir/file': No such file or directory\n") == 0,
        "status %d, stderr:\n%s", r.status, r.err);
    cli_free(&r);
}
enum { COMMAND_COUNT = sizeof COMMANDS / sizeof *COMMANDS };

static void expect_failure_line(Target target, const char *line)
{
    int checked = 0;
    for (int k = 0; k < COMMAND_COUNT; k++) {
        char where[1024], *err;
        joined(COMMANDS[k], where, sizeof where);
        int status = run_child(COMMANDS[k], target, &err);
        const char *last = last_line(err);
        EXPECT(status == 74 && strcmp(last, line) == 0 && strstr(err, "perft: cannot write standard output") == last,
               "'%s': status %d, stderr:\n%s", where, status, err);
        free(err);
        checked++;
    }
    cr_expect_eq(checked, COMMAND_COUNT);
}

Test(output_failures, a_full_device_is_an_error_in_every_mode, .timeout = 60 * TEST_SLOWDOWN)
{
    expect_failure_line(STDOUT_FULL, "perft: cannot write standard output: No space left on device\n");
}

Test(output_failures, a_closed_stdout_is_refused_before_anything_runs, .timeout = 60 * TEST_SLOWDOWN)
{
    expect_failure_line(STDOUT_CLOSED, "perft: cannot write standard output: Bad file descriptor\n");
    /* Nothing ran: the refusal is the whole of stderr. */
    char *err;
    int status = run_child((const char *const[]){"-b", "all", "3", CHESS_INITIAL, NULL}, STDOUT_CLOSED, &err);
    cr_expect(status == 74 && strcmp(err, "perft: cannot write standard output: Bad file descriptor\n") == 0,
              "status %d, stderr:\n%s", status, err);
    free(err);
}

Test(output_failures, a_reader_gone_stops_the_run_by_sigpipe, .timeout = 60 * TEST_SLOWDOWN)
{
    for (int k = 0; k < COMMAND_COUNT; k++) {
        char where[1024], *err;
        joined(COMMANDS[k], where, sizeof where);
        int status = run_child(COMMANDS[k], STDOUT_PIPE_CLOSED, &err);
        EXPECT(status == 128 + SIGPIPE, "'%s': status %d, expected death by SIGPIPE; stderr:\n%s", where, status, err);
        free(err);
    }
}
