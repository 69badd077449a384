/* Engines in Chess960 and in castling written as the king taking its rook.
 *
 * Debian's Stockfish in Chess960 mode (UCI_Chess960, which the harness sets
 * itself) is an implementation we did not write: its divides must agree
 * with every chess backend's on every row of positions/chess/frc-special.epd
 * and on a sample of positions/chess/chess960.epd, and over random games
 * from Chess960 and Double Fischer Random starts.  Planted bugs
 * (tests/engines/planted_bug.py) that drop one castling must be bisected to
 * the position and the move, in a Chess960 position (around Stockfish over
 * UCI, around bin/perft over perftree) and in standard chess around an
 * engine that prints castling as e1h1 (bin/perft --chess960), which must
 * otherwise agree with the backends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"

static const char STOCKFISH_ENGINE[] = "uci:" TEST_STOCKFISH;

/* Whether a divide of `fen` at `depth` by every chess backend and Stockfish
 * agrees, Stockfish asked in Chess960 mode. */
static void expect_stockfish_agrees(const char *id, const char *fen, int depth)
{
    char depth_text[8];
    snprintf(depth_text, sizeof depth_text, "%d", depth);
    CliRun r = RUN("-b", "all", "--engine", STOCKFISH_ENGINE, depth_text, fen);
    int backends = backends_of(GAME_CHESS, (const Backend *[BACKENDS_MAX]){0});
    char agree[96];
    snprintf(agree, sizeof agree, "%d chess participants (1 engine) agree at depth %d", backends + 1, depth);
    EXPECT(r.status == 0 && strstr(r.err, agree), "%s (%s) at depth %d: status %d\n%s\n%s", id, fen, depth, r.status,
           r.out, r.err);
    EXPECT(strstr(r.err, "(1 in Chess960 notation, UCI_Chess960 on)"), "%s: Stockfish not in Chess960 mode:\n%s", id,
           r.err);
    cli_free(&r);
}

Test(chess960_engines, stockfish_in_chess960_mode_agrees_with_every_backend, .timeout = 300 * TEST_SLOWDOWN)
{
    int count, checked = 0;
    EpdEntry *special = fixtures_load_exactly("positions/chess/frc-special.epd", 11, &count);
    for (int i = 0; i < count; i++, checked++)
        expect_stockfish_agrees(special[i].id, special[i].text, 4);
    free(special);
    /* Every 48th of the 960 reference positions: 20 of them. */
    EpdEntry *reference = fixtures_load_exactly("positions/chess/chess960.epd", 960, &count);
    for (int i = 0; i < count; i += 48, checked++)
        expect_stockfish_agrees(reference[i].id, reference[i].text, 3);
    free(reference);
    /* Start positions by number, Double Fischer Random pairs included. */
    const char *const starts[] = {"chess960:0", "chess960:518", "chess960:959", "dfrc:0,959", "dfrc:123456"};
    for (size_t i = 0; i < sizeof starts / sizeof *starts; i++, checked++)
        expect_stockfish_agrees(starts[i], starts[i], 4);
    cr_expect_eq(checked, 11 + 20 + 5);
}

Test(chess960_engines, stockfish_agrees_over_random_chess960_and_dfrc_games, .timeout = 300 * TEST_SLOWDOWN)
{
    const char *const sets[] = {"chess960", "dfrc"};
    for (int i = 0; i < 2; i++) {
        CliRun r = RUN("--random", "20", "--plies", "60", "--random-start", sets[i], "-b", "all", "--engine",
                       STOCKFISH_ENGINE);
        EXPECT(r.status == 0 && strstr(r.out, "random: 20 games of up to 60 plies from ") &&
                   strstr(r.out, " 0 disagreements (seed 1)") && strstr(r.err, "(uci: " TEST_STOCKFISH "; chess)"),
               "--random-start %s: status %d\n%s\n%s", sets[i], r.status, r.out, r.err);
        /* Every query of the run was in Chess960 mode. */
        const char *q = strstr(r.err, "chess): ");
        int queries = 0, chess960 = -1;
        EXPECT(q && sscanf(q, "chess): %d queries (%d in Chess960 notation", &queries, &chess960) == 2 &&
                   queries == chess960 && queries > 20,
               "--random-start %s: %s", sets[i], r.err);
        cli_free(&r);
    }
}

/* The report of a planted bug found: exactly these lines in the output. */
static void expect_report(const CliRun *r, const char *who, const char *path, const char *position,
                          const char *depth_remaining, const char *only_backend)
{
    char lines[1024];
    snprintf(lines, sizeof lines,
             "DISAGREEMENT between %s and bug\n  path from the root: %s\n  position: %s\n  depth remaining: %s\n"
             "  moves only %s generates: %s\n  moves only bug generates: (none)\n",
             who, path, position, depth_remaining, who, only_backend);
    cr_expect_eq(r->status, 1, "status %d, stderr %s", r->status, r->err);
    cr_expect(strstr(r->out, lines), "expected\n%s\nin\n%s\nstderr %s", lines, r->out, r->err);
}

