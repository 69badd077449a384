/* The deep-count runner: one backend's divide on several threads.  The
 * tree is split into work units below the root (deep/work_units.h), enough
 * of them to keep every thread busy even when the root has few moves, and
 * handed out in order from one atomic counter to counting threads that
 * each own a backend instance (deep/counting_threads.h).  Units are summed
 * per root move, so the divide is what one thread counts.
 *
 * The same runner stops taking units on SIGINT or SIGTERM
 * (deep/interrupt.h) and appends finished units to a checkpoint file that
 * a rerun resumes from (deep/checkpoint.h).  It prints nothing: what the
 * user sees while it runs goes to the job's watcher (deep/deep_job.h), and
 * what it counted is the Divide it returns. */
#ifndef GEN_PERFT_DEEP_DEEP_DIVIDE_H
#define GEN_PERFT_DEEP_DEEP_DIVIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "count_policy.h"
#include "deep/deep_job.h"
#include "divide.h"
#include "perft_count.h"
#include "perft_stats.h"

typedef struct DeepWork DeepWork;

/* Who counts the units of a deep_divide: NULL for this process's threads
 * (the policy's); bin/perft-mpi's master hands them to other ranks
 * (gen/mpi).  `run` takes units with deep_work_take until there are none,
 * reports each count with deep_work_done, may call deep_work_progress, and
 * returns 0, or -1 with a message in err.  On an interrupt it may return
 * before the units in flight have finished (they are not counted).
 * `units_target`: the units the split aims for (0: from the threads). */
typedef struct DeepExecutor {
    int (*run)(DeepWork *work, void *context, char *err, size_t errlen);
    void *context;
    size_t units_target;
} DeepExecutor;

/* Counts `job` under `policy` (its threads, table, node budget and unit
 * kind) into `out` (entries for MAX_MOVES; its root moves sorted by
 * standard move text, a root move finished when every unit below it is):
 * 0 when done or interrupted (out->signal says which, out->over_budget
 * when it passed the policy's node budget: the counts are partial), -1
 * with a message in err (a backend that cannot be created, a checkpoint
 * refused, a count past 2^128 - 1).  Installs the SIGINT/SIGTERM handlers
 * for the run's duration. */
int deep_divide(const DeepJob *job, const CountPolicy *policy, const DeepExecutor *executor, Divide *out, char *err,
                size_t errlen);

/* The executor's side of a run (safe from any thread).  Take: the next
 * unit still to count, its index and its `*split` moves from the start
 * position into path (room for MAX_DEPTH); false when none is left or on
 * SIGINT/SIGTERM.  Done: a unit's count (appended to the checkpoint), with
 * its statistics when the job counts them (else NULL).
 * Progress: tells the job's watcher how far the count is, when it is due. */
bool deep_work_take(DeepWork *work, size_t *index, Move *path, int *split);
void deep_work_done(DeepWork *work, size_t index, PerftCount count, const PerftStats *stats);
void deep_work_progress(DeepWork *work);
size_t deep_work_units(const DeepWork *work);

#endif
