/* The fixture positions of one game, read at run time from an EPD file
 * (positions/quaternity/reference.epd, positions/chess/famous.epd) with the
 * harness's EPD reader, so the benchmarks and the perft suites share one
 * source of positions and expected counts. */
#ifndef BENCH_FIXTURES_H
#define BENCH_FIXTURES_H

#include <stddef.h>

#include "epd.h"

enum { FIXTURES_MAX = 64 };

typedef struct Fixtures {
    Game game;
    const char *path;
    int count;
    EpdEntry entries[FIXTURES_MAX];
} Fixtures;

/* Reads every position of `path`; each must be a position of `game`.
 * Returns 0, or -1 with a message in err. */
int fixtures_load(Fixtures *fixtures, Game game, const char *path, char *err, size_t errlen);

#endif