/* frc-special.epd's frc-inner-rook-4: after f1h1 b8b7 White castles with
 * the king on b1 and the rook on e1 (king to g1, rook to f1), written b1e1
 * (b1g1 in the standard notation). */
static const char INNER_ROOK[] = "rr6/2kpp3/1ppnb1p1/p4q1p/P4P1P/1PNN2P1/2PP2Q1/1K2RR2 w E - 1 19";
static const char INNER_ROOK_AFTER[] = "r7/1rkpp3/1ppnb1p1/p4q1p/P4P1P/1PNN2P1/2PP2Q1/1K2R2R w E - 3 20";

Test(chess960_engines, a_chess960_castling_bug_in_stockfish_is_bisected, .timeout = 60 * TEST_SLOWDOWN)
{
    char log[] = "/tmp/chess960-uci-log-XXXXXX";
    close(mkstemp(log));
    char engine[1024];
    snprintf(engine, sizeof engine,
             "bug=uci:%s --protocol uci --log %s --inner uci:%s --root '%s' --path 'f1h1 b8b7' --drop b1e1",
             TEST_PLANTED_BUG, log, TEST_STOCKFISH, INNER_ROOK);
    CliRun r = RUN("-b", "bitboard", "--engine", engine, "4", INNER_ROOK);
    expect_report(&r, "bitboard", "f1h1 b8b7", INNER_ROOK_AFTER, "2", "b1e1");
    cli_free(&r);
    /* UCI_Chess960 was set before the first position, after the handshake. */
    char *sent = file_text(log);
    cr_assert(sent);
    const char *option = strstr(sent, "setoption name UCI_Chess960 value true\n");
    const char *position = strstr(sent, "position fen ");
    cr_expect(option && position && option < position && strstr(sent, "uci\n") < option,
              "UCI_Chess960 not set before the first position:\n%s", sent);
    free(sent);
    unlink(log);
}

Test(chess960_engines, a_chess960_castling_bug_over_perftree_is_bisected, .timeout = 60 * TEST_SLOWDOWN)
{
    char engine[1024];
    snprintf(engine, sizeof engine,
             "bug=perftree:%s --protocol perftree --inner 'perftree:%s -b mailbox' --root '%s' --path 'f1h1 b8b7' "
             "--drop b1e1",
             TEST_PLANTED_BUG, TEST_PERFT_BIN, INNER_ROOK);
    CliRun r = RUN("-b", "padded", "--engine", engine, "4", INNER_ROOK);
    expect_report(&r, "padded", "f1h1 b8b7", INNER_ROOK_AFTER, "2", "b1e1");
    cli_free(&r);
}

/* Standard chess, both sides able to castle both ways. */
static const char CASTLES[] = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
/* An engine that prints castling as the king taking its rook in standard
 * chess: bin/perft in Chess960 notation. */
#define KING_TAKES_ROOK "perftree:" TEST_PERFT_BIN " --chess960 -b mailbox"

Test(chess960_engines, an_engine_printing_e1h1_in_standard_chess_agrees, .timeout = 60 * TEST_SLOWDOWN)
{
    /* Its own divide does print e1h1 ... */
    CliRun own = RUN("--chess960", "1", CASTLES);
    cr_expect(strstr(own.out, "e1h1 1\n") && strstr(own.out, "e1a1 1\n") && !strstr(own.out, "e1g1"), "%s", own.out);
    cli_free(&own);
    /* ... and it agrees with every backend, at the root and after castling
     * written either way, over both protocols. */
    int backends = backends_of(GAME_CHESS, (const Backend *[BACKENDS_MAX]){0});
    const char *const engines[] = {"kr=" KING_TAKES_ROOK,
                                   "kr=uci:" TEST_PLANTED_BUG " --protocol uci --inner '" KING_TAKES_ROOK "'"};
    const char *const moves[] = {"", "e1g1", "e1h1 e8a8"};
    for (int e = 0; e < 2; e++)
        for (int m = 0; m < 3; m++) {
            CliRun r = RUN("-b", "all", "--engine", engines[e], "3", CASTLES, moves[m]);
            char agree[96];
            snprintf(agree, sizeof agree, "%d chess participants (1 engine) agree at depth 3", backends + 1);
            EXPECT(r.status == 0 && strstr(r.err, agree) && !strstr(r.err, "Chess960"), "%s after '%s': %d\n%s\n%s",
                   engines[e], moves[m], r.status, r.out, r.err);
            /* The standard run prints standard castling (Black's queen side
             * after e1g1, whose rook on f1 keeps Black's king off f8). */
            const char *castling[] = {"\ne1g1 ", "\ne8c8 ", NULL};
            EXPECT((!castling[m] || strstr(r.out, castling[m])) && !strstr(r.out, "e1h1") && !strstr(r.out, "e8a8"),
                   "%s after '%s': %s", engines[e], moves[m], r.out);
            cli_free(&r);
        }
}

