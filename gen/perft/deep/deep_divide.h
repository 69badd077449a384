/* The deep-count runner: one backend's divide on several threads.  The
 * tree is split into work units below the root (deep/work_units.h), enough
 * of them to keep every thread busy even when the root has few moves, and
 * handed out in order from one atomic counter to counting threads that
 * each own a backend instance (deep/counting_threads.h).  Units are summed
 * per root move, so the divide is what one thread counts.
 *
 * The same runner draws the progress line (deep/progress.h), stops taking
 * units on SIGINT or SIGTERM (deep/interrupt.h) and appends finished units
 * to a checkpoint file that a rerun resumes from (deep/checkpoint.h). */
#ifndef GEN_PERFT_DEEP_DEEP_DIVIDE_H
#define GEN_PERFT_DEEP_DEEP_DIVIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "deep/deep_job.h"
#include "divide.h"
#include "perft_count.h"
#include "perft_hash.h"

typedef struct DeepWork DeepWork;

/* Who counts the units of a deep_divide: NULL in DeepSettings for this
 * process's threads; bin/perft-mpi's master hands them to other ranks
 * (gen/mpi).  It takes units with deep_work_take until there are none,
 * reports each count with deep_work_done, may call deep_work_progress, and
 * returns 0, or -1 with a message in err.  On an interrupt it may return
 * before the units in flight have finished (they are not counted). */
typedef int (*DeepExecutor)(DeepWork *work, void *context, char *err, size_t errlen);

/* How a deep count runs. */
typedef struct DeepSettings {
    int threads;            /* counting threads, >= 1 */
    bool progress;          /* the progress line even when stderr is not a terminal */
    const char *checkpoint; /* file to append finished units to and resume from, or NULL */
    const char *label;      /* what the progress line names first ("position 3 of 12"), or NULL */
    FILE *err;              /* the progress line and checkpoint notes */
    PerftHash *table;       /* the --hash table every thread probes and fills, or NULL */
    DeepExecutor executor;  /* NULL: `threads` threads of this process */
    void *executor_context;
    size_t units_target;      /* units the split aims for; 0: from `threads` */
    uint64_t node_budget;     /* 0: none; else the count stops once it passes this many nodes (this
                                 process's threads only: UnitFeed's spend) */
    const char *workers_text; /* how the stderr line names the workers, or NULL ("2 threads") */
    bool units_lines;         /* units are lines, not distinct positions (deep/work_units.h) */
    int split;                /* plies below the root units start at; 0: the shallowest giving enough */
} DeepSettings;

typedef struct DeepResult {
    DivideEntry *roots; /* the caller's, room for MAX_MOVES; sorted by move text; a root move is
                          finished when every unit below it is */
    int root_count;
    size_t units, units_done, units_resumed; /* resumed: read from the checkpoint */
    PerftCount nodes_resumed;                /* what the resumed units count */
    size_t units_kept;                       /* in the checkpoint file at the end: resumed and appended */
    int checkpoint_errno;                    /* why appending to the checkpoint failed, or 0 */
    int split;                               /* plies below the root a unit starts at */
    int signal;                              /* SIGINT or SIGTERM when interrupted, else 0 */
    bool over_budget;                        /* stopped past settings->node_budget: the counts are partial */
    double seconds;
} DeepResult;

/* Runs `job`: 0 when done or interrupted (result->signal says which), -1
 * with a message in err (a backend that cannot be created, a checkpoint
 * refused, a count past 2^128 - 1).  Installs the SIGINT/SIGTERM handlers for the run's duration. */
int deep_divide(const DeepJob *job, const DeepSettings *settings, DeepResult *result, char *err, size_t errlen);

/* The executor's side of a run (safe from any thread).  Take: the next
 * unit still to count, its index and its `*split` moves from the start
 * position into path (room for MAX_DEPTH); false when none is left or on
 * SIGINT/SIGTERM.  Done: a unit's count (appended to the checkpoint).
 * Progress: redraws the progress line when it is due. */
bool deep_work_take(DeepWork *work, size_t *index, Move *path, int *split);
void deep_work_done(DeepWork *work, size_t index, PerftCount count);
void deep_work_progress(DeepWork *work);
size_t deep_work_units(const DeepWork *work);

#endif
