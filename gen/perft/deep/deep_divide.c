#include "deep/deep_divide.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "deep/checkpoint.h"
#include "deep/counting_threads.h"
#include "deep/interrupt.h"
#include "deep/work_units.h"
#include "registry.h"

/* Units per thread the split aims for: with units of very different sizes,
 * eight each keep the last thread's wait short; 64 at least give a
 * checkpoint and the progress line some grain on one thread. */
enum { UNITS_PER_THREAD = 8, MIN_UNITS = 64 };

/* A small count (at most this many leaves by leaves_estimate) on one
 * thread, with no checkpoint, budget or --split, is counted on the calling
 * thread one root move a unit: the split into 64 units and a thread
 * started and ended cost about as much as a depth-4 count of the community
 * gate (results/experiments/2026-12-06-suite-profile/), and a count this
 * small lasts well under a second on the bitboard, too short for a
 * progress line or a checkpoint to need more grain than its root moves. */
#define SMALL_COUNT_LEAVES 16777216.0

/* A note's room: the checkpoint's path (up to PATH_MAX) and the words. */
enum { NOTE_MAX = 8192 };

/* What the executor shares with deep_divide. */
struct DeepWork {
    const DeepJob *job;
    const CountPolicy *policy;
    const WorkUnits *units;
    const size_t *pending; /* the units still to count, in order */
    size_t pending_count;
    atomic_size_t next;         /* the next pending unit to hand out */
    PerftCount *counts;         /* per unit, valid once done */
    PerftStats *stats;          /* per unit, valid once done, when the job counts statistics; else NULL */
    atomic_uchar *done;         /* per unit */
    atomic_size_t finished;     /* units done, resumed ones included */
    PerftCount nodes;           /* under progress_lock: the done units' counts times their lines */
    bool overflow;              /* under progress_lock: nodes passed 2^128 - 1 */
    atomic_uint_fast64_t spent; /* nodes counted so far under a budget, parts of units included */
    atomic_bool over_budget;
    atomic_bool checkpoint_failed; /* an append failed: said once, at once */
    Checkpoint *checkpoint;        /* or NULL */
    size_t resumed;                /* units the checkpoint held at the start */
    pthread_mutex_t progress_lock; /* the watcher is told one thing at a time */
};

bool deep_work_take(DeepWork *r, size_t *index, Move *path, int *split)
{
    if (interrupt_signal() || atomic_load(&r->over_budget))
        return false;
    size_t k = atomic_fetch_add(&r->next, 1);
    if (k >= r->pending_count)
        return false;
    const WorkUnits *u = r->units;
    *index = r->pending[k];
    *split = u->split;
    memcpy(path, work_unit_moves(u, *index), sizeof *path * (size_t)u->split);
    return true;
}

/* The first failed append, said when it happens: a run killed after it
 * has warned, and the user knows a rerun will count those units again. */
static void checkpoint_failure_note(DeepWork *r)
{
    int failure;
    size_t kept = checkpoint_appended(r->checkpoint, &failure) + r->resumed;
    char note[NOTE_MAX];
    snprintf(note, sizeof note,
             "perft: cannot append to checkpoint %s: %s; the count goes on, the %zu unit%s in the file stay%s "
             "(the rest would be counted again)",
             r->job->checkpoint, strerror(failure), kept, kept == 1 ? "" : "s", kept == 1 ? "s" : "");
    pthread_mutex_lock(&r->progress_lock);
    if (r->job->watcher)
        r->job->watcher->note(r->job->watcher->context, note);
    pthread_mutex_unlock(&r->progress_lock);
}

/* nodes += count * the unit's lines; false past 2^128 - 1. */
static bool add_unit_nodes(PerftCount *nodes, const WorkUnits *u, size_t i, PerftCount count)
{
    PerftCount product;
    return perft_count_multiply(&product, count, work_unit_lines(u, i)) && perft_count_add(nodes, product);
}

