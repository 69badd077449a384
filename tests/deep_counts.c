/* Counts past 2^64 through every path that carries one (128-bit counts): an
 * engine's divide in text, Stockfish and JSON form, a suite's ;Dn values,
 * and the errors at 2^128; position and line work units agree; --hash
 * sizes with suffixes and --hash-seed; a format-1 checkpoint is refused.
 *
 * The big counts come from tests/engines/scaled_counts.py: this build's
 * bin/perft's divide with every count multiplied by a factor.  The chess
 * start's perft 2 is 400, every root move 20 (published: famous.epd); the
 * expected texts are those times the factor, computed here with
 * PerftCount, so the test checks the harness's 128-bit sums and text, not
 * the engine's arithmetic. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "perft_count.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char OPENING[] =
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";

/* 2^64 in decimal: the factor that puts every count past 64 bits. */
#define TWO_TO_64 "18446744073709551616"
#define ENGINE(factor) "big=chess:perftree:tests/engines/scaled_counts.py " factor " " PERFT_BIN

static PerftCount two_to(int bits)
{
    return (PerftCount)1 << bits;
}

Test(deep_counts, engine_counts_past_2_64_in_text_stockfish_and_json, .timeout = 60 * TEST_SLOWDOWN)
{
    char move_count[PERFT_COUNT_TEXT_MAX], total[PERFT_COUNT_TEXT_MAX], want[256];
    perft_count_format(20 * two_to(64), move_count);
    perft_count_format(400 * two_to(64), total);
    cr_assert_str_eq(total, "7378697629483820646400");

    CliRun r = RUN("-b", "none", "--engine", ENGINE(TWO_TO_64), "2", CHESS_INITIAL);
    snprintf(want, sizeof want, "a2a3 %s\n", move_count);
    EXPECT(r.status == 0 && strncmp(r.out, want, strlen(want)) == 0, "status %d, stdout %s, stderr %s", r.status, r.out,
           r.err);
    snprintf(want, sizeof want, "\n\n%s\n", total);
    EXPECT(strlen(r.out) > strlen(want) && strcmp(r.out + strlen(r.out) - strlen(want), want) == 0, "stdout %s", r.out);
    cli_free(&r);

    r = RUN("-b", "none", "--format", "stockfish", "--engine", ENGINE(TWO_TO_64), "2", CHESS_INITIAL);
    snprintf(want, sizeof want, "a2a3: %s\n", move_count);
    EXPECT(r.status == 0 && strstr(r.out, want), "stdout %s", r.out);
    snprintf(want, sizeof want, "Nodes searched: %s\n", total);
    EXPECT(strstr(r.out, want), "stdout %s", r.out);
    cli_free(&r);

    /* JSON: exact integer literals, not strings and not doubles. */
    r = RUN("-b", "none", "--format", "json", "--engine", ENGINE(TWO_TO_64), "2", CHESS_INITIAL);
    snprintf(want, sizeof want, "\"a2a3\": %s,", move_count);
    EXPECT(r.status == 0 && strstr(r.out, want), "stdout %s", r.out);
    snprintf(want, sizeof want, "\"total\": %s,", total);
    EXPECT(strstr(r.out, want) && !strstr(r.out, "count:"), "stdout %s", r.out);
    snprintf(want, sizeof want, "\"nodes\": %s,", total); /* the speed table's row */
    EXPECT(strstr(r.out, want), "stdout %s", r.out);
    cli_free(&r);
}

