/* bin/perft --uci, the suite as a UCI engine (gen/perft/uci_server/): its session
 * run as a child on scripted input, each refused input answered by one
 * "info string error" line while the session goes on; and the engine driven
 * by bin/perft's own UCI client (--engine uci:"bin/perft --uci"), held
 * against every built-in backend on the chess and Quaternity fixtures and
 * found out, path and move, when a planted bug sits between the two.  The
 * counts come from nowhere but the agreement of the engine with the
 * backends and with the published counts of the fixture files. */
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"
#include "registry.h"

static const char CHESS_START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
#define UCI_ENGINE TEST_PERFT_BIN " --uci"

typedef struct Session {
    int status; /* the exit status; 124: it did not end within the time-out */
    char *out, *err;
} Session;

/* Runs `input` (its `length` bytes: it may hold a NUL) through bin/perft
 * --uci, killed after a minute: a hang shows as status 124. */
static Session session_n(const char *input, size_t length, const char *options)
{
    char in_path[] = "/tmp/uci-in-XXXXXX", out_path[] = "/tmp/uci-out-XXXXXX", err_path[] = "/tmp/uci-err-XXXXXX";
    int fds[3] = {mkstemp(in_path), mkstemp(out_path), mkstemp(err_path)};
    cr_assert(fds[0] >= 0 && fds[1] >= 0 && fds[2] >= 0);
    cr_assert_eq(write(fds[0], input, length), (ssize_t)length);
    for (int i = 0; i < 3; i++)
        close(fds[i]);
    char command[1024];
    snprintf(command, sizeof command, "timeout %d %s %s <%s >%s 2>%s", (int)(60 * TEST_SLOWDOWN), UCI_ENGINE, options,
             in_path, out_path, err_path);
    int raw = system(command);
    Session s = {
        .status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, .out = file_text(out_path), .err = file_text(err_path)};
    unlink(in_path), unlink(out_path), unlink(err_path);
    cr_assert(s.out && s.err);
    /* The first line, before any command (as Stockfish's): the rest is
     * what the commands were answered. */
    char *newline = strchr(s.out, '\n');
    cr_assert(strncmp(s.out, "perft ", 6) == 0 && newline && strstr(s.out, "perft suite as a UCI engine") < newline,
              "no first line: %s", s.out);
    memmove(s.out, newline + 1, strlen(newline + 1) + 1);
    return s;
}

static Session session(const char *input)
{
    return session_n(input, strlen(input), "");
}

static void session_free(Session *s)
{
    free(s->out), free(s->err);
}

Test(uci_server, handshake_lists_id_and_options)
{
    Session s = session("uci\nisready\nquit\n");
    cr_expect_eq(s.status, 0);
    cr_expect_str_empty(s.err);
    cr_expect(strncmp(s.out, "id name perft ", 14) == 0, "%s", s.out);
    cr_expect(strstr(s.out, "\noption name Backend type combo default bitboard var mailbox var padded var bitboard"),
              "%s", s.out);
    cr_expect(strstr(s.out, "\noption name Threads type spin default 1 min 1 max 1024\n"), "%s", s.out);
    cr_expect(strstr(s.out, "\noption name Hash type spin default 0 min 0 max "), "%s", s.out);
    cr_expect(strstr(s.out, "\noption name UCI_Chess960 type check default false\n"), "%s", s.out);
    cr_expect(strstr(s.out, "\nuciok\nreadyok\n"), "%s", s.out);
    session_free(&s);

    /* -b, -t and --hash set the defaults uci lists. */
    s = session_n("uci\n", 4, "-b padded -t 2 --hash 1");
    cr_expect(strstr(s.out, "option name Backend type combo default padded var"), "%s", s.out);
    cr_expect(strstr(s.out, "option name Threads type spin default 2 "), "%s", s.out);
    cr_expect(strstr(s.out, "option name Hash type spin default 1 "), "%s", s.out);
    session_free(&s);
}

