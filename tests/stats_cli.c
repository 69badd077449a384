/* bin/perft --stats (gen/perft/README.md, "Statistics: --stats"), driven
 * as a user runs it: text and JSON against the published tables, the three
 * chess backends agreeing column by column, threads and work units,
 * checkpoint and resume, the refusals, the participants that count none,
 * and a planted bug that drops one move kind, bisected with the report
 * naming the column.
 *
 * Published counts: the chessprogramming wiki, "Perft Results"
 * (https://www.chessprogramming.org/Perft_Results), the revision read on
 * 2026-12-06, as tests/chess_stats.c cites it (the start position's table
 * directly; Kiwipete's through a verbatim copy of its table).  Where a count
 * here is not published (a root move's columns, a planted run's), it is the
 * agreement of the three independent chess backends in the same run. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"
#include "failure_report.h"
#include "support.h"

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char KIWIPETE[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
static const char POSITION4[] = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
static const char QUATERNITY_OPENING[] =
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";

/* A published row: the columns the CPW's table gives. */
typedef struct Row {
    const char *fen;
    const char *depth;
    uint64_t nodes, captures, en_passant, castles, promotions, checks, checkmates;
} Row;

/* CPW "Perft Results": the initial position, depths 4 and 5; Kiwipete,
 * depths 1 and 3. */
static const Row START_4 = {START, "4", 197281, 1576, 0, 0, 0, 469, 8};
static const Row START_5 = {START, "5", 4865609, 82719, 258, 0, 0, 27351, 347};
static const Row KIWIPETE_1 = {KIWIPETE, "1", 48, 8, 0, 2, 0, 0, 0};
static const Row KIWIPETE_3 = {KIWIPETE, "3", 97862, 17102, 45, 3162, 0, 993, 1};

/* The count the text's statistics block gives `column` ("  captures   34"),
 * asserted to be there. */
static uint64_t text_column(const char *out, const char *column)
{
    char key[64];
    snprintf(key, sizeof key, "\n  %s ", column);
    const char *at = strstr(out, key);
    cr_assert(at, "no statistics line for %s in:\n%s", column, out);
    return strtoull(at + strlen(key), NULL, 10);
}

static uint64_t json_column(json_t *stats, const char *column)
{
    json_t *v = json_object_get(stats, column);
    cr_assert(json_is_integer(v), "no %s in the statistics", column);
    return (uint64_t)json_integer_value(v);
}

static uint64_t text_source(const void *out, const char *column)
{
    return text_column(out, column);
}

static uint64_t json_source(const void *stats, const char *column)
{
    return json_column((json_t *)stats, column);
}

/* The columns the CPW's table gives, read from `source` by `column_of`. */
static void expect_row(uint64_t (*column_of)(const void *, const char *), const void *source, const Row *r,
                       const char *who)
{
    const char *names[] = {"nodes", "captures", "en-passant", "castles", "promotions", "checks", "checkmates"};
    const uint64_t published[] = {r->nodes,      r->captures, r->en_passant, r->castles,
                                  r->promotions, r->checks,   r->checkmates};
    for (int k = 0; k < 7; k++)
        cr_expect_eq(column_of(source, names[k]), published[k], "%s depth %s %s: %llu, CPW %llu", who, r->depth,
                     names[k], (unsigned long long)column_of(source, names[k]), (unsigned long long)published[k]);
}

static void expect_text_row(const char *out, const Row *r, const char *who)
{
    expect_row(text_source, out, r, who);
}

static void expect_json_row(json_t *stats, const Row *r, const char *who)
{
    expect_row(json_source, stats, r, who);
}

