/* bin/perft-mpi: bin/perft's divide (the same command line and output,
 * gen/perft/command.c) counted by every rank of an MPI job.  Every rank parses
 * the command line; rank 0 splits the tree, hands out the units (master.h),
 * keeps the checkpoint and prints; every rank counts on its -t threads with
 * its own --hash table (feed.h).  Only rank 0 writes to stdout and stderr:
 * another rank's message is printed only when rank 0 did not fail too. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "deep/counting_threads.h"
#include "deep/interrupt.h"
#include "feed.h"
#include "master.h"
#include "output.h"
#include "position_text.h"
#include "report.h"

/* Units per counting thread the split aims for (bin/perft aims for 8): the
 * idle tail at the end is at most the largest unit, some 3 times the mean
 * (gen/mpi/README.md, cost model), so W threads over U units idle at most ~3 W / U of
 * the run: 64 a thread keep that under 5%.  Past MAX_UNITS_TARGET the
 * split stops deepening: the master serves every unit (a few us each, tens
 * with a checkpoint), so units must stay long beside W times that; one ply
 * more multiplies the units by 20 to 40. */
enum { UNITS_PER_WORKER = 64, MAX_UNITS_TARGET = 1 << 16 };

/* How long a worker rank outlives an interrupt, for rank 0 to print
 * (count_for_master). */
enum { WORKER_GRACE_SECONDS = 5 };

typedef struct MpiRun {
    int rank, ranks;
    bool met;       /* this rank has taken part in the start (meet) */
    bool leave_now; /* interrupted: rank 0's threads are still counting */
    int others_failed;
    Channels channels;
    int *first_thread; /* per rank: the number of its first counting thread over every rank */
} MpiRun;

/* The start, every rank at once: whether each got as far as the count (its
 * command line and options good, its --hash table allocated), and its
 * thread count.  Returns the number of counting threads over every rank;
 * *ready is false when some rank did not get there. */
static int meet(MpiRun *run, bool reached, int threads, bool *ready, int *first_failed)
{
    int mine[2] = {reached, threads};
    int *all = malloc(sizeof *all * 2 * (size_t)run->ranks);
    if (!all)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Allgather(mine, 2, MPI_INT, all, 2, MPI_INT, MPI_COMM_WORLD);
    run->met = true;
    int workers = 0;
    *ready = true;
    *first_failed = -1;
    free(run->first_thread);
    run->first_thread = malloc(sizeof *run->first_thread * (size_t)(run->ranks + 1));
    if (!run->first_thread)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (int r = 0; r < run->ranks; r++) {
        run->first_thread[r] = workers;
        workers += all[2 * r + 1];
        if (!all[2 * r]) {
            *ready = false;
            if (*first_failed < 0)
                *first_failed = r;
        }
    }
    run->first_thread[run->ranks] = workers;
    run->others_failed = !all[0];
    free(all);
    return workers;
}

/* A worker rank: its threads count what the master sends until it says
 * stop. */
