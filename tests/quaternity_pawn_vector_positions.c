/* positions/quaternity/pawn-vectors.epd: positions built from the pawn tables
 * of gen/quaternity/RULES.md#pawn-tables (one line per table or case, named by
 * ;id), for perft.
 *
 * Their counts are not in the file until the backends' agreed counts are
 * written there (scripts/agree-counts.sh); until then every backend must
 * give the same counts to depth 4, and every count in the file must match. */
#include <stdlib.h>

#include "support.h"

#define PAWN_VECTORS_EPD "positions/quaternity/pawn-vectors.epd"

enum { PAWN_VECTOR_POSITIONS = 25, AGREEMENT_DEPTH = 4 };

Test(pawn_vector_positions, every_backend_gives_the_same_counts, .timeout = 60 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count, with_counts = 0; /* positions with counts in the file */
    EpdEntry *entries = fixtures_load_exactly(PAWN_VECTORS_EPD, PAWN_VECTOR_POSITIONS, &count);
    for (int i = 0; i < count; i++) {
        const EpdEntry *e = &entries[i];
        int deepest = e->max_depth > AGREEMENT_DEPTH ? e->max_depth : AGREEMENT_DEPTH;
        for (int depth = 1; depth <= deepest; depth++) {
            uint64_t first = 0;
            for (int b = 0; b < n; b++) {
                void *state = instance_open(backends[b], &e->pos);
                uint64_t got = backends[b]->perft(state, depth, 1);
                instance_close(backends[b], state);
                if (b == 0)
                    first = got;
                EXPECT(got == first, "[%s] %s D%d: perft %llu, but %s counts %llu", backends[b]->name, e->id, depth,
                       (unsigned long long)got, backends[0]->name, (unsigned long long)first);
                if (e->has[depth])
                    EXPECT(got == e->expected[depth], "[%s] %s D%d: perft %llu, the file says %llu", backends[b]->name,
                           e->id, depth, (unsigned long long)got, (unsigned long long)e->expected[depth]);
            }
        }
        cr_assert(e->has[1] || e->max_depth == 0, "%s: counts without D1", e->id);
        with_counts += e->max_depth > 0;
    }
    /* Either no counts yet, or every position has them. */
    cr_assert(with_counts == 0 || with_counts == count, "only %d of the %d positions in %s have counts", with_counts,
              count, PAWN_VECTORS_EPD);
    free(entries);
}
