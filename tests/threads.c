/* Deep perft on threads (gen/perft/deep/deep_divide.c): for every backend of both
 * games, on every fixture position at small depths, bulk counting on and
 * off, divide on 1, 2 and 3 threads gives the same root moves and counts
 * as the one-instance divide (session_divide, which has no work units),
 * and its total is the fixture's count (published for chess; for
 * Quaternity the agreement of every backend, as each fixture file says).
 * The command line prints the same text whatever -t says, and a -t the
 * system cannot start is refused, never run on fewer threads under its
 * label. */
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "cli_run.h"
#include "command.h"
#include "deep/deep_divide.h"
#include "session.h"
#include "support.h"
#include "thread_limit.h"

static const int THREAD_COUNTS[] = {1, 2, 3};

/* Debug builds check every backend's invariants after every make and
 * unmake, many times slower: one ply less there. */
#ifdef BACKEND_DEBUG
enum { DEPTH_CUT = 1 };
#else
enum { DEPTH_CUT = 0 };
#endif

/* Divide of `e` at `depth` on each thread count, held against session_divide
 * and the fixture.  Returns how many comparisons were made. */
static int check_position(const Backend *b, const EpdEntry *e, int depth, int bulk)
{
    char message[ERROR_TEXT_MAX];
    Session s;
    cr_assert(session_open(&s, b, &e->pos, message, sizeof message) == 0, "%s", message);
    DivideEntry *expected = malloc(sizeof *expected * MAX_MOVES);
    DivideEntry *roots = malloc(sizeof *roots * MAX_MOVES);
    cr_assert(expected && roots, "out of memory");
    int n = session_divide(&s, depth, bulk, expected);
    session_close(&s);
    uint64_t expected_total = 0;
    for (int i = 0; i < n; i++)
        expected_total += expected[i].count;
    int compared = 0;
    for (size_t t = 0; t < sizeof THREAD_COUNTS / sizeof *THREAD_COUNTS; t++) {
        DeepJob job = {.backend = b, .start = e->pos, .depth = depth, .bulk = bulk, .position_text = e->text};
        CountPolicy policy = {.bulk = bulk, .threads = THREAD_COUNTS[t], .err = stderr};
        Divide divide = {.entries = roots};
        cr_assert(deep_divide(&job, &policy, NULL, &divide, message, sizeof message) == 0, "%s", message);
        const DeepResult result = divide.deep;
        const char *where = e->id;
        EXPECT(divide.signal == 0 && result.units_done == result.units, "[%s %s] %s: %zu of %zu units done",
               game_name(b->game), b->name, where, result.units_done, result.units);
        EXPECT(divide.count == n, "[%s %s] %s depth %d, %d threads: %d root moves, one instance has %d",
               game_name(b->game), b->name, where, depth, THREAD_COUNTS[t], divide.count, n);
        uint64_t total = 0;
        for (int i = 0; i < n && i < divide.count; i++) {
            char mt[MOVE_TEXT_MAX];
            move_format(b->game, expected[i].move, mt);
            EXPECT(move_equal(roots[i].move, expected[i].move) && roots[i].finished &&
                       roots[i].count == expected[i].count,
                   "[%s %s] %s depth %d bulk %d, %d threads: root move %d (%s): %llu, one instance %llu",
                   game_name(b->game), b->name, where, depth, bulk, THREAD_COUNTS[t], i, mt,
                   (unsigned long long)roots[i].count, (unsigned long long)expected[i].count);
            total += roots[i].count;
        }
        EXPECT(total == expected_total, "[%s %s] %s: total %llu, one instance %llu", game_name(b->game), b->name, where,
               (unsigned long long)total, (unsigned long long)expected_total);
        /* Enough units to keep the threads busy, unless the split had to
         * stop a ply above the leaves, or one thread counted a small count
         * itself, a root move a unit. */
        EXPECT(!result.on_caller || THREAD_COUNTS[t] == 1, "[%s %s] %s: %d threads counted on the calling thread",
               game_name(b->game), b->name, where, THREAD_COUNTS[t]);
        EXPECT(result.split == (depth > 1 ? depth - 1 : 1) || result.units >= 8 * (size_t)THREAD_COUNTS[t] ||
                   (result.on_caller && result.split == 1 && result.units == (size_t)n),
               "[%s %s] %s depth %d: %zu units at split %d for %d threads", game_name(b->game), b->name, where, depth,
               result.units, result.split, THREAD_COUNTS[t]);
        compared++;
    }
    EXPECT(!e->has[depth] || expected_total == e->expected[depth],
           "[%s %s] %s depth %d: %llu, the fixture says %llu\n  %s\n  %s", game_name(b->game), b->name, e->id, depth,
           (unsigned long long)expected_total, (unsigned long long)e->expected[depth], e->text,
           first_divergence(b, &e->pos, depth));
    free(expected);
    free(roots);
    return compared;
}

static void check_file(const char *path, Game game, int depth, int with_no_bulk)
{
    const Backend *backends[BACKENDS_MAX];
    int nb = backends_of(game, backends);
    int count;
    EpdEntry *entries = fixtures_load(path, &count);
    cr_assert(count > 0, "%s holds no positions", path);
    depth -= DEPTH_CUT;
    int compared = 0;
    for (int k = 0; k < nb; k++)
        for (int i = 0; i < count; i++) {
            int d = entries[i].max_depth < depth ? entries[i].max_depth : depth;
            if (d < 1)
                d = 1;
            compared += check_position(backends[k], &entries[i], d, 1);
            if (with_no_bulk)
                compared += check_position(backends[k], &entries[i], d, 0);
        }
    cr_assert(compared >= nb * count * 3, "%s: only %d comparisons", path, compared);
    free(entries);
}