/* bin/perft's divide in --format stockfish, stdout only. */
static char *stockfish_divide(const char *args)
{
    char command[1024];
    snprintf(command, sizeof command, "%s --format stockfish %s 2>/dev/null", TEST_PERFT_BIN, args);
    FILE *p = popen(command, "r");
    cr_assert(p);
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, p);
    text[n] = '\0';
    cr_assert_eq(pclose(p), 0, "%s", command);
    return text;
}

Test(uci_server, go_perft_answers_in_stockfish_form)
{
    /* The divide bin/perft prints in --format stockfish, and the blank line
     * Stockfish prints after it; every backend, every thread count, with
     * and without the table: the same text. */
    char expected[65536];
    snprintf(expected, sizeof expected, "%s\n",
             stockfish_divide("3 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' 'e2e4 d7d5'"));
    const char *setups[] = {"", "setoption name Backend value mailbox\n", "setoption name backend value padded\n",
                            "setoption name Threads value 2\nsetoption name Hash value 1\n"};
    for (int i = 0; i < 4; i++) {
        char input[512];
        snprintf(input, sizeof input, "%sposition startpos moves e2e4 d7d5\ngo perft 3\n", setups[i]);
        Session s = session(input);
        cr_expect_eq(s.status, 0);
        cr_expect_str_eq(s.out, expected, "after '%s'", setups[i]);
        cr_expect_str_empty(s.err);
        session_free(&s);
    }
    /* Quaternity: the game is known from the QFEN. */
    char input[1024], args[1024];
    snprintf(input, sizeof input, "position fen %s moves a5a6\ngo perft 2\n", QUATERNITY_OPENING_QFEN);
    snprintf(args, sizeof args, "2 '%s' a5a6", QUATERNITY_OPENING_QFEN);
    snprintf(expected, sizeof expected, "%s\n", stockfish_divide(args));
    Session s = session(input);
    cr_expect_str_eq(s.out, expected);
    session_free(&s);
}

Test(uci_server, perftree_s_setoption_glued_to_its_position_reads_as_both)
{
    /* perftree's Stockfish driver (perftree/src/lib.rs) writes setoption
     * without its newline: the position command follows on its line. */
    char expected[65536];
    snprintf(expected, sizeof expected, "%s\n",
             stockfish_divide("2 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' e2e4"));
    snprintf(expected + strlen(expected), sizeof expected - strlen(expected), "%s\n",
             stockfish_divide("1 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'"));
    Session s = session("setoption name UCI_Chess960 value falseposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                        "RNBQKBNR w KQkq - 0 1 moves e2e4\ngo perft 2\n"
                        "setoption name UCI_Chess960 value falseposition fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n"
                        "go perft 1\n");
    cr_expect_str_eq(s.out, expected);
    session_free(&s);
    /* Anything else glued to a value stays refused. */
    s = session("setoption name UCI_Chess960 value falsego perft 1\n");
    cr_expect_str_eq(s.out, "info string error: setoption UCI_Chess960: 'falsego perft 1' is not true or false\n");
    session_free(&s);
}

Test(uci_server, uci_chess960_writes_castling_as_the_king_taking_its_rook)
{
    const char *input = "position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\ngo perft 1\n"
                        "setoption name UCI_Chess960 value true\ngo perft 1\n";
    Session s = session(input);
    char *second = strstr(s.out, "Nodes searched: 26\n\n");
    cr_assert(second, "%s", s.out);
    *second = '\0';
    cr_expect(strstr(s.out, "e1g1: 1\n") && strstr(s.out, "e1c1: 1\n") && !strstr(s.out, "e1h1"), "%s", s.out);
    cr_expect(strstr(second + 1, "e1h1: 1\n") && strstr(second + 1, "e1a1: 1\n") && !strstr(second + 1, "e1g1"), "%s",
              second + 1);
    session_free(&s);
}

/* Each refused input: the one line it gets; isready after it is still
 * answered, so the session went on. */
