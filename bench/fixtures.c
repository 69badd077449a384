/* Reading a game's fixture positions (see fixtures.h). */
#include "fixtures.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"

int fixtures_load(Fixtures *fixtures, Game game, const char *path, char *err, size_t errlen)
{
    fixtures->game = game;
    fixtures->path = path;
    fixtures->count = 0;
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    int line = 0, status = 0;
    EpdEntry entry;
    int r;
    while ((r = epd_next(file, path, &line, &entry, err, errlen)) > 0) {
        if (entry.pos.game != game) {
            snprintf(err, errlen, "%s:%d: not a %s position", path, entry.line, game_name(game));
            status = -1;
            break;
        }
        if (fixtures->count == FIXTURES_MAX) {
            snprintf(err, errlen, "%s: more than %d positions", path, FIXTURES_MAX);
            status = -1;
            break;
        }
        fixtures->entries[fixtures->count++] = entry;
    }
    if (r < 0)
        status = -1;
    fclose(file);
    if (status == 0 && fixtures->count == 0) {
        snprintf(err, errlen, "%s: no positions", path);
        status = -1;
    }
    return status;
}
