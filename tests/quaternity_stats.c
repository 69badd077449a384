/* Perft statistics of every Quaternity backend (gen/core/perft_stats.h,
 * gen/quaternity/RULES.md#perft-statistics).
 *
 * No one publishes Quaternity statistics, so the counts here come from two
 * places, each named beside its test: the agreement of the three
 * independent backends (mailbox, padded, bitboard: each classifies its
 * leaves by its own recursion and its own attack code), recorded for the
 * opening in positions/quaternity/statistics/opening.tsv by
 * scripts/stats-tables.sh; and small positions whose every leaf is listed
 * in the test, so that the counts follow from the rules by hand (more of
 * them, leaf by leaf through bin/perft's JSON, in tests/stats_cli.c).
 * Every backend's node column is also held against its own plain perft. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

#define REFERENCE_EPD "positions/quaternity/reference.epd"
#define OPENING_TABLE "positions/quaternity/statistics/opening.tsv"

/* The backend's statistics of `pos` at `depth`, its node column held
 * against its plain perft, and the columns against each other: the check
 * kinds add up to the checks, which hold those of several controllers. */
static PerftStats stats_of(const Backend *b, const Position *pos, const char *name, int depth)
{
    void *state = instance_open(b, pos);
    PerftStats s;
    cr_assert(b->perft_stats && b->perft_stats(state, depth, &s), "[%s] counts no statistics", b->name);
    uint64_t nodes = b->perft(state, depth, 1);
    instance_close(b, state);
    const uint64_t *c = s.count;
    EXPECT(c[QSTATS_NODES] == nodes, "[%s] %s D%d: statistics walk %llu nodes, perft %llu", b->name, name, depth,
           (unsigned long long)c[QSTATS_NODES], (unsigned long long)nodes);
    EXPECT(c[QSTATS_CHECKS_DIRECT] + c[QSTATS_CHECKS_DISCOVERED] + c[QSTATS_CHECKS_DIRECT_DISCOVERED] +
                   c[QSTATS_CHECKS_DOUBLE_DISCOVERED] ==
               c[QSTATS_CHECKS],
           "[%s] %s D%d: the check kinds do not add up to the checks", b->name, name, depth);
    EXPECT(c[QSTATS_CHECKS_SEVERAL_CONTROLLERS] <= c[QSTATS_CHECKS],
           "[%s] %s D%d: more checks of several controllers "
           "than checks",
           b->name, name, depth);
    for (int k = (int)QSTATS_COLUMNS; k < (int)STATS_COLUMNS; k++)
        EXPECT(c[k] == 0, "[%s] %s D%d: slot %d past Quaternity's columns is %llu", b->name, name, depth, k,
               (unsigned long long)c[k]);
    return s;
}

static void expect_same(const Backend *a, const PerftStats *sa, const Backend *b, const PerftStats *sb,
                        const char *name, int depth)
{
    int c = perft_stats_first_difference_in(GAME_QUATERNITY, sa, sb);
    EXPECT(c == STATS_COLUMNS, "%s D%d: %s counts %llu %s, %s %llu", name, depth, a->name,
           (unsigned long long)sa->count[c < STATS_COLUMNS ? c : 0], perft_stats_name(GAME_QUATERNITY, c), b->name,
           (unsigned long long)sb->count[c < STATS_COLUMNS ? c : 0]);
}

/* Agreement of the independent backends: every position of the reference
 * file (pins, double checks, assimilated and frozen armies, promotions) to
 * depth 3, every column. */
