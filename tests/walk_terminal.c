/* bin/perft --walk on a terminal, as a person uses it: through a
 * pseudo-terminal (a prompt, no "ok" marks, the history's up arrow, Ctrl-C
 * during a count and at the prompt, Ctrl-D to leave), and as a person sees
 * it: in tmux, keystrokes sent and the screen captured.  The counts are
 * perft 2 of the chess start, 400 (published: chessprogramming wiki, Perft
 * Results), and the participants' agreement. */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "engines_support.h"

static const double WAIT = 60 * TEST_SLOWDOWN;

typedef struct Terminal {
    pid_t pid;
    int master;
    char screen[1 << 18]; /* everything the walk wrote, as the terminal got it */
    size_t length, seen;  /* seen: where the next wait starts looking */
} Terminal;

static Terminal *terminal_start(void)
{
    Terminal *t = calloc(1, sizeof *t);
    cr_assert(t);
    t->master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert(t->master >= 0 && grantpt(t->master) == 0 && unlockpt(t->master) == 0);
    const char *name = ptsname(t->master);
    cr_assert(name);
    t->pid = fork();
    cr_assert(t->pid >= 0);
    if (t->pid == 0) {
        child_default_signals();
        setsid(); /* the pseudo-terminal becomes the walk's controlling terminal: Ctrl-C reaches it */
        int slave = open(name, O_RDWR);
        if (slave < 0)
            _exit(127);
        dup2(slave, 0), dup2(slave, 1), dup2(slave, 2);
        close(slave), close(t->master);
        setenv("TERM", "xterm", 1);
        execl(TEST_PERFT_BIN, TEST_PERFT_BIN, "--walk", "-b", "mailbox", (char *)NULL);
        _exit(127);
    }
    return t;
}

/* Reads until `text` shows after what earlier waits saw; false on a
 * time-out. */
static bool terminal_wait(Terminal *t, const char *text)
{
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        t->screen[t->length] = '\0';
        char *at = strstr(t->screen + t->seen, text);
        if (at) {
            t->seen = (size_t)(at - t->screen) + strlen(text);
            return true;
        }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double left = WAIT - (double)(now.tv_sec - start.tv_sec);
        struct pollfd p = {.fd = t->master, .events = POLLIN};
        if (left <= 0 || t->length + 1 >= sizeof t->screen || poll(&p, 1, (int)(left * 1000)) != 1)
            return false;
        ssize_t got = read(t->master, t->screen + t->length, sizeof t->screen - 1 - t->length);
        if (got <= 0)
            return false;
        t->length += (size_t)got;
    }
}

/* Waits (a minute at most) until the terminal on `fd` is out of canonical
 * mode: the line editor has it.  libedit shows its prompt a moment before it
 * takes the terminal (measured: 232 of 300 prompts were seen while the
 * terminal was still canonical); keys typed in that moment meet the kernel's
 * line discipline, which echoes them itself and turns a Ctrl-D into an
 * end-of-file mark the editor never sees, as with any readline program.  A
 * person types slower than that; a test waits. */
static bool wait_line_editor(int fd)
{
    for (int tries = 0; tries < 60000 * TEST_SLOWDOWN; tries++) {
        struct termios modes;
        if (tcgetattr(fd, &modes) != 0)
            return false;
        if (!(modes.c_lflag & ICANON))
            return true;
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    }
    return false;
}

/* Keys typed at the prompt, once the line editor reads them. */
static void terminal_type(Terminal *t, const char *keys)
{
    cr_assert(wait_line_editor(t->master), "the line editor never took the terminal; the screen:\n%s", t->screen);
    cr_assert_eq(write(t->master, keys, strlen(keys)), (ssize_t)strlen(keys));
}

/* Keys typed while the walk counts (the terminal canonical, as it is
 * between prompts). */
static void terminal_type_now(Terminal *t, const char *keys)
{
    cr_assert_eq(write(t->master, keys, strlen(keys)), (ssize_t)strlen(keys));
}

#define EXPECT_SHOWN(t, text) cr_assert(terminal_wait(t, text), "'%s' never showed; the screen:\n%s", text, (t)->screen)

