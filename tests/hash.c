/* The perft hash table (gen/core/perft_hash.h) and the Zobrist keys
 * (gen/GAME/zobrist.h), for every registered backend:
 *
 * - counts with the table equal counts without it, bulk counting on and
 *   off, on every fixture file at small depths, and the published or
 *   agreed counts the files hold (each file says where its counts come
 *   from: published.epd and famous.epd published ones, reference.epd
 *   QuaterniTS's, controllers.epd and pawn-vectors.epd the agreement of
 *   independent backends);
 * - searches deep enough to transpose do hit the table, and still give the
 *   published count of the chess start (4865609 at depth 5) and, for a
 *   Quaternity position, the unhashed count of every backend, which must
 *   agree;
 * - the key the hashed recursion keeps incrementally is the key of the
 *   position computed from scratch: every child of every fixture position is
 *   found in the table under its own key after a hashed search;
 * - keys: make + unmake gives the key back, all backends give a position the
 *   key of its neutral form, and two move orders reaching one position give
 *   one key;
 * - --hash-verify recomputes hits without a mismatch, and a planted wrong
 *   entry stops the search loudly. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../gen/chess/zobrist.h"
#include "../gen/quaternity/zobrist.h"
#include "cli_run.h"
#include "command.h"
#include "perft_hash.h"
#include "session.h"
#include "support.h"

static const char *const CHESS_FILES[] = {"positions/chess/published.epd", "positions/chess/famous.epd",
                                          "positions/chess/frc-special.epd"};
static const char *const QUATERNITY_FILES[] = {"positions/quaternity/reference.epd",
                                               "positions/quaternity/controllers.epd",
                                               "positions/quaternity/pawn-vectors.epd"};

static const char INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char OPENING[] = "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/"
                              "rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/"
                              "3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";
/* White controls every army, so it moves every ply and move orders
 * transpose from ply 2 on. */
static const char ONE_CONTROLLER[] = "rK10bK/12/12/12/12/5wN6/12/3bR8/12/12/12/wK10gK w wwww";

enum { SMALL_DEPTH = 3, TABLE_MIB = 4 };

static PerftHash *table_new(void)
{
    PerftHash *table = perft_hash_create(TABLE_MIB);
    cr_assert(table != NULL, "perft_hash_create(%d) failed", TABLE_MIB);
    return table;
}

static Position parse(const char *text)
{
    Position pos;
    char err[ERROR_TEXT_MAX];
    cr_assert(position_parse(text, &pos, err, sizeof err) == 0, "%s", err);
    return pos;
}

static ZobristKey reference_key(const Position *pos)
{
    return pos->game == GAME_CHESS ? chess_zobrist_position128(pos) : quaternity_zobrist_position128(pos);
}

/* ---- counts with and without the table ---- */

/* Without bulk counting Quaternity stops a ply short: depth 3 made move by
 * move is most of the test's time in debug builds, and the deep tests below
 * search without bulk counting too. */
static void check_counts_file(const char *file, Game game)
{
    const int no_bulk_depth = game == GAME_CHESS ? SMALL_DEPTH : SMALL_DEPTH - 1;
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(game, backends), count, checked = 0;
    EpdEntry *entries = fixtures_load(file, &count);
    for (int b = 0; b < n; b++) {
        /* One table per mode, shared by the positions and depths of the
         * file, so entries of other positions are there to be wrongly hit. */
        PerftHash *tables[2] = {table_new(), table_new()};
        for (int i = 0; i < count; i++) {
            const EpdEntry *e = &entries[i];
            void *state = instance_open(backends[b], &e->pos);
            for (int depth = 1; depth <= SMALL_DEPTH; depth++)
                for (int bulk = 0; bulk <= 1; bulk++) {
                    if (!bulk && depth > no_bulk_depth)
                        continue;
                    uint64_t plain = backends[b]->perft(state, depth, bulk);
                    uint64_t hashed = backends[b]->perft_hashed(state, depth, bulk, tables[bulk]);
                    EXPECT(hashed == plain, "[%s] %s:%d %s depth %d bulk %d: %llu with the table, %llu without",
                           backends[b]->name, file, e->line, e->id, depth, bulk, (unsigned long long)hashed,
                           (unsigned long long)plain);
                    EXPECT(!e->has[depth] || hashed == e->expected[depth],
                           "[%s] %s:%d %s depth %d: %llu with the table, the file says %llu\n  %s\n  %s",
                           backends[b]->name, file, e->line, e->id, depth, (unsigned long long)hashed,
                           (unsigned long long)e->expected[depth], e->text,
                           first_divergence(backends[b], &e->pos, depth));
                    checked++;
                }
            instance_close(backends[b], state);
        }
        for (int bulk = 0; bulk <= 1; bulk++) {
            cr_assert(perft_hash_counts(tables[bulk]).stores > 0, "[%s] %s: nothing was stored", backends[b]->name,
                      file);
            perft_hash_destroy(tables[bulk]);
        }
    }
    free(entries);
    cr_assert(checked == n * count * (SMALL_DEPTH + no_bulk_depth));
}

