/* Statistics from external engines (gen/perft/README.md, "Statistics"):
 * NAME=VALUE fields after a divide line's count, asked for with
 * PERFT_STATS (perftree) or the option PerftStats (UCI) under --stats.
 *
 * The engine giving them is tests/engines/stockfish_stats.py: Stockfish's
 * legal moves and checkers, classified by the script (an implementation of
 * the columns independent of the backends).  Its counts are checked against
 * the agreement of the three built-in chess backends, which hold the
 * chessprogramming wiki's tables (tests/chess_stats.c); no count is written
 * here.  tests/engines/planted_bug.py, around it, plants a statistics bug
 * (one leaf left out of one column at one position) and breaks the fields
 * in each way the harness must refuse.  Every engine is driven as
 * bin/perft drives it: through a pipe, one query at a time, each answer
 * awaited (the UCI one is one process for all its queries). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "engines_support.h"

#define STATS_ENGINE "tests/engines/stockfish_stats.py"
#define STATS_INNER "perftree:" STATS_ENGINE

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char KIWIPETE[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/* The wiki's position 3: en passant captures that uncover checks. */
static const char POSITION_3[] = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/* Cross-checks `ps` from `root_text` at `depth` with --stats (one thread,
 * bulk counting off, no table), keeping the divides for the caller (freed
 * with divides_free). */
static int crosscheck_stats(const Participant *ps, int count, const char *root_text, int depth, Divide *divides,
                            CrossReport *report, char *err, size_t errlen)
{
    Position root;
    cr_assert_eq(position_parse(root_text, &root, err, errlen), 0, "%s", err);
    for (int k = 0; k < count; k++)
        cr_assert(divide_alloc(&divides[k]), "out of memory");
    const CountPolicy policy = {.stats = true, .threads = 1, .err = stderr};
    DivideQuery q = {.root = &root, .root_text = root_text, .here = &root, .depth = depth};
    return crosscheck(ps, count, &policy, &q, divides, report, err, errlen);
}

/* The three chess backends, then `engine`: how many. */
static int backends_and(Engine *engine, Participant *ps)
{
    int n = 0;
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == GAME_CHESS && backend_registry[i]->perft_stats)
            ps[n++] = backend_participant(backend_registry[i]);
    cr_assert_geq(n, 3, "the chess backends that count statistics: %d", n);
    ps[n++] = engine_participant(engine);
    return n;
}

/* The engine's statistics, total and per move, equal the first backend's. */
static void expect_same_statistics(const Divide *backend, const Divide *engine, const char *what)
{
    cr_assert(engine->has_stats && engine->entry_stats, "%s: the engine gave no statistics", what);
    cr_assert(backend->has_stats, "%s: the backend counted no statistics", what);
    cr_expect(perft_stats_equal(&backend->stats, &engine->stats), "%s: totals differ in %s", what,
              perft_stats_column_name(perft_stats_first_difference(&backend->stats, &engine->stats)));
    cr_assert_eq(backend->count, engine->count, "%s", what);
    for (int i = 0; backend->entry_stats && i < backend->count; i++)
        cr_expect(perft_stats_equal(&backend->entries[i].stats, &engine->entries[i].stats), "%s: root move %d differs",
                  what, i);
}

/* One engine beside the three chess backends, cross-checked with --stats
 * from a position: started by engine_beside_backends, which asserts they
 * agree, and ended by its _end. */
typedef struct BesideBackends {
    Engine engine;
    Participant ps[8];
    int n;
    Divide divides[8];
    const Divide *engine_counts; /* the engine's divide */
} BesideBackends;

static void engine_beside_backends(BesideBackends *b, const char *command, bool stats_wanted, const char *fen,
                                   int depth)
{
    engine_start(&b->engine, 120, "perftree:%s", command);
    b->engine.stats_wanted = stats_wanted;
    b->n = backends_and(&b->engine, b->ps);
    CrossReport *report = malloc(sizeof *report);
    char err[1024];
    cr_assert(report);
    int result = crosscheck_stats(b->ps, b->n, fen, depth, b->divides, report, err, sizeof err);
    free(report);
    cr_assert_eq(result, 0, "%s at depth %d: %s", fen, depth, result < 0 ? err : "the participants disagree");
    b->engine_counts = &b->divides[b->n - 1];
}

