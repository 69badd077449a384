/* The engine author's side of the contract: an engine is asked only about
 * positions of its own game (declared as --engine GAME:..., else chess for
 * a UCI engine and the run's one game for a perftree engine; what cannot
 * be known is refused in one line); UCI options reach the engine with
 * setoption after uciok, and only options it lists; a perftree engine that
 * exits after a complete answer while a process it started holds its
 * output is not timed out. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "clock.h"
#include "engines_support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* ---- an engine's game ---- */

/* Before: plain --random with Stockfish sent it the Quaternity opening, and
 * Stockfish died on it (exit status 2). */
Test(engines_contract, a_uci_engine_plays_chess_games_only_in_a_run_of_both, .timeout = 60)
{
    json_t *doc = JSON_RUN(0, "--random", "2", "--plies", "6", "--engine", "uci:" TEST_STOCKFISH, "--format", "json");
    json_t *engine = json_array_get(json_object_get(doc, "engines"), 0);
    cr_expect_str_eq(json_string_value(json_object_get(engine, "game")), "chess");
    /* Game 0 starts from the Quaternity opening, game 1 from the chess
     * start: Stockfish is asked at the 7 positions of game 1 only. */
    cr_expect_eq(json_integer_value(json_object_get(engine, "queries")), 7);
    json_decref(doc);
}

Test(engines_contract, what_cannot_be_known_is_refused_in_one_line)
{
    EXPECT_ERROR("perft: engine perft: its game cannot be known, the default start list (the Quaternity opening, "
                 "the chess start) holds chess and Quaternity positions: declare it (--engine "
                 "chess:perftree:COMMAND or quaternity:perftree:COMMAND)",
                 "--random", "2", "--engine", "perft=perftree:" TEST_PERFT_BIN);
    EXPECT_ERROR("perft: engine stockfish plays chess (undeclared UCI engines do; --engine quaternity:uci:COMMAND "
                 "declares a Quaternity one): the position given is Quaternity",
                 "--engine", "uci:" TEST_STOCKFISH, "2", QUATERNITY_OPENING_QFEN);
    EXPECT_ERROR("perft: engine q plays Quaternity (declared): the position given is chess", "--engine",
                 "q=quaternity:perftree:" TEST_PERFT_BIN, "2", CHESS_INITIAL);
    EXPECT_ERROR("perft: --engine 'checkers:uci:x' is not [NAME=][GAME:]uci:COMMAND or [NAME=][GAME:]perftree:COMMAND "
                 "(GAME: chess or quaternity)",
                 "--engine", "checkers:uci:x", "2", CHESS_INITIAL);
}

/* A suite of both games: an undeclared perftree engine is refused, a
 * declared one answers its game's counts only (the suite's rows say so),
 * and a suite of one game settles an undeclared one. */
Test(engines_contract, a_suite_asks_each_engine_its_own_game, .timeout = 60)
{
    char mixed[] = "/tmp/engines-contract-XXXXXX", chess[] = "/tmp/engines-contract-XXXXXX";
    int fd = mkstemp(mixed);
    FILE *f = fdopen(fd, "w");
    /* Counts: chessprogramming wiki "Perft Results" (initial position), and
     * the agreement of the Quaternity backends (positions/quaternity/). */
    fprintf(f, "%s ;D1 20 ;D2 400 ;id start\n%s ;id opening\n", CHESS_INITIAL, QUATERNITY_OPENING_QFEN);
    fclose(f);
    fd = mkstemp(chess);
    f = fdopen(fd, "w");
    fprintf(f, "%s ;D1 20 ;D2 400 ;id start\n", CHESS_INITIAL);
    fclose(f);

    char message[512];
    snprintf(message, sizeof message,
             "perft: engine perft: its game cannot be known, suite %s holds chess and Quaternity positions: "
             "declare it (--engine chess:perftree:COMMAND or quaternity:perftree:COMMAND)\n",
             mixed);
    CliRun r = RUN("--suite", mixed, "--engine", "perft=perftree:" TEST_PERFT_BIN);
    EXPECT(r.status == 2 && strstr(r.err, message), "undeclared in a mixed suite: %d %s", r.status, r.err);
    cli_free(&r);

    json_t *doc = JSON_RUN(0, "--suite", mixed, "--engine", "c=chess:perftree:" TEST_PERFT_BIN, "--format", "json");
    json_t *checks = json_object_get(doc, "checks");
    size_t engine_rows = 0;
    for (size_t i = 0; i < json_array_size(checks); i++) {
        json_t *check = json_array_get(checks, i);
        if (strcmp(json_string_value(json_object_get(check, "participant")), "c") == 0) {
            engine_rows++;
            cr_expect_str_eq(json_string_value(json_object_get(check, "id")), "start");
        }
    }
    cr_expect_eq(engine_rows, 2, "the chess engine answered %zu counts, not the start's two", engine_rows);
    json_decref(doc);

    /* Engines alone: the positions of the other game are skipped, and the
     * closing line says so. */
    r = RUN("--suite", mixed, "-b", "none", "--engine", "c=chess:perftree:" TEST_PERFT_BIN);
    EXPECT(r.status == 0 && strstr(r.out, "1 position of a game no engine plays skipped (-b none)"),
           "engines alone in a mixed suite: %d %s%s", r.status, r.out, r.err);
    cli_free(&r);

    r = RUN("--suite", chess, "--engine", "perft=perftree:" TEST_PERFT_BIN);
    EXPECT(r.status == 0 && strstr(r.err, "engine perft (perftree: " TEST_PERFT_BIN "; chess): 2 queries"),
           "undeclared in a chess suite: %d %s", r.status, r.err);
    cli_free(&r);
    unlink(mixed);
    unlink(chess);
}