void deep_work_done(DeepWork *r, size_t i, PerftCount count, const PerftStats *stats)
{
    r->counts[i] = count;
    if (r->stats)
        r->stats[i] = stats ? *stats : (PerftStats){{0}};
    atomic_store(&r->done[i], 1);
    pthread_mutex_lock(&r->progress_lock);
    if (!add_unit_nodes(&r->nodes, r->units, i, count))
        r->overflow = true;
    pthread_mutex_unlock(&r->progress_lock);
    atomic_fetch_add(&r->finished, 1);
    if (r->checkpoint) {
        char text[UNIT_TEXT_MAX];
        work_unit_text(r->units, r->job->start.game, i, text, sizeof text);
        if (checkpoint_append(r->checkpoint, i, count, r->stats ? &r->stats[i] : NULL, text) < 0 &&
            !atomic_exchange(&r->checkpoint_failed, true))
            checkpoint_failure_note(r);
    }
}

void deep_work_progress(DeepWork *r)
{
    const DeepWatcher *w = r->job->watcher;
    if (!w)
        return;
    pthread_mutex_lock(&r->progress_lock);
    w->update(w->context, atomic_load(&r->finished), r->units->count, r->nodes);
    pthread_mutex_unlock(&r->progress_lock);
}

size_t deep_work_units(const DeepWork *r)
{
    return r->units->count;
}

static bool feed_take(void *context, int thread, size_t *index, Move *path, int *split)
{
    (void)thread;
    return deep_work_take(context, index, path, split);
}

static void feed_done(void *context, int thread, size_t index, uint64_t count, const PerftStats *stats)
{
    (void)thread;
    deep_work_done(context, index, count, stats);
}

/* The budget's account: false once the nodes counted pass it. */
static bool feed_spend(void *context, uint64_t nodes)
{
    DeepWork *r = context;
    uint64_t spent = atomic_fetch_add(&r->spent, nodes) + nodes;
    if (spent > r->policy->node_budget)
        atomic_store(&r->over_budget, true);
    return !atomic_load(&r->over_budget);
}

/* The executor of bin/perft: this process's threads, the watcher told
 * every 50 ms (which also sees an interrupt promptly). */
static int run_threads(DeepWork *r, void *context, char *err, size_t errlen)
{
    (void)context;
    const CountPolicy *p = r->policy;
    int threads = p->threads >= 1 ? p->threads : 1;
    UnitFeed feed = {feed_take, feed_done, r, p->node_budget ? feed_spend : NULL};
    CountingThreads *c = counting_threads_start(r->job, p->table ? p->table->hash : NULL, threads, &feed, err, errlen);
    if (!c)
        return -1;
    while (!counting_threads_wait(c, 0.05))
        deep_work_progress(r);
    counting_threads_join(c);
    return 0;
}

/* The feed of a count on the calling thread: the watcher is told between
 * units, as run_threads tells it between waits. */
static void here_done(void *context, int thread, size_t index, uint64_t count, const PerftStats *stats)
{
    (void)thread;
    deep_work_done(context, index, count, stats);
    deep_work_progress(context);
}

/* The executor of a small count: one root move a unit, on this thread, on
 * the instance the tree was split in. */
static void run_here(DeepWork *r, void *instance)
{
    const CountPolicy *p = r->policy;
    UnitFeed feed = {feed_take, here_done, r, NULL};
    counting_here(r->job, p->table ? p->table->hash : NULL, &feed, instance);
}

/* The count's leaves, roughly, from its first two plies: the larger of
 * the root's moves and the replies per root move, to the power depth (the
 * start position: 160,000 at depth 4 against 197,281; Kiwipete 110,592 at
 * depth 3 against 97,862).  The larger, so that a root in check with two
 * moves and open play behind them is not taken for a small count.  It
 * decides only how a count is run, never what it counts. */
static double leaves_estimate(const Backend *b, void *instance, const Move *root, int n, int depth)
{
    double replies = 0;
    for (int i = 0; i < n && depth > 1; i++) {
        Move moves[MAX_MOVES];
        b->make(instance, root[i]);
        replies += b->generate(instance, moves);
        b->unmake(instance, root[i]);
    }
    double branching = n > 0 && replies / n > n ? replies / n : n, leaves = 1;
    for (int d = 0; d < depth && leaves <= SMALL_COUNT_LEAVES; d++)
        leaves *= branching;
    return leaves;
}