Test(walk_terminal, a_pseudo_terminal_gets_prompts_history_and_ctrl_c)
{
    Terminal *t = terminal_start();
    EXPECT_SHOWN(t, "walk> ");
    /* The three built-in chess backends (-b all would add a build's extra ones). */
    terminal_type(t, "engines add padded\r");
    EXPECT_SHOWN(t, "participant padded backend chess\r\n");
    terminal_type(t, "engines add bitboard\r");
    EXPECT_SHOWN(t, "participant bitboard backend chess\r\n");
    terminal_type(t, "depth 2\r");
    EXPECT_SHOWN(t, "depth 2 (2 below here)\r\nwalk> ");
    terminal_type(t, "divide\r");
    EXPECT_SHOWN(t, "total         400      400      400\r\nagree: 3 participants, 20 moves, depth 2\r\nwalk> ");
    /* The up arrow brings the divide back. */
    terminal_type(t, "\033[A\r");
    EXPECT_SHOWN(t, "agree: 3 participants, 20 moves, depth 2\r\nwalk> ");
    /* On a terminal no answer ends with "ok". */
    cr_expect(!strstr(t->screen, "\nok\r\n"), "%s", t->screen);
    /* Ctrl-C during a count too deep to end soon, then at the prompt. */
    terminal_type(t, "depth 8\r");
    EXPECT_SHOWN(t, "depth 8 (8 below here)\r\nwalk> ");
    terminal_type(t, "divide\r");
    EXPECT_SHOWN(t, "divide\r\n");
    nanosleep(&(struct timespec){.tv_nsec = 500000000}, NULL);
    terminal_type_now(t, "\003");
    EXPECT_SHOWN(t, "error: divide: interrupted by SIGINT while mailbox counted; nothing of it is kept\r\nwalk> ");
    terminal_type(t, "depth 1");
    EXPECT_SHOWN(t, "depth 1"); /* echoed: the line editor reads */
    terminal_type(t, "\003");
    EXPECT_SHOWN(t, "walk> ");
    terminal_type(t, "state\r");
    EXPECT_SHOWN(t, "depth 8 (8 below here)\r\nwalk> "); /* the dropped line set nothing */
    /* Ctrl-D leaves. */
    terminal_type(t, "\004");
    int status = 0;
    pid_t ended = 0;
    for (int tries = 0; tries < 600 * TEST_SLOWDOWN && ended == 0; tries++) {
        ended = waitpid(t->pid, &status, WNOHANG);
        if (ended == 0)
            nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
    }
    if (ended == 0)
        kill(t->pid, SIGKILL), waitpid(t->pid, &status, 0);
    cr_assert_eq(ended, t->pid, "the walk did not leave on Ctrl-D; the screen:\n%s", t->screen);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %d", status);
    close(t->master);
    free(t);
}

/* ---- tmux: the screen a person sees ---- */

static char tmux_socket[64];