Test(quaternity_stats, the_backends_agree_on_every_column_of_the_reference_positions, .timeout = 300 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_QUATERNITY, backends);
    int count, compared = 0;
    EpdEntry *entries = fixtures_load_exactly(REFERENCE_EPD, 8, &count);
    uint64_t checks = 0, several = 0, discovered = 0, promotions = 0;
    for (int i = 0; i < count; i++)
        for (int depth = 1; depth <= 3; depth++) {
            PerftStats first = stats_of(backends[0], &entries[i].pos, entries[i].id, depth);
            for (int b = 1; b < n; b++) {
                PerftStats other = stats_of(backends[b], &entries[i].pos, entries[i].id, depth);
                expect_same(backends[0], &first, backends[b], &other, entries[i].id, depth);
                compared++;
            }
            checks += first.count[QSTATS_CHECKS];
            several += first.count[QSTATS_CHECKS_SEVERAL_CONTROLLERS];
            discovered += first.count[QSTATS_CHECKS_DISCOVERED] + first.count[QSTATS_CHECKS_DIRECT_DISCOVERED] +
                          first.count[QSTATS_CHECKS_DOUBLE_DISCOVERED];
            promotions += first.count[QSTATS_PROMOTIONS];
        }
    free(entries);
    cr_assert_eq(compared, 8 * 3 * (n - 1));
    /* Agreement on zeros would test little: the positions reach the kinds. */
    cr_expect(checks > 0 && several > 0 && discovered > 0 && promotions > 0,
              "checks %llu, of several controllers %llu, discovered %llu, promotions %llu", (unsigned long long)checks,
              (unsigned long long)several, (unsigned long long)discovered, (unsigned long long)promotions);
}

/* The opening's table (scripts/stats-tables.sh: the backends' agreement)
 * counted again by every backend to depth 4, so that a later change to one
 * backend's check code cannot go unseen.  Columns are found by their
 * names in the header line. */
Test(quaternity_stats, the_opening_table_holds, .timeout = 300 * TEST_SLOWDOWN)
{
    FILE *f = fopen(OPENING_TABLE, "r");
    cr_assert(f, OPENING_TABLE " cannot be read");
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_QUATERNITY, backends);
    int count;
    EpdEntry *entries = fixtures_load(REFERENCE_EPD, &count);
    const Position *opening = NULL;
    for (int i = 0; i < count; i++)
        if (strcmp(entries[i].id, "opening") == 0)
            opening = &entries[i].pos;
    cr_assert(opening, REFERENCE_EPD " has no opening");
    int column_of[QSTATS_COLUMNS + 2], fields = 0, rows = 0;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char *values[QSTATS_COLUMNS + 2], *save = NULL;
        int k = 0;
        for (char *t = strtok_r(line, "\t\n", &save); t && k < QSTATS_COLUMNS + 2; t = strtok_r(NULL, "\t\n", &save))
            values[k++] = t;
        if (fields == 0) { /* the header: depth, the column names, backends */
            cr_assert(k == QSTATS_COLUMNS + 2 && strcmp(values[0], "depth") == 0, "the header has %d fields", k);
            for (int i = 1; i <= QSTATS_COLUMNS; i++) {
                column_of[i] = -1;
                for (int c = 0; c < QSTATS_COLUMNS; c++)
                    if (strcmp(values[i], perft_stats_name(GAME_QUATERNITY, c)) == 0)
                        column_of[i] = c;
                cr_assert(column_of[i] >= 0, "the header names an unknown column %s", values[i]);
            }
            fields = k;
            continue;
        }
        cr_assert(k == fields, "a row of %d fields, the header has %d", k, fields);
        int depth = atoi(values[0]);
        if (depth > 4)
            continue;
        rows++;
        for (int b = 0; b < n; b++) {
            PerftStats s = stats_of(backends[b], opening, "opening", depth);
            for (int i = 1; i <= QSTATS_COLUMNS; i++) {
                uint64_t want = strtoull(values[i], NULL, 10);
                EXPECT(s.count[column_of[i]] == want, "[%s] opening D%d %s: %llu, the table %llu", backends[b]->name,
                       depth, perft_stats_name(GAME_QUATERNITY, column_of[i]),
                       (unsigned long long)s.count[column_of[i]], (unsigned long long)want);
            }
        }
    }
    fclose(f);
    free(entries);
    cr_assert_eq(rows, 4, "%d rows up to depth 4 in the table", rows);
}

static void parse(const char *qfen, Position *pos)
{
    char err[256];
    cr_assert(position_parse(qfen, pos, err, sizeof err) == 0, "%s: %s", qfen, err);
}