static void engine_beside_backends_end(BesideBackends *b)
{
    divides_free(b->divides, b->n);
    engine_close(&b->engine);
}

Test(engines_stats, an_engine_agrees_with_the_three_backends_column_by_column, .timeout = 240 * TEST_SLOWDOWN)
{
    struct {
        const char *name, *fen;
        int depth;
    } rows[] = {{"start", START, 3}, {"Kiwipete", KIWIPETE, 2}, {"position 3", POSITION_3, 3}, {"start", START, 1}};
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        BesideBackends b;
        engine_beside_backends(&b, STATS_ENGINE, true, rows[r].fen, rows[r].depth);
        cr_expect_eq(b.engine.stats, ENGINE_STATS_GIVEN);
        cr_expect(participant_has_stats(&b.ps[b.n - 1]), "the engine is not known to give statistics");
        char what[64];
        snprintf(what, sizeof what, "%s depth %d", rows[r].name, rows[r].depth);
        expect_same_statistics(&b.divides[0], b.engine_counts, what);
        /* Not a comparison of zeros: below depth 1 every row has captures. */
        if (rows[r].depth > 1)
            cr_expect_gt(b.engine_counts->stats.count[STATS_CAPTURES], 0, "%s", what);
        engine_beside_backends_end(&b);
    }
}

Test(engines_stats, a_plain_adapter_is_not_asked_and_gives_nodes_only)
{
    /* Without --stats the statistics adapter is not asked (no PERFT_STATS),
     * and a plain adapter under --stats gives nodes only: neither is an error. */
    for (int wanted = 0; wanted < 2; wanted++) {
        BesideBackends b;
        engine_beside_backends(&b, wanted ? "tests/engines/stockfish_perftree.sh" : STATS_ENGINE, wanted, START, 2);
        cr_expect(!b.engine_counts->has_stats, "the engine's divide has statistics");
        cr_expect_eq(b.engine.stats, ENGINE_STATS_NONE);
        cr_expect(!participant_has_stats(&b.ps[b.n - 1]));
        engine_beside_backends_end(&b);
    }
}

/* After 1. e4 d5 2. e5 Black to move: f7f5 allows the en passant capture
 * e5f6, which the planted engine leaves out of `column`. */
