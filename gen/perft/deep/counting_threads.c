#include "deep/counting_threads.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct CountingThreads {
    const DeepJob *job;
    PerftHash *table;
    UnitFeed feed;
    int threads, started;
    int running;  /* under `lock`; the last to leave signals `all_left` */
    bool abandon; /* under `lock`: fewer started than asked, none counts */
    pthread_mutex_t lock;
    pthread_cond_t all_left;
    struct Counter {
        CountingThreads *owner;
        int number;
        void *instance;
        pthread_t thread;
    } * counters;
};

int threads_every_core(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (int)n : 1;
}

/* What one counter needs: the job, the shared table and the feed. */
typedef struct CountingContext {
    const DeepJob *job;
    PerftHash *table;
    const UnitFeed *feed;
} CountingContext;

/* The backend's own count from the instance's position, through the table
 * when there is one. */
static uint64_t backend_count(const CountingContext *c, void *instance, int depth)
{
    const Backend *b = c->job->backend;
    return c->table && b->perft_hashed ? b->perft_hashed(instance, depth, c->job->bulk, c->table)
                                       : b->perft(instance, depth, c->job->bulk);
}

/* The backend's statistics of the leaves `depth` plies down (its own
 * recursion, every last-ply move made; through the table, made for
 * statistics, when there is one), added into *stats; their nodes. */
static uint64_t backend_stats(const CountingContext *c, void *instance, int depth, PerftStats *stats)
{
    PerftStats below;
    const Backend *b = c->job->backend;
    if (c->table && b->perft_stats_hashed)
        b->perft_stats_hashed(instance, depth, c->table, &below);
    else
        b->perft_stats(instance, depth, &below);
    perft_stats_add(stats, &below);
    return below.count[STATS_NODES];
}

/* A count within the feed's budget: the harness walks the plies above
 * BUDGET_LEAF_DEPTH itself (the same sum as the backend's perft), so that
 * it can stop between subtrees.  False once the budget is passed.  With
 * `stats` (the job's statistics) each subtree's statistics are added in. */
static bool count_within_budget(const CountingContext *c, void *instance, int depth, uint64_t *count, PerftStats *stats)
{
    if (depth <= BUDGET_LEAF_DEPTH) {
        uint64_t n = stats ? backend_stats(c, instance, depth, stats) : backend_count(c, instance, depth);
        *count += n;
        return c->feed->spend(c->feed->context, n);
    }
    const Backend *b = c->job->backend;
    Move moves[MAX_MOVES];
    int n = b->generate(instance, moves);
    bool within = true;
    for (int i = 0; i < n && within; i++) {
        b->make(instance, moves[i]);
        within = count_within_budget(c, instance, depth - 1, count, stats);
        b->unmake(instance, moves[i]);
    }
    return within;
}

/* Counts units from the feed on `instance` (loaded with the job's start)
 * as counter number `number`, until the feed has none or the budget is
 * passed. */
static void count_feed(const CountingContext *c, int number, void *instance)
{
    const Backend *b = c->job->backend;
    size_t index;
    Move path[MAX_DEPTH];
    int split;
    bool within = true;
    while (within && c->feed->take(c->feed->context, number, &index, path, &split)) {
        for (int p = 0; p < split; p++)
            b->make(instance, path[p]);
        int depth = c->job->depth - split;
        uint64_t count = 0;
        /* A unit of a depth-1 count is a leaf: its kind is its move's,
         * which the unit cannot know (the whole depth's statistics come
         * from the root: deep_divide.c). */
        PerftStats stats = {{0}}, *with = c->job->stats && depth >= 1 ? &stats : NULL;
        if (c->feed->spend)
            within = count_within_budget(c, instance, depth, &count, with);
        else
            count = with ? backend_stats(c, instance, depth, with) : backend_count(c, instance, depth);
        if (c->job->stats && depth < 1)
            stats.count[STATS_NODES] = count;
        for (int p = split - 1; p >= 0; p--)
            b->unmake(instance, path[p]);
        if (within)
            c->feed->done(c->feed->context, number, index, count, c->job->stats ? &stats : NULL);
    }
}

