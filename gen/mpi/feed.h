/* A rank's counting threads fed by the master over MPI (protocol.h): the
 * UnitFeed of counting_threads_start (gen/perft/deep/counting_threads.h).  Each thread
 * keeps one unit in reserve: when it finishes a unit it reports it, asking
 * for the next, and starts at once on the reserve while the answer comes,
 * so the round trip to the master is hidden behind a unit's count. */
#ifndef GEN_MPI_FEED_H
#define GEN_MPI_FEED_H

#include "deep/counting_threads.h"
#include "protocol.h"

typedef struct RemoteFeed {
    Channels channels;
    bool stats; /* the requests carry statistics (--stats) */
    struct ThreadFeed {
        UnitRequest report;                  /* what the next request carries */
        UnitAnswer answers[UNITS_IN_HAND];   /* answers on their way, oldest first from `oldest` */
        MPI_Request receives[UNITS_IN_HAND]; /* their receives */
        int oldest;
        bool started;
    } * threads;
} RemoteFeed;

/* A feed for `threads` threads, reporting statistics with each unit when
 * `stats`; false when out of memory. */
bool remote_feed_init(RemoteFeed *f, Channels channels, int threads, bool stats);
UnitFeed remote_feed(RemoteFeed *f);
void remote_feed_free(RemoteFeed *f);

#endif
