/* Chess perft against the published counts, for every chess backend.
 *
 * positions/chess/published.epd merges the chessprogramming wiki's "Perft
 * Results", the classic perftsuite.epd, Martin Sedlak's special cases and
 * python-chess's "tricky" set, every count recomputed with Stockfish.  Every
 * position is checked at every depth whose count is at most a million nodes
 * (with bulk counting; without it up to a hundred thousand; through
 * generate/make/unmake at depths 1 and 2).  Positions whose smallest count
 * is larger are checked at that smallest depth when it is at most twelve
 * million nodes; `make perft-full` runs the rest.  The tests assert how many
 * positions and counts they checked, so a truncated file cannot pass. */
#include <stdlib.h>

#include "support.h"

#define PUBLISHED_EPD "positions/chess/published.epd"

enum {
    PUBLISHED_POSITIONS = 176,
    /* The (position, depth) counts of at most SMALL_NODES in the file. */
    SMALL_NODES = 1000000,
    SMALL_COUNTS = 737,
    FIRST_HALF_COUNTS = 450,  /* positions 1-88 */
    SECOND_HALF_COUNTS = 287, /* positions 89-176 */
    /* Without bulk counting, and through the interface. */
    NO_BULK_NODES = 100000,
    INTERFACE_DEPTH = 2,
    /* Positions with no count of at most SMALL_NODES, and how many of them
     * have a smallest count of at most DEEP_NODES. */
    DEEP_ONLY_POSITIONS = 21,
    DEEP_NODES = 12000000,
    DEEP_CHECKED = 18,
};

_Static_assert(FIRST_HALF_COUNTS + SECOND_HALF_COUNTS == SMALL_COUNTS, "the halves cover every small count");

static int smallest_depth(const EpdEntry *e)
{
    for (int d = 1; d <= e->max_depth; d++)
        if (e->has[d])
            return d;
    return 0;
}

static void check_count(const Backend *b, void *state, const EpdEntry *e, int depth, int bulk)
{
    uint64_t got = b->perft(state, depth, bulk);
    EXPECT(got == e->expected[depth], "[%s] %s:%d (%s) D%d%s: perft %llu, published %llu\n  %s\n  %s", b->name,
           PUBLISHED_EPD, e->line, e->id, depth, bulk ? "" : " without bulk counting", (unsigned long long)got,
           (unsigned long long)e->expected[depth], e->text, first_divergence(b, &e->pos, depth));
}

/* Checks the counts of positions [first, last) up to SMALL_NODES; returns
 * how many (position, depth) counts that was per backend. */
static int check_small_counts(int first, int last)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    int count;
    EpdEntry *entries = fixtures_load_exactly(PUBLISHED_EPD, PUBLISHED_POSITIONS, &count);
    int counts = 0;
    for (int b = 0; b < n; b++) {
        counts = 0;
        for (int i = first; i < last && i < count; i++) {
            const EpdEntry *e = &entries[i];
            void *state = instance_open(backends[b], &e->pos);
            for (int depth = 1; depth <= e->max_depth; depth++) {
                if (!e->has[depth] || e->expected[depth] > SMALL_NODES)
                    continue;
                check_count(backends[b], state, e, depth, 1);
                if (e->expected[depth] <= NO_BULK_NODES)
                    check_count(backends[b], state, e, depth, 0);
                if (depth <= INTERFACE_DEPTH) {
                    uint64_t got = perft_via_interface(backends[b], state, depth);
                    EXPECT(got == e->expected[depth],
                           "[%s] %s (%s) D%d: perft through generate/make/unmake %llu, published %llu\n  %s\n  %s",
                           backends[b]->name, PUBLISHED_EPD, e->id, depth, (unsigned long long)got,
                           (unsigned long long)e->expected[depth], e->text,
                           first_divergence(backends[b], &e->pos, depth));
                }
                counts++;
            }
            instance_close(backends[b], state);
        }
    }
    free(entries);
    return counts;
}

/* Two halves, so that `--jobs 2` runs them side by side. */
Test(chess_published, counts_up_to_a_million_first_half, .timeout = 300 * TEST_SLOWDOWN)
{
    int counts = check_small_counts(0, PUBLISHED_POSITIONS / 2);
    cr_assert(counts == FIRST_HALF_COUNTS, "checked %d counts per backend, expected %d", counts, FIRST_HALF_COUNTS);
}

Test(chess_published, counts_up_to_a_million_second_half, .timeout = 300 * TEST_SLOWDOWN)
{
    int counts = check_small_counts(PUBLISHED_POSITIONS / 2, PUBLISHED_POSITIONS);
    cr_assert(counts == SECOND_HALF_COUNTS, "checked %d counts per backend, expected %d", counts, SECOND_HALF_COUNTS);
}

Test(chess_published, the_file_holds_every_count)
{
    /* What the two halves together must have checked: every position, and
     * SMALL_COUNTS counts of at most SMALL_NODES. */
    int count, small = 0, without_small = 0;
    EpdEntry *entries = fixtures_load_exactly(PUBLISHED_EPD, PUBLISHED_POSITIONS, &count);
    for (int i = 0; i < count; i++) {
        int here = 0;
        for (int d = 1; d <= entries[i].max_depth; d++)
            here += entries[i].has[d] && entries[i].expected[d] <= SMALL_NODES;
        small += here;
        without_small += here == 0;
        cr_assert(entries[i].max_depth >= 1, "%s:%d has no count", PUBLISHED_EPD, entries[i].line);
    }
    cr_assert(small == SMALL_COUNTS, "%s holds %d counts of at most %d nodes, expected %d", PUBLISHED_EPD, small,
              SMALL_NODES, SMALL_COUNTS);
    cr_assert(without_small == DEEP_ONLY_POSITIONS, "%d positions have no count of at most %d nodes, expected %d",
              without_small, SMALL_NODES, DEEP_ONLY_POSITIONS);
    free(entries);
}

Test(chess_published, deep_only_positions_at_their_smallest_depth, .timeout = 300 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends);
    int count, deep_only = 0, checked = 0;
    EpdEntry *entries = fixtures_load(PUBLISHED_EPD, &count);
    for (int i = 0; i < count; i++) {
        const EpdEntry *e = &entries[i];
        int d = smallest_depth(e);
        if (!d || e->expected[d] <= SMALL_NODES)
            continue;
        deep_only++;
        if (e->expected[d] > DEEP_NODES)
            continue;
        for (int b = 0; b < n; b++) {
            void *state = instance_open(backends[b], &e->pos);
            check_count(backends[b], state, e, d, 1);
            instance_close(backends[b], state);
        }
        checked++;
    }
    cr_assert(deep_only == DEEP_ONLY_POSITIONS, "%d positions without a small count, expected %d", deep_only,
              DEEP_ONLY_POSITIONS);
    cr_assert(checked == DEEP_CHECKED, "%d of them checked, expected %d", checked, DEEP_CHECKED);
    free(entries);
}