void counting_here(const DeepJob *job, PerftHash *table, const UnitFeed *feed, void *instance)
{
    count_feed(&(CountingContext){job, table, feed}, 0, instance);
}

static void *count_units(void *arg)
{
    struct Counter *w = arg;
    CountingThreads *c = w->owner;
    /* The starter holds `lock` until every thread has started or one
     * could not: then none takes a unit. */
    pthread_mutex_lock(&c->lock);
    bool abandon = c->abandon;
    pthread_mutex_unlock(&c->lock);
    if (!abandon)
        count_feed(&(CountingContext){c->job, c->table, &c->feed}, w->number, w->instance);
    pthread_mutex_lock(&c->lock);
    if (--c->running == 0)
        pthread_cond_signal(&c->all_left);
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

static void counting_threads_free(CountingThreads *c)
{
    for (int t = 0; t < c->threads; t++)
        if (c->counters[t].instance)
            c->job->backend->destroy(c->counters[t].instance);
    pthread_cond_destroy(&c->all_left);
    pthread_mutex_destroy(&c->lock);
    free(c->counters);
    free(c);
}

CountingThreads *counting_threads_start(const DeepJob *job, PerftHash *table, int threads, const UnitFeed *feed,
                                        char *err, size_t errlen)
{
    const Backend *b = job->backend;
    CountingThreads *c = calloc(1, sizeof *c);
    if (!c || !(c->counters = calloc((size_t)threads, sizeof *c->counters))) {
        free(c);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    *c = (CountingThreads){.job = job, .table = table, .feed = *feed, .threads = threads, .counters = c->counters};
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->all_left, NULL);
    for (int t = 0; t < threads; t++) {
        c->counters[t] = (struct Counter){.owner = c, .number = t, .instance = b->create(b)};
        if (!c->counters[t].instance) {
            snprintf(err, errlen, "backend %s: out of memory", b->name);
            counting_threads_free(c);
            return NULL;
        }
        b->load(c->counters[t].instance, &job->start);
    }
    pthread_mutex_lock(&c->lock);
    int failure = 0;
    for (; c->started < threads; c->started++, c->running++)
        if ((failure = pthread_create(&c->counters[c->started].thread, NULL, count_units, &c->counters[c->started])) !=
            0)
            break;
    /* Fewer threads than asked is refused, not run: every line that says
     * how the count was made names the threads asked for. */
    c->abandon = c->started < threads;
    pthread_mutex_unlock(&c->lock);
    if (c->abandon && c->started == 0)
        snprintf(err, errlen, "cannot start a counting thread: %s", strerror(failure));
    else if (c->abandon)
        snprintf(err, errlen,
                 "-t %d: the system started %d counting thread%s and refused the next (%s): give -t %d or "
                 "fewer",
                 threads, c->started, c->started == 1 ? "" : "s", strerror(failure), c->started);
    if (c->abandon) {
        counting_threads_join(c);
        return NULL;
    }
    return c;
}

bool counting_threads_wait(CountingThreads *c, double seconds)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    long nanoseconds = until.tv_nsec + (long)(seconds * 1e9);
    until.tv_sec += nanoseconds / 1000000000;
    until.tv_nsec = nanoseconds % 1000000000;
    pthread_mutex_lock(&c->lock);
    if (c->running > 0)
        pthread_cond_timedwait(&c->all_left, &c->lock, &until);
    bool left = c->running == 0;
    pthread_mutex_unlock(&c->lock);
    return left;
}

void counting_threads_join(CountingThreads *c)
{
    for (int t = 0; t < c->started; t++)
        pthread_join(c->counters[t].thread, NULL);
    counting_threads_free(c);
}