static const char BEFORE_F5[] = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
/* Kiwipete after a2a3: Black's b4c3 leaves White both castles. */
static const char KIWIPETE_A3[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/P1N2Q1p/1PPBBPPP/R3K2R b KQkq - 0 1";

/* The planted statistics bug over `protocol`, cross-checked with the
 * bitboard from `root` at depth 2: the descent follows `column` to the
 * position after `path` and names the column there. */
static void expect_column_named(const char *protocol, const char *root, const char *path, const char *miscount,
                                PerftStatsColumn column, const char *log)
{
    Engine bug;
    engine_start(&bug, 120, "bug=%s:%s --protocol %s --inner '%s' --root '%s' --path '%s' --miscount %s%s%s%s",
                 protocol, TEST_PLANTED_BUG, protocol, STATS_INNER, root, path, miscount, log ? " --log " : "",
                 log ? log : "", strcmp(protocol, "uci") == 0 ? " --perft-stats-option" : "");
    bug.stats_wanted = true;
    Participant ps[2] = {backend_participant(backend_find("bitboard", GAME_CHESS)), engine_participant(&bug)};
    Divide divides[2];
    CrossReport *report = malloc(sizeof *report);
    char err[1024];
    cr_assert(report);
    int r = crosscheck_stats(ps, 2, root, 2, divides, report, err, sizeof err);
    engine_close(&bug);
    cr_assert_eq(r, 1, "the cross-check missed the planted statistics bug (%s)", r < 0 ? err : "agreed");
    char expected_position[POSITION_TEXT_MAX];
    position_after(root, path, expected_position);
    cr_expect_eq(report->verdict, CROSS_STATS_DIFFER, "verdict %d", report->verdict);
    cr_expect_eq(report->stats_column, column, "column %s", perft_stats_column_name(report->stats_column));
    cr_expect_str_eq(report->path, path);
    cr_expect_str_eq(report->position, expected_position);
    cr_expect_eq(report->depth, 1);
    cr_expect_str_eq(report->second, "bug");
    /* The backend counts the one leaf of that kind the engine missed. */
    cr_expect_eq(report->stats_counts[0], report->stats_counts[1] + 1, "%llu against %llu",
                 (unsigned long long)report->stats_counts[0], (unsigned long long)report->stats_counts[1]);
    divides_free(divides, 2);
    free(report);
}

Test(engines_stats, a_missed_en_passant_is_followed_down_and_its_column_named, .timeout = 120 * TEST_SLOWDOWN)
{
    expect_column_named("perftree", BEFORE_F5, "f7f5", "en-passant:e5f6", STATS_EN_PASSANT, NULL);
}

Test(engines_stats, over_uci_the_option_asks_once_and_a_missed_castle_is_named, .timeout = 120 * TEST_SLOWDOWN)
{
    char log[] = "/tmp/engines_stats_uci_XXXXXX";
    int fd = mkstemp(log);
    cr_assert_geq(fd, 0);
    expect_column_named("uci", KIWIPETE_A3, "b4c3", "castles:e1g1", STATS_CASTLES, log);
    FILE *f = fdopen(fd, "r");
    char text[8192] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    unlink(log);
    char request[ENGINE_STATS_REQUEST_MAX], expected[ENGINE_STATS_REQUEST_MAX + 64];
    engine_stats_request(GAME_CHESS, request, sizeof request);
    snprintf(expected, sizeof expected, "setoption name PerftStats value %s\n", request);
    const char *asked = strstr(text, expected), *go = strstr(text, "go perft");
    cr_expect(asked && go && asked < go, "PerftStats not set before the first query:\n%s", text);
    cr_expect(asked && !strstr(asked + 1, "setoption name PerftStats"), "PerftStats set twice:\n%s", text);
}

/* The planted engine breaking its statistics as `mode` says: the divide at
 * depth 1 from the start fails with one line holding `expected`. */
static void expect_refused(const char *mode, const char *expected)
{
    Engine bug;
    engine_start(&bug, 60, "bug=perftree:%s --protocol perftree --inner '%s' --stats-fail %s", TEST_PLANTED_BUG,
                 STATS_INNER, mode);
    bug.stats_wanted = true;
    Position root;
    char err[2048];
    cr_assert_eq(position_parse(START, &root, err, sizeof err), 0);
    Divide d;
    cr_assert(divide_alloc(&d));
    int r = engine_divide(&bug, &root, NULL, &root, 1, MOVE_NOTATION_STANDARD, &d, err, sizeof err);
    divide_free(&d);
    engine_close(&bug);
    cr_assert_eq(r, -1, "--stats-fail %s was taken", mode);
    cr_expect(strncmp(err, "engine bug: ", 12) == 0, "%s", err);
    cr_expect(strstr(err, expected), "--stats-fail %s: '%s' is not in: %s", mode, expected, err);
    cr_expect(!strchr(err, '\n'), "more than one line: %s", err);
}

Test(engines_stats, malformed_partial_and_mixed_statistics_are_refused_in_one_line, .timeout = 120 * TEST_SLOWDOWN)
{
    /* The field and the line it came on are named. */
    expect_refused("malformed", "statistics field 'captures=many': not a count (decimal digits); it sent 'a2a3 1 ");
    expect_refused("malformed", "(line 1)");
    expect_refused("unknown", "statistics field 'sacrifices=0': no column has that name");
    expect_refused("partial", "statistics without castles (a line with statistics gives every column asked for)");
    expect_refused("some", "no statistics on this line, where its first line had them (an engine gives them on every "
                           "line or on none); it sent 'a2a4 1' (line 2)");
    expect_refused("sum", "its moves' promotions add up to 0, its total says 1");
}

Test(engines_stats, statistics_in_one_answer_and_none_in_the_next_are_refused, .timeout = 120 * TEST_SLOWDOWN)
{
    /* One UCI process for both queries, through its pipe. */
    Engine bug;
    engine_start(&bug, 60, "bug=uci:%s --protocol uci --perft-stats-option --inner '%s' --stats-fail later",
                 TEST_PLANTED_BUG, STATS_INNER);
    bug.stats_wanted = true;
    Position root, after;
    char err[2048];
    cr_assert_eq(position_parse(START, &root, err, sizeof err), 0);
    char after_text[POSITION_TEXT_MAX];
    position_after(START, "e2e4", after_text);
    cr_assert_eq(position_parse(after_text, &after, err, sizeof err), 0);
    Divide d;
    cr_assert(divide_alloc(&d));
    cr_assert_eq(engine_divide(&bug, &root, NULL, &root, 1, MOVE_NOTATION_STANDARD, &d, err, sizeof err), 0, "%s", err);
    cr_expect(d.has_stats && d.entry_stats && d.stats.count[STATS_NODES] == 20); /* the published perft 1 */
    int r = engine_divide(&bug, &root, "e2e4", &after, 1, MOVE_NOTATION_STANDARD, &d, err, sizeof err);
    divide_free(&d);
    engine_close(&bug);
    cr_assert_eq(r, -1, "the second answer, without statistics, was taken");
    cr_expect(strstr(err, "engine bug: no statistics in this answer, where its earlier answers had them; "), "%s", err);
    cr_expect(!strchr(err, '\n'), "more than one line: %s", err);
}

/* Appends " NAME=VALUE" to `line` for each column of `request` (an
 * engine_stats_request list). */
static void append_fields(char *line, size_t size, const char *request, int value)
{
    for (const char *c = request; *c; c += strcspn(c, ",") + (c[strcspn(c, ",")] != '\0'))
        snprintf(line + strlen(line), size - strlen(line), " %.*s=%d", (int)strcspn(c, ","), c, value);
}

Test(engines_protocol_stats, fields_are_parsed_and_checked_alone)
{
    char request[ENGINE_STATS_REQUEST_MAX], line[2048], what[256];
    engine_stats_request(GAME_CHESS, request, sizeof request);
    cr_expect(strncmp(request, "captures,en-passant,castles,promotions,checks,", 46) == 0, "%s", request);
    cr_expect(!strstr(request, "nodes"), "%s", request);
    /* Every column asked for, each 1, after a count of 5. */
    snprintf(line, sizeof line, "e2e4 5");
    append_fields(line, sizeof line, request, 1);
    Move m;
    PerftCount n;
    const char *fields;
    cr_assert_eq(engine_parse_perftree_line_fields(GAME_CHESS, line, &m, &n, &fields), ENGINE_LINE_MOVE);
    cr_assert_eq(engine_parse_perftree_line(GAME_CHESS, line, &m, &n), ENGINE_LINE_MALFORMED,
                 "the plain contract took fields");
    PerftStats s;
    cr_assert_eq(engine_parse_stats(GAME_CHESS, fields, n, &s, what, sizeof what), 0, "%s", what);
    cr_expect_eq(s.count[STATS_NODES], 5);
    for (int c = 1; c < STATS_COLUMNS; c++)
        cr_expect_eq(s.count[c], 1, "%s", perft_stats_column_name((PerftStatsColumn)c));
    cr_expect_eq(engine_parse_uci_line_fields(GAME_CHESS, "Nodes searched: 20 captures=0", &m, &n, &fields),
                 ENGINE_LINE_TOTAL);
    cr_expect_str_eq(fields, "captures=0");
    cr_expect_eq(engine_parse_perftree_line_fields(GAME_CHESS, "20", &m, &n, &fields), ENGINE_LINE_TOTAL);
    cr_expect_str_eq(fields, "");
    /* A line that is neither form has no fields, and *fields still points
     * into the line (at its end), as the fuzzer holds it to (fuzz/
     * engine_lines_target.c found a static "" there). */
    const char *odd = "perftree:bin/perft";
    cr_expect_eq(engine_parse_uci_line_fields(GAME_CHESS, odd, &m, &n, &fields), ENGINE_LINE_MALFORMED);
    cr_expect(fields == odd + strlen(odd), "fields point outside the line");
    cr_expect_eq(engine_parse_perftree_line_fields(GAME_CHESS, "", &m, &n, &fields), ENGINE_LINE_BLANK);
    /* Refused: more than the count, nodes as a field, a field twice, no '='. */
    cr_expect_eq(engine_parse_stats(GAME_CHESS, "captures=6", 5, &s, what, sizeof what), -1);
    cr_expect_str_eq(what, "statistics field 'captures=6': more than the line's count of leaves");
    cr_expect_eq(engine_parse_stats(GAME_CHESS, "nodes=5", 5, &s, what, sizeof what), -1);
    cr_expect_str_eq(what, "statistics field 'nodes=5': nodes is the line's count, not a field");
    cr_expect_eq(engine_parse_stats(GAME_CHESS, "captures=1 captures=1", 5, &s, what, sizeof what), -1);
    cr_expect_str_eq(what, "statistics field 'captures=1': captures given twice");
    cr_expect_eq(engine_parse_stats(GAME_CHESS, "captures", 5, &s, what, sizeof what), -1);
    cr_expect_str_eq(what, "statistics field 'captures' is not NAME=VALUE");
}

Test(engines_stats, the_command_line_reports_the_column_and_names_nodes_only_engines_once,
     .timeout = 240 * TEST_SLOWDOWN)
{
    char bug[1024];
    snprintf(bug, sizeof bug,
             "bug=perftree:%s --protocol perftree --inner '%s' --root '%s' --path f7f5 --miscount en-passant:e5f6",
             TEST_PLANTED_BUG, STATS_INNER, BEFORE_F5);
    CliRun r = RUN("-b", "bitboard", "--stats", "--engine", bug, "--engine", "perftree:" STATS_ENGINE, "--engine",
                   "perftree:tests/engines/stockfish_perftree.sh", "2", BEFORE_F5);
    cr_assert_eq(r.status, 1, "status %d: %s", r.status, r.err);
    cr_expect(strstr(r.out, "path from the root: f7f5\n"), "%s", r.out);
    cr_expect(strstr(r.out, "the leaves' kinds differ first in en-passant: bitboard 1, bug 0"), "%s", r.out);
    /* Named once, alone: the two statistics engines are not among them. */
    const char *note = "perft: --stats: no statistics from stockfish_perftree.sh (an engine, or a backend that "
                       "counts none): its nodes alone are counted and compared\n";
    const char *at = strstr(r.err, note);
    cr_expect(at && !strstr(at + strlen(note), "no statistics from"), "%s", r.err);
    cli_free(&r);
}

Test(engines_stats, engines_alone_compare_their_statistics, .timeout = 120 * TEST_SLOWDOWN)
{
    /* -b none: two engines giving statistics, their table printed; a third
     * giving nodes only is compared on nodes and named. */
    CliRun r =
        RUN("-b", "none", "--stats", "--engine", "one=perftree:" STATS_ENGINE, "--engine", "two=perftree:" STATS_ENGINE,
            "--engine", "plain=perftree:tests/engines/stockfish_perftree.sh", "2", KIWIPETE);
    cr_assert_eq(r.status, 0, "status %d: %s", r.status, r.err);
    cr_expect(strstr(r.out, "statistics at depth 2, leaves only"), "%s", r.out);
    cr_expect(strstr(r.err, "no statistics from plain (an engine, or a backend that counts none)"), "%s", r.err);
    cr_expect(strstr(r.err, "3 chess participants (3 engines) agree at depth 2"), "%s", r.err);
    cli_free(&r);
}

/* ---- Quaternity: the same extension with its game's columns ---- */

/* tests/engines/perft_stats.py: bin/perft's own counts in the extension's
 * format (an example adapter, not an independent count: what is tested is
 * the protocol, the columns asked and their comparison). */
#define QUATERNITY_STATS_ENGINE "PERFT=" TEST_PERFT_BIN " tests/engines/perft_stats.py -b mailbox"
static const char OPENING[] =
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";

Test(engines_protocol_stats, quaternity_asks_and_takes_its_own_columns)
{
    char request[ENGINE_STATS_REQUEST_MAX], what[256];
    engine_stats_request(GAME_QUATERNITY, request, sizeof request);
    cr_expect_str_eq(request, "captures,promotions,checks,checks-direct,checks-discovered,checks-direct-discovered,"
                              "checks-double-discovered,checks-several-controllers,no-moves-in-check,"
                              "no-moves-not-in-check");
    PerftStats s;
    /* A chess column in a Quaternity answer is no column of its game. */
    cr_expect_eq(engine_parse_stats(GAME_QUATERNITY, "en-passant=0", 5, &s, what, sizeof what), -1);
    cr_expect_str_eq(what, "statistics field 'en-passant=0': no column of Quaternity has that name");
    cr_expect_eq(engine_parse_stats(GAME_CHESS, "checks-several-controllers=0", 5, &s, what, sizeof what), -1);
    cr_expect_str_eq(what, "statistics field 'checks-several-controllers=0': no column has that name");
    char fields[1024] = "";
    append_fields(fields, sizeof fields, request, 2);
    cr_assert_eq(engine_parse_stats(GAME_QUATERNITY, fields, 7, &s, what, sizeof what), 0, "%s", what);
    cr_expect_eq(s.count[QSTATS_NODES], 7);
    for (int c = 1; c < QSTATS_COLUMNS; c++)
        cr_expect_eq(s.count[c], 2, "%s", perft_stats_name(GAME_QUATERNITY, c));
}

Test(engines_stats, a_quaternity_engine_gives_its_columns_and_is_compared_on_them, .timeout = 240 * TEST_SLOWDOWN)
{
    json_t *doc = JSON_RUN(0, "-b", "all", "--stats", "--engine", "q=perftree:" QUATERNITY_STATS_ENGINE, "--format",
                           "json", "3", OPENING);
    json_t *divides = json_object_get(doc, "divides");
    cr_assert_eq(json_array_size(divides), 4, "three backends and the engine");
    json_t *backend = json_object_get(json_array_get(divides, 0), "stats"),
           *engine = json_object_get(json_array_get(divides, 3), "stats");
    cr_assert(engine, "the engine's divide has no statistics");
    cr_expect(json_equal(backend, engine), "the engine's statistics are not the backends'");
    cr_expect(json_object_get(engine, "checks-several-controllers") && !json_object_get(engine, "en-passant"),
              "the engine's statistics are not Quaternity's columns");
    json_decref(doc);
    /* Its total's promotions one more than its moves': an engine bug. */
    char bug[1024];
    snprintf(bug, sizeof bug, "bug=perftree:%s --protocol perftree --inner 'perftree:%s' --stats-fail sum",
             TEST_PLANTED_BUG, QUATERNITY_STATS_ENGINE);
    CliRun r = RUN("-b", "bitboard", "--stats", "--engine", bug, "2", OPENING);
    cr_expect_eq(r.status, 2, "status %d: %s", r.status, r.err);
    cr_expect(strstr(r.err, "engine bug: its moves' promotions add up to 0, its total says 1"), "%s", r.err);
    cli_free(&r);
}