Test(stats_cli, text_of_each_backend_matches_the_published_start_and_kiwipete_tables, .timeout = 120 * TEST_SLOWDOWN)
{
    const char *backends[] = {"mailbox", "padded", "bitboard"};
    const Row *rows[] = {&START_4, &KIWIPETE_3};
    for (int b = 0; b < 3; b++)
        for (int k = 0; k < 2; k++) {
            CliRun r = RUN("-b", backends[b], "--stats", rows[k]->depth, rows[k]->fen);
            cr_assert_eq(r.status, 0, "%s: %s", backends[b], r.err);
            expect_text_row(r.out, rows[k], backends[b]);
            /* The divide itself is unchanged above the statistics, and the
             * root moves' table adds up to the total. */
            char total[32];
            snprintf(total, sizeof total, "\n\n%llu\n", (unsigned long long)rows[k]->nodes);
            cr_expect(strstr(r.out, total), "%s: the divide's total line is missing", backends[b]);
            cr_expect(strstr(r.out, "\nmove ") && strstr(r.out, " captures en-passant castles promotions checks "),
                      "%s: no table of root moves", backends[b]);
            cr_expect(strstr(r.err, "bulk counting off (--stats: every last-ply move made)"),
                      "%s: the label does not say how it counted: %s", backends[b], r.err);
            cli_free(&r);
        }
}

Test(stats_cli, depth_one_gives_the_total_only)
{
    /* A leaf's kind at depth 1 is its root move's: no root-move table. */
    CliRun r = RUN("--stats", "1", KIWIPETE);
    cr_assert_eq(r.status, 0, "%s", r.err);
    expect_text_row(r.out, &KIWIPETE_1, "bitboard");
    cr_expect(!strstr(r.out, "\nmove "), "a root-move table at depth 1:\n%s", r.out);
    cli_free(&r);
}

/* The three chess backends in one JSON run: each divide's statistics are
 * the published ones, every root move's agree across them, and the root
 * moves add up to the total. */
Test(stats_cli, json_cross_check_of_the_three_chess_backends_agrees_column_by_column, .timeout = 120 * TEST_SLOWDOWN)
{
    json_t *doc = JSON_RUN(0, "-b", "all", "--stats", "--format", "json", "3", KIWIPETE);
    cr_assert(json_is_true(json_object_get(doc, "agree")));
    cr_expect(json_is_true(json_object_get(json_object_get(doc, "settings"), "stats")));
    cr_expect(json_is_false(json_object_get(doc, "bulk")));
    json_t *divides = json_object_get(doc, "divides");
    json_t *first_moves = json_object_get(json_array_get(divides, 0), "move_stats");
    cr_assert_eq(json_object_size(first_moves), 48);
    int built_in = 0;
    for (size_t k = 0; k < json_array_size(divides); k++) {
        json_t *d = json_array_get(divides, k);
        const char *who = json_string_value(json_object_get(d, "participant"));
        /* A backend copied from the template (make test-template) counts
         * none: compared on nodes, and left out here. */
        if (!json_object_get(d, "stats"))
            continue;
        built_in += strcmp(who, "mailbox") == 0 || strcmp(who, "padded") == 0 || strcmp(who, "bitboard") == 0;
        expect_json_row(json_object_get(d, "stats"), &KIWIPETE_3, who);
        json_t *moves = json_object_get(d, "move_stats");
        cr_expect(json_equal(moves, first_moves), "%s's root moves' statistics differ from the first's", who);
        uint64_t sums[STATS_COLUMNS] = {0};
        const char *move;
        json_t *stats;
        json_object_foreach(moves, move, stats)
        {
            for (int c = 0; c < STATS_COLUMNS; c++)
                sums[c] += json_column(stats, perft_stats_column_name((PerftStatsColumn)c));
            cr_expect_eq(json_column(stats, "nodes"),
                         (uint64_t)json_integer_value(json_object_get(json_object_get(d, "moves"), move)),
                         "%s %s: statistics nodes and divide count differ", who, move);
        }
        for (int c = 0; c < STATS_COLUMNS; c++)
            cr_expect_eq(
                sums[c], json_column(json_object_get(d, "stats"), perft_stats_column_name((PerftStatsColumn)c)),
                "%s: the root moves' %s do not add up to the total", who, perft_stats_column_name((PerftStatsColumn)c));
    }
    cr_expect_eq(built_in, 3, "not every built-in chess backend gave statistics");
    json_decref(doc);
}

