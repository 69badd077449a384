/* What an engine's divide shows on its own is a move generation finding,
 * reported like a disagreement (exit status 1, the move and the path
 * named), never a protocol failure, and no engine is ever asked for depth
 * 0: a leaf counted twice (at depth 1 a move's count is 1), a move listed
 * twice.  Moves are read in the forms engines print (e7e8Q).  The engine is
 * tests/engines/planted_bug.py around this build's bin/perft or Debian's
 * Stockfish; the counts it is held against are those two's (independent of
 * the backend it is compared with), changed only by the planted bug. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "engines_support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char AFTER_A2A3[] = "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1";

/* The planted-bug engine over `protocol` (its inner engine this build's
 * bin/perft) with `bug`, rooted at `root`. */
static void bug_spec(char *spec, size_t size, const char *protocol, const char *root, const char *bug)
{
    snprintf(spec, size,
             "bug=%s:" TEST_PLANTED_BUG " --protocol %s --inner 'perftree:" TEST_PERFT_BIN
             " -b mailbox' --root '%s' %s",
             protocol, protocol, root, bug);
}

static const char *const PROTOCOLS[] = {"perftree", "uci"};

/* The example: the leaf a2a3 a7a5 counted as 2.  The root's divide
 * differs at a2a3 (21 against 20); one level down, at depth 1, the count of
 * a7a5 is the finding.  Before, the harness asked the engine for depth 0 and
 * blamed it with exit status 2. */
Test(engines_findings, a_leaf_counted_twice_is_found_at_depth_1_not_asked_at_depth_0, .timeout = 60)
{
    for (int p = 0; p < 2; p++) {
        char spec[1024];
        bug_spec(spec, sizeof spec, PROTOCOLS[p], CHESS_INITIAL, "--path a2a3 --leaf a7a5");
        CliRun r = RUN("--engine", spec, "2", CHESS_INITIAL);
        EXPECT(r.status == 1, "%s: status %d, expected 1:\n%s%s", PROTOCOLS[p], r.status, r.out, r.err);
        EXPECT(strstr(r.out, "  bug counts a7a5 as 2 at depth 1 (a legal move is one leaf), path a2a3 a7a5\n"),
               "%s: the finding is not named:\n%s", PROTOCOLS[p], r.out);
        EXPECT(strstr(r.out, "  path from the root: a2a3\n  position: rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/"
                             "RNBQKBNR b KQkq - 0 1\n  depth remaining: 1\n"),
               "%s: the position is not named:\n%s", PROTOCOLS[p], r.out);
        EXPECT(!strstr(r.err, "perft: engine"), "%s: the engine is blamed:\n%s", PROTOCOLS[p], r.err);
        cli_free(&r);
    }
}

/* At depth 1 itself, with the engine alone: no second opinion is needed. */
Test(engines_findings, a_count_other_than_1_at_depth_1_is_a_finding_for_an_engine_alone)
{
    char spec[1024];
    bug_spec(spec, sizeof spec, "perftree", AFTER_A2A3, "--leaf a7a5");
    json_t *doc = JSON_RUN(1, "-b", "none", "--engine", spec, "--format", "json", "1", AFTER_A2A3);
    json_t *d = json_object_get(doc, "disagreement");
    cr_expect_str_eq(json_string_value(json_object_get(d, "verdict")), "leaf counted wrong");
    cr_expect_str_eq(json_string_value(json_object_get(d, "participant")), "bug");
    cr_expect_str_eq(json_string_value(json_object_get(d, "move")), "a7a5");
    cr_expect_eq(json_integer_value(json_array_get(json_object_get(d, "counts"), 0)), 2);
    cr_expect_eq(json_array_size(json_object_get(doc, "failures")), 0);
    json_decref(doc);
}

/* e7e5 listed twice one ply down: the root's a2a3 counts its subtree twice,
 * and the descent names the move where it is listed twice.  Before, "move
 * e7e5 is named twice" failed the engine with exit status 2. */
Test(engines_findings, a_move_listed_twice_is_a_finding_with_its_path, .timeout = 60)
{
    for (int p = 0; p < 2; p++) {
        char spec[1024];
        bug_spec(spec, sizeof spec, PROTOCOLS[p], CHESS_INITIAL, "--path a2a3 --twice e7e5");
        CliRun r = RUN("--engine", spec, "3", CHESS_INITIAL);
        EXPECT(r.status == 1, "%s: status %d, expected 1:\n%s%s", PROTOCOLS[p], r.status, r.out, r.err);
        EXPECT(strstr(r.out, "  bug lists e7e5 twice at this position (counts 19 and 19), path a2a3 e7e5\n"),
               "%s: the finding is not named:\n%s", PROTOCOLS[p], r.out);
        EXPECT(!strstr(r.err, "perft: engine"), "%s: the engine is blamed:\n%s", PROTOCOLS[p], r.err);
        cli_free(&r);
    }
}

/* Random games ask engines at depth 1 only: both findings are caught there
 * too, at the start position of the game. */
Test(engines_findings, random_games_find_both_at_depth_1, .timeout = 60)
{
    char from[] = "/tmp/engines_findings_XXXXXX";
    int fd = mkstemp(from);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "%s ;id after a2a3\n", AFTER_A2A3);
    fclose(f);
    static const struct {
        const char *bug, *line;
    } CASES[] = {
        {"--leaf a7a5", "  bug counts a7a5 as 2 at depth 1 (a legal move is one leaf), path a7a5\n"},
        {"--twice e7e5", "  bug lists e7e5 twice at this position (counts 1 and 1), path e7e5\n"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        char spec[1024];
        bug_spec(spec, sizeof spec, "uci", AFTER_A2A3, CASES[i].bug);
        CliRun r = RUN("--random", "1", "--plies", "3", "--from", from, "--engine", spec);
        EXPECT(r.status == 1, "%s: status %d:\n%s%s", CASES[i].bug, r.status, r.out, r.err);
        EXPECT(strstr(r.out, CASES[i].line) && strstr(r.out, "ply 0"), "%s: not caught at the start:\n%s", CASES[i].bug,
               r.out);
        cli_free(&r);
    }
    remove(from);
}

/* Promotion letters in upper case (e7e8Q), over both protocols: read as
 * the moves they are, so the engine agrees with the backends.  Before, a
 * malformed line failed the engine. */
Test(engines_findings, upper_case_promotion_letters_are_moves, .timeout = 60)
{
    static const char PROMOTING[] = "4k3/P7/8/8/8/8/6p1/4K2R w K - 0 1";
    for (int p = 0; p < 2; p++) {
        char spec[1024];
        bug_spec(spec, sizeof spec, PROTOCOLS[p], PROMOTING, "--upper");
        CliRun r = RUN("-b", "all", "--engine", spec, "3", PROMOTING);
        EXPECT(r.status == 0, "%s: status %d:\n%s%s", PROTOCOLS[p], r.status, report_excerpt(r.out),
               report_excerpt(r.err));
        EXPECT(strstr(r.out, "a7a8q ") && strstr(r.out, "a7a8n "), "%s: promotions missing:\n%s", PROTOCOLS[p], r.out);
        char agree[64];
        snprintf(agree, sizeof agree, "%d chess participants (1 engine) agree at depth 3",
                 backend_count(GAME_CHESS) + 1);
        EXPECT(strstr(r.err, agree), "%s:\n%s", PROTOCOLS[p], r.err);
        cli_free(&r);
    }
}
