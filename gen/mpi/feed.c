#include "feed.h"

#include <stdlib.h>
#include <string.h>

bool remote_feed_init(RemoteFeed *f, Channels channels, int threads, bool stats)
{
    f->channels = channels;
    f->stats = stats;
    f->threads = calloc((size_t)threads, sizeof *f->threads);
    return f->threads != NULL;
}

/* Sends the thread's report (asking for one more unit) and posts the
 * receive of its answer in slot `slot`. */
static void ask(RemoteFeed *f, int thread, int slot)
{
    struct ThreadFeed *t = &f->threads[thread];
    MPI_Send(&t->report, request_bytes(f->stats), MPI_BYTE, 0, thread, f->channels.requests);
    t->report = (UnitRequest){.finished = -1};
    MPI_Irecv(&t->answers[slot], sizeof t->answers[slot], MPI_BYTE, 0, thread, f->channels.answers, &t->receives[slot]);
}

static bool take(void *context, int thread, size_t *index, Move *path, int *split)
{
    RemoteFeed *f = context;
    struct ThreadFeed *t = &f->threads[thread];
    if (!t->started) {
        t->started = true;
        t->report = (UnitRequest){.finished = -1};
        for (int slot = 0; slot < UNITS_IN_HAND; slot++)
            ask(f, thread, slot);
    }
    int slot = t->oldest;
    MPI_Wait(&t->receives[slot], MPI_STATUS_IGNORE);
    const UnitAnswer *a = &t->answers[slot];
    if (a->index < 0 || a->split < 0 || a->split > MAX_DEPTH) {
        /* Stop: the answers still on their way say stop too. */
        for (int k = 1; k < UNITS_IN_HAND; k++)
            MPI_Wait(&t->receives[(slot + k) % UNITS_IN_HAND], MPI_STATUS_IGNORE);
        return false;
    }
    *index = (size_t)a->index;
    *split = a->split;
    memcpy(path, a->path, sizeof *path * (size_t)a->split);
    t->oldest = (slot + 1) % UNITS_IN_HAND;
    return true;
}

/* The unit is counted: report it, asking for the next, whose answer takes
 * the slot the unit came in. */
static void done(void *context, int thread, size_t index, uint64_t count, const PerftStats *stats)
{
    RemoteFeed *f = context;
    struct ThreadFeed *t = &f->threads[thread];
    t->report = (UnitRequest){.finished = (int64_t)index, .count = count, .stats = stats ? *stats : (PerftStats){{0}}};
    ask(f, thread, (t->oldest + UNITS_IN_HAND - 1) % UNITS_IN_HAND);
}

UnitFeed remote_feed(RemoteFeed *f)
{
    return (UnitFeed){take, done, f, NULL}; /* no node budget over MPI */
}

void remote_feed_free(RemoteFeed *f)
{
    free(f->threads);
    f->threads = NULL;
}
