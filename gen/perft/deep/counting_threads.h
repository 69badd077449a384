/* The threads of a deep count: each owns a backend instance loaded with the
 * job's start, takes work units from a feed until it has none, counts each
 * with the backend's own perft (through the shared hash table, if any) and
 * hands the count back.  Nothing is locked while counting. */
#ifndef GEN_PERFT_DEEP_COUNTING_THREADS_H
#define GEN_PERFT_DEEP_COUNTING_THREADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "deep/deep_job.h"
#include "perft_hash.h"
#include "perft_stats.h"

/* Where counting threads take their units and leave their counts: a run's
 * queue (deep_divide.c), or a master rank over MPI (gen/mpi).  take fills
 * the unit's index and its *split moves from the start (room for
 * MAX_DEPTH) for thread number `thread`, false when none is left; done is
 * called with the unit's count before the thread takes the next, and with
 * its statistics when the job counts them (job->stats; else NULL).
 *
 * spend (NULL: no budget) puts a node budget on the count: a unit is then
 * counted as subtrees of at most BUDGET_LEAF_DEPTH plies, each reported to
 * spend as it is counted, and the thread drops its unit (no done) and
 * stops once spend says the budget is passed.  The budget is passed by at
 * most one such subtree per thread. */
typedef struct UnitFeed {
    bool (*take)(void *context, int thread, size_t *index, Move *path, int *split);
    void (*done)(void *context, int thread, size_t index, uint64_t count, const PerftStats *stats);
    void *context;
    bool (*spend)(void *context, uint64_t nodes);
} UnitFeed;

/* Plies a budgeted count leaves to the backend's own perft at once: a few
 * thousand to a few hundred thousand nodes, so the harness's recursion
 * above costs under a percent. */
enum { BUDGET_LEAF_DEPTH = 3 };

typedef struct CountingThreads CountingThreads;

/* Starts `threads` threads counting `job`'s units from `feed`, sharing
 * `table` (or NULL).  NULL with a message in err when they cannot all
 * start (none of those started counts: fewer than asked is refused). */
CountingThreads *counting_threads_start(const DeepJob *job, PerftHash *table, int threads, const UnitFeed *feed,
                                        char *err, size_t errlen);
/* Waits at most `seconds` for every thread to run out of units: true when
 * they have. */
bool counting_threads_wait(CountingThreads *c, double seconds);
/* Waits for every thread and frees them. */
void counting_threads_join(CountingThreads *c);

/* Counts `job`'s units from `feed` on the calling thread, on `instance`
 * (loaded with the job's start, left as it was), sharing `table` (or
 * NULL): a one-thread count without a thread to start and end. */
void counting_here(const DeepJob *job, PerftHash *table, const UnitFeed *feed, void *instance);

/* The number of threads `-t 0` means: every online core. */
int threads_every_core(void);

#endif
