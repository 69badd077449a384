/* Perft statistics (gen/core/perft_stats.h) of every chess backend against
 * the published tables, and against each other where no table exists.
 *
 * Sources, each named again beside its rows:
 *   - CPW: the chessprogramming wiki, "Perft Results"
 *     (https://www.chessprogramming.org/Perft_Results), the revision read on
 *     2026-12-06: its start-position table directly; its Kiwipete, position 3
 *     and position 4 tables through a verbatim copy of the tables in a public
 *     test file, the stored page stopping after the start position.
 *   - SHAREWIZ: wiki.sharewiz.net, page chess:programming:perft (revision of
 *     2021-10-12), whose start-position table splits the checks four ways as
 *     the Grand Chess Tree does, counting the checks that are not mates.
 * How the tables' columns map onto ours is gen/chess/RULES.md#perft-statistics:
 * the CPW's "Checks" is our checks (mates included); its "Discovery Checks"
 * and "Double Checks" count the checks that are not mates (Kiwipete perft 5:
 * 2645 double checks, 8 of them mates, 2637 in the table).
 *
 * Every backend's node column is also held against its own plain perft (bulk
 * counting), so the statistics walk cannot drift from the count.  About 10 M
 * leaves per backend in all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

typedef struct Published {
    const char *name, *fen;
    int depth;
    /* nodes, captures, e.p., castles, promotions, checks, checkmates */
    uint64_t nodes, captures, en_passant, castles, promotions, checks, checkmates;
    /* The CPW's "Discovery Checks" and "Double Checks"; -1 where its table
     * has no such column. */
    int64_t discovered, doubled;
} Published;

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KIWIPETE_FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
#define POSITION3_FEN "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
#define POSITION4_FEN "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"

/* CPW, "Perft Results" (revision read 2026-12-06). */
static const Published PUBLISHED[] = {
    {"start", START_FEN, 1, 20, 0, 0, 0, 0, 0, 0, 0, 0},
    {"start", START_FEN, 2, 400, 0, 0, 0, 0, 0, 0, 0, 0},
    {"start", START_FEN, 3, 8902, 34, 0, 0, 0, 12, 0, 0, 0},
    {"start", START_FEN, 4, 197281, 1576, 0, 0, 0, 469, 8, 0, 0},
    {"start", START_FEN, 5, 4865609, 82719, 258, 0, 0, 27351, 347, 6, 0},
    {"Kiwipete", KIWIPETE_FEN, 1, 48, 8, 0, 2, 0, 0, 0, 0, 0},
    {"Kiwipete", KIWIPETE_FEN, 2, 2039, 351, 1, 91, 0, 3, 0, 0, 0},
    {"Kiwipete", KIWIPETE_FEN, 3, 97862, 17102, 45, 3162, 0, 993, 1, 0, 0},
    {"Kiwipete", KIWIPETE_FEN, 4, 4085603, 757163, 1929, 128013, 15172, 25523, 43, 42, 6},
    {"position 3", POSITION3_FEN, 1, 14, 1, 0, 0, 0, 2, 0, 0, 0},
    {"position 3", POSITION3_FEN, 2, 191, 14, 0, 0, 0, 10, 0, 0, 0},
    {"position 3", POSITION3_FEN, 3, 2812, 209, 2, 0, 0, 267, 0, 3, 0},
    {"position 3", POSITION3_FEN, 4, 43238, 3348, 123, 0, 0, 1680, 17, 106, 0},
    {"position 3", POSITION3_FEN, 5, 674624, 52051, 1165, 0, 0, 52950, 0, 1292, 3},
    {"position 4", POSITION4_FEN, 1, 6, 0, 0, 0, 0, 0, 0, -1, -1},
    {"position 4", POSITION4_FEN, 2, 264, 87, 0, 6, 48, 10, 0, -1, -1},
    {"position 4", POSITION4_FEN, 3, 9467, 1021, 4, 0, 120, 38, 22, -1, -1},
    {"position 4", POSITION4_FEN, 4, 422333, 131393, 0, 7795, 60032, 15492, 5, -1, -1},
};
enum { PUBLISHED_ROWS = sizeof PUBLISHED / sizeof PUBLISHED[0] };

static void parse(const char *fen, Position *pos)
{
    char err[256];
    cr_assert(position_parse(fen, pos, err, sizeof err) == 0, "%s: %s", fen, err);
}