Test(stats_cli, threads_and_unit_kinds_print_what_one_thread_prints, .timeout = 120 * TEST_SLOWDOWN)
{
    CliRun one = RUN("--stats", "3", KIWIPETE);
    CliRun lines = RUN("--stats", "-t", "2", "--units", "lines", "3", KIWIPETE);
    CliRun split = RUN("--stats", "-t", "3", "--split", "2", "3", KIWIPETE);
    cr_assert_eq(one.status, 0, "%s", one.err);
    cr_assert_eq(lines.status, 0, "%s", lines.err);
    cr_assert_eq(split.status, 0, "%s", split.err);
    cr_expect_str_eq(lines.out, one.out);
    cr_expect_str_eq(split.out, one.out);
    cr_expect(strstr(lines.err, "2 threads"), "%s", lines.err);
    cli_free(&one);
    cli_free(&lines);
    cli_free(&split);
}

/* --hash with --stats: a table made for statistics, every column stored
 * with the count; what it prints is what the plain recursions print (the
 * three backends' own, agreeing), on two threads sharing a table small
 * enough for entries to collide; --hash-verify recomputes a sample of its
 * hits, and the start position's depth 5 row is the published one. */
Test(stats_cli, a_table_of_statistics_prints_what_the_plain_recursions_print, .timeout = 180 * TEST_SLOWDOWN)
{
    CliRun plain = RUN("--stats", "-b", "all", "4", KIWIPETE);
    CliRun hashed = RUN("--stats", "-b", "all", "--hash", "1", "-t", "2", "4", KIWIPETE); /* small: entries collide */
    /* Units one ply deep, so that the table is probed below them and hit. */
    CliRun verified = RUN("--stats", "--hash", "16", "--hash-verify", "--split", "1", "5", START);
    cr_assert_eq(plain.status, 0, "the backends disagree:\n%s", failure_text("%s", report_excerpt(plain.out)));
    cr_assert_eq(hashed.status, 0, "with the table:\n%s", failure_text("%s", report_excerpt(hashed.out)));
    cr_assert_eq(verified.status, 0, "%s", verified.err);
    cr_expect_str_eq(hashed.out, plain.out);
    cr_expect(strstr(hashed.err, "hash 1 MiB of statistics"), "%s", hashed.err);
    cr_expect(strstr(verified.err, "hash 16 MiB of statistics, verified"), "%s", verified.err);
    expect_text_row(verified.out, &START_5, "hashed, verified");
    cr_expect(!strstr(verified.err, " 0 hits recomputed"), "%s", verified.err);
    cli_free(&plain);
    cli_free(&hashed);
    cli_free(&verified);
}

/* The first `lines` lines of `path` kept, the rest cut (a run killed then). */
static void keep_lines(const char *path, int lines)
{
    char *text = file_text(path);
    cr_assert(text, "cannot read %s", path);
    char *p = text;
    for (int k = 0; k < lines && p; k++)
        if ((p = strchr(p, '\n')))
            p++;
    cr_assert(p, "%s has fewer than %d lines", path, lines);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fwrite(text, 1, (size_t)(p - text), f);
    fclose(f);
    free(text);
}

