#include "master.h"

#include <time.h>

#include "interrupt.h"
#include "session.h"

/* How long the master sleeps when no request is waiting: short beside a
 * unit (milliseconds at the depths worth a cluster), long enough that the
 * polling costs its CPU next to nothing. */
static const struct timespec POLL_PAUSE = {0, 100 * 1000};

void master_init(Master *m, Channels channels, int workers)
{
    *m = (Master){.channels = channels, .workers = workers};
    m->stats.start = seconds_now();
}

/* Answers the request just received: the next unit of `work` (NULL: none). */
static void answer(Master *m, DeepWork *work, const MPI_Status *status)
{
    double begin = seconds_now();
    m->stats.messages_in++;
    m->stats.bytes_in += sizeof m->request;
    if (m->request.finished >= 0 && work) {
        if ((size_t)m->request.finished < deep_work_units(work)) {
            deep_work_done(work, (size_t)m->request.finished, m->request.count);
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
        double now = seconds_now();
        if (m->stopped == 1)
            m->stats.first_stop = now;
        m->stats.last_stop = now;
        m->stats.stop_sum += now;
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
    while (m->stopped < m->workers) {
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
        if (interrupt_signal())
            return;
        if (work)
            deep_work_progress(work);
        nanosleep(&POLL_PAUSE, NULL);
    }
}

int master_execute(DeepWork *work, void *context, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    serve(context, work);
    return 0;
}

void master_drain(Master *m)
{
    serve(m, NULL);
}

void master_report(const Master *m, int ranks, FILE *err)
{
    const MasterStats *s = &m->stats;
    double end = m->stopped ? s->last_stop : seconds_now();
    double seconds = end - s->start, units = s->units ? (double)s->units : 1.0;
    unsigned long long messages = s->messages_in + s->messages_out;
    double idle = m->workers * end - s->stop_sum; /* thread-seconds from each one's stop to the last's */
    fprintf(err,
            "perft-mpi: %d rank%s, %d counting thread%s: %zu units in %.3f s (%.1f units/s); %llu messages (%.2f per "
            "unit), %llu bytes (%.1f per unit); master %.2f us per message; tail %.3f s from the first thread idle to "
            "the last (idle %.1f%% of the thread time)\n",
            ranks, ranks == 1 ? "" : "s", m->workers, m->workers == 1 ? "" : "s", s->units, seconds,
            seconds > 0 ? (double)s->units / seconds : 0.0, messages, (double)messages / units,
            s->bytes_in + s->bytes_out, (double)(s->bytes_in + s->bytes_out) / units,
            messages ? 1e6 * s->service_seconds / (double)messages : 0.0,
            m->stopped ? s->last_stop - s->first_stop : 0.0, seconds > 0 ? 100.0 * idle / (m->workers * seconds) : 0.0);
}