static const struct Refusal {
    const char *input;
    const char *answer;
} REFUSALS[] = {
    {"xyzzy", "info string error: unknown command 'xyzzy' (this engine answers uci, isready, setoption, ucinewgame, "
              "position, go perft, stop and quit)\n"},
    {"go", "info string error: go: this engine counts, it does not search: 'go perft DEPTH' (DEPTH 1 to 20) only\n"
           "bestmove 0000\n"},
    {"go depth 5", "info string error: go: this engine counts, it does not search: 'go perft DEPTH' (DEPTH 1 to 20) "
                   "only\nbestmove 0000\n"},
    {"go perft", "info string error: go perft: the depth is missing (go perft DEPTH, 1 to 20)\n"},
    {"go perft 0", "info string error: go perft: depth '0' is not a number from 1 to 20\n"},
    {"go perft 21", "info string error: go perft: depth '21' is not a number from 1 to 20\n"},
    {"go perft -1", "info string error: go perft: depth '-1' is not a number from 1 to 20\n"},
    {"go perft 99999999999999999999", "info string error: go perft: depth '99999999999999999999' is not a number "
                                      "from 1 to 20\n"},
    {"go perft 2 x", "info string error: go perft: unexpected 'x' after the depth (go perft DEPTH)\n"},
    {"position", "info string error: position: expected 'startpos' or 'fen FEN' after 'position'\n"},
    {"position somewhere", "info string error: position: expected 'startpos' or 'fen FEN' after 'position', got "
                           "'somewhere'\n"},
    {"position fen", "info string error: position fen: the FEN is missing (position fen FEN [moves ...])\n"},
    {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
     "info string error: position: FEN: rank 1, file h: unknown piece letter 'X'; no position is set until a position "
     "command is accepted\n"},
    {"position startpos moves e2e5", "info string error: position: move 1 'e2e5' is not legal in "
                                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1; no position is set "
                                     "until a position command is accepted\n"},
    {"position startpos e2e4", "info string error: position: unexpected 'e2e4' after the position (expected "
                               "'moves')\n"},
    {"setoption", "info string error: setoption: expected 'setoption name NAME value VALUE'\n"},
    {"setoption name Contempt value 0", "info string error: setoption: unknown option 'Contempt' (the options: "
                                        "Backend, Threads, Hash, UCI_Chess960)\n"},
    /* BACKENDS: every registered backend's name, once, in the registry's order. */
    {"setoption name Backend value fast", "info string error: setoption Backend: 'fast' is not a backend (BACKENDS)\n"},
    {"setoption name Threads value 0", "info string error: setoption Threads: '0' is not a thread count from 1 to "
                                       "1024\n"},
    {"setoption name Hash value 1e3", "info string error: setoption Hash: '1e3' is not a size in MiB from 0 (no "
                                      "table) to 1048576\n"},
    {"setoption name UCI_Chess960 value yes", "info string error: setoption UCI_Chess960: 'yes' is not true or "
                                              "false\n"},
    {"\x1b[2Jclear", "info string error: unknown command '\\x1b[2Jclear' (this engine answers uci, isready, "
                     "setoption, ucinewgame, position, go perft, stop and quit)\n"},
};

/* Every registered backend's name, once, in the registry's order, joined
 * by ", ": derived from the registry, so a backend added to the tree (the
 * template's recipe) changes the expected text with it. */
static const char *registered_names(void)
{
    static char names[512];
    size_t n = 0;
    for (int i = 0; backend_registry[i]; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(backend_registry[j]->name, backend_registry[i]->name) == 0;
        if (!seen)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", backend_registry[i]->name);
    }
    return names;
}

Test(uci_server, every_refused_input_gets_one_clear_line_and_the_session_goes_on)
{
    int checked = 0;
    for (size_t i = 0; i < sizeof REFUSALS / sizeof *REFUSALS; i++) {
        char input[512], expected[1024];
        snprintf(input, sizeof input, "%s\nisready\n", REFUSALS[i].input);
        const char *names_at = strstr(REFUSALS[i].answer, "BACKENDS");
        if (names_at)
            snprintf(expected, sizeof expected, "%.*s%s%sreadyok\n", (int)(names_at - REFUSALS[i].answer),
                     REFUSALS[i].answer, registered_names(), names_at + strlen("BACKENDS"));
        else
            snprintf(expected, sizeof expected, "%sreadyok\n", REFUSALS[i].answer);
        Session s = session(input);
        EXPECT(s.status == 0 && strcmp(s.out, expected) == 0 && !s.err[0],
               "'%s': status %d\nstdout: %s\nexpected: %s\nstderr: %s", REFUSALS[i].input, s.status, s.out, expected,
               s.err);
        session_free(&s);
        checked++;
    }
    cr_expect_eq(checked, 22);
}