Test(stats_cli, a_checkpoint_keeps_statistics_and_resumes_to_the_same_output, .timeout = 120 * TEST_SLOWDOWN)
{
    char path[] = "/tmp/stats-checkpoint-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    unlink(path);
    CliRun whole = RUN("--stats", "--checkpoint", path, "4", START);
    cr_assert_eq(whole.status, 0, "%s", whole.err);
    char *text = file_text(path);
    cr_assert(text && strstr(text, "\tstats=on\t") && strstr(text, "\tstats=399,1,0,"),
              "the checkpoint holds no statistics:\n%.400s", text ? text : "(none)");
    free(text);
    /* The header and 40 units kept: the rest is counted again. */
    keep_lines(path, 41);
    CliRun resumed = RUN("--stats", "-t", "2", "--checkpoint", path, "4", START);
    cr_assert_eq(resumed.status, 0, "%s", resumed.err);
    cr_expect_str_eq(resumed.out, whole.out);
    cr_expect(strstr(resumed.err, "40 of 400 units already counted, resuming"), "%s", resumed.err);
    expect_text_row(resumed.out, &START_4, "resumed");

    /* The same file without --stats, and a file without statistics with
     * it: one line each. */
    char message[512];
    snprintf(message, sizeof message,
             "perft: checkpoint %s holds statistics (written with --stats): resume it with --stats, or give another "
             "file\n",
             path);
    cli_expect_error((const char *const[]){"--checkpoint", path, "4", START, NULL}, message);
    unlink(path);
    CliRun plain = RUN("--checkpoint", path, "3", START);
    cr_assert_eq(plain.status, 0, "%s", plain.err);
    snprintf(message, sizeof message,
             "perft: checkpoint %s holds counts without statistics (written without --stats): resume it without "
             "--stats, or give another file\n",
             path);
    cli_expect_error((const char *const[]){"--stats", "--checkpoint", path, "3", START, NULL}, message);
    unlink(path);
    cli_free(&whole);
    cli_free(&resumed);
    cli_free(&plain);
}

Test(stats_cli, what_cannot_go_with_stats_is_refused_in_one_line)
{
    EXPECT_ERROR("perft: --bulk does not go with --stats: a leaf is classified by making the move that reaches it, "
                 "so --stats makes every last-ply move",
                 "--bulk", "--stats", "3", START);
    EXPECT_ERROR("perft: --stats prints its statistics as text or json: --format stockfish has no place for them",
                 "--stats", "--format", "stockfish", "3", START);
    EXPECT_ERROR("perft: --stats does not apply to --random (it goes with divide or --suite)", "--stats", "--random",
                 "3");
}

/* How many times `needle` occurs in `text`. */
static int occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

Test(stats_cli, participants_without_statistics_are_compared_on_nodes_and_named_once, .timeout = 120 * TEST_SLOWDOWN)
{
    /* Stockfish beside the three chess backends: nodes compared with it,
     * statistics among the backends. */
    json_t *doc =
        JSON_RUN(0, "-b", "all", "--engine", "uci:" TEST_STOCKFISH, "--stats", "--format", "json", "3", START);
    json_t *divides = json_object_get(doc, "divides");
    size_t n = json_array_size(divides);
    cr_assert_geq(n, 4);
    for (size_t k = 0; k < n; k++) {
        json_t *d = json_array_get(divides, k);
        const char *who = json_string_value(json_object_get(d, "participant"));
        if (strcmp(who, "mailbox") == 0 || strcmp(who, "padded") == 0 || strcmp(who, "bitboard") == 0)
            cr_expect(json_object_get(d, "stats"), "%s has no statistics", who);
        else if (strcmp(who, "stockfish") == 0)
            cr_expect(!json_object_get(d, "stats"), "the engine has statistics");
    }
    cr_expect(json_is_true(json_object_get(doc, "agree")));
    json_decref(doc);
    CliRun e = RUN("--engine", "uci:" TEST_STOCKFISH, "--stats", "3", START);
    cr_assert_eq(e.status, 0, "%s", e.err);
    cr_expect_eq(occurrences(e.err, "perft: --stats: no statistics from stockfish "), 1, "%s", e.err);
    cli_free(&e);
}

/* ---- Quaternity (gen/quaternity/RULES.md#perft-statistics) ---- */

/* The three Quaternity backends count their game's columns, print them
 * under a heading naming their definitions, and agree (tests/quaternity_stats.c
 * holds them to more positions). */