Test(hash, chess_fixture_counts, .timeout = 120 * TEST_SLOWDOWN)
{
    for (size_t f = 0; f < sizeof CHESS_FILES / sizeof *CHESS_FILES; f++)
        check_counts_file(CHESS_FILES[f], GAME_CHESS);
}

Test(hash, quaternity_fixture_counts, .timeout = 120 * TEST_SLOWDOWN)
{
    for (size_t f = 0; f < sizeof QUATERNITY_FILES / sizeof *QUATERNITY_FILES; f++)
        check_counts_file(QUATERNITY_FILES[f], GAME_QUATERNITY);
}

/* ---- statistics with a table made for them ---- */

/* Every chess backend's statistics through one table of statistics (shared
 * by the positions and depths of the fixture files, so other positions'
 * entries are there to be wrongly hit) against its own plain recursion,
 * column by column; the table is hit. */
Test(hash, chess_statistics_with_the_table_are_the_plain_recursions, .timeout = 180 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    for (int b = 0; b < n; b++) {
        if (!backends[b]->core || !backends[b]->core->perft_stats)
            continue;
        PerftHash *table = perft_hash_create_stats_threads(TABLE_MIB, 1);
        cr_assert(table && perft_hash_holds_stats(table));
        for (size_t f = 0; f < sizeof CHESS_FILES / sizeof *CHESS_FILES; f++) {
            int count;
            EpdEntry *entries = fixtures_load(CHESS_FILES[f], &count);
            for (int i = 0; i < count; i++) {
                void *state = instance_open(backends[b], &entries[i].pos);
                for (int depth = 1; depth <= SMALL_DEPTH + 1; depth++) {
                    PerftStats plain, hashed;
                    cr_assert(backends[b]->perft_stats(state, depth, &plain));
                    cr_assert(backends[b]->perft_stats_hashed(state, depth, table, &hashed));
                    PerftStatsColumn c = perft_stats_first_difference(&hashed, &plain);
                    EXPECT(c == STATS_COLUMNS, "[%s] %s:%d %s depth %d: %s %llu with the table, %llu without",
                           backends[b]->name, CHESS_FILES[f], entries[i].line, entries[i].id, depth,
                           perft_stats_column_name(c), (unsigned long long)hashed.count[c],
                           (unsigned long long)plain.count[c]);
                }
                instance_close(backends[b], state);
            }
            free(entries);
        }
        PerftHashCounts used = perft_hash_counts(table);
        cr_expect(used.hits > 0 && used.stores > 0, "[%s] the table of statistics was never hit (%llu stores)",
                  backends[b]->name, (unsigned long long)used.stores);
        perft_hash_destroy(table);
    }
}

/* A table holds one kind: counts through a table of statistics and
 * statistics through a table of counts are counted without it, and right. */
Test(hash, a_table_of_one_kind_is_not_read_for_the_other)
{
    const Backend *backends[BACKENDS_MAX];
    backends_of(GAME_CHESS, backends);
    Position pos = parse(INITIAL);
    void *state = instance_open(backends[0], &pos);
    PerftHash *stats_table = perft_hash_create_stats_threads(1, 1), *counts_table = table_new();
    cr_assert(stats_table && !perft_hash_holds_stats(counts_table));
    cr_expect_eq(backends[0]->perft_hashed(state, 4, true, stats_table), 197281); /* CPW "Perft Results" */
    cr_expect_eq(perft_hash_counts(stats_table).hits, 0);
    PerftStats plain, through_counts;
    cr_assert(backends[0]->perft_stats(state, 4, &plain));
    cr_assert(backends[0]->perft_stats_hashed(state, 4, counts_table, &through_counts));
    cr_expect(perft_stats_equal(&plain, &through_counts));
    cr_expect_eq(perft_hash_counts(counts_table).probes, 0);
    cr_expect(perft_hash_create_stats_threads(0, 1) == NULL);
    perft_hash_destroy(stats_table);
    perft_hash_destroy(counts_table);
    instance_close(backends[0], state);
}

