#include "feed.h"

#include <stdlib.h>
#include <string.h>

bool remote_feed_init(RemoteFeed *f, Channels channels, int threads)
{
    f->channels = channels;
    f->last = malloc(sizeof *f->last * (size_t)threads);
    if (!f->last)
        return false;
    for (int t = 0; t < threads; t++)
        f->last[t] = (struct LastUnit){-1, 0};
    return true;
}

static bool take(void *context, int thread, size_t *index, Move *path, int *split)
{
    RemoteFeed *f = context;
    UnitRequest request = {f->last[thread].index, f->last[thread].count};
    MPI_Send(&request, sizeof request, MPI_BYTE, 0, thread, f->channels.requests);
    UnitAnswer answer;
    MPI_Recv(&answer, sizeof answer, MPI_BYTE, 0, thread, f->channels.answers, MPI_STATUS_IGNORE);
    f->last[thread].index = -1;
    if (answer.index < 0 || answer.split < 0 || answer.split > MAX_DEPTH)
        return false;
    *index = (size_t)answer.index;
    *split = answer.split;
    memcpy(path, answer.path, sizeof *path * (size_t)answer.split);
    return true;
}

static void done(void *context, int thread, size_t index, uint64_t count)
{
    RemoteFeed *f = context;
    f->last[thread] = (struct LastUnit){(int64_t)index, count};
}

UnitFeed remote_feed(RemoteFeed *f)
{
    return (UnitFeed){take, done, f};
}

void remote_feed_free(RemoteFeed *f)
{
    free(f->last);
    f->last = NULL;
}