Test(uci_server, a_refused_position_is_never_counted_as_the_one_before)
{
    Session s = session("position startpos moves e2e4\nposition startpos moves e2e4 e7e4\ngo perft 1\n"
                        "position startpos\ngo perft 1\n");
    const char *refused = strstr(s.out, "info string error: go perft: no position: the last position command was "
                                        "refused (send one that is accepted)\n");
    cr_expect(refused, "%s", s.out);
    /* The next accepted position counts again: the start's 20 moves. */
    cr_expect(refused && strstr(refused, "\nNodes searched: 20\n\n"), "%s", s.out);
    session_free(&s);
    /* A chosen backend with no generator for the position's game. */
    char input[1024];
    snprintf(input, sizeof input, "setoption name Backend value template\nposition fen %s\ngo perft 1\n",
             QUATERNITY_OPENING_QFEN);
    s = session(input);
    if (backend_name_known("template"))
        cr_expect(strstr(s.out, "info string error: go perft: backend 'template' has no quaternity generator "
                                "(quaternity's: mailbox, padded, bitboard; setoption name Backend value NAME)\n"),
                  "%s", s.out);
    else
        cr_expect(strstr(s.out, "info string error: setoption Backend: 'template' is not a backend"), "%s", s.out);
    session_free(&s);
}

Test(uci_server, bad_bytes_long_lines_and_end_of_input_end_nothing)
{
    /* A NUL byte inside a line, a line past 64 KiB, no quit at the end: each
     * answered, then the end of input ends the session with status 0. */
    static char input[80000];
    size_t n = 0;
    memcpy(input + n, "isready\0junk\nisready\n", 21), n += 21;
    memset(input + n, 'x', 70000), n += 70000;
    memcpy(input + n, "\nisready\nposition startpos\ngo perft 1", 37), n += 37;
    Session s = session_n(input, n, "");
    cr_expect_eq(s.status, 0);
    const char *answers = "info string error: a line holding a NUL byte (after 'isready'): not read\nreadyok\n"
                          "info string error: a line of 70000 bytes: longer than 65535, not read\nreadyok\n";
    cr_expect(strncmp(s.out, answers, strlen(answers)) == 0, "%s", s.out);
    cr_expect(strstr(s.out, "\nNodes searched: 20\n\n"), "%s", s.out);
    session_free(&s);
}

Test(uci_server, a_position_line_refused_whole_leaves_no_position)
{
    /* An accepted position, then a position line refused before it is read
     * (a NUL byte; over 64 KiB): go perft must not count the first one. */
    static char input[80000];
    const char *accepted = "position startpos moves e2e4\n", *go = "\ngo perft 1\n";
    const char *refused = "info string error: go perft: no position: the last position command was refused "
                          "(send one that is accepted)\n";
    for (int kind = 0; kind < 2; kind++) {
        size_t n = 0;
        memcpy(input + n, accepted, strlen(accepted)), n += strlen(accepted);
        if (kind == 0) {
            memcpy(input + n, "position startpos moves e2e4 \0e7e5", 35), n += 35;
        } else {
            memcpy(input + n, "position startpos moves", 23), n += 23;
            for (int i = 0; i < 14000; i++)
                memcpy(input + n, " e7e5", 5), n += 5;
        }
        memcpy(input + n, go, strlen(go)), n += strlen(go);
        Session s = session_n(input, n, "");
        cr_expect_eq(s.status, 0);
        cr_expect(strstr(s.out, refused), "%s: %s", kind ? "a long line" : "a NUL byte", s.out);
        cr_expect(!strstr(s.out, "Nodes searched"), "%s: the position before was counted: %s",
                  kind ? "a long line" : "a NUL byte", s.out);
        session_free(&s);
    }
}