/* Collapses every run of white space to one space, trimmed: command text
 * fit for a checkpoint's tab-separated header. */
static void normalise_space(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = text ? text : ""; *p && n + 1 < size; p++) {
        bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
        if (!space)
            out[n++] = *p;
        else if (n > 0 && out[n - 1] != ' ')
            out[n++] = ' ';
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = '\0';
}

static char *identity_of(const DeepJob *job, bool units_lines)
{
    enum { FIELD_MAX = 8192 };
    char *position = malloc(FIELD_MAX), *moves = malloc(FIELD_MAX), *identity = malloc(2 * FIELD_MAX + 256);
    if (position && moves && identity) {
        normalise_space(job->position_text, position, FIELD_MAX);
        normalise_space(job->moves_text, moves, FIELD_MAX);
        snprintf(identity, 2 * FIELD_MAX + 256,
                 "game=%s\tbackend=%s\tdepth=%d\tbulk=%s\tposition=%s\tmoves=%s\tunit_kind=%s%s",
                 game_name(job->start.game), job->backend->name, job->depth, job->bulk ? "on" : "off", position, moves,
                 units_lines ? "lines" : "positions", job->stats ? "\tstats=on" : "");
    } else {
        free(identity);
        identity = NULL;
    }
    free(position);
    free(moves);
    return identity;
}

/* Opens the checkpoint, and marks the units it holds as done; -1 when it is
 * refused. */
static int resume(Checkpoint *c, const DeepJob *job, bool units_lines, WorkUnits *units, DeepWork *r, void *instance,
                  size_t target, char *err, size_t errlen)
{
    char *identity = identity_of(job, units_lines);
    if (!identity) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char warning[NOTE_MAX] = "";
    int status = checkpoint_read(c, job->checkpoint, identity, warning, sizeof warning, err, errlen);
    free(identity);
    if (warning[0] && job->watcher)
        job->watcher->note(job->watcher->context, warning);
    if (status < 0)
        return -1;
    int deepest = work_units_deepest_split(job->depth);
    if (c->existed && c->split > deepest) {
        snprintf(err, errlen, "checkpoint %s: split %d is deeper than depth %d allows (corrupt file)", c->path,
                 c->split, job->depth);
        return -1;
    }
    if (c->existed && job->split && job->split != c->split) {
        /* The file's units are what resumes: another split would count
         * other units, so the one asked for cannot be what runs. */
        snprintf(err, errlen,
                 "--split %d differs from checkpoint %s's split %d: give --split %d (or no --split) to resume it, or "
                 "another file to start over",
                 job->split, c->path, c->split, c->split);
        return -1;
    }
    if (work_units_split(job->backend, instance, job->start.game, job->depth, c->existed ? c->split : job->split,
                         target, !units_lines, units) < 0) {
        snprintf(err, errlen, "out of memory splitting the tree");
        return -1;
    }
    if (c->existed && c->units != units->count) {
        snprintf(err, errlen, "checkpoint %s holds %zu units, this position splits into %zu (corrupt file)", c->path,
                 c->units, units->count);
        return -1;
    }
    r->counts = calloc(units->count ? units->count : 1, sizeof *r->counts);
    r->done = calloc(units->count ? units->count : 1, sizeof *r->done);
    r->stats = job->stats ? calloc(units->count ? units->count : 1, sizeof *r->stats) : NULL;
    if (!r->counts || !r->done || (job->stats && !r->stats)) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t k = 0; k < c->record_count; k++) {
        const CheckpointRecord *rec = &c->records[k];
        char text[UNIT_TEXT_MAX];
        if (rec->index < units->count)
            work_unit_text(units, job->start.game, rec->index, text, sizeof text);
        if (rec->index >= units->count || strcmp(text, rec->line) != 0 || r->done[rec->index]) {
            snprintf(err, errlen,
                     "checkpoint %s: record %zu (unit %zu, %s) is not a unit of this split%s (corrupt file)", c->path,
                     k + 1, rec->index, rec->line,
                     rec->index < units->count && r->done[rec->index] ? " or is there twice" : "");
            return -1;
        }
        if (job->stats && (!rec->has_stats || rec->stats.count[STATS_NODES] != rec->count)) {
            snprintf(err, errlen,
                     "checkpoint %s: record %zu (unit %zu, %s) has no statistics matching its count "
                     "(corrupt file)",
                     c->path, k + 1, rec->index, rec->line);
            return -1;
        }
        r->done[rec->index] = 1;
        r->counts[rec->index] = rec->count;
        if (r->stats)
            r->stats[rec->index] = rec->stats;
    }
    return checkpoint_begin(c, units->split, units->count, err, errlen);
}