/* A temporary suite file of `text`, its path into `path`. */
static void suite_file(const char *text, char path[64])
{
    snprintf(path, 64, "/tmp/perft-deep-suite-XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp: %s", strerror(errno));
    cr_assert(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
}

Test(deep_counts, suite_counts_past_2_64, .timeout = 60 * TEST_SLOWDOWN)
{
    char total[PERFT_COUNT_TEXT_MAX], wrong[PERFT_COUNT_TEXT_MAX], text[512], path[64];
    perft_count_format(400 * two_to(64), total);
    perft_count_format(400 * two_to(64) + 1, wrong);
    snprintf(text, sizeof text, "%s ;D2 %s ;id big\n", CHESS_INITIAL, total);
    suite_file(text, path);
    CliRun r = RUN("-b", "none", "--engine", ENGINE(TWO_TO_64), "--suite", path);
    EXPECT(r.status == 0 && strstr(r.out, total) && strstr(r.out, " ok\n"), "status %d, stdout %s, stderr %s", r.status,
           r.out, r.err);
    cli_free(&r);
    unlink(path);
    /* One more than the engine's count: a failure, not a match after a wrap. */
    snprintf(text, sizeof text, "%s ;D2 %s ;id big\n", CHESS_INITIAL, wrong);
    suite_file(text, path);
    r = RUN("-b", "none", "--engine", ENGINE(TWO_TO_64), "--suite", path);
    EXPECT(r.status != 0 && strstr(r.out, wrong) && strstr(r.out, "FAIL"), "status %d, stdout %s", r.status, r.out);
    cli_free(&r);
    unlink(path);
}

/* Each move's count below 2^128, their sum past it: an error, never a
 * wrapped total.  And a total that disagrees, named with both exact sums. */
Test(deep_counts, engine_sums_past_2_128_and_disagreeing_totals, .timeout = 60 * TEST_SLOWDOWN)
{
    /* 20 * 2^123 < 2^128, 400 * 2^123 > 2^128. */
    char factor[PERFT_COUNT_TEXT_MAX], engine[512];
    perft_count_format(two_to(123), factor);
    snprintf(engine, sizeof engine, "big=chess:perftree:tests/engines/scaled_counts.py %s --total 1 %s", factor,
             PERFT_BIN);
    CliRun r = RUN("-b", "none", "--engine", engine, "2", CHESS_INITIAL);
    EXPECT(r.status != 0 && strstr(r.err, "its moves' counts add up to more than 2^128 - 1"), "status %d, stderr %s",
           r.status, r.err);
    cli_free(&r);

    char sum[PERFT_COUNT_TEXT_MAX], said[PERFT_COUNT_TEXT_MAX], want[256];
    perft_count_format(400 * two_to(64), sum);
    perft_count_format(399 * two_to(64), said);
    snprintf(engine, sizeof engine, "big=chess:perftree:tests/engines/scaled_counts.py %s --total %s %s", TWO_TO_64,
             said, PERFT_BIN);
    r = RUN("-b", "none", "--engine", engine, "2", CHESS_INITIAL);
    snprintf(want, sizeof want, "its moves' counts add up to %s, its total says %s", sum, said);
    EXPECT(r.status != 0 && strstr(r.err, want), "status %d, stderr %s", r.status, r.err);
    cli_free(&r);
}

/* Position units and line units give one divide, on threads and with the
 * table: the chess start's perft 5 (4,865,609, famous.epd) and the
 * Quaternity opening's perft 4 (2,817,365, reference.epd). */
Test(deep_counts, position_and_line_units_agree, .timeout = 120 * TEST_SLOWDOWN)
{
    static const struct {
        const char *position, *depth, *split, *total;
    } CASES[] = {{CHESS_INITIAL, "5", "3", "\n4865609\n"}, {OPENING, "4", "2", "\n2817365\n"}};
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        CliRun lines = RUN("-t", "2", "--units", "lines", "--split", CASES[i].split, CASES[i].depth, CASES[i].position);
        CliRun positions =
            RUN("-t", "2", "--units", "positions", "--split", CASES[i].split, CASES[i].depth, CASES[i].position);
        CliRun hashed = RUN("-t", "2", "--hash", "2M", "--split", CASES[i].split, CASES[i].depth, CASES[i].position);
        size_t n = strlen(CASES[i].total);
        EXPECT(lines.status == 0 && strlen(lines.out) > n &&
                   strcmp(lines.out + strlen(lines.out) - n, CASES[i].total) == 0,
               "lines: %s %s", lines.out, lines.err);
        EXPECT(positions.status == 0 && strcmp(positions.out, lines.out) == 0, "positions:\n%s\nlines:\n%s",
               positions.out, lines.out);
        EXPECT(hashed.status == 0 && strcmp(hashed.out, lines.out) == 0, "hashed:\n%s\nlines:\n%s", hashed.out,
               lines.out);
        /* Fewer position units than line units: transpositions merged. */
        EXPECT(strstr(positions.err, "units (positions, split") && strstr(lines.err, "units (lines, split"), "%s%s",
               positions.err, lines.err);
        cli_free(&lines);
        cli_free(&positions);
        cli_free(&hashed);
    }
    /* The chess start's distinct positions 3 plies down: 5,362 (OEIS A083276), of 8,902 lines. */
    CliRun r = RUN("--split", "3", "4", CHESS_INITIAL);
    EXPECT(strstr(r.err, " 5362 units (positions, split 3)"), "%s", r.err);
    cli_free(&r);
    r = RUN("--split", "3", "--units", "lines", "4", CHESS_INITIAL);
    EXPECT(strstr(r.err, " 8902 units (lines, split 3)"), "%s", r.err);
    cli_free(&r);
    /* A split that leaves no ply to count: refused, never a total of 0. */
    r = RUN("--split", "5", "3", CHESS_INITIAL);
    EXPECT(r.status == 2 && strcmp(r.err, "perft: --split 5 leaves no ply to count at depth 3 (at most 2)\n") == 0 &&
               r.out[0] == '\0',
           "status %d, stdout %s, stderr %s", r.status, r.out, r.err);
    cli_free(&r);
}

