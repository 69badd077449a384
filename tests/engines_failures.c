/* Every way an external engine can fail (it exits, hangs past the time-out,
 * prints a malformed line, names a move no man of the side on turn could
 * make, reports a total its moves do not add up to; cannot be started; is
 * misnamed) ends the run with exit status 2 and one line on stderr naming
 * the engine, the query sent and what came back, over both protocols. */
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "clock.h"
#include "command.h"
#include "engines_support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef struct Failure {
    const char *mode;         /* planted_bug.py --fail MODE */
    const char *what;         /* what the error line must say */
    const char *came_back[2]; /* what it must quote, per protocol (uci, perftree) */
} Failure;

static const Failure FAILURES[] = {
    {"exit", "exited with status 3", {"it sent nothing", "it sent nothing"}},
    {"hang", "no answer within 0.5 s (time-out; --engine-timeout)", {"it sent nothing", "it sent nothing"}},
    {"malformed", "a line that is neither", {"it sent 'a2a3 = 7' (line 1)", "it sent 'a2a3 = 7' (line 1)"}},
    {"illegal", "move a3a4 is not legal here", {"it sent 'a3a4: 1' (line 1)", "it sent 'a3a4 1' (line 1)"}},
    {"sum",
     "its moves' counts add up to 600, its total says 601",
     {"it sent 'Nodes searched: 601' (line 21)", "it sent '601' (line 21)"}},
};

/* Runs bin/perft's command line in-process; returns the status, stderr in
 * *err (free it). */
static int run_cli(const char *const *args, int nargs, char **err)
{
    CliRun r = cli_run_n(args, nargs);
    free(r.out);
    *err = r.err;
    return r.status;
}

/* The error line: exactly one line, "perft: engine NAME: WHAT; it sent
 * ...; query "..."". */
static void expect_one_line(const char *err, const char *name, const char *where)
{
    char prefix[128];
    snprintf(prefix, sizeof prefix, "perft: engine %s: ", name);
    const char *line = strstr(err, prefix);
    cr_assert(line && strstr(line, "; query \""), "%s: no error line naming engine %s and its query in:\n%s", where,
              name, err);
    const char *nl = strchr(line, '\n');
    cr_expect(nl && nl[1] == '\0', "%s: the error is not one line at the end:\n%s", where, err);
}

static void expect_failure(const char *protocol, int p)
{
    for (size_t i = 0; i < sizeof FAILURES / sizeof *FAILURES; i++) {
        const Failure *f = &FAILURES[i];
        char spec[512];
        snprintf(spec, sizeof spec,
                 "broken=%s:" TEST_PLANTED_BUG " --protocol %s --inner 'perftree:" TEST_PERFT_BIN
                 "' --fail %s --add a3a4",
                 protocol, protocol, f->mode);
        /* Only a hang waits out the time-out; the others fail on their own, so
         * they get a long one: a loaded machine or a sanitized perft behind
         * the engine must not turn their failure into a time-out. */
        const char *timeout = strcmp(f->mode, "hang") == 0 ? "0.5" : "60";
        const char *args[] = {"-b", "none", "--engine-timeout", timeout, "--engine", spec, "2", CHESS_INITIAL, "e2e4"};
        char *err;
        double start = seconds_now();
        int status = run_cli(args, 9, &err);
        double seconds = seconds_now() - start;
        char where[128];
        snprintf(where, sizeof where, "%s engine failing with --fail %s", protocol, f->mode);
        cr_expect_eq(status, 2, "%s: exit status %d, not 2", where, status);
        expect_one_line(err, "broken", where);
        const char *query = p == 0 ? "moves e2e4;go perft 2\""
                                   : "2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 'e2e4'\"";
        cr_expect(strstr(err, query), "%s: the query is not named in: %s", where, err);
        cr_expect(strstr(err, f->what), "%s: '%s' is not in: %s", where, f->what, err);
        cr_expect(strstr(err, f->came_back[p]), "%s: '%s' is not in: %s", where, f->came_back[p], err);
        /* A hang costs the time-out, not more (the process group is killed). */
        cr_expect(seconds < 5 * TEST_SLOWDOWN, "%s: took %.1f s", where, seconds);
        free(err);
    }
}

Test(engines_failures, uci_engine_failures_are_one_line_errors, .timeout = 60)
{
    expect_failure("uci", 0);
}

Test(engines_failures, perftree_engine_failures_are_one_line_errors, .timeout = 60)
{
    expect_failure("perftree", 1);
}

Test(engines_failures, uci_handshake_failures)
{
    static const struct {
        const char *spec, *name, *query, *what;
    } CASES[] = {
        /* The shell may have exited before "uci" is written (the error then
         * says it no longer read its input) or after (before 'uciok'). */
        {"uci:/nonexistent/engine", "engine", "uci", "exited with status 127"},
        {"silent=uci:sleep 30", "silent", "uci", "no 'uciok' within 0.5 s (time-out; --engine-timeout)"},
        /* It reads the handshake before answering, so that it always quits
         * after the handshake and before the query (never before "uci"). */
        {"quitter=uci:read a; echo uciok; read b; echo readyok", "quitter", "go perft 1", "exited with status 0"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        const char *args[] = {"--engine-timeout", "0.5", "--engine", CASES[i].spec, "1", CHESS_INITIAL};
        char *err;
        int status = run_cli(args, 6, &err);
        cr_expect_eq(status, 2, "%s: exit status %d", CASES[i].spec, status);
        expect_one_line(err, CASES[i].name, CASES[i].spec);
        cr_expect(strstr(err, CASES[i].query) && strstr(err, CASES[i].what), "%s: the error line says: %s",
                  CASES[i].spec, err);
        free(err);
    }
}

Test(engines_failures, bad_engine_options)
{
    static const struct {
        const char *option, *value, *message;
    } CASES[] = {
        {"--engine", "stockfish",
         "perft: --engine 'stockfish' is not [NAME=][GAME:]uci:COMMAND or [NAME=][GAME:]perftree:COMMAND"},
        {"--engine", "uci:  ", "perft: --engine 'uci:  ' has no command"},
        {"--engine-timeout", "0", "perft: --engine-timeout '0' is not a number of seconds"},
        {"--engine-timeout", "soon", "perft: --engine-timeout 'soon' is not a number of seconds"},
        {"--format", "xml", "perft: --format 'xml' is not text, json or stockfish"},
        {"-b", "none", "perft: -b none needs at least one --engine"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        const char *args[] = {CASES[i].option, CASES[i].value, "1", CHESS_INITIAL};
        char *err;
        int status = run_cli(args, 4, &err);
        cr_expect_eq(status, 2, "%s %s: exit status %d", CASES[i].option, CASES[i].value, status);
        cr_expect(strncmp(err, CASES[i].message, strlen(CASES[i].message)) == 0 &&
                      strchr(err, '\n') == err + strlen(err) - 1,
                  "%s %s: stderr is: %s", CASES[i].option, CASES[i].value, err);
        free(err);
    }
}
