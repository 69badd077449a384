/* A rank's counting threads fed by the master over MPI (protocol.h): the
 * UnitFeed of counting_threads_start (gen/perft/parallel.h) whose take
 * sends the last count and asks for the next unit. */
#ifndef GEN_MPI_FEED_H
#define GEN_MPI_FEED_H

#include "parallel.h"
#include "protocol.h"

typedef struct RemoteFeed {
    Channels channels;
    struct LastUnit {
        int64_t index;
        uint64_t count;
    } * last; /* per thread: what the next request reports */
} RemoteFeed;

/* A feed for `threads` threads; false when out of memory. */
bool remote_feed_init(RemoteFeed *f, Channels channels, int threads);
UnitFeed remote_feed(RemoteFeed *f);
void remote_feed_free(RemoteFeed *f);

#endif
