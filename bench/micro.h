/* The micro-benchmark bodies: what one Google Benchmark run times for one
 * backend over a run of fixture positions.
 *
 *   generate     generate() on every position; rate: moves per second
 *   make_unmake  make() then unmake() of every legal move of every position;
 *                rate: move pairs per second
 *   perft        perft(depth, bulk) on every position; rate: nodes per second
 *
 * Every body checks what it can against the fixture file (the depth-1
 * counts, the depth's perft counts, the position after make/unmake) and
 * fails the run instead of timing wrong work. */
#ifndef BENCH_MICRO_H
#define BENCH_MICRO_H

#include "backend.h"
#include "fixtures.h"
#include "gbench.h"

typedef enum { MICRO_GENERATE, MICRO_MAKE_UNMAKE, MICRO_PERFT } MicroKind;

typedef struct MicroCase {
    MicroKind kind;
    const Backend *backend;
    const Fixtures *fixtures;
    int first, count; /* the positions: fixtures->entries[first .. first + count) */
    int depth;        /* perft only */
    bool bulk;        /* perft only: count the last ply without making it */
} MicroCase;

/* A GbenchFunction; `micro_case` is a MicroCase. */
void micro_run(GbenchState *state, void *micro_case);

#endif