Test(chess960_engines, a_bug_in_an_engine_printing_e1h1_in_standard_chess_is_bisected, .timeout = 60 * TEST_SLOWDOWN)
{
    /* After a1b1 a8b8 the engine drops White's castling, which it prints
     * e1h1; the report names it in the run's notation, e1g1. */
    char engine[1024];
    snprintf(engine, sizeof engine,
             "bug=perftree:%s --protocol perftree --inner '" KING_TAKES_ROOK "' --root '%s' --path 'a1b1 a8b8' "
             "--drop e1h1",
             TEST_PLANTED_BUG, CASTLES);
    CliRun r = RUN("-b", "bitboard", "--engine", engine, "4", CASTLES);
    expect_report(&r, "bitboard", "a1b1 a8b8", "1r2k2r/8/8/8/8/8/8/1R2K2R w Kk - 2 2", "2", "e1g1");
    cli_free(&r);
    /* With --chess960 the same run speaks king-takes-rook throughout. */
    r = RUN("--chess960", "-b", "bitboard", "--engine", engine, "4", CASTLES);
    expect_report(&r, "bitboard", "a1b1 a8b8", "1r2k2r/8/8/8/8/8/8/1R2K2R w Kk - 2 2", "2", "e1h1");
    cli_free(&r);
}

Test(chess960_engines, uci_chess960_is_the_harness_s_to_set)
{
    EXPECT_ERROR("perft: --engine-option 'UCI_Chess960=true': the harness sets UCI_Chess960 itself (on for Chess960 "
                 "positions and with --chess960)",
                 "--engine", "uci:" TEST_STOCKFISH, "--engine-option", "UCI_Chess960=true", "1", CASTLES);
    /* An engine that lists no UCI_Chess960 cannot be asked in Chess960
     * notation; in standard notation it is asked as always. */
    const char *engine = "bug=uci:" TEST_PLANTED_BUG " --protocol uci --no-chess960 --inner perftree:" TEST_PERFT_BIN;
    CliRun r = RUN("--engine", engine, "1", INNER_ROOK);
    cr_expect(r.status == 2 &&
                  strstr(r.err, "perft: engine bug: a Chess960 position, and the engine lists no UCI_Chess960 option "
                                "(the perftree contract takes any FEN); it sent nothing; query \"position fen "),
              "status %d: %s", r.status, r.err);
    cli_free(&r);
    r = RUN("--engine", engine, "2", CASTLES);
    cr_expect(r.status == 0, "status %d: %s", r.status, r.err);
    cli_free(&r);
}

Test(chess960_engines, a_mixed_suite_turns_uci_chess960_on_and_off, .timeout = 60 * TEST_SLOWDOWN)
{
    /* frc-special.epd's frc-inner-rook-1 (D2 1438, Stockfish's test), then
     * the orthodox start in standard FEN (D2 400, the chessprogramming
     * wiki), then in Shredder-FEN (frc-special's startpos-shredder). */
    char suite[] = "/tmp/chess960-mixed-XXXXXX", log[] = "/tmp/chess960-mixed-log-XXXXXX";
    int fd = mkstemp(suite);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 1 20 ;D2 1438 ;id inner\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D2 400 ;id standard\n"
          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1 ;D2 400 ;id shredder\n",
          f);
    fclose(f);
    close(mkstemp(log));
    char engine[512];
    snprintf(engine, sizeof engine, "bug=uci:%s --protocol uci --log %s --inner perftree:%s", TEST_PLANTED_BUG, log,
             TEST_PERFT_BIN);
    CliRun r = RUN("-b", "bitboard", "--engine", engine, "--suite", suite, "--max-depth", "2");
    cr_expect(r.status == 0 && strstr(r.out, "3 positions, 3 counts, 6 checks, 0 failed"), "%d\n%s\n%s", r.status,
              r.out, r.err);
    cr_expect(strstr(r.err, "perft: suite /tmp/chess960-mixed-") &&
                  strstr(r.err, ": 2 positions in Chess960 notation, castling as the king taking its rook"),
              "%s", r.err);
    cli_free(&r);
    /* On before the first position, off before the standard one, on again. */
    char *sent = file_text(log);
    cr_assert(sent);
    const char *on = strstr(sent, "setoption name UCI_Chess960 value true\n");
    const char *inner = strstr(sent, "position fen rr6/");
    const char *off = strstr(sent, "setoption name UCI_Chess960 value false\n");
    const char *standard = strstr(sent, "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq");
    const char *on_again = off ? strstr(off, "setoption name UCI_Chess960 value true\n") : NULL;
    const char *shredder = strstr(sent, "w AHah - 0 1");
    cr_expect(on && inner && off && standard && on_again && shredder && on < inner && inner < off && off < standard &&
                  standard < on_again && on_again < shredder,
              "UCI_Chess960 not toggled around the standard position:\n%s", sent);
    free(sent);
    unlink(log);
    unlink(suite);
}