Test(uci_server, the_command_line_of_uci_takes_only_the_engine_options)
{
    EXPECT_ERROR("perft: unexpected argument '2' with --uci (positions and depths come over standard input: "
                 "position ..., go perft DEPTH)",
                 "--uci", "2", CHESS_START);
    EXPECT_ERROR("perft: --format does not apply to --uci (only -b, -t and --hash, the engine options' defaults)",
                 "--uci", "--format", "json");
    EXPECT_ERROR("perft: -b all does not apply to --uci: the engine counts with one backend (-b NAME)", "--uci", "-b",
                 "all");
}

/* ---- bin/perft's UCI client drives bin/perft --uci ---- */

/* A suite run with the UCI engine, each backend inside it in turn (Backend
 * set over setoption), beside every built-in backend: every count checked
 * against the file and every participant against the others. */
static void suite_agrees(const char *game, const char *file, int max_depth)
{
    const Backend *bs[BACKENDS_MAX];
    int count = backends_of(strcmp(game, "chess") == 0 ? GAME_CHESS : GAME_QUATERNITY, bs);
    for (int k = 0; k < count; k++) {
        const char *args[CLI_ARGS_MAX + 1];
        int n = 0;
        char engine[128], option[64], depth[8];
        snprintf(engine, sizeof engine, "uci-%s=%s:uci:%s", bs[k]->name, game, UCI_ENGINE);
        snprintf(option, sizeof option, "Backend=%s", bs[k]->name);
        snprintf(depth, sizeof depth, "%d", max_depth);
        args[n++] = "-b", args[n++] = "all", args[n++] = "--engine", args[n++] = engine;
        args[n++] = "--engine-option", args[n++] = option;
        args[n++] = "--suite", args[n++] = file, args[n++] = "--max-depth", args[n++] = depth;
        args[n] = NULL;
        CliRun r = cli_run(args);
        char where[2048], engine_line[256];
        joined(args, where, sizeof where);
        EXPECT(r.status == 0 && strstr(r.out, " 0 failed") && !strstr(r.out, "DISAGREE"), "%s: status %d\n%s%s", where,
               r.status, report_excerpt(r.out), r.status ? report_excerpt(r.err) : "");
        /* It was asked: one query per count. */
        snprintf(engine_line, sizeof engine_line, "engine uci-%s (uci: %s; %s, declared; setoption Backend=%s",
                 bs[k]->name, UCI_ENGINE, game, bs[k]->name);
        const char *line = strstr(r.err, engine_line);
        cr_expect(line && !strstr(line, ": 0 queries"), "%s: no line '%s' with queries in\n%s", where, engine_line,
                  r.err);
        cli_free(&r);
    }
}

Test(uci_server, agrees_with_every_backend_on_the_chess_fixtures, .timeout = 120 * TEST_SLOWDOWN)
{
    suite_agrees("chess", "positions/chess/famous.epd", 3);
    /* The harness turns UCI_Chess960 on itself before each Chess960 row. */
    suite_agrees("chess", "positions/chess/frc-special.epd", 3);
}

Test(uci_server, agrees_with_every_backend_on_the_quaternity_fixtures, .timeout = 120 * TEST_SLOWDOWN)
{
    suite_agrees("quaternity", "positions/quaternity/reference.epd", 3);
    suite_agrees("quaternity", "positions/quaternity/pawn-vectors.epd", 2);
}

/* The UCI engine with a planted-bug backend chosen in it: perft-planted
 * (tests/planted/perft_planted.c) is bin/perft with one more backend per
 * game, "planted" (the mailbox, less `drop` after `path`), chosen by
 * `setoption name Backend value planted`.  The cross-check walks down to the
 * position and names the move dropped there. */
