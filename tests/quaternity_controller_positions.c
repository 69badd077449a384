/* positions/quaternity/controllers.epd: assimilated armies (a player moving
 * two armies and guarding two kings) and frozen controllers, the cases where
 * a backend's single-king shortcuts do not apply.  The counts come from the
 * agreement of the three backends (scripts/agree-counts.sh); every backend
 * must reproduce every one of them. */
#include <stdlib.h>

#include "support.h"

#define CONTROLLERS_EPD "positions/quaternity/controllers.epd"

enum { CONTROLLER_POSITIONS = 7, CONTROLLER_COUNTS = 21 };

Test(controller_positions, every_backend_matches_every_count, .timeout = 60 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count, checked = 0;
    EpdEntry *entries = fixtures_load_exactly(CONTROLLERS_EPD, CONTROLLER_POSITIONS, &count);
    for (int i = 0; i < count; i++) {
        const EpdEntry *e = &entries[i];
        for (int depth = 1; depth <= e->max_depth; depth++) {
            if (!e->has[depth])
                continue;
            checked++;
            for (int b = 0; b < n; b++) {
                void *state = instance_open(backends[b], &e->pos);
                uint64_t got = backends[b]->perft(state, depth, 1);
                instance_close(backends[b], state);
                EXPECT(got == e->expected[depth], "[%s] %s D%d: perft %llu, the file says %llu", backends[b]->name,
                       e->id, depth, (unsigned long long)got, (unsigned long long)e->expected[depth]);
            }
        }
    }
    cr_assert(checked == CONTROLLER_COUNTS, "checked %d counts in %s, expected %d", checked, CONTROLLERS_EPD,
              CONTROLLER_COUNTS);
    free(entries);
}
