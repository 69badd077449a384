/* The master of bin/perft-mpi, on rank 0: hands the units of a deep_divide
 * (gen/perft/deep/deep_divide.h) to every counting thread of the other ranks as
 * each asks for its next, and takes their counts (protocol.h); rank 0's own
 * threads take theirs from the run directly, as bin/perft's do.  It runs
 * as deep_divide's executor, polling for requests (MPI's blocking receive
 * spins) so that it leaves rank 0's CPUs to the counting threads, and keeps
 * the figures of the run. */
#ifndef GEN_MPI_MASTER_H
#define GEN_MPI_MASTER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "deep/deep_divide.h"
#include "protocol.h"

typedef struct MasterStats {
    size_t units;       /* counted by the other ranks in this run */
    size_t local_units; /* counted by rank 0's threads */
    unsigned long long messages_in, messages_out, bytes_in, bytes_out;
    double service_seconds; /* the master's time spent on messages */
    double start, first_stop, last_stop;
    double stop_sum; /* the workers' stop times, summed: their idle time at the end */
} MasterStats;

typedef struct Master {
    Channels channels;
    const int *first_thread; /* per rank, its first thread's number over every rank */
    int workers;             /* counting threads of the other ranks */
    int stopped;             /* stops answered: UNITS_IN_HAND per worker in the end */
    unsigned char *stops;    /* per thread over every rank: stops answered */
    const DeepJob *job;
    PerftHash *shared;
    int local_threads;    /* rank 0's */
    DeepWork *work;       /* while the local threads run */
    pthread_mutex_t lock; /* the local threads' stop times */
    MPI_Request receive;
    bool receiving;
    UnitRequest request;
    MasterStats stats;
} Master;

/* first_thread[r]: rank r's first counting thread over every rank (ranks
 * + 1 entries, the last the total); rank 0's count `job` with the --hash
 * table `shared` (or NULL).  -1 when out of memory (master_drain still
 * stops the workers). */
int master_init(Master *m, Channels channels, const int *first_thread, int ranks, const DeepJob *job,
                PerftHash *shared);

/* The DeepExecutor: serves every worker until each has been told to stop
 * (every unit counted), or until SIGINT/SIGTERM (returns at once: the
 * units in flight are not waited for, as mpirun kills the job soon). */
int master_execute(DeepWork *work, void *context, char *err, size_t errlen);

/* Tells every worker not stopped yet to stop, taking no units (after a
 * deep_divide that failed before its executor ran), and frees the master. */
void master_drain(Master *m);

/* One line on `err`: units per second, messages and bytes per unit, the
 * master's time per message and the idle time at the end. */
void master_report(const Master *m, int ranks, FILE *err);

#endif