/* Sums the counts of every finished unit into its root moves (a root move
 * is finished when every unit below it is; one with no units, a line
 * ending before the split, counts 0), and the finished root moves into the
 * total: -1 with a message past 2^128 - 1. */
static int sum_roots(const DeepJob *job, const WorkUnits *units, const DeepWork *r, Divide *out, char *err,
                     size_t errlen)
{
    for (int i = 0; i < out->count; i++)
        out->entries[i].finished = true;
    for (size_t i = 0; i < units->count; i++)
        for (size_t k = units->first[i]; k < units->first[i + 1]; k++) {
            DivideEntry *root = &out->entries[units->uses[k].root];
            PerftCount part;
            if (!r->done[i])
                root->finished = false;
            else if (!perft_count_multiply(&part, r->counts[i], units->uses[k].lines) ||
                     !perft_count_add(&root->count, part)) {
                snprintf(err, errlen, "the count below a root move passes 2^128 - 1");
                return -1;
            } else if (r->stats && !perft_stats_add_times(&root->stats, &r->stats[i], units->uses[k].lines)) {
                snprintf(err, errlen, "the statistics below a root move pass 2^64 - 1");
                return -1;
            }
        }
    out->total = 0;
    for (int i = 0; i < out->count; i++) {
        if (!out->entries[i].finished) {
            out->entries[i].count = 0;
            out->entries[i].stats = (PerftStats){{0}};
        }
        if (!perft_count_add(&out->total, out->entries[i].count) ||
            (r->stats && !perft_stats_add_times(&out->stats, &out->entries[i].stats, 1))) {
            snprintf(err, errlen, "backend %s: the count passes 2^%d - 1", job->backend->name, r->stats ? 64 : 128);
            return -1;
        }
    }
    return 0;
}

