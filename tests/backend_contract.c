/* The one loud error policy (gen/core/backend.h): a broken contract stops
 * the process with one line naming the game, the backend and the operation,
 * and exit status BACKEND_CONTRACT_EXIT; never a silent no-op or a wrong
 * count.  Each case runs in a child process whose stderr is read back. */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"

typedef void (*Misuse)(const Backend *backend, void *state);

static void unmake_with_nothing_made(const Backend *backend, void *state)
{
    backend->unmake(state, (Move){0, 1, EMPTY});
}

/* a6a7 (Quaternity) and e4e5 (chess) start on an empty square. */
static void make_from_an_empty_square(const Backend *backend, void *state)
{
    Move move = backend->game == GAME_QUATERNITY ? (Move){5 * Q_WIDTH, 6 * Q_WIDTH, EMPTY}
                                                 : (Move){3 * C_WIDTH + 4, 4 * C_WIDTH + 4, EMPTY};
    backend->make(state, move);
}

static void unmake_of_another_move(const Backend *backend, void *state)
{
    Move moves[MAX_MOVES];
    int count = backend->generate(state, moves);
    backend->make(state, moves[0]);
    backend->unmake(state, moves[count - 1]);
}

/* Runs `misuse` on a fresh instance at the game's start in a child; returns
 * its exit status and its stderr in `line`. */
static int run_child(const Backend *backend, Misuse misuse, char *line, size_t linelen)
{
    static const char *const START[GAME_COUNT] = {
        "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/"
        "rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/"
        "3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    };
    Position pos;
    char err[ERROR_TEXT_MAX];
    cr_assert(position_parse(START[backend->game], &pos, err, sizeof err) == 0, "%s", err);
    int pipe_fd[2];
    cr_assert(pipe(pipe_fd) == 0);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(pipe_fd[1], STDERR_FILENO);
        close(pipe_fd[0]);
        void *state = instance_open(backend, &pos);
        misuse(backend, state);
        _exit(0); /* the misuse went unnoticed */
    }
    close(pipe_fd[1]);
    size_t used = 0;
    ssize_t got;
    while (used + 1 < linelen && (got = read(pipe_fd[0], line + used, linelen - 1 - used)) > 0)
        used += (size_t)got;
    line[used] = '\0';
    close(pipe_fd[0]);
    /* A sanitizer build's leak checker may add its own "==PID==" notes about
     * the forked child; they are not the backend's message. */
    size_t kept = 0;
    for (char *at = line; *at;) {
        size_t length = strcspn(at, "\n") + (at[strcspn(at, "\n")] == '\n');
        if (strncmp(at, "==", 2) != 0) {
            memmove(line + kept, at, length);
            kept += length;
        }
        at += length;
    }
    line[kept] = '\0';
    int status;
    cr_assert(waitpid(pid, &status, 0) == pid);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void expect_loud(Misuse misuse, const char *name, const char *operation)
{
    int checked = 0;
    for (Game game = 0; game < GAME_COUNT; game++) {
        const Backend *backends[BACKENDS_MAX];
        int n = backends_of(game, backends);
        for (int b = 0; b < n; b++) {
            char line[1024], want[128];
            int status = run_child(backends[b], misuse, line, sizeof line);
            snprintf(want, sizeof want, "perft: %s %s backend: %s: ", game_name(game), backends[b]->name, operation);
            EXPECT(status == BACKEND_CONTRACT_EXIT, "[%s %s] %s: exit status %d, expected %d (stderr: %s)",
                   game_name(game), backends[b]->name, name, status, BACKEND_CONTRACT_EXIT, line);
            EXPECT(strncmp(line, want, strlen(want)) == 0, "[%s %s] %s: stderr '%s' does not start '%s'",
                   game_name(game), backends[b]->name, name, line, want);
            char *newline = strchr(line, '\n');
            EXPECT(newline && newline[1] == '\0', "[%s %s] %s: not one line: '%s'", game_name(game), backends[b]->name,
                   name, line);
            checked++;
        }
    }
    cr_assert(checked >= 2, "checked %d backends", checked);
}

Test(backend_contract, unmake_with_nothing_made_stops_loudly)
{
    expect_loud(unmake_with_nothing_made, "unmake with nothing made", "unmake");
}

Test(backend_contract, make_of_a_move_that_does_not_decode_stops_loudly)
{
    expect_loud(make_from_an_empty_square, "make from an empty square", "make");
}

Test(backend_contract, unmake_of_a_move_not_last_made_stops_loudly)
{
    expect_loud(unmake_of_another_move, "unmake of another move", "unmake");
}