Test(threads, chess_famous_positions_depth_4_bulk_on_and_off, .timeout = 120 * TEST_SLOWDOWN)
{
    check_file("positions/chess/famous.epd", GAME_CHESS, 4, 1);
}

/* Many of these have one to five root moves: the split goes deeper. */
Test(threads, chess_published_positions_depth_3, .timeout = 120 * TEST_SLOWDOWN)
{
    check_file("positions/chess/published.epd", GAME_CHESS, 3, 0);
}

/* Chess960 and Double Fischer Random positions that break castling code. */
Test(threads, chess960_special_positions_depth_4_bulk_on_and_off, .timeout = 120 * TEST_SLOWDOWN)
{
    check_file("positions/chess/frc-special.epd", GAME_CHESS, 4, 1);
}

Test(threads, quaternity_reference_positions_depth_3_bulk_on_and_off, .timeout = 120 * TEST_SLOWDOWN)
{
    check_file("positions/quaternity/reference.epd", GAME_QUATERNITY, 3, 1);
}

Test(threads, quaternity_controller_and_pawn_positions_depth_3, .timeout = 120 * TEST_SLOWDOWN)
{
    check_file("positions/quaternity/controllers.epd", GAME_QUATERNITY, 3, 1);
    check_file("positions/quaternity/pawn-vectors.epd", GAME_QUATERNITY, 3, 0);
}

/* ---- the command line ---- */

static const char KIWIPETE[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

Test(threads, divide_text_is_the_same_on_every_thread_count, .timeout = 60 * TEST_SLOWDOWN)
{
    const char *backends[] = {"mailbox", "padded", "bitboard"};
    for (int k = 0; k < 3; k++) {
        CliRun one = RUN("-b", backends[k], "3", KIWIPETE, "e1g1");
        cr_assert(one.status == 0, "%s: %s", backends[k], one.err);
        const char *threads[] = {"2", "3", "0"};
        for (int t = 0; t < 3; t++) {
            CliRun many = RUN("-b", backends[k], "-t", threads[t], "3", KIWIPETE, "e1g1");
            EXPECT(many.status == 0 && strcmp(many.out, one.out) == 0, "%s -t %s: divide differs:\n%s\nvs\n%s",
                   backends[k], threads[t], many.out, one.out);
            free(many.out);
            free(many.err);
        }
        free(one.out);
        free(one.err);
    }
}

Test(threads, wrong_thread_options_are_refused)
{
    const char *bad[] = {"-1x", "1025", "two", ""};
    for (int i = 0; i < 4; i++) {
        CliRun r = RUN("-t", bad[i], "2", KIWIPETE);
        EXPECT(r.status == 2 && strstr(r.err, "--threads") && strchr(r.err, '\n') == r.err + strlen(r.err) - 1,
               "-t '%s': status %d, %s", bad[i], r.status, r.err);
        free(r.out);
        free(r.err);
    }
    /* -b all counts every backend on the threads. */
    CliRun all = RUN("-b", "all", "-t", "2", "2", KIWIPETE);
    EXPECT(all.status == 0 && strstr(all.err, "agree at depth 2") && strstr(all.err, "2 threads"),
           "-b all -t 2: status %d, %s", all.status, all.err);
    free(all.out);
    free(all.err);
    CliRun random = RUN("--random", "2", "-t", "2");
    EXPECT(random.status == 2 && strstr(random.err, "--random"), "--random -t 2: status %d, %s", random.status,
           random.err);
    free(random.out);
    free(random.err);
    CliRun suite = RUN("--suite", "positions/chess/famous.epd", "--checkpoint", "/nonexistent/x");
    EXPECT(suite.status == 2 && strstr(suite.err, "--checkpoint"), "--suite --checkpoint: status %d, %s", suite.status,
           suite.err);
    free(suite.out);
    free(suite.err);
}

/* Before: -t 1000 where the system started 21 threads counted on those 21
 * and said "1000 threads".  Now fewer than asked is refused in one line
 * saying what started, the divide not printed. */
Test(threads, threads_the_system_refuses_are_said_not_labelled)
{
    thread_limit_set(5);
    CliRun r = RUN("-b", "bitboard", "-t", "8", "3", KIWIPETE);
    thread_limit_set(-1);
    EXPECT(r.status == 2 && r.out[0] == '\0' &&
               strcmp(r.err, "perft: -t 8: the system started 5 counting threads and refused the next (Resource "
                             "temporarily unavailable): give -t 5 or fewer\n") == 0,
           "-t 8 with 5 threads allowed: status %d, stdout '%s', stderr %s", r.status, r.out, r.err);
    cli_free(&r);
    thread_limit_set(0);
    CliRun none = RUN("-b", "bitboard", "-t", "2", "3", KIWIPETE);
    thread_limit_set(-1);
    EXPECT(none.status == 2 && strcmp(none.err, "perft: cannot start a counting thread: Resource temporarily "
                                                "unavailable\n") == 0,
           "-t 2 with no thread allowed: status %d, stderr %s", none.status, none.err);
    cli_free(&none);
    /* Within the limit, the label is the threads that ran (97862: kiwipete
     * perft 3, published, positions/chess/famous.epd). */
    thread_limit_set(8);
    CliRun fits = RUN("-b", "bitboard", "-t", "8", "3", KIWIPETE);
    thread_limit_set(-1);
    EXPECT(fits.status == 0 && strstr(fits.err, ", 8 threads,") && divide_total(fits.out) == 97862,
           "-t 8 with 8 threads allowed: status %d, stderr %s", fits.status, fits.err);
    cli_free(&fits);
}