/* Deep enough for move orders to transpose: the table is hit, bulk counting on
 * and off, and a table filled with bulk counting on serves a search with it
 * off.  `published` is 0 when the count is the unhashed one of every
 * backend, which must then agree. */
static void check_transpositions(const char *text, int depth, uint64_t published)
{
    Position pos = parse(text);
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(pos.game, backends);
    uint64_t agreed = published;
    for (int b = 0; b < n; b++) {
        void *state = instance_open(backends[b], &pos);
        uint64_t plain = backends[b]->perft(state, depth, 1);
        if (!agreed)
            agreed = plain;
        EXPECT(plain == agreed, "[%s] unhashed perft(%d) %llu, expected %llu", backends[b]->name, depth,
               (unsigned long long)plain, (unsigned long long)agreed);
        PerftHash *shared = table_new();
        for (int bulk = 1; bulk >= 0; bulk--) {
            PerftHash *fresh = table_new();
            uint64_t hashed = backends[b]->perft_hashed(state, depth, bulk, fresh);
            PerftHashCounts c = perft_hash_counts(fresh);
            EXPECT(hashed == agreed, "[%s] bulk %d: perft(%d) %llu with the table, expected %llu", backends[b]->name,
                   bulk, depth, (unsigned long long)hashed, (unsigned long long)agreed);
            EXPECT(c.hits > 0 && c.hits < c.probes, "[%s] bulk %d: %llu hits of %llu probes", backends[b]->name, bulk,
                   (unsigned long long)c.hits, (unsigned long long)c.probes);
            perft_hash_destroy(fresh);
            uint64_t reused = backends[b]->perft_hashed(state, depth - 1, bulk, shared);
            uint64_t again = backends[b]->perft(state, depth - 1, 1);
            EXPECT(reused == again, "[%s] bulk %d: perft(%d) %llu from a table of the other mode, %llu without",
                   backends[b]->name, bulk, depth - 1, (unsigned long long)reused, (unsigned long long)again);
        }
        perft_hash_destroy(shared);
        instance_close(backends[b], state);
    }
}

Test(hash, chess_start_transposes, .timeout = 120 * TEST_SLOWDOWN)
{
    check_transpositions(INITIAL, 5, 4865609); /* published */
}

Test(hash, quaternity_one_controller_transposes, .timeout = 120 * TEST_SLOWDOWN)
{
    check_transpositions(ONE_CONTROLLER, 4, 0); /* agreement of the backends */
}

/* Two threads, an instance each, one table: they store into and probe the
 * same entries at once, and each still gets the published count. */
typedef struct SharedRun {
    const Backend *backend;
    const Position *pos;
    PerftHash *table;
    int bulk;
    uint64_t nodes;
} SharedRun;

static void *run_shared(void *arg)
{
    SharedRun *r = arg;
    void *state = r->backend->create(r->backend);
    if (!state)
        return NULL;
    r->backend->load(state, r->pos);
    r->nodes = r->backend->perft_hashed(state, 5, r->bulk, r->table);
    r->backend->destroy(state);
    return NULL;
}

Test(hash, threads_share_one_table, .timeout = 120 * TEST_SLOWDOWN)
{
    Position pos = parse(INITIAL);
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    for (int b = 0; b < n; b++) {
        PerftHash *table = perft_hash_create(1); /* small: the threads collide on entries */
        cr_assert(table != NULL);
        SharedRun runs[2] = {{backends[b], &pos, table, 1, 0}, {backends[b], &pos, table, 0, 0}};
        pthread_t threads[2];
        for (int t = 0; t < 2; t++)
            cr_assert(pthread_create(&threads[t], NULL, run_shared, &runs[t]) == 0);
        for (int t = 0; t < 2; t++)
            pthread_join(threads[t], NULL);
        for (int t = 0; t < 2; t++)
            EXPECT(runs[t].nodes == 4865609, "[%s] thread %d (bulk %d): %llu, published 4865609", backends[b]->name, t,
                   runs[t].bulk, (unsigned long long)runs[t].nodes);
        perft_hash_destroy(table);
    }
}