/* ---- UCI options ---- */

Test(engines_contract, uci_options_are_sent_after_uciok_each_answered_before_the_next)
{
    char log[] = "/tmp/engines-contract-log-XXXXXX";
    close(mkstemp(log));
    char spec[512];
    snprintf(spec, sizeof spec,
             "bug=uci:" TEST_PLANTED_BUG " --protocol uci --inner 'perftree:" TEST_PERFT_BIN "' --log %s", log);
    CliRun r = RUN("--engine", spec, "--engine-option", "Hash=64", "--engine-option", "threads=2", "1", CHESS_INITIAL);
    cr_expect(r.status == 0, "status %d: %s", r.status, r.err);
    cr_expect(strstr(r.err, "; setoption Hash=64, threads=2): "), "the engines line does not name them: %s", r.err);
    char *text = file_text(log);
    /* Each setoption followed by isready, so that a refusal (an "info
     * string error" before readyok) names its option; then the query's. */
    const char *expected = "uci\nsetoption name Hash value 64\nisready\nsetoption name threads value 2\nisready\n"
                           "isready\nposition fen ";
    cr_expect(text && strncmp(text, expected, strlen(expected)) == 0, "the engine received:\n%s", text);
    free(text);
    cli_free(&r);
    unlink(log);
}

Test(engines_contract, options_that_cannot_apply_are_refused_in_one_line)
{
    EXPECT_ERROR("perft: engine bug: --engine-option 'Hsh=16': it lists no option 'Hsh' (its options: Hash, Threads, "
                 "UCI_Chess960)",
                 "--engine", "bug=uci:" TEST_PLANTED_BUG " --protocol uci --inner perftree:" TEST_PERFT_BIN,
                 "--engine-option", "Hsh=16", "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --engine-option 'Hash=16': engine perft speaks perftree (options are for UCI engines, sent "
                 "with setoption)",
                 "--engine", "perft=perftree:" TEST_PERFT_BIN, "--engine-option", "Hash=16", "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --engine-option 'Hash=16' comes before any --engine (it sets an option of the --engine "
                 "before it)",
                 "--engine-option", "Hash=16", "--engine", "uci:" TEST_STOCKFISH, "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --engine-option 'Hash' is not NAME=VALUE", "--engine", "uci:" TEST_STOCKFISH,
                 "--engine-option", "Hash", "1", CHESS_INITIAL);
    EXPECT_ERROR("perft: --engine-option 'Hash=16\\nquit' holds a control character", "--engine", "uci:" TEST_STOCKFISH,
                 "--engine-option", "Hash=16\nquit", "1", CHESS_INITIAL);
}

/* Stockfish takes its own options, and counts as before. */
Test(engines_contract, stockfish_takes_its_options)
{
    CliRun r = RUN("-b", "all", "--engine", "uci:" TEST_STOCKFISH, "--engine-option", "Threads=2", "--engine-option",
                   "Hash=32", "3", CHESS_INITIAL);
    char agree[64];
    snprintf(agree, sizeof agree, "%d chess participants (1 engine) agree at depth 3", backend_count(GAME_CHESS) + 1);
    cr_expect(r.status == 0 && strstr(r.err, agree), "%d %s", r.status, r.err);
    cli_free(&r);
}

/* ---- a perftree engine that leaves a process behind ---- */

/* Before: the harness waited for the end of output, which the process left
 * behind held open, and failed the engine after the time-out. */
Test(engines_contract, a_process_left_holding_the_output_does_not_cost_the_time_out, .timeout = 60)
{
    double start = seconds_now();
    CliRun r = RUN("--engine-timeout", "20", "--engine", "left=chess:perftree:sleep 30 & exec " TEST_PERFT_BIN, "2",
                   CHESS_INITIAL);
    double seconds = seconds_now() - start;
    cr_expect(r.status == 0 && strstr(r.err, "2 chess participants (1 engine) agree at depth 2"), "%d %s", r.status,
              r.err);
    cr_expect(seconds < 5 * TEST_SLOWDOWN, "took %.1f s", seconds);
    cli_free(&r);

    /* An incomplete answer is failed as soon as the engine has exited. */
    start = seconds_now();
    r = RUN("--engine-timeout", "20", "--engine", "cut=chess:perftree:sleep 30 & echo e2e4 1; :", "1", CHESS_INITIAL);
    seconds = seconds_now() - start;
    cr_expect(r.status == 2 && strstr(r.err, "the answer ended without its total"), "%d %s", r.status, r.err);
    cr_expect(seconds < 5 * TEST_SLOWDOWN, "took %.1f s", seconds);
    cli_free(&r);
}

/* --help states the contract where users look (before: one line per
 * protocol in --engine's text). */
Test(engines_contract, help_states_the_adapter_contract)
{
    CliRun r = RUN("--help");
    cr_expect(r.status == 0, "status %d", r.status);
    static const char *const SAID[] = {
        "[NAME=][GAME:]uci:COMMAND",
        "--engine-option=NAME=VALUE",
        "perftree:COMMAND  one process per query: /bin/sh -c 'COMMAND \"$@\"' sh DEPTH",
        "(an empty argument when none)",
        "\"go perft DEPTH\", answered by \"MOVE: COUNT\" lines",
        "The fast path for long\n                    random runs",
        "e7e8q or e7e8Q",
        "engine is asked only about its game's positions",
    };
    for (size_t i = 0; i < sizeof SAID / sizeof *SAID; i++)
        cr_expect(strstr(r.out, SAID[i]), "--help does not say '%s'", SAID[i]);
    cli_free(&r);
}
