/* Quaternity perft against the reference counts, for every Quaternity
 * backend.
 *
 * positions/quaternity/reference.epd and opening-divide-d3.txt hold counts
 * computed with QuaterniTS, the independent TypeScript implementation of the
 * rules (copied from shared/data when the suite was set up).  The files are
 * read at test time; the tests assert how many positions and counts they
 * checked, so a truncated file cannot pass. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "support.h"

#define REFERENCE_EPD "positions/quaternity/reference.epd"
#define OPENING_DIVIDE "positions/quaternity/opening-divide-d3.txt"

/* What the reference files hold: eight positions, each with counts to depth
 * 3; the opening also to depth 4. */
enum { REFERENCE_POSITIONS = 8, REFERENCE_DEPTH = 3, OPENING_DEEP = 4 };

/* Depth at or below which perft is also run through generate/make/unmake. */
enum { INTERFACE_DEPTH = 2 };

static const EpdEntry *find_id(const EpdEntry *entries, int count, const char *id)
{
    for (int i = 0; i < count; i++)
        if (strcmp(entries[i].id, id) == 0)
            return &entries[i];
    cr_assert_fail("%s has no position with ;id %s", REFERENCE_EPD, id);
    return NULL;
}

/* The reference file and its opening; free(*entries) afterwards. */
static const EpdEntry *load_opening(EpdEntry **entries)
{
    int count;
    *entries = fixtures_load(REFERENCE_EPD, &count);
    return find_id(*entries, count, "opening");
}

Test(quaternity_reference, perft_to_depth_3_matches_quaternits, .timeout = 120 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count;
    EpdEntry *entries = fixtures_load_exactly(REFERENCE_EPD, REFERENCE_POSITIONS, &count);
    int checked = 0;
    for (int b = 0; b < n; b++) {
        const Backend *backend = backends[b];
        for (int i = 0; i < count; i++) {
            const EpdEntry *e = &entries[i];
            void *state = instance_open(backend, &e->pos);
            Position before, after;
            backend->save(state, &before);
            for (int depth = 1; depth <= REFERENCE_DEPTH; depth++) {
                cr_assert(e->has[depth], "%s:%d (%s) has no D%d count", REFERENCE_EPD, e->line, e->id, depth);
                uint64_t want = e->expected[depth];
                for (int bulk = 0; bulk <= 1; bulk++) {
                    uint64_t got = backend->perft(state, depth, bulk);
                    EXPECT(got == want, "[%s] %s D%d (bulk %d): perft %llu, QuaterniTS counts %llu", backend->name,
                           e->id, depth, bulk, (unsigned long long)got, (unsigned long long)want);
                }
                if (depth <= INTERFACE_DEPTH) {
                    uint64_t got = perft_via_interface(backend, state, depth);
                    EXPECT(got == want, "[%s] %s D%d: perft through generate/make/unmake %llu, QuaterniTS counts %llu",
                           backend->name, e->id, depth, (unsigned long long)got, (unsigned long long)want);
                }
                checked++;
            }
            backend->save(state, &after);
            EXPECT(position_equal(&before, &after), "[%s] %s: perft changed the position", backend->name, e->id);
            instance_close(backend, state);
        }
    }
    cr_assert(checked == n * REFERENCE_POSITIONS * REFERENCE_DEPTH, "checked %d counts, expected %d", checked,
              n * REFERENCE_POSITIONS * REFERENCE_DEPTH);
    free(entries);
}

Test(quaternity_reference, opening_depth_4_matches_quaternits, .timeout = 120 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    EpdEntry *entries;
    const EpdEntry *opening = load_opening(&entries);
    cr_assert(opening->has[OPENING_DEEP], "the opening has no D%d count in %s", OPENING_DEEP, REFERENCE_EPD);
    for (int b = 0; b < n; b++) {
        void *state = instance_open(backends[b], &opening->pos);
        uint64_t got = backends[b]->perft(state, OPENING_DEEP, 1);
        EXPECT(got == opening->expected[OPENING_DEEP], "[%s] opening D%d: perft %llu, QuaterniTS counts %llu",
               backends[b]->name, OPENING_DEEP, (unsigned long long)got,
               (unsigned long long)opening->expected[OPENING_DEEP]);
        instance_close(backends[b], state);
    }
    free(entries);
}

typedef struct DivideLine {
    char move[MOVE_TEXT_MAX];
    unsigned long long count;
} DivideLine;

Test(quaternity_reference, opening_divide_depth_3_matches_quaternits, .timeout = 60 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    EpdEntry *entries;
    const EpdEntry *opening = load_opening(&entries);

    FILE *file = fopen(OPENING_DIVIDE, "r");
    cr_assert(file != NULL, "cannot open %s (run the tests from the repository root)", OPENING_DIVIDE);
    DivideLine lines[MAX_MOVES];
    int line_count = 0;
    unsigned long long sum = 0;
    char buf[128];
    while (fgets(buf, sizeof buf, file)) {
        if (buf[strspn(buf, " \t\r\n")] == '\0')
            continue;
        cr_assert(line_count < MAX_MOVES, "%s: too many lines", OPENING_DIVIDE);
        DivideLine *l = &lines[line_count];
        cr_assert(sscanf(buf, "%7s %llu", l->move, &l->count) == 2, "%s line %d: not 'MOVE COUNT': %s", OPENING_DIVIDE,
                  line_count + 1, buf);
        sum += l->count;
        line_count++;
    }
    fclose(file);
    /* The divide file agrees with the EPD: one line per root move, and the
     * lines sum to the depth-3 count. */
    cr_assert(line_count == (int)opening->expected[1], "%s has %d root moves, the opening's D1 is %llu", OPENING_DIVIDE,
              line_count, (unsigned long long)opening->expected[1]);
    cr_assert(sum == opening->expected[3], "%s sums to %llu, the opening's D3 is %llu", OPENING_DIVIDE, sum,
              (unsigned long long)opening->expected[3]);

    for (int b = 0; b < n; b++) {
        Session session;
        char err[ERROR_TEXT_MAX];
        cr_assert(session_open(&session, backends[b], &opening->pos, err, sizeof err) == 0, "[%s] %s",
                  backends[b]->name, err);
        DivideEntry divide[MAX_MOVES];
        int roots = session_divide(&session, 3, 1, divide);
        session_close(&session);
        EXPECT(roots == line_count, "[%s] opening divide 3: %d root moves, QuaterniTS has %d", backends[b]->name, roots,
               line_count);
        /* Every line of the file is a root move with the same count. */
        for (int i = 0; i < line_count; i++) {
            int found = -1;
            for (int r = 0; r < roots && found < 0; r++) {
                char text[MOVE_TEXT_MAX];
                move_format(GAME_QUATERNITY, divide[r].move, text);
                if (strcmp(text, lines[i].move) == 0)
                    found = r;
            }
            EXPECT(found >= 0, "[%s] opening divide 3: QuaterniTS's root move %s is not generated", backends[b]->name,
                   lines[i].move);
            if (found >= 0)
                EXPECT(divide[found].count == lines[i].count, "[%s] opening divide 3, %s: %llu, QuaterniTS counts %llu",
                       backends[b]->name, lines[i].move, (unsigned long long)divide[found].count, lines[i].count);
        }
    }
    free(entries);
}