/* ---- the incremental key ---- */

/* After a hashed perft(3), every child of the position must be in the
 * table at depth 2 under the key computed from the child itself: the
 * recursion stored it under the key it kept incrementally.  This covers
 * every move kind the fixtures hold (castling, en passant, promotions,
 * pawn commitments). */
static void check_incremental_file(const char *file, Game game)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(game, backends), count;
    long children = 0;
    EpdEntry *entries = fixtures_load(file, &count);
    PerftHash *table = table_new();
    for (int b = 0; b < n; b++)
        for (int i = 0; i < count; i++) {
            const EpdEntry *e = &entries[i];
            void *state = instance_open(backends[b], &e->pos);
            perft_hash_clear(table);
            backends[b]->perft_hashed(state, 3, 1, table);
            Move moves[MAX_MOVES];
            int m = backends[b]->generate(state, moves);
            for (int k = 0; k < m; k++) {
                backends[b]->make(state, moves[k]);
                uint64_t stored = 0;
                ZobristKey key = backends[b]->key(state);
                bool hit = perft_hash_probe(table, key, 2, &stored);
                uint64_t plain = backends[b]->perft(state, 2, 1);
                char mt[MOVE_TEXT_MAX];
                move_format(game, moves[k], mt);
                EXPECT(hit && stored == plain, "[%s] %s %s after %s: %s in the table (%llu, perft(2) %llu)",
                       backends[b]->name, file, e->id, mt, hit ? "found" : "not found", (unsigned long long)stored,
                       (unsigned long long)plain);
                backends[b]->unmake(state, moves[k]);
                children++;
            }
            instance_close(backends[b], state);
        }
    perft_hash_destroy(table);
    free(entries);
    cr_assert(children > count, "%s: only %ld children checked", file, children);
}

Test(hash, chess_incremental_keys, .timeout = 120 * TEST_SLOWDOWN)
{
    for (size_t f = 0; f < sizeof CHESS_FILES / sizeof *CHESS_FILES; f++)
        check_incremental_file(CHESS_FILES[f], GAME_CHESS);
}

Test(hash, quaternity_incremental_keys, .timeout = 120 * TEST_SLOWDOWN)
{
    for (size_t f = 0; f < sizeof QUATERNITY_FILES / sizeof *QUATERNITY_FILES; f++)
        check_incremental_file(QUATERNITY_FILES[f], GAME_QUATERNITY);
}

/* ---- keys ---- */

/* Every backend gives each fixture position the key of its neutral form,
 * and every move made and unmade gives the key back. */
static void check_keys_file(const char *file, Game game)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(game, backends), count;
    long pairs = 0;
    EpdEntry *entries = fixtures_load(file, &count);
    for (int i = 0; i < count; i++) {
        const EpdEntry *e = &entries[i];
        ZobristKey want = reference_key(&e->pos);
        for (int b = 0; b < n; b++) {
            void *state = instance_open(backends[b], &e->pos);
            ZobristKey key = backends[b]->key(state);
            EXPECT(zobrist_key_equal(key, want), "[%s] %s %s: key %016llx, the neutral position's %016llx",
                   backends[b]->name, file, e->id, (unsigned long long)key.lo, (unsigned long long)want.lo);
            Move moves[MAX_MOVES];
            int m = backends[b]->generate(state, moves);
            for (int k = 0; k < m; k++) {
                backends[b]->make(state, moves[k]);
                ZobristKey child = backends[b]->key(state);
                backends[b]->unmake(state, moves[k]);
                ZobristKey back = backends[b]->key(state);
                EXPECT(zobrist_key_equal(back, key) && child.lo != key.lo && child.hi != key.hi,
                       "[%s] %s %s: key %016llx, child %016llx, after unmake %016llx", backends[b]->name, file, e->id,
                       (unsigned long long)key.lo, (unsigned long long)child.lo, (unsigned long long)back.lo);
                pairs++;
            }
            instance_close(backends[b], state);
        }
    }
    free(entries);
    cr_assert(pairs > count, "%s: only %ld make/unmake pairs", file, pairs);
}

Test(hash, keys_round_trip)
{
    for (size_t f = 0; f < sizeof CHESS_FILES / sizeof *CHESS_FILES; f++)
        check_keys_file(CHESS_FILES[f], GAME_CHESS);
    for (size_t f = 0; f < sizeof QUATERNITY_FILES / sizeof *QUATERNITY_FILES; f++)
        check_keys_file(QUATERNITY_FILES[f], GAME_QUATERNITY);
}