Test(stats_cli, quaternity_backends_count_and_print_their_own_columns, .timeout = 120 * TEST_SLOWDOWN)
{
    CliRun q = RUN("-b", "all", "--stats", "2", QUATERNITY_OPENING);
    cr_assert_eq(q.status, 0, "%s", q.err);
    cr_expect(!strstr(q.err, "no statistics from"), "%s", q.err);
    cr_expect(strstr(q.out, "statistics at depth 2, leaves only (gen/quaternity/RULES.md#perft-statistics):\n"
                            "  nodes                        1681\n"
                            "  captures                     41\n"
                            "  promotions                   0\n"
                            "  checks                       0\n"),
              "%s", q.out);
    cr_expect(strstr(q.out, "  no-moves-not-in-check        0\n"), "%s", q.out);
    cr_expect(!strstr(q.out, "en-passant") && !strstr(q.out, "castles"), "%s", q.out);
    cli_free(&q);
}

Test(stats_cli, a_suite_checks_its_counts_and_prints_each_rows_statistics, .timeout = 120 * TEST_SLOWDOWN)
{
    char path[] = "/tmp/stats-suite-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    /* CPW "Perft Results": the counts of the initial position and Kiwipete. */
    const char text[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D3 8902 ;id start\n"
                        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D3 97862 "
                        ";id kiwipete\n";
    cr_assert_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    CliRun r = RUN("-b", "all", "--stats", "--suite", path);
    cr_assert_eq(r.status, 0, "%s%s", r.out, r.err);
    /* CPW: the initial position at depth 3, Kiwipete at depths 1 and 3. */
    cr_expect_eq(occurrences(r.out, "  statistics: nodes 8902, captures 34, en-passant 0, castles 0, promotions 0, "
                                    "checks 12, "),
                 3, "%s", r.out);
    cr_expect_eq(occurrences(r.out, "  statistics: nodes 48, captures 8, en-passant 0, castles 2, promotions 0, "
                                    "checks 0, "),
                 3, "%s", r.out);
    cr_expect_eq(occurrences(r.out, "  statistics: nodes 97862, captures 17102, en-passant 45, castles 3162, "
                                    "promotions 0, checks 993, "),
                 3, "%s", r.out);
    cli_free(&r);
    json_t *doc = JSON_RUN(0, "--stats", "--format", "json", "--suite", path);
    json_t *checks = json_object_get(doc, "checks");
    cr_assert_eq(json_array_size(checks), 3);
    for (size_t k = 0; k < 3; k++) {
        json_t *c = json_array_get(checks, k);
        cr_expect_eq(json_column(json_object_get(c, "stats"), "nodes"),
                     (uint64_t)json_integer_value(json_object_get(c, "got")));
    }
    expect_json_row(json_object_get(json_array_get(checks, 2), "stats"), &KIWIPETE_3, "suite");
    json_decref(doc);
    unlink(path);
}

/* build/MODE/perft-planted (bin/perft with the planted backends:
 * tests/planted/planted_backend.h) with the bug planted at root + path,
 * dropping `drop` (root NULL: nothing planted), on `args` (shell words): its stdout (free it); the exit
 * status in *status. */
static char *run_planted(const char *root, const char *path, const char *drop, const char *args, int *status)
{
    char command[4096];
    if (root)
        snprintf(command, sizeof command, "PLANTED_ROOT='%s' PLANTED_PATH='%s' PLANTED_DROP='%s' %s %s 2>/dev/null",
                 root, path, drop, TEST_PLANTED_PERFT, args);
    else
        snprintf(command, sizeof command, "%s %s 2>/dev/null", TEST_PLANTED_PERFT, args);
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run %s", command);
    size_t size = 1 << 20, length = 0;
    char *out = malloc(size);
    cr_assert(out);
    size_t n;
    while ((n = fread(out + length, 1, size - length - 1, p)) > 0)
        length += n;
    out[length] = '\0';
    int r = pclose(p);
    *status = WIFEXITED(r) ? WEXITSTATUS(r) : -1;
    return out;
}

/* The planted backend's own classifier (a test-only one) agrees with every
 * chess backend while nothing is planted: what makes its planted runs
 * below a test of the harness, not of the classifier. */
Test(stats_cli, the_planted_backend_counts_what_every_backend_counts_when_nothing_is_planted,
     .timeout = 120 * TEST_SLOWDOWN)
{
    int status;
    char args[512];
    snprintf(args, sizeof args, "-b all --stats 3 '%s'", POSITION4);
    char *out = run_planted(NULL, NULL, NULL, args, &status);
    cr_expect_eq(status, 0, "the backends disagree with nothing planted:\n%s", report_excerpt(out));
    free(out);
}

/* A planted bug dropping `drop` (a move of one kind) at the last ply: the
 * JSON report names the path, the move and `column`, the planted count of
 * it one below the real one. */
static void expect_column_found(const char *root, const char *depth, const char *path, const char *drop,
                                const char *column)
{
    int status;
    char args[512];
    snprintf(args, sizeof args, "-b all --stats --format json %s '%s'", depth, root);
    char *out = run_planted(root, path, drop, args, &status);
    cr_assert_eq(status, 1, "the planted %s was not found:\n%s", drop, out);
    json_error_t error;
    json_t *doc = json_loads(out, 0, &error);
    cr_assert(doc, "not JSON: %s\n%s", error.text, out);
    json_t *d = json_object_get(doc, "disagreement");
    /* One block when another backend parts first (a bug in it): its path. */
    const char *second = json_string_value(json_object_get(d, "second"));
    cr_assert(second && strcmp(second, "planted") == 0,
              "the first disagreement is %s's, not the planted backend's: path %s, moves only %s generates: %s",
              second ? second : "(none)", json_string_value(json_object_get(d, "path")),
              json_string_value(json_object_get(d, "first")), json_string_value(json_object_get(d, "only_first")));
    cr_expect_str_eq(json_string_value(json_object_get(d, "verdict")), "moves differ");
    cr_expect_str_eq(json_string_value(json_object_get(d, "path")), path);
    cr_expect_str_eq(json_string_value(json_object_get(d, "only_first")), drop);
    cr_expect_str_eq(json_string_value(json_object_get(d, "stats_column")), column);
    json_t *counts = json_object_get(d, "stats_counts");
    cr_expect_eq(json_integer_value(json_array_get(counts, 1)) + 1, json_integer_value(json_array_get(counts, 0)),
                 "%s: the planted count is not one below the real one", column);
    json_decref(doc);
    free(out);
}

Test(stats_cli, a_dropped_en_passant_castle_or_promotion_is_bisected_and_its_column_named,
     .timeout = 120 * TEST_SLOWDOWN)
{
    /* After 1. e4 d5 2. e5 f5, White's en passant capture exf6. */
    expect_column_found("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "3", "e4e5 f7f5", "e5f6",
                        "en-passant");
    /* Kiwipete after a2a3: Black's king-side castling. */
    expect_column_found(KIWIPETE, "2", "a2a3", "e8g8", "castles");
    /* Position 4 after c4c5: Black's promotion to a queen on b1. */
    expect_column_found(POSITION4, "2", "c4c5", "b2b1q", "promotions");
}

/* Quaternity: the planted backend's own classifier (tests/planted/) agrees
 * with the three backends with nothing planted; then a dropped promotion
 * (the four kings in their corners, a White pawn on d11; Green moves first,
 * then White promotes on d12) is bisected and named. */
Test(stats_cli, a_dropped_quaternity_promotion_is_bisected_and_its_column_named, .timeout = 120 * TEST_SLOWDOWN)
{
    static const char ROOT[] = "rK10bK/3wP^8/12/12/12/12/12/12/12/12/12/wK10gK g";
    int status;
    char args[512];
    /* P07 of positions/quaternity/reference.epd: pins by three armies. */
    snprintf(args, sizeof args, "-b all --stats 3 '%s'",
             "rK10bK/5rR6/12/2rB2wR2bB3/7wN4/4wB7/1gQ1wP^1wK1wQ2bR1/12/5wP^6/12/5gR6/11gK w");
    char *out = run_planted(NULL, NULL, NULL, args, &status);
    cr_expect_eq(status, 0, "the backends disagree with nothing planted:\n%s", report_excerpt(out));
    free(out);
    snprintf(args, sizeof args, "-b all --stats 3 '%s'", ROOT);
    out = run_planted(NULL, NULL, NULL, args, &status);
    cr_expect_eq(status, 0, "the backends disagree with nothing planted:\n%s", report_excerpt(out));
    free(out);
    expect_column_found(ROOT, "2", "l1k1", "d11d12q", "promotions");
}

Test(stats_cli, the_text_report_names_the_column, .timeout = 120 * TEST_SLOWDOWN)
{
    const char *root = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    int status;
    char args[512];
    snprintf(args, sizeof args, "-b all --stats 3 '%s'", root);
    char *out = run_planted(root, "e4e5 f7f5", "e5f6", args, &status);
    cr_assert_eq(status, 1, "%s", out);
    cr_expect(strstr(out, "DISAGREEMENT between mailbox and planted\n"
                          "  path from the root: e4e5 f7f5\n"
                          "  position: rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3\n"
                          "  depth remaining: 1\n"
                          "  statistics differ first in en-passant where the descent began: mailbox "),
              "%s", out);
    /* The two counts: the planted one one below the backends' (which the
     * three agree on, tests above). */
    const char *at = strstr(out, "began: mailbox ");
    cr_assert(at);
    unsigned long long real = 0, planted = 0;
    cr_expect_eq(sscanf(at, "began: mailbox %llu, planted %llu\n", &real, &planted), 2, "%s", at);
    cr_expect_eq(planted + 1, real);
    cr_expect(strstr(out, "  moves only mailbox generates: e5f6\n  moves only planted generates: (none)\n"), "%s", out);
    free(out);
}

/* Moves and counts that agree with leaves classified differently: the
 * planted backend counts the direct checks after 1. e4 f6 as discovered
 * (PLANTED_MISCLASSIFY, tests/planted/perft_planted.c).  The descent
 * follows checks-direct to that position and names the column there. */
Test(stats_cli, leaves_of_another_kind_are_followed_to_the_position_that_classifies_them,
     .timeout = 120 * TEST_SLOWDOWN)
{
    char command[1024];
    snprintf(command, sizeof command,
             "PLANTED_ROOT='%s' PLANTED_PATH='e2e4 f7f6' PLANTED_MISCLASSIFY=1 %s -b all --stats --format json 3 '%s' "
             "2>/dev/null",
             START, TEST_PLANTED_PERFT, START);
    FILE *p = popen(command, "r");
    cr_assert(p);
    json_error_t error;
    json_t *doc = json_loadf(p, 0, &error);
    int r = pclose(p);
    cr_assert(doc, "not JSON: %s", error.text);
    cr_expect_eq(WIFEXITED(r) ? WEXITSTATUS(r) : -1, 1);
    json_t *d = json_object_get(doc, "disagreement");
    cr_expect_str_eq(json_string_value(json_object_get(d, "verdict")), "statistics differ");
    cr_expect_str_eq(json_string_value(json_object_get(d, "path")), "e2e4 f7f6");
    cr_expect_eq(json_integer_value(json_object_get(d, "depth")), 1);
    cr_expect_str_eq(json_string_value(json_object_get(d, "stats_column")), "checks-direct");
    json_t *counts = json_object_get(d, "stats_counts");
    /* Qh5+ is the one direct check there (the three backends agree). */
    cr_expect_eq(json_integer_value(json_array_get(counts, 0)), 1);
    cr_expect_eq(json_integer_value(json_array_get(counts, 1)), 0);
    json_decref(doc);
}