/* The backend's statistics of `fen` at `depth`, its node column held
 * against its plain perft. */
static PerftStats stats_of(const Backend *b, const char *fen, int depth)
{
    Position pos;
    parse(fen, &pos);
    void *state = instance_open(b, &pos);
    PerftStats s;
    cr_assert(b->perft_stats && b->perft_stats(state, depth, &s), "[%s] counts no statistics", b->name);
    uint64_t nodes = b->perft(state, depth, 1);
    EXPECT(s.count[STATS_NODES] == nodes, "[%s] %s D%d: statistics walk %llu nodes, perft %llu", b->name, fen, depth,
           (unsigned long long)s.count[STATS_NODES], (unsigned long long)nodes);
    instance_close(b, state);
    return s;
}

static void expect_column(const Backend *b, const Published *p, const char *column, uint64_t got, uint64_t published)
{
    EXPECT(got == published, "[%s] %s D%d %s: %llu, CPW %llu", b->name, p->name, p->depth, column,
           (unsigned long long)got, (unsigned long long)published);
}

/* The check kinds add up to the checks, the mate kinds to the mates, and
 * the checks that are not mates to the CPW's split columns. */
static void check_published(const Backend *b, const Published *p)
{
    PerftStats s = stats_of(b, p->fen, p->depth);
    const uint64_t *c = s.count;
    expect_column(b, p, "nodes", c[STATS_NODES], p->nodes);
    expect_column(b, p, "captures", c[STATS_CAPTURES], p->captures);
    expect_column(b, p, "en-passant", c[STATS_EN_PASSANT], p->en_passant);
    expect_column(b, p, "castles", c[STATS_CASTLES], p->castles);
    expect_column(b, p, "promotions", c[STATS_PROMOTIONS], p->promotions);
    expect_column(b, p, "checks", c[STATS_CHECKS], p->checks);
    expect_column(b, p, "checkmates", c[STATS_CHECKMATES], p->checkmates);
    if (p->discovered >= 0)
        expect_column(b, p, "discovery checks (not mates)", c[STATS_CHECKS_DISCOVERED] - c[STATS_CHECKMATES_DISCOVERED],
                      (uint64_t)p->discovered);
    if (p->doubled >= 0)
        expect_column(b, p, "double checks (not mates)",
                      c[STATS_CHECKS_DIRECT_DISCOVERED] + c[STATS_CHECKS_DOUBLE_DISCOVERED] -
                          c[STATS_CHECKMATES_DIRECT_DISCOVERED] - c[STATS_CHECKMATES_DOUBLE_DISCOVERED],
                      (uint64_t)p->doubled);
    uint64_t checks = 0, mates = 0;
    for (int k = 0; k < 4; k++) {
        checks += c[STATS_CHECKS_DIRECT + k];
        mates += c[STATS_CHECKMATES_DIRECT + k];
        EXPECT(c[STATS_CHECKMATES_DIRECT + k] <= c[STATS_CHECKS_DIRECT + k], "[%s] %s D%d: more %s than %s", b->name,
               p->name, p->depth, perft_stats_column_name(STATS_CHECKMATES_DIRECT + k),
               perft_stats_column_name(STATS_CHECKS_DIRECT + k));
    }
    EXPECT(checks == c[STATS_CHECKS] && mates == c[STATS_CHECKMATES], "[%s] %s D%d: the kinds do not add up", b->name,
           p->name, p->depth);
}

Test(chess_stats, published_tables_every_backend, .timeout = 300 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_CHESS, backends);
    for (int b = 0; b < n; b++)
        for (int i = 0; i < PUBLISHED_ROWS; i++)
            check_published(backends[b], &PUBLISHED[i]);
}

/* SHAREWIZ (revision of 2021-10-12): the start position's checks that are
 * not mates, split four ways: direct only, single discovered only, direct
 * and discovered, double discovered.  Depth 4: 461 0 0 0; depth 5: 26998 6
 * 0 0 (depth 6, 797896 329 46 0, is in results/experiments/2026-12-06-chess-stats/). */