/* The key after `moves` played from `start` through the harness. */
static ZobristKey key_after(const Backend *backend, const char *start, const char *moves)
{
    Position pos = parse(start);
    Session s;
    char err[ERROR_TEXT_MAX];
    cr_assert(session_open(&s, backend, &pos, err, sizeof err) == 0, "%s", err);
    cr_assert(session_play(&s, moves, err, sizeof err) == 0, "[%s] %s", backend->name, err);
    ZobristKey key = backend->key(s.state);
    session_close(&s);
    return key;
}

/* Pairs of move lists from one start that reach one position. */
static const struct Transposition {
    const char *start, *a, *b;
    bool equal; /* false: a control pair that reaches different positions */
} TRANSPOSITIONS[] = {
    {INITIAL, "", "g1f3 g8f6 f3g1 f6g8", true}, /* knights out and back: the clocks differ, the key does not */
    {INITIAL, "g1f3 g8f6 b1c3", "b1c3 g8f6 g1f3", true},
    {INITIAL, "e2e3 e7e6 g1f3", "g1f3 e7e6 e2e3", true},
    /* The second ends on a double step no pawn can take en passant: its
     * square is not keyed (chess/zobrist.h).  The next pair's first does
     * leave a square a pawn can take on (e5xd6): that one is keyed. */
    {INITIAL, "e2e4 e7e5 g1f3", "g1f3 e7e5 e2e4", true},
    {INITIAL, "e2e4 a7a6 e4e5 d7d5", "e2e4 d7d5 e4e5 a7a6", false},
    {INITIAL, "e2e3 e7e5 e3e4", "e2e4 e7e5", false}, /* the same men, but the other side to move */
    {INITIAL, "e2e4", "e2e3 a7a6 e3e4", false},      /* an ep square and Black's a-pawn */
    {OPENING, "", "b4a6 d10f9 k9l7 i3j1 a6b4 f9d10 l7k9 j1i3", true},
    {OPENING, "b4a6 d10f9 k9l7 i3j1 c4d6", "c4d6 d10f9 k9l7 i3j1 b4a6", true},
    {OPENING, "b4a6 d10f9 k9l7 i3j1", "b4a6 d10f9 k9l7 i3j1 a6b4 f9d10 l7k9 j1i3 b4a6 d10f9 k9l7 i3j1", true},
    {OPENING, "b4a6", "c4d6", false},
};

Test(hash, transpositions_have_one_key)
{
    for (size_t t = 0; t < sizeof TRANSPOSITIONS / sizeof *TRANSPOSITIONS; t++) {
        const struct Transposition *tr = &TRANSPOSITIONS[t];
        Game game = parse(tr->start).game;
        const Backend *backends[BACKENDS_MAX];
        int n = backends_of(game, backends);
        ZobristKey first = key_after(backends[0], tr->start, tr->a);
        for (int b = 0; b < n; b++) {
            ZobristKey a = key_after(backends[b], tr->start, tr->a), c = key_after(backends[b], tr->start, tr->b);
            EXPECT(zobrist_key_equal(a, c) == tr->equal && (a.lo == c.lo) == tr->equal && (a.hi == c.hi) == tr->equal,
                   "[%s] '%s' and '%s' from %s: keys %016llx and %016llx should be %s", backends[b]->name, tr->a, tr->b,
                   tr->start, (unsigned long long)a.lo, (unsigned long long)c.lo, tr->equal ? "equal" : "different");
            EXPECT(zobrist_key_equal(a, first), "[%s] '%s': key %016llx, %s's %016llx", backends[b]->name, tr->a,
                   (unsigned long long)a.lo, backends[0]->name, (unsigned long long)first.lo);
        }
    }
}

/* ---- the table itself and --hash-verify ---- */

