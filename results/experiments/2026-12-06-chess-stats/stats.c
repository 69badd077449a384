/* Prints a chess backend's perft statistics (gen/core/perft_stats.h) of one
 * position at one depth, a column a line: the driver of the runs in
 * README.md, until bin/perft has --stats.  Usage: stats BACKEND "FEN" DEPTH. */
#include <stdio.h>
#include <stdlib.h>

#include "backend.h"
#include "position_text.h"
#include "registry.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: stats BACKEND \"FEN\" DEPTH\n");
        return 2;
    }
    const Backend *b = backend_find(argv[1], GAME_CHESS);
    Position pos;
    char err[256];
    if (!b || position_parse(argv[2], &pos, err, sizeof err) != 0) {
        fprintf(stderr, "stats: %s\n", b ? err : "no such chess backend");
        return 2;
    }
    void *state = b->create(b);
    PerftStats s;
    if (!state)
        return 1;
    b->load(state, &pos);
    if (!b->perft_stats || !b->perft_stats(state, atoi(argv[3]), &s)) {
        fprintf(stderr, "stats: %s counts no statistics\n", b->name);
        return 1;
    }
    for (int c = 0; c < STATS_COLUMNS; c++)
        printf("%s %llu\n", perft_stats_column_name(c), (unsigned long long)s.count[c]);
    b->destroy(state);
    return 0;
}