Test(chess_stats, start_checks_split_four_ways, .timeout = 120 * TEST_SLOWDOWN)
{
    static const struct {
        int depth;
        uint64_t split[4];
    } rows[] = {{4, {461, 0, 0, 0}}, {5, {26998, 6, 0, 0}}};
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_CHESS, backends);
    for (int b = 0; b < n; b++)
        for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
            PerftStats s = stats_of(backends[b], START_FEN, rows[r].depth);
            for (int k = 0; k < 4; k++) {
                uint64_t got = s.count[STATS_CHECKS_DIRECT + k] - s.count[STATS_CHECKMATES_DIRECT + k];
                EXPECT(got == rows[r].split[k], "[%s] start D%d %s (not mates): %llu, published %llu",
                       backends[b]->name, rows[r].depth, perft_stats_column_name(STATS_CHECKS_DIRECT + k),
                       (unsigned long long)got, (unsigned long long)rows[r].split[k]);
            }
        }
}

/* Chess960 and Double Fischer Random Chess, where no table is published:
 * the three backends (independent statistics code) must agree on every
 * column, and castles and checks must occur, so that the agreement covers
 * the king-takes-rook castling and its rook's checks.  Positions from
 * positions/chess/frc-special.epd (frc-2, dfrc-1, frc-5). */
Test(chess_stats, chess960_and_dfrc_backends_agree, .timeout = 120 * TEST_SLOWDOWN)
{
    static const struct {
        const char *name, *fen;
        int depth;
    } rows[] = {
        {"frc-2", "rbbqn1kr/pp2p1pp/6n1/2pp1p2/2P4P/P7/BP1PPPP1/R1BQNNKR w HAha - 0 9", 4},
        {"dfrc-1", "qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3", 4},
        {"frc-5", "1rkr3b/1ppn3p/3pB1n1/6q1/R2P4/4N1P1/1P5P/2KRQ1B1 b Dbd - 0 14", 3},
    };
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_CHESS, backends);
    cr_assert(n >= 3, "agreement needs the three chess backends, %d registered", n);
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        PerftStats first = stats_of(backends[0], rows[r].fen, rows[r].depth);
        EXPECT(first.count[STATS_CASTLES] > 0 && first.count[STATS_CHECKS] > 0, "%s D%d: no castle or no check leaf",
               rows[r].name, rows[r].depth);
        for (int b = 1; b < n; b++) {
            PerftStats other = stats_of(backends[b], rows[r].fen, rows[r].depth);
            PerftStatsColumn c = perft_stats_first_difference(&first, &other);
            EXPECT(c == STATS_COLUMNS, "%s D%d: %s and %s differ in %s: %llu against %llu", rows[r].name, rows[r].depth,
                   backends[0]->name, backends[b]->name, perft_stats_column_name(c),
                   (unsigned long long)first.count[c % STATS_COLUMNS],
                   (unsigned long long)other.count[c % STATS_COLUMNS]);
        }
    }
}

/* ---- a planted bug ---- */

/* The statistics of a backend that forgets en passant: a walk through the
 * interface that skips en passant captures and, one ply from the end, asks
 * the real backend about the position with its en passant square cleared,
 * whose moves are the same but for the en passant captures. */
static void stats_without_en_passant(const Backend *b, void *state, void *scratch, int depth, PerftStats *out)
{
    Position pos;
    b->save(state, &pos);
    if (depth == 1) {
        pos.ep_square = -1;
        b->load(scratch, &pos);
        PerftStats leaves;
        cr_assert(b->perft_stats(scratch, 1, &leaves));
        perft_stats_add(out, &leaves);
        return;
    }
    Move moves[MAX_MOVES];
    int count = b->generate(state, moves);
    for (int i = 0; i < count; i++) {
        bool en_passant = moves[i].to == pos.ep_square && PIECE_KIND(pos.board[moves[i].from]) == PAWN;
        if (en_passant)
            continue;
        b->make(state, moves[i]);
        stats_without_en_passant(b, state, scratch, depth - 1, out);
        b->unmake(state, moves[i]);
    }
}

/* Kiwipete perft 3 has 45 en passant leaves; the buggy count must differ
 * from the real one, and the compare helper must name en-passant (the
 * nodes and captures differ too). */
