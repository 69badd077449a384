/* The registry itself: each game has backends, and each of the three
 * representations (mailbox, padded, bitboard) is registered for each game.
 * The other test files check every backend they find; these tests make sure
 * there is something to find, so nothing passes by testing no backend. */
#include <string.h>

#include "registry.h"
#include "support.h"

static const char *const REPRESENTATIONS[] = {"mailbox", "padded", "bitboard"};

Test(registry, quaternity_has_a_backend)
{
    cr_assert(backend_count(GAME_QUATERNITY) >= 1,
              "no Quaternity backend is registered (gen/core/registry.c lists the built gen/quaternity/ folders)");
}

Test(registry, chess_has_a_backend)
{
    cr_assert(backend_count(GAME_CHESS) >= 1,
              "no chess backend is registered (gen/core/registry.c lists the built gen/chess/ folders)");
}

Test(registry, every_representation_for_every_game)
{
    for (int g = 0; g < GAME_COUNT; g++)
        for (int r = 0; r < 3; r++)
            EXPECT(backend_find(REPRESENTATIONS[r], (Game)g) != NULL, "the %s backend for %s is not registered",
                   REPRESENTATIONS[r], game_name((Game)g));
}

Test(registry, entries_are_complete_and_distinct)
{
    int entries = 0;
    for (int i = 0; backend_registry[i]; i++, entries++) {
        const Backend *b = backend_registry[i];
        cr_assert(b->name != NULL, "registry entry %d has no name", i);
        EXPECT(b->game == GAME_QUATERNITY || b->game == GAME_CHESS, "[%s] bad game %d", b->name, (int)b->game);
        /* Any one word but "all": added backends pick their own names. */
        EXPECT(b->name[0] && !strpbrk(b->name, " \t") && strcmp(b->name, "all") != 0,
               "registry entry %d is called '%s', not one word other than 'all'", i, b->name);
        EXPECT(b->summary && b->create && b->destroy && b->load && b->save && b->generate && b->make && b->unmake &&
                   b->perft,
               "[%s %s] has a NULL summary or function", game_name(b->game), b->name);
        for (int j = 0; j < i; j++)
            EXPECT(backend_registry[j]->game != b->game || strcmp(backend_registry[j]->name, b->name) != 0,
                   "[%s %s] is registered twice", game_name(b->game), b->name);
        /* Quaternity entries come first, then chess. */
        if (i > 0)
            EXPECT(backend_registry[i - 1]->game <= b->game, "[%s %s] is listed after a chess backend",
                   game_name(b->game), b->name);
    }
    cr_assert(entries >= 1, "the registry is empty");
}