/* By construction: the four kings in their corners and a White pawn on d11
 * committed up.  White's seven moves: the king's three (a2, b1, b2: no
 * enemy man attacks them) and d11-d12 promoting four ways.  A queen or
 * rook on d12 sees both a12 (Red) and l12 (Black) along rank 12, one
 * checker, placed by the move, checking two controllers; a bishop or
 * knight on d12 attacks no king (gen/quaternity/RULES.md#pawn-tables-6-promotion
 * makes the same observation).  Red, on turn after each, always has a king
 * move (a11, b11: neither on rank 12 nor on d12's lines). */
Test(quaternity_stats, a_promotion_that_checks_two_controllers_at_once)
{
    Position pos;
    parse("rK10bK/3wP^8/12/12/12/12/12/12/12/12/12/wK10gK w", &pos);
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_QUATERNITY, backends);
    PerftStats want = {{0}};
    want.count[QSTATS_NODES] = 7;
    want.count[QSTATS_PROMOTIONS] = 4;
    want.count[QSTATS_CHECKS] = 2;
    want.count[QSTATS_CHECKS_DIRECT] = 2;
    want.count[QSTATS_CHECKS_SEVERAL_CONTROLLERS] = 2;
    for (int b = 0; b < n; b++) {
        PerftStats got = stats_of(backends[b], &pos, "d11 promotion", 1);
        int c = perft_stats_first_difference_in(GAME_QUATERNITY, &got, &want);
        EXPECT(c == STATS_COLUMNS, "[%s] d11 promotion D1 %s: %llu, by construction %llu", backends[b]->name,
               perft_stats_name(GAME_QUATERNITY, c), (unsigned long long)got.count[c < STATS_COLUMNS ? c : 0],
               (unsigned long long)want.count[c < STATS_COLUMNS ? c : 0]);
    }
}

/* By construction: Red's lone king on a12; White's queen e11 (its rank 11
 * covers a11 and b11), rook b2 (its file covers b11 and b12) and king a1;
 * Black l12, Green l1.  White's 59 moves: king 2 (a2, b1), rook 22 (b1,
 * b3-b12, a2, c2-l2), queen 35.  Red, on turn after each, has no move
 * exactly when a11, b11 and b12 all stay covered:
 *   - in check (2): Qb11 (next to a12; Red cannot take it, the rook guards
 *     b11) and Qa7 (up the a-file, which also covers a11);
 *   - not in check (23): both king moves; the rook staying on file b (b1,
 *     b3-b10, and b11, guarded by the queen); the queen staying on a11's
 *     lines without checking: rank 11 (c11, d11, f11-l11) and the diagonal
 *     a11-e7 (c9, e7).
 * Every other move uncovers a11 (the queen leaves its lines) or b12 (the
 * rook leaves file b), or checks a king Red can step away from or take (Qa11,
 * Rb12, the queen on rank 12). */
Test(quaternity_stats, controllers_on_turn_without_a_legal_move_in_check_and_not)
{
    Position pos;
    parse("rK10bK/4wQ7/12/12/12/12/12/12/12/12/1wR10/wK10gK w", &pos);
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_QUATERNITY, backends);
    for (int b = 0; b < n; b++) {
        PerftStats got = stats_of(backends[b], &pos, "Red boxed in", 1);
        EXPECT(got.count[QSTATS_NODES] == 59 && got.count[QSTATS_NO_MOVES_IN_CHECK] == 2 &&
                   got.count[QSTATS_NO_MOVES_NOT_IN_CHECK] == 23,
               "[%s] Red boxed in D1: nodes %llu, no-moves-in-check %llu, no-moves-not-in-check %llu; by "
               "construction 59, 2, 23",
               backends[b]->name, (unsigned long long)got.count[QSTATS_NODES],
               (unsigned long long)got.count[QSTATS_NO_MOVES_IN_CHECK],
               (unsigned long long)got.count[QSTATS_NO_MOVES_NOT_IN_CHECK]);
    }
}