static int tmux(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int tmux(const char *fmt, ...)
{
    char command[2048];
    int n = snprintf(command, sizeof command, "tmux -L %s -f /dev/null ", tmux_socket);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(command + n, sizeof command - (size_t)n, fmt, ap);
    va_end(ap);
    int status = system(command);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The visible screen, captured (with its colours as escapes when
 * `colours`) until it shows `text` (a minute at most). */
static char *screen_showing_as(const char *text, bool colours)
{
    char command[256];
    snprintf(command, sizeof command, "tmux -L %s capture-pane -p %s -t walk", tmux_socket, colours ? "-e" : "");
    for (int tries = 0; tries < 600 * TEST_SLOWDOWN; tries++) {
        FILE *p = popen(command, "r");
        cr_assert(p);
        static char screen[65536];
        size_t n = fread(screen, 1, sizeof screen - 1, p);
        screen[n] = '\0';
        pclose(p);
        if (strstr(screen, text))
            return screen;
        nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
    }
    cr_assert_fail("the screen never showed '%s'", text);
    return NULL;
}

static char *screen_showing(const char *text)
{
    return screen_showing_as(text, false);
}

/* The test's own tmux server, ended however the test ends. */
static void tmux_setup(void)
{
    snprintf(tmux_socket, sizeof tmux_socket, "perft-walk-test-%d", (int)getpid());
}
static void tmux_teardown(void)
{
    tmux("kill-server 2>/dev/null");
    char path[128];
    snprintf(path, sizeof path, "/tmp/tmux-%d/%s", (int)getuid(), tmux_socket);
    unlink(path);
}

/* The pane's terminal, to see when the walk's line editor has it. */
static int pane_terminal = -1;

static void pane_open(void)
{
    char command[256], path[128] = "";
    snprintf(command, sizeof command, "tmux -L %s display-message -p -t walk '#{pane_tty}'", tmux_socket);
    FILE *p = popen(command, "r");
    cr_assert(p);
    bool got = fgets(path, sizeof path, p) != NULL;
    pclose(p);
    path[strcspn(path, "\n")] = '\0';
    cr_assert(got && path[0], "tmux names no terminal for the pane");
    pane_terminal = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK);
    cr_assert(pane_terminal >= 0, "cannot open the pane's terminal %s", path);
}

static void pane_close(void)
{
    if (pane_terminal >= 0)
        close(pane_terminal);
    pane_terminal = -1;
}

/* Keys typed at the prompt (tmux send-keys arguments), once the line editor
 * reads them (wait_line_editor). */
static void tmux_type(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void tmux_type(const char *fmt, ...)
{
    char keys[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(keys, sizeof keys, fmt, ap);
    va_end(ap);
    cr_assert(wait_line_editor(pane_terminal), "the line editor never took the terminal to read: %s", keys);
    cr_assert_eq(tmux("send-keys -t walk %s", keys), 0, "tmux send-keys %s failed", keys);
}

/* Whether the session ended (the walk left) within ten seconds. */
static bool session_ended(void)
{
    for (int tries = 0; tries < 100 * TEST_SLOWDOWN; tries++) {
        if (tmux("has-session -t walk 2>/dev/null") != 0)
            return true;
        nanosleep(&(struct timespec){.tv_nsec = 100000000}, NULL);
    }
    return false;
}

/* Each line is typed once the answer to the one before it shows, as a
 * person reads before typing again. */
Test(walk_terminal, the_screen_in_tmux_shows_what_a_person_sees, .init = tmux_setup, .fini = tmux_teardown)
{
    cr_assert_eq(tmux("new-session -d -s walk -x 100 -y 50 '%s --walk -b mailbox'", TEST_PERFT_BIN), 0);
    screen_showing("walk>"); /* capture-pane drops trailing blanks */
    pane_open();
    tmux_type("'engines add padded' Enter");
    screen_showing("participant padded backend chess");
    tmux_type("'engines add bitboard' Enter");
    screen_showing("participant bitboard backend chess");
    tmux_type("'depth 2' Enter");
    screen_showing("depth 2 (2 below here)");
    tmux_type("'move e2e4' Enter");
    screen_showing("walk> move e2e4\nroot ");
    tmux_type("divide Enter");
    char *screen = screen_showing("agree: 3 participants, 20 moves, depth 1");
    cr_expect(strstr(screen, "walk> divide\nmove      mailbox   padded bitboard\n"), "%s", screen);
    cr_expect(strstr(screen, "\ne7e5            1        1        1\n"), "%s", screen);
    cr_expect(strstr(screen, "agree: 3 participants, 20 moves, depth 1\nwalk>"), "%s", screen);
    cr_expect(!strstr(screen, "\nok\n"), "%s", screen);
    tmux_type("clear-history Enter"); /* not a command: refused in one line */
    screen_showing("error: unknown command 'clear-history'");
    /* On a terminal the board is coloured (--color auto), the empty
     * squares blank: the white pawn on e4, on a light square. */
    tmux_type("board Enter");
    screen = screen_showing_as("to move: black", true);
    cr_expect(strstr(screen, "[48;5;180m P") && strstr(screen, "[97m"), "%s", screen); /* tmux's own escapes */
    cr_expect(strstr(screen, "en passant: e3"), "%s", screen);
    /* A Ctrl-C at the prompt ends the engines too (they may be counting):
     * they start again before the next command. */
    tmux_type("'engines add uci:%s' Enter", TEST_STOCKFISH);
    screen_showing("participant stockfish engine chess");
    tmux_type("'dep'");
    screen_showing("walk> dep\n");
    tmux("send-keys -t walk C-c");
    screen_showing("walk> dep\nwalk>");
    tmux_type("root Enter");
    screen_showing("walk> root\nroot ");
    tmux_type("'depth 1' Enter");
    screen_showing("depth 1 (1 below here)");
    tmux_type("divide Enter");
    screen_showing("agree: 4 participants, 20 moves, depth 1");
    /* NO_COLOR, and the letters come back with their dots. */
    tmux_type("C-d");
    cr_expect(session_ended(), "the walk did not leave on Ctrl-D");
    pane_close();
    tmux("kill-server 2>/dev/null");
    cr_assert_eq(tmux("new-session -d -s walk -x 100 -y 50 'NO_COLOR=1 %s --walk -b mailbox'", TEST_PERFT_BIN), 0);
    screen_showing("walk>");
    pane_open();
    tmux_type("board Enter");
    screen = screen_showing_as("to move: white", true);
    cr_expect(strstr(screen, " 4  . . . . . . . .\n") && !strstr(screen, "\033[48;5;"), "%s", screen);
    /* Ctrl-D leaves: the session ends with the walk. */
    tmux_type("C-d");
    cr_expect(session_ended(), "the walk did not leave on Ctrl-D");
    pane_close();
}
