/* positions/quaternity/pinned-pawns.epd: a pawn of the mover pinned to his
 * king, each way a pin meets a pawn's moves.  The Quaternity bitboard
 * counts and visits such a node on its common path (pinned_pawn_moves:
 * only the pawn's steps that land on its pin line), the mailbox and the
 * padded board by their own legality tests: every backend, with bulk
 * counting and without, must give the file's counts (the backends' agreed
 * counts, depth 1 also checked by hand) at every depth it holds. */
#include <stdlib.h>

#include "support.h"

#define PINNED_PAWNS_EPD "positions/quaternity/pinned-pawns.epd"

enum { PINNED_PAWN_POSITIONS = 7, PINNED_PAWN_DEPTHS = 5 };

Test(pinned_pawn_positions, every_backend_bulk_and_not_gives_the_file_s_counts, .timeout = 60 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count;
    EpdEntry *entries = fixtures_load_exactly(PINNED_PAWNS_EPD, PINNED_PAWN_POSITIONS, &count);
    for (int i = 0; i < count; i++) {
        const EpdEntry *e = &entries[i];
        cr_assert(e->max_depth == PINNED_PAWN_DEPTHS, "%s: counts to depth %d, not %d", e->id, e->max_depth,
                  PINNED_PAWN_DEPTHS);
        for (int b = 0; b < n; b++)
            for (int bulk = 0; bulk <= 1; bulk++) {
                void *state = instance_open(backends[b], &e->pos);
                for (int depth = 1; depth <= e->max_depth; depth++) {
                    uint64_t got = backends[b]->perft(state, depth, bulk);
                    EXPECT(got == e->expected[depth], "[%s] %s D%d (bulk counting %s): perft %llu, the file says %llu",
                           backends[b]->name, e->id, depth, bulk ? "on" : "off", (unsigned long long)got,
                           (unsigned long long)e->expected[depth]);
                }
                instance_close(backends[b], state);
            }
    }
    free(entries);
}