Test(chess_stats, dropped_en_passant_is_named)
{
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_CHESS, backends);
    for (int b = 0; b < n; b++) {
        Position pos;
        parse(KIWIPETE_FEN, &pos);
        void *state = instance_open(backends[b], &pos);
        void *scratch = instance_open(backends[b], &pos);
        PerftStats buggy = {{0}}, real;
        stats_without_en_passant(backends[b], state, scratch, 3, &buggy);
        cr_assert(backends[b]->perft_stats(state, 3, &real));
        PerftStatsColumn c = perft_stats_first_difference(&real, &buggy);
        EXPECT(c == STATS_EN_PASSANT, "[%s] dropped en passant named %s", backends[b]->name,
               perft_stats_column_name(c));
        EXPECT(buggy.count[STATS_EN_PASSANT] == 0 && real.count[STATS_NODES] - buggy.count[STATS_NODES] >= 45,
               "[%s] the planted bug dropped %llu nodes and left %llu en passant leaves", backends[b]->name,
               (unsigned long long)(real.count[STATS_NODES] - buggy.count[STATS_NODES]),
               (unsigned long long)buggy.count[STATS_EN_PASSANT]);
        instance_close(backends[b], scratch);
        instance_close(backends[b], state);
    }
}

/* The compare helper alone: equal counts name no column; a castle counted
 * as a quiet move is named castles, not nodes or captures. */
Test(chess_stats, compare_names_the_most_specific_column)
{
    PerftStats a = {{0}}, b;
    perft_stats_leaf(&a, STATS_MOVE_CASTLE, 1, true, true);
    perft_stats_leaf(&a, STATS_MOVE_CAPTURE | STATS_MOVE_PROMOTION, 2, true, false);
    b = a;
    cr_expect_eq(perft_stats_first_difference(&a, &b), STATS_COLUMNS);
    b.count[STATS_CASTLES]--;
    cr_expect_eq(perft_stats_first_difference(&a, &b), STATS_CASTLES);
    PerftStats sum = a;
    perft_stats_add(&sum, &a);
    cr_expect_eq(sum.count[STATS_NODES], 4);
    cr_expect_eq(sum.count[STATS_CHECKMATES_DIRECT_DISCOVERED], 2);
    cr_expect_str_eq(perft_stats_column_name(STATS_CHECKS_DOUBLE_DISCOVERED), "checks-double-discovered");
}

/* ---- positions/chess/statistics/chess960-dfrc.tsv ---- */

/* The tables of Chess960 and DFRC starts that scripts/stats-tables.sh made
 * (the three backends agreeing on every column, Stockfish on the nodes):
 * every row up to depth 4 counted again by every backend, so that a later
 * change to one backend's castling or check code cannot go unseen.  The
 * columns are found by their names in the file's header line. */
Test(chess_stats, chess960_dfrc_tables_hold, .timeout = 300 * TEST_SLOWDOWN)
{
    FILE *f = fopen("positions/chess/statistics/chess960-dfrc.tsv", "r");
    cr_assert(f, "positions/chess/statistics/chess960-dfrc.tsv cannot be read");
    const Backend *backends[BACKENDS_MAX];
    int n = stats_backends_of(GAME_CHESS, backends);
    int column_of[STATS_COLUMNS + 2], fields = 0, rows = 0;
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char *values[STATS_COLUMNS + 2], *save = NULL;
        int k = 0;
        for (char *t = strtok_r(line, "\t\n", &save); t && k < STATS_COLUMNS + 2; t = strtok_r(NULL, "\t\n", &save))
            values[k++] = t;
        if (fields == 0) { /* the header: start, depth, then column names */
            cr_assert(k == STATS_COLUMNS + 2 && strcmp(values[0], "start") == 0, "the header has %d fields", k);
            for (int i = 2; i < k; i++) {
                column_of[i] = -1;
                for (int c = 0; c < STATS_COLUMNS; c++)
                    if (strcmp(values[i], perft_stats_column_name((PerftStatsColumn)c)) == 0)
                        column_of[i] = c;
                cr_assert(column_of[i] >= 0, "the header names an unknown column %s", values[i]);
            }
            fields = k;
            continue;
        }
        cr_assert(k == fields, "a row of %d fields, the header has %d", k, fields);
        int depth = atoi(values[1]);
        if (depth > 4)
            continue;
        rows++;
        for (int b = 0; b < n; b++) {
            PerftStats s = stats_of(backends[b], values[0], depth);
            for (int i = 2; i < k; i++) {
                uint64_t want = strtoull(values[i], NULL, 10);
                EXPECT(s.count[column_of[i]] == want, "[%s] %s D%d %s: %llu, the table %llu", backends[b]->name,
                       values[0], depth, perft_stats_column_name(column_of[i]),
                       (unsigned long long)s.count[column_of[i]], (unsigned long long)want);
            }
        }
    }
    fclose(f);
    cr_assert(rows >= 24, "only %d rows up to depth 4 in the table", rows);
}