int deep_divide(const DeepJob *job, const CountPolicy *policy, const DeepExecutor *executor, Divide *out, char *err,
                size_t errlen)
{
    const Backend *b = job->backend;
    int threads = policy->threads >= 1 ? policy->threads : 1;
    double start = seconds_now();
    out->has_stats = out->entry_stats = false;
    out->count = 0;
    out->total = 0;
    out->signal = 0;
    out->over_budget = false;
    DeepResult *result = &out->deep;
    *result = (DeepResult){.line_units = policy->units_lines};
    snprintf(result->workers, sizeof result->workers, "%d thread%s", threads, threads == 1 ? "" : "s");
    const DeepWatcher *watcher = job->watcher;

    /* The instance the tree is split in; the executor's have their own. */
    void *instance = b->create(b);
    WorkUnits units = {0};
    DeepWork r = {.job = job, .policy = policy, .units = &units};
    Checkpoint checkpoint = {.fd = -1};
    bool checkpoint_open = false;
    size_t *pending = NULL;
    int status = -1;
    if (!instance) {
        snprintf(err, errlen, "backend %s: out of memory", b->name);
        goto done;
    }
    b->load(instance, &job->start);
    Move root_moves[MAX_MOVES];
    out->count = b->generate(instance, root_moves);
    /* Only the root moves' entries: the room for MAX_MOVES is 160 KB,
     * cleared once per count it was 3% of a suite's time. */
    memset(out->entries, 0, sizeof *out->entries * (size_t)out->count);
    moves_sort(job->start.game, root_moves, out->count);
    for (int i = 0; i < out->count; i++)
        out->entries[i].move = root_moves[i];

    size_t target = executor && executor->units_target ? executor->units_target : (size_t)threads * UNITS_PER_THREAD;
    target = target > MIN_UNITS ? target : MIN_UNITS;
    bool here = !executor && threads == 1 && !job->checkpoint && !policy->node_budget && !job->split &&
                leaves_estimate(b, instance, root_moves, out->count, job->depth) <= SMALL_COUNT_LEAVES;
    if (here)
        target = 1; /* split 1: the root moves */
    result->on_caller = here;
    if (job->checkpoint) {
        checkpoint_open = true;
        if (resume(&checkpoint, job, policy->units_lines, &units, &r, instance, target, err, errlen) < 0)
            goto done;
        r.checkpoint = &checkpoint;
    } else {
        r.counts = NULL;
        if (work_units_split(b, instance, job->start.game, job->depth, job->split, target, !policy->units_lines,
                             &units) < 0 ||
            !(r.counts = calloc(units.count + 1, sizeof *r.counts)) ||
            !(r.done = calloc(units.count + 1, sizeof *r.done)) ||
            (job->stats && !(r.stats = calloc(units.count + 1, sizeof *r.stats)))) {
            snprintf(err, errlen, "out of memory splitting the tree");
            goto done;
        }
    }
    if (!(pending = malloc(sizeof *pending * (units.count + 1)))) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    PerftCount resumed_nodes = 0;
    for (size_t i = 0; i < units.count; i++) {
        if (r.done[i]) {
            result->units_resumed++;
            if (!add_unit_nodes(&resumed_nodes, &units, i, r.counts[i])) {
                snprintf(err, errlen, "checkpoint %s: its counts add up past 2^128 - 1 (corrupt file)",
                         job->checkpoint);
                goto done;
            }
        } else
            pending[r.pending_count++] = i;
    }
    r.pending = pending;
    r.resumed = result->units_resumed;
    atomic_store(&r.finished, result->units_resumed);
    r.nodes = resumed_nodes;
    if (job->checkpoint && result->units_resumed > 0 && watcher) {
        char note[NOTE_MAX];
        snprintf(note, sizeof note, "perft: checkpoint %s: %zu of %zu units already counted, resuming", job->checkpoint,
                 result->units_resumed, units.count);
        watcher->note(watcher->context, note);
    }
    if (watcher)
        watcher->begin(watcher->context, result->units_resumed, resumed_nodes);
    result->nodes_resumed = resumed_nodes;
    InterruptGuard guard;
    interrupt_install(&guard);
    pthread_mutex_init(&r.progress_lock, NULL);
    if (here) {
        run_here(&r, instance);
        status = 0;
    } else
        status = (executor ? executor->run : run_threads)(&r, executor ? executor->context : NULL, err, errlen);
    pthread_mutex_destroy(&r.progress_lock);
    out->signal = interrupt_signal();
    out->over_budget = atomic_load(&r.over_budget);
    interrupt_restore(&guard);
    if (watcher)
        watcher->end(watcher->context, atomic_load(&r.finished), units.count, r.nodes);
    if (status < 0)
        goto done;
    if (r.overflow) {
        snprintf(err, errlen, "the count passes 2^128 - 1");
        status = -1;
        goto done;
    }
    if (r.checkpoint) {
        int failure;
        result->units_kept = result->units_resumed + checkpoint_appended(r.checkpoint, &failure);
        result->checkpoint_errno = failure;
    }
    out->stats = (PerftStats){{0}};
    if ((status = sum_roots(job, &units, &r, out, err, errlen)) < 0)
        goto done;
    if (job->stats) {
        /* A depth-1 unit is a leaf whose kind is the root move's: the
         * root's own statistics give them, for the depth as a whole. */
        out->entry_stats = job->depth >= 2;
        out->has_stats = out->entry_stats || (atomic_load(&r.finished) == units.count && !out->over_budget);
        if (!out->entry_stats && out->has_stats)
            b->perft_stats(instance, job->depth, &out->stats);
    }
    result->units = units.count;
    result->units_done = atomic_load(&r.finished);
    result->split = units.split;
    if (result->units_done == units.count)
        out->signal = 0; /* it came after the last unit: the count is whole */
done:
    if (checkpoint_open)
        checkpoint_close(&checkpoint);
    if (instance)
        b->destroy(instance);
    free(pending);
    free(r.counts);
    free(r.stats);
    free((void *)r.done);
    work_units_free(&units);
    out->seconds = seconds_now() - start;
    return status;
}
