#include "master.h"

#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "deep/counting_threads.h"
#include "deep/interrupt.h"

/* How long the master sleeps when no request is waiting.  Each remote
 * thread has a unit in hand while it waits for the next, so the pause is
 * hidden as long as a unit takes longer (milliseconds at the depths worth
 * a cluster); a busy master does not sleep at all.  A shorter pause, tried
 * first, gave the master a noticeable share of a CPU and no shorter round
 * trip. */
static const struct timespec POLL_PAUSE = {0, 1000 * 1000};

int master_init(Master *m, Channels channels, const int *first_thread, int ranks, const DeepJob *job, PerftHash *shared)
{
    *m = (Master){.channels = channels,
                  .first_thread = first_thread,
                  .workers = first_thread[ranks] - first_thread[1],
                  .job = job,
                  .shared = shared,
                  .local_threads = first_thread[1]};
    pthread_mutex_init(&m->lock, NULL);
    m->stats.start = seconds_now();
    m->stops = calloc((size_t)first_thread[ranks] + 1, 1);
    return m->stops ? 0 : -1;
}

/* A thread stops (runs out of units): the times of the idle tail. */
static void note_stop(Master *m)
{
    pthread_mutex_lock(&m->lock);
    double now = seconds_now();
    if (m->stats.first_stop == 0)
        m->stats.first_stop = now;
    m->stats.last_stop = now;
    m->stats.stop_sum += now;
    pthread_mutex_unlock(&m->lock);
}

/* Rank 0's threads: the run's own queue, as bin/perft's threads. */
static bool local_take(void *context, int thread, size_t *index, Move *path, int *split)
{
    (void)thread;
    Master *m = context;
    if (deep_work_take(m->work, index, path, split))
        return true;
    note_stop(m);
    return false;
}

static void local_done(void *context, int thread, size_t index, uint64_t count, const PerftStats *stats)
{
    (void)thread;
    Master *m = context;
    deep_work_done(m->work, index, count, stats);
    pthread_mutex_lock(&m->lock);
    m->stats.local_units++;
    pthread_mutex_unlock(&m->lock);
}

/* Answers the request just received: the next unit of `work` (NULL: none). */
static void answer(Master *m, DeepWork *work, const MPI_Status *status)
{
    double begin = seconds_now();
    m->stats.messages_in++;
    m->stats.bytes_in += (unsigned long long)request_bytes(m->job->stats);
    if (m->request.finished >= 0 && work) {
        if ((size_t)m->request.finished < deep_work_units(work)) {
            deep_work_done(work, (size_t)m->request.finished, m->request.count,
                           m->job->stats ? &m->request.stats : NULL);
            m->stats.units++;
        }
    }
    UnitAnswer a = {.index = -1};
    size_t index;
    int split = 0;
    if (work && deep_work_take(work, &index, a.path, &split)) {
        a.index = (int64_t)index;
        a.split = split;
    } else {
        m->stopped++;
        /* The last stop a thread gets: it has counted all it held. */
        if (m->stops && ++m->stops[m->first_thread[status->MPI_SOURCE] + status->MPI_TAG] == UNITS_IN_HAND)
            note_stop(m);
    }
    int bytes = answer_bytes(split);
    MPI_Send(&a, bytes, MPI_BYTE, status->MPI_SOURCE, status->MPI_TAG, m->channels.answers);
    m->stats.messages_out++;
    m->stats.bytes_out += (unsigned long long)bytes;
    m->stats.service_seconds += seconds_now() - begin;
}

/* Serves requests until every worker is stopped, or an interrupt. */
static void serve(Master *m, DeepWork *work)
{
    while (m->stopped < m->workers * UNITS_IN_HAND && !interrupt_signal()) {
        if (!m->receiving) {
            MPI_Irecv(&m->request, sizeof m->request, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, m->channels.requests,
                      &m->receive);
            m->receiving = true;
        }
        int arrived = 0;
        MPI_Status status;
        MPI_Test(&m->receive, &arrived, &status);
        if (arrived) {
            m->receiving = false;
            answer(m, work, &status);
            continue;
        }
        if (work)
            deep_work_progress(work);
        nanosleep(&POLL_PAUSE, NULL);
    }
}

int master_execute(DeepWork *work, void *context, char *err, size_t errlen)
{
    Master *m = context;
    m->work = work;
    UnitFeed feed = {local_take, local_done, m, NULL};
    CountingThreads *local = NULL;
    if (m->local_threads > 0 &&
        !(local = counting_threads_start(m->job, m->shared, m->local_threads, &feed, err, errlen)))
        return -1;
    serve(m, work);
    if (interrupt_signal())
        return 0; /* the threads are left in their units: the process ends soon */
    while (local && !counting_threads_wait(local, 0.05))
        deep_work_progress(work);
    if (local)
        counting_threads_join(local);
    m->work = NULL;
    return 0;
}

void master_drain(Master *m)
{
    serve(m, NULL);
    pthread_mutex_destroy(&m->lock);
    free(m->stops);
    m->stops = NULL;
}

void master_report(const Master *m, int ranks, FILE *err)
{
    const MasterStats *s = &m->stats;
    int threads = m->workers + m->local_threads;
    double end = s->last_stop ? s->last_stop : seconds_now();
    double seconds = end - s->start, units = s->units ? (double)s->units : 1.0;
    size_t all_units = s->units + s->local_units;
    unsigned long long messages = s->messages_in + s->messages_out;
    double idle = threads * end - s->stop_sum; /* thread-seconds from each one's stop to the last's */
    fprintf(err,
            "perft-mpi: %d rank%s, %d counting thread%s: %zu units in %.3f s (%.1f units/s), %zu on the other ranks "
            "with %llu messages (%.2f per unit) of %llu bytes (%.1f per unit), the master %.2f us per message; tail "
            "%.3f s from the first thread idle to the last (idle %.1f%% of the thread time)\n",
            ranks, ranks == 1 ? "" : "s", threads, threads == 1 ? "" : "s", all_units, seconds,
            seconds > 0 ? (double)all_units / seconds : 0.0, s->units, messages, (double)messages / units,
            s->bytes_in + s->bytes_out, (double)(s->bytes_in + s->bytes_out) / units,
            messages ? 1e6 * s->service_seconds / (double)messages : 0.0,
            s->last_stop ? s->last_stop - s->first_stop : 0.0, seconds > 0 ? 100.0 * idle / (threads * seconds) : 0.0);
}
