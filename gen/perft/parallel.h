/* Deep perft on several threads: the tree is split into work units below
 * the root (every line of `split` plies, enough of them to keep every
 * thread busy even when the root has few moves), handed out in order from
 * one atomic counter; each thread owns its own backend instance.  Units
 * are summed per root move, so divide prints what one thread prints.
 *
 * The same runner draws the progress line (progress.h), stops taking units
 * on SIGINT or SIGTERM (interrupt.h) and appends finished units to a
 * checkpoint file that a rerun resumes from (checkpoint.h). */
#ifndef GEN_PERFT_PARALLEL_H
#define GEN_PERFT_PARALLEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "backend.h"

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
    int threads;            /* worker threads, >= 1 */
    bool progress;          /* the progress line even when stderr is not a terminal */
    const char *checkpoint; /* file to append finished units to and resume from, or NULL */
    const char *label;      /* what the progress line names first ("position 3 of 12"), or NULL */
    FILE *err;              /* the progress line and checkpoint notes */
    void *shared;           /* passed to every run_unit: what all threads share (the --hash table, or NULL) */
    DeepExecutor executor;  /* NULL: `threads` threads of this process */
    void *executor_context;
    size_t units_target;      /* units the split aims for; 0: from `threads` */
    const char *workers_text; /* how the stderr line names the workers, or NULL ("2 threads") */
} DeepSettings;

/* What is counted: `backend` from `start`.  position_text and moves_text
 * are the command's (the position before its moves, and the moves): they
 * name the count in a checkpoint's header, with the backend, depth and
 * bulk flag. */
typedef struct DeepJob {
    const Backend *backend;
    Position start; /* after the command's moves */
    int depth;      /* >= 1 */
    int bulk;
    const char *position_text, *moves_text;
} DeepJob;

/* One root move: its count, once every unit below it has finished. */
typedef struct DeepRoot {
    Move move;
    uint64_t count;
    bool finished;
} DeepRoot;

typedef struct DeepResult {
    DeepRoot *roots; /* the caller's, room for MAX_MOVES; sorted by move text */
    int root_count;
    size_t units, units_done, units_resumed; /* resumed: read from the checkpoint */
    uint64_t nodes_resumed;                  /* what the resumed units count */
    int split;                               /* plies below the root a unit starts at */
    int signal;                              /* SIGINT or SIGTERM when interrupted, else 0 */
    double seconds;
} DeepResult;

/* Runs `job`: 0 when done or interrupted (result->signal says which), -1
 * with a message in err (a backend that cannot be created, a checkpoint
 * refused).  Installs the SIGINT/SIGTERM handlers for the run's duration. */
int deep_divide(const DeepJob *job, const DeepSettings *settings, DeepResult *result, char *err, size_t errlen);

/* The executor's side of a run (safe from any thread).  Take: the next
 * unit still to count, its index and its `*split` moves from the start
 * position into path (room for MAX_DEPTH); false when none is left or on
 * SIGINT/SIGTERM.  Done: a unit's count (appended to the checkpoint).
 * Progress: redraws the progress line when it is due. */
bool deep_work_take(DeepWork *work, size_t *index, Move *path, int *split);
void deep_work_done(DeepWork *work, size_t index, uint64_t count);
void deep_work_progress(DeepWork *work);
size_t deep_work_units(const DeepWork *work);

/* Where counting threads take their units and leave their counts: this
 * run's queue (deep_divide), or a master rank over MPI (gen/mpi).  take
 * fills the unit as deep_work_take does, for thread number `thread`; done
 * is called with its count before the thread takes the next. */
typedef struct UnitFeed {
    bool (*take)(void *context, int thread, size_t *index, Move *path, int *split);
    void (*done)(void *context, int thread, size_t index, uint64_t count);
    void *context;
} UnitFeed;

/* `threads` threads counting `job`'s units from `feed` below job->start,
 * each on its own backend instance, sharing `shared` (the --hash table or
 * NULL).  NULL with a message in err when they cannot start. */
typedef struct CountingThreads CountingThreads;
CountingThreads *counting_threads_start(const DeepJob *job, void *shared, int threads, const UnitFeed *feed, char *err,
                                        size_t errlen);
/* Waits at most `seconds` for every thread to run out of units: true when
 * they have. */
bool counting_threads_wait(CountingThreads *c, double seconds);
/* Waits for every thread and frees them. */
void counting_threads_join(CountingThreads *c);

/* One work unit's count: the backend's own perft from the unit's position
 * in `instance`, through the shared hash table DeepSettings.shared when it
 * is not NULL. */
uint64_t run_unit(const Backend *backend, void *instance, int depth, int bulk, void *shared);

/* The number of threads `-t 0` means: every online core. */
int threads_every_core(void);

#endif