Test(hash, table_takes_only_full_key_and_depth)
{
    PerftHash *table = table_new();
    ZobristKey key = {0x123456789abcdef1ull, 0x0fedcba987654321ull}, zero = {0, 0};
    uint64_t got = 0;
    perft_hash_store(table, key, 4, 197281);
    cr_assert(perft_hash_probe(table, key, 4, &got) && got == 197281);
    cr_assert(!perft_hash_probe(table, key, 3, &got), "a hit at another depth");
    cr_assert(!perft_hash_probe(table, (ZobristKey){key.lo ^ 1ull << 63, key.hi}, 4, &got),
              "a hit on a key that differs in its first half's top bit");
    cr_assert(!perft_hash_probe(table, (ZobristKey){key.lo, key.hi ^ 1}, 4, &got),
              "a hit on a key that differs in its second half only");
    cr_assert(!perft_hash_probe(table, zero, 2, &got), "an empty entry hit key 0"); /* zero words: depth 0 */
    perft_hash_store(table, key, 5, 1ull << 60);                                    /* too large to store: ignored */
    cr_assert(!perft_hash_probe(table, key, 5, &got));
    perft_hash_clear(table);
    cr_assert(!perft_hash_probe(table, key, 4, &got), "a hit after clear");
    perft_hash_destroy(table);
    cr_assert(perft_hash_create(0) == NULL);
    cr_assert(perft_hash_create((size_t)PERFT_HASH_MAX_MIB + 1) == NULL);
}

/* --hash-verify on the chess start's perft 6 (published 119060324): some
 * hits are recomputed, none differs. */
Test(hash, verify_finds_no_mismatch, .timeout = 120 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    for (int b = 0; b < n; b++) {
        const char *name = backends[b]->name;
        CliRun r = RUN("-b", backends[b]->name, "--hash", "16", "--hash-verify", "6", INITIAL);
        cr_expect(r.status == 0, "[%s] exit %d: %s", name, r.status, r.err);
        cr_expect(strstr(r.out, "\n119060324\n") != NULL, "[%s] %s", name, r.out);
        unsigned long long verified = 0;
        const char *at = strstr(r.err, "; ");
        cr_expect(at && sscanf(at, "; %llu hits recomputed", &verified) == 1 && verified > 0,
                  "[%s] no hit was recomputed: %s", name, r.err);
        free(r.out);
        free(r.err);
    }
}

Test(hash, options_are_checked)
{
    CliRun r = RUN("--hash", "0", "1", INITIAL);
    cr_expect(r.status == 2 && strstr(r.err, "--hash '0'"), "%d %s", r.status, r.err);
    free(r.out), free(r.err);
    r = RUN("--hash-verify", "1", INITIAL);
    cr_expect(r.status == 2 && strstr(r.err, "needs --hash"), "%d %s", r.status, r.err);
    free(r.out), free(r.err);
    /* Every backend of -b all counts through the table, cleared between
     * them so that none is handed another's counts: a row each in the speed
     * table. */
    r = RUN("-b", "all", "--hash", "1", "3", INITIAL);
    int hashed = 0;
    for (const char *p = r.err; (p = strstr(p, "  bulk counting on, hash 1 MiB, 1 thread\n")); p++)
        hashed++;
    cr_expect(r.status == 0 && hashed == backend_count(GAME_CHESS) && strstr(r.out, "\n8902\n"), "%d %s", r.status,
              r.err);
    free(r.out), free(r.err);
    r = RUN("--hash", "4", "--suite", "positions/chess/famous.epd", "--max-depth", "3");
    cr_expect(r.status == 0 && strstr(r.out, "hash 4 MiB"), "%d %s", r.status, r.out);
    free(r.out), free(r.err);
}

/* A position of the chess start's tree whose key is in --hash-verify's
 * sample, found by walking the tree: 1 key in 1024 is. */
static bool find_sampled(const Backend *backend, void *state, int plies, ZobristKey *key)
{
    *key = backend->key(state);
    if (key->lo >> 54 == 0)
        return true;
    if (plies == 0)
        return false;
    Move moves[MAX_MOVES];
    int m = backend->generate(state, moves);
    for (int k = 0; k < m; k++) {
        backend->make(state, moves[k]);
        bool found = find_sampled(backend, state, plies - 1, key);
        if (found)
            return true; /* left made: the caller searches from there */
        backend->unmake(state, moves[k]);
    }
    return false;
}

/* Runs count(arg) in a child process, its stderr read into said: the exit
 * status as waitpid gives it. */