static void planted_backend_found(const char *root, const char *path, const char *drop, const char *against)
{
    char engine[2048];
    snprintf(engine, sizeof engine, "bug=%s:uci:PLANTED_ROOT='%s' PLANTED_PATH='%s' PLANTED_DROP=%s %s --uci",
             strlen(root) > 100 ? "quaternity" : "chess", root, path, drop, TEST_PLANTED_PERFT);
    CliRun r = RUN("-b", against, "--engine", engine, "--engine-option", "Backend=planted", "4", root);
    cr_expect_eq(r.status, 1, "%s%s", r.out, r.err);
    char expected[1024];
    snprintf(expected, sizeof expected, "DISAGREEMENT between %s and bug\n  path from the root: %s\n", against, path);
    cr_expect(strstr(r.out, expected), "no '%s' in\n%s", expected, r.out);
    snprintf(expected, sizeof expected, "  moves only %s generates: %s\n  moves only bug generates: (none)\n", against,
             drop);
    cr_expect(strstr(r.out, expected), "no '%s' in\n%s", expected, r.out);
    cli_free(&r);
}

Test(uci_server, a_planted_bug_backend_chosen_in_it_is_found_in_both_games, .timeout = 120 * TEST_SLOWDOWN)
{
    planted_backend_found("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4e5 f7f5", "e5f6",
                          "bitboard");
    planted_backend_found(QUATERNITY_OPENING_QFEN, "a5a6 c8c7", "j8j7", "mailbox");
}

/* Without the planted backend chosen, perft-planted's UCI engine is bin/perft's
 * (its default backend): it agrees, so the disagreement above is the bug. */
Test(uci_server, the_planted_engine_agrees_until_the_planted_backend_is_chosen, .timeout = 60 * TEST_SLOWDOWN)
{
    char engine[2048];
    snprintf(engine, sizeof engine, "bug=uci:PLANTED_ROOT='%s' PLANTED_PATH='e4e5 f7f5' PLANTED_DROP=e5f6 %s --uci",
             "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", TEST_PLANTED_PERFT);
    CliRun r =
        RUN("-b", "bitboard", "--engine", engine, "4", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    cr_expect_eq(r.status, 0, "%s%s", r.out, r.err);
    cli_free(&r);
}

/* ---- driven line by line, as perftree drives Stockfish ---- */

/* perftree's Stockfish driver (perftree/src/lib.rs, agausmann/perftree,
 * release perftree-0.4.0): it reads one line (the banner) before it writes
 * anything, then writes "position fen FEN[ moves ...]" and "go perft N" and
 * reads the answer line by line (skipping lines that start with "info") up
 * to the blank line after "Nodes searched".  Its unmerged Chess960 change
 * (commit 22623ce) writes "setoption name UCI_Chess960 value false" with no
 * newline before the position: asked here too.  Each read waits at most
 * `seconds`: a banner or answer left in a buffer shows as a time-out here,
 * never as a hung test. */
typedef struct Driven {
    pid_t pid;
    int to_engine, from_engine;
    char pending[65536];
    size_t held;
} Driven;

static Driven driven_start(void)
{
    int in[2], out[2];
    cr_assert(pipe(in) == 0 && pipe(out) == 0);
    Driven d = {.pid = fork()};
    cr_assert(d.pid >= 0);
    if (d.pid == 0) {
        dup2(in[0], 0), dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(TEST_PERFT_BIN, TEST_PERFT_BIN, "--uci", (char *)NULL);
        _exit(127);
    }
    close(in[0]), close(out[1]);
    d.to_engine = in[1], d.from_engine = out[0];
    return d;
}

/* One line from the engine without its newline, waiting at most `seconds`;
 * false on a time-out or end of output. */
static bool driven_line(Driven *d, char *line, size_t size, double seconds)
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
        struct pollfd p = {.fd = d->from_engine, .events = POLLIN};
        if (d->held == sizeof d->pending || poll(&p, 1, (int)(seconds * 1000)) != 1)
            return false;
        ssize_t got = read(d->from_engine, d->pending + d->held, sizeof d->pending - d->held);
        if (got <= 0)
            return false;
        d->held += (size_t)got;
    }
}

static void driven_write(Driven *d, const char *text)
{
    cr_assert_eq(write(d->to_engine, text, strlen(text)), (ssize_t)strlen(text));
}

/* perftree's query: the divide's total, the sum of its move lines checked
 * against it. */