Test(deep_counts, hash_sizes_and_seeds, .timeout = 60 * TEST_SLOWDOWN)
{
    CliRun r = RUN("--hash", "2M", "4", CHESS_INITIAL);
    EXPECT(r.status == 0 && strstr(r.err, "hash 2 MiB"), "%s", r.err);
    cli_free(&r);
    static const char *const BAD[] = {"0", "0G", "2T", "5X", "1GB", "-1", "G", "99999999999"};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        char want[256];
        snprintf(want, sizeof want, "perft: --hash '%s' is not a table size: MiB as digits, or digits with M, G or T",
                 BAD[i]);
        r = RUN("--hash", BAD[i], "2", CHESS_INITIAL);
        EXPECT(r.status == 2 && strncmp(r.err, want, strlen(want)) == 0, "--hash %s: status %d, stderr %s", BAD[i],
               r.status, r.err);
        cli_free(&r);
    }
    /* Other keys, the same (published) count; the seed is named. */
    r = RUN("--hash", "1", "--hash-seed", "12345", "5", CHESS_INITIAL);
    EXPECT(r.status == 0 && strstr(r.out, "\n4865609\n") && strstr(r.err, "key seed 12345"), "%s%s", r.out, r.err);
    cli_free(&r);
    r = RUN("--hash-seed", "3", "2", CHESS_INITIAL);
    EXPECT(r.status == 2 && strstr(r.err, "--hash-seed seeds the table's keys: give --hash SIZE"), "%s", r.err);
    cli_free(&r);
}

Test(deep_counts, format_1_checkpoint_is_refused)
{
    char path[64];
    suite_file("perft-checkpoint 1\tgame=chess\tbackend=bitboard\tdepth=3\tsplit=2\tunits=400\t#0000000000000000\n",
               path);
    CliRun r = RUN("--checkpoint", path, "3", CHESS_INITIAL);
    char want[512];
    snprintf(want, sizeof want,
             "perft: checkpoint %s is format 1 (64-bit counts, line units); this perft writes format 2: finish it "
             "with the build that wrote it, or delete it to start over\n",
             path);
    EXPECT(r.status == 2 && strcmp(r.err, want) == 0, "status %d, stderr %s", r.status, r.err);
    cli_free(&r);
    unlink(path);
}