static int count_for_master(MpiRun *run, const DeepJob *job, const CountPolicy *policy, int threads, Divide *out)
{
    char err[ERROR_TEXT_MAX];
    RemoteFeed feed;
    CountingThreads *counters = NULL;
    if (remote_feed_init(&feed, run->channels, threads, job->stats)) {
        UnitFeed unit_feed = remote_feed(&feed);
        counters = counting_threads_start(job, policy->table ? policy->table->hash : NULL, threads, &unit_feed, err,
                                          sizeof err);
    } else
        snprintf(err, sizeof err, "out of memory");
    if (!counters) {
        /* The master would wait for this rank's threads for ever. */
        fprintf(stderr, "perft: rank %d: %s\n", run->rank, err);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    /* mpirun turns Ctrl-C into SIGTERM to every rank at once.  A worker
     * killed by it at once could make mpirun end the job before rank 0 has
     * printed the finished root moves (seen: 1 run in 3 printed nothing),
     * so a worker keeps the signal and leaves only after a grace time in
     * which rank 0 prints and exits, which ends the job. */
    InterruptGuard guard;
    interrupt_install(&guard);
    while (!counting_threads_wait(counters, 0.05))
        if (interrupt_signal()) {
            sleep(WORKER_GRACE_SECONDS);
            _exit(128 + interrupt_signal());
        }
    interrupt_restore(&guard);
    counting_threads_join(counters);
    remote_feed_free(&feed);
    out->count = 0; /* rank 0 prints */
    return 0;
}

/* Rank 0's counting threads: -t's, or PERFT_MPI_RANK0_THREADS (0: rank 0
 * only hands out units, for a master node of its own or to measure the
 * messages); -1 when that is not a number from 0 to 1024. */
static int rank0_threads(int threads)
{
    const char *text = getenv("PERFT_MPI_RANK0_THREADS");
    if (!text)
        return threads;
    char *end;
    long n = strtol(text, &end, 10);
    return *text >= '0' && *text <= '9' && !*end && n <= 1024 ? (int)n : -1;
}

static int divide(const DeepJob *job, const CountPolicy *policy, Divide *out, char *err, size_t errlen, void *context)
{
    MpiRun *run = context;
    int threads = policy->threads >= 1 ? policy->threads : 1;
    if (run->rank == 0)
        threads = rank0_threads(threads);
    bool ready;
    int failed;
    int workers = meet(run, threads >= 0, threads, &ready, &failed);
    if (threads < 0) {
        snprintf(err, errlen, "PERFT_MPI_RANK0_THREADS '%s' is not a number from 0 to 1024",
                 getenv("PERFT_MPI_RANK0_THREADS"));
        return -1;
    }
    if (!ready) {
        snprintf(err, errlen, "rank %d could not start the count (its message says why)", failed);
        return -1;
    }
    if (workers == 0) {
        snprintf(err, errlen, "no rank counts: PERFT_MPI_RANK0_THREADS=0 needs a second rank");
        return -1;
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &run->channels.requests);
    MPI_Comm_dup(MPI_COMM_WORLD, &run->channels.answers);
    if (run->rank != 0)
        return count_for_master(run, job, policy, threads, out);
    Master master;
    if (master_init(&master, run->channels, run->first_thread, run->ranks, job,
                    policy->table ? policy->table->hash : NULL) < 0) {
        snprintf(err, errlen, "out of memory");
        master_drain(&master);
        return -1;
    }
    size_t target = (size_t)workers * UNITS_PER_WORKER;
    DeepExecutor executor = {master_execute, &master, target < MAX_UNITS_TARGET ? target : MAX_UNITS_TARGET};
    int status = deep_divide(job, policy, &executor, out, err, errlen);
    snprintf(out->deep.workers, sizeof out->deep.workers, "%d rank%s, %d counting thread%s", run->ranks,
             run->ranks == 1 ? "" : "s", workers, workers == 1 ? "" : "s");
    if (interrupt_signal()) {
        run->leave_now = true; /* printed, then out at once (printed()) */
        return status;
    }
    master_drain(&master);
    if (status == 0)
        master_report(&master, run->ranks, stderr); /* rank 0's standard error: perft_command's there */
    return status;
}

/* After an interrupt (SIGTERM from mpirun, which turns Ctrl-C into it, or
 * a signal to rank 0 itself) rank 0's threads are still in their units, on the
 * --hash table the command line frees next: leave now, as mpirun is
 * ending the job anyway. */
static void printed(int status, void *context)
{
    MpiRun *run = context;
    if (run->leave_now) {
        fflush(stdout);
        fflush(stderr);
        _exit(status);
    }
}

int main(int argc, char **argv)
{
    /* A line in one write: mpirun interleaves the ranks' writes, so two
     * ranks' messages would mix inside a line. */
    static char err_buffer[4096];
    setvbuf(stderr, err_buffer, _IOLBF, sizeof err_buffer);
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MpiRun run = {0};
    MPI_Comm_rank(MPI_COMM_WORLD, &run.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &run.ranks);
    if (run.rank == 0 && output_check_descriptors(stderr) != 0)
        MPI_Abort(MPI_COMM_WORLD, EXIT_OUTPUT);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (run.rank == 0)
            report_error(stderr, "this MPI library cannot serve MPI_THREAD_MULTIPLE (each counting thread talks to "
                                 "the master): build against Open MPI with thread support");
        MPI_Finalize();
        return 2;
    }
    /* Only rank 0 prints; the others' messages are kept for when only
     * they failed. */
    char *message = NULL;
    size_t message_size = 0;
    FILE *out = run.rank == 0 ? stdout : fopen("/dev/null", "w");
    FILE *err = run.rank == 0 ? stderr : open_memstream(&message, &message_size);
    if (!out || !err)
        MPI_Abort(MPI_COMM_WORLD, 2);
    CommandHooks hook = {.program = "perft-mpi",
                         .divide = divide,
                         .results_elsewhere = run.rank != 0,
                         .printed = printed,
                         .context = &run};
    int status = perft_command(argc, argv, out, err, &hook);
    if (!run.met) {
        /* The command line ended before the count (a bad argument,
         * --help, a table that could not be allocated): every rank says
         * so, and one that failed alone says why. */
        bool ready;
        int failed;
        meet(&run, false, 0, &ready, &failed);
        fflush(err);
        if (run.rank != 0 && !run.others_failed && message && message[0]) {
            const char *text = strncmp(message, "perft: ", 7) == 0 ? message + 7 : message;
            fprintf(stderr, "perft: rank %d: %s", run.rank, text);
        }
    }
    if (run.rank != 0) {
        fclose(out);
        fclose(err);
        free(message);
    } else if (fclose(stdout) != 0 && status != EXIT_OUTPUT) {
        report_error(stderr, "cannot write standard output: %s", strerror(errno ? errno : EIO));
        status = EXIT_OUTPUT;
    }
    free(run.first_thread);
    MPI_Finalize();
    return status;
}