static unsigned long long driven_perft(Driven *d, const char *fen, const char *moves, int depth, bool glued)
{
    char query[1024], line[1024];
    snprintf(query, sizeof query, "%sposition fen %s%s%s\ngo perft %d\n",
             glued ? "setoption name UCI_Chess960 value false" : "", fen, moves ? " moves " : "", moves ? moves : "",
             depth);
    driven_write(d, query);
    unsigned long long sum = 0, total = 0;
    int lines = 0;
    for (;;) {
        cr_assert(driven_line(d, line, sizeof line, 60 * TEST_SLOWDOWN), "no answer to '%s'", query);
        if (!line[0])
            break;
        if (strncmp(line, "info", 4) == 0)
            continue;
        char *colon = strstr(line, ": ");
        cr_assert(colon, "not a 'move: count' line: '%s'", line);
        sum += strtoull(colon + 2, NULL, 10), lines++;
    }
    cr_assert(driven_line(d, line, sizeof line, 10 * TEST_SLOWDOWN) &&
                  sscanf(line, "Nodes searched: %llu", &total) == 1,
              "'%s'", line);
    cr_assert(driven_line(d, line, sizeof line, 10 * TEST_SLOWDOWN) && !line[0], "no blank line after the total");
    cr_expect_gt(lines, 0);
    cr_expect_eq(sum, total, "the move lines add up to %llu, the total says %llu", sum, total);
    return total;
}

Test(uci_server, perftree_s_driver_gets_the_banner_before_it_writes_and_each_answer_at_once)
{
    signal(SIGPIPE, SIG_IGN);
    Driven d = driven_start();
    char line[1024];
    /* Nothing written yet: the banner must reach the pipe by itself. */
    bool banner = driven_line(&d, line, sizeof line, 10 * TEST_SLOWDOWN);
    if (!banner)
        kill(d.pid, SIGKILL);
    cr_assert(banner, "no banner within %.0f s while the driver waits before writing", 10 * TEST_SLOWDOWN);
    cr_expect(strstr(line, "perft suite as a UCI engine"), "'%s'", line);
    /* Published counts (chessprogramming wiki, Perft Results): the initial
     * position's perft 3, Kiwipete's perft 2; and White's 29 moves after
     * 1. e4 e5, counted by hand (14 pawn moves, 5 knight, 5 bishop, 4 queen,
     * 1 king): a query with moves. */
    cr_expect_eq(driven_perft(&d, CHESS_START, NULL, 3, false), 8902ull);
    cr_expect_eq(
        driven_perft(&d, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", NULL, 2, true),
        2039ull);
    cr_expect_eq(driven_perft(&d, CHESS_START, "e2e4 e7e5", 1, false), 29ull);
    driven_write(&d, "quit\n");
    close(d.to_engine);
    int status;
    cr_assert_eq(waitpid(d.pid, &status, 0), d.pid);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    close(d.from_engine);
}

Test(uci_server, an_upper_case_promotion_letter_reads_as_lower_case_in_position_and_moves)
{
    /* perftree documents "a7b8Q"; Stockfish reads it.  The same answer as
     * the lower-case move, from the UCI position line and from MOVES. */
    const char *fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    char upper_input[256], lower_input[256];
    snprintf(upper_input, sizeof upper_input, "position fen %s moves b7a8Q\ngo perft 2\n", fen);
    snprintf(lower_input, sizeof lower_input, "position fen %s moves b7a8q\ngo perft 2\n", fen);
    Session upper = session(upper_input), lower = session(lower_input);
    cr_expect_str_empty(upper.err);
    cr_expect(strstr(lower.out, "Nodes searched: "), "%s", lower.out);
    cr_expect_str_eq(upper.out, lower.out);
    session_free(&upper), session_free(&lower);
    char upper_args[256], lower_args[256];
    snprintf(upper_args, sizeof upper_args, "2 '%s' b7a8N", fen);
    snprintf(lower_args, sizeof lower_args, "2 '%s' b7a8n", fen);
    char *from_upper = strdup(stockfish_divide(upper_args)); /* its buffer is reused */
    cr_expect(strstr(from_upper, "Nodes searched: "), "%s", from_upper);
    cr_expect_str_eq(from_upper, stockfish_divide(lower_args));
    free(from_upper);
}