static int stderr_of_child(void (*count)(void *arg), void *arg, char *said, size_t size)
{
    int pipe_fds[2];
    cr_assert(pipe(pipe_fds) == 0);
    fflush(NULL);
    pid_t child = fork();
    cr_assert(child >= 0);
    if (child == 0) {
        dup2(pipe_fds[1], STDERR_FILENO);
        close(pipe_fds[0]), close(pipe_fds[1]);
        count(arg);
        _exit(0); /* not caught */
    }
    close(pipe_fds[1]);
    size_t held = 0;
    for (ssize_t got; held < size - 1 && (got = read(pipe_fds[0], said + held, size - 1 - held)) > 0;)
        held += (size_t)got;
    said[held] = '\0';
    close(pipe_fds[0]);
    int status;
    cr_assert_eq(waitpid(child, &status, 0), child);
    return status;
}

typedef struct PlantedCount {
    const Backend *backend;
    void *state;
    PerftHash *table;
} PlantedCount;

static void count_hashed(void *arg)
{
    PlantedCount *p = arg;
    p->backend->perft_hashed(p->state, 3, 1, p->table);
}

static void count_stats_hashed(void *arg)
{
    PlantedCount *p = arg;
    PerftStats out;
    p->backend->perft_stats_hashed(p->state, 3, p->table, &out);
}

/* A wrong count planted in the table under a sampled key: --hash-verify
 * recomputes it and stops the process with the contract status and one
 * line naming the key's depth and both counts.  The count runs in a child
 * process whose stderr the test reads (not the suite's output). */
Test(hash, verify_catches_a_planted_count, .timeout = 60 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    backends_of(GAME_CHESS, backends);
    Position pos = parse(INITIAL);
    void *state = instance_open(backends[0], &pos);
    ZobristKey key;
    cr_assert(find_sampled(backends[0], state, 4, &key), "no sampled key within 4 plies");
    PerftHash *table = table_new();
    perft_hash_set_verify(table, true);
    uint64_t right = backends[0]->perft(state, 3, 1);
    perft_hash_store(table, key, 3, right + 1);
    char said[512];
    int status = stderr_of_child(count_hashed, &(PlantedCount){backends[0], state, table}, said, sizeof said);
    cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == BACKEND_CONTRACT_EXIT,
              "the planted count %llu (right: %llu) was not caught (status %d)", (unsigned long long)right + 1,
              (unsigned long long)right, status);
    char expected[128];
    snprintf(expected, sizeof expected, "at depth 3 is %llu, the unhashed perft counts %llu\n",
             (unsigned long long)right + 1, (unsigned long long)right);
    cr_expect(strstr(said, "--hash-verify: the table's count for key ") && strstr(said, expected), "%s", said);
    perft_hash_destroy(table);
    instance_close(backends[0], state);
}

/* The same for a table of statistics, in Quaternity: the line names the
 * column by the game's own name (checks-several-controllers; chess's
 * column at that index is checks-double-discovered). */
Test(hash, verify_names_the_games_column_of_a_planted_statistic, .timeout = 60 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    for (int b = 0; b < n; b++) {
        Position pos = parse(OPENING);
        void *state = instance_open(backends[b], &pos);
        ZobristKey key;
        cr_assert(find_sampled(backends[b], state, 4, &key), "%s: no sampled key within 4 plies", backends[b]->name);
        PerftHash *table = perft_hash_create_stats_threads(TABLE_MIB, 1);
        cr_assert(table);
        perft_hash_set_verify(table, true);
        PerftStats right, planted;
        backends[b]->perft_stats(state, 3, &right);
        planted = right;
        planted.count[QSTATS_CHECKS_SEVERAL_CONTROLLERS]++;
        perft_hash_store_stats(table, key, 3, &planted);
        char said[512];
        int status = stderr_of_child(count_stats_hashed, &(PlantedCount){backends[b], state, table}, said, sizeof said);
        cr_expect(WIFEXITED(status) && WEXITSTATUS(status) == BACKEND_CONTRACT_EXIT,
                  "%s: the planted statistic was not caught (status %d)", backends[b]->name, status);
        char expected[160];
        snprintf(expected, sizeof expected,
                 "--hash-verify: the table's checks-several-controllers for key %016llx%016llx at depth 3 is %llu, "
                 "the unhashed statistics count %llu\n",
                 (unsigned long long)key.hi, (unsigned long long)key.lo,
                 (unsigned long long)planted.count[QSTATS_CHECKS_SEVERAL_CONTROLLERS],
                 (unsigned long long)right.count[QSTATS_CHECKS_SEVERAL_CONTROLLERS]);
        cr_expect(strstr(said, expected), "%s: expected '%s', said '%s'", backends[b]->name, expected, said);
        perft_hash_destroy(table);
        instance_close(backends[b], state);
    }
}
