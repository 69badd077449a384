/* The micro-benchmark bodies (see micro.h).  Each run creates one backend
 * instance per position and loads it before the timed loop, so the loop
 * times only the operation itself, called through the Backend interface the
 * way the harness calls it. */
#include "micro.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "registry.h"

enum { MESSAGE_MAX = 320 };

/* The loaded instances of one run, one per position. */
typedef struct Instances {
    void *state[FIXTURES_MAX];
    int count;
} Instances;

static void instances_close(const Backend *backend, Instances *in)
{
    for (int i = 0; i < in->count; i++)
        backend->destroy(in->state[i]);
    in->count = 0;
}

static const EpdEntry *entry_of(const MicroCase *c, int i)
{
    return &c->fixtures->entries[c->first + i];
}

static int instances_open(const MicroCase *c, Instances *in)
{
    in->count = 0;
    for (int i = 0; i < c->count; i++) {
        void *state = c->backend->create(c->backend);
        if (!state) {
            instances_close(c->backend, in);
            return -1;
        }
        c->backend->load(state, &entry_of(c, i)->pos);
        in->state[in->count++] = state;
    }
    return 0;
}

/* Fails the run over position i: "`what` was `got`, expected `want`". */
static void fail_count(GbenchState *state, const MicroCase *c, int i, const char *what, uint64_t got, uint64_t want)
{
    char message[MESSAGE_MAX];
    snprintf(message, sizeof message, "%s %s, %s: %s %llu, expected %llu", game_name(c->fixtures->game),
             c->backend->name, entry_of(c, i)->id, what, (unsigned long long)got, (unsigned long long)want);
    gbench_skip_with_error(state, message);
}

static void run_generate(GbenchState *state, const MicroCase *c, Instances *in)
{
    Move moves[MAX_MOVES];
    uint64_t per_iteration = 0;
    for (int i = 0; i < in->count; i++) {
        int n = c->backend->generate(in->state[i], moves);
        const EpdEntry *e = entry_of(c, i);
        if (e->has[1] && (uint64_t)n != e->expected[1]) {
            fail_count(state, c, i, "legal moves", (uint64_t)n, e->expected[1]);
            return;
        }
        per_iteration += (uint64_t)n;
    }
    uint64_t total = 0;
    while (gbench_keep_running(state))
        for (int i = 0; i < in->count; i++)
            total += (uint64_t)c->backend->generate(in->state[i], moves);
    gbench_counter_rate(state, "moves_per_second", (double)total);
    gbench_counter(state, "moves", (double)per_iteration);
}

static void run_make_unmake(GbenchState *state, const MicroCase *c, Instances *in)
{
    Move *moves = malloc(sizeof(Move) * MAX_MOVES * (size_t)in->count);
    int counts[FIXTURES_MAX];
    if (!moves) {
        gbench_skip_with_error(state, "out of memory");
        return;
    }
    uint64_t per_iteration = 0;
    for (int i = 0; i < in->count; i++) {
        counts[i] = c->backend->generate(in->state[i], moves + (size_t)i * MAX_MOVES);
        per_iteration += (uint64_t)counts[i];
    }
    uint64_t total = 0;
    while (gbench_keep_running(state)) {
        for (int i = 0; i < in->count; i++) {
            const Move *list = moves + (size_t)i * MAX_MOVES;
            void *s = in->state[i];
            for (int k = 0; k < counts[i]; k++) {
                c->backend->make(s, list[k]);
                c->backend->unmake(s, list[k]);
            }
        }
        total += per_iteration;
    }
    free(moves);
    /* Unmake must have restored every position exactly. */
    for (int i = 0; i < in->count; i++) {
        Position after;
        c->backend->save(in->state[i], &after);
        if (!position_equal(&after, &entry_of(c, i)->pos)) {
            char message[MESSAGE_MAX];
            snprintf(message, sizeof message, "%s %s, %s: make/unmake changed the position",
                     game_name(c->fixtures->game), c->backend->name, entry_of(c, i)->id);
            gbench_skip_with_error(state, message);
            return;
        }
    }
    gbench_counter_rate(state, "moves_per_second", (double)total);
    gbench_counter(state, "moves", (double)per_iteration);
}

static void run_perft(GbenchState *state, const MicroCase *c, Instances *in)
{
    uint64_t per_iteration = 0, total = 0;
    int wrong = -1;
    uint64_t wrong_count = 0;
    while (gbench_keep_running(state)) {
        per_iteration = 0;
        for (int i = 0; i < in->count; i++) {
            uint64_t n = c->backend->perft(in->state[i], c->depth, c->bulk);
            const EpdEntry *e = entry_of(c, i);
            if (e->has[c->depth] && n != e->expected[c->depth] && wrong < 0) {
                wrong = i;
                wrong_count = n;
            }
            per_iteration += n;
        }
        total += per_iteration;
    }
    if (wrong >= 0) {
        fail_count(state, c, wrong, "perft", wrong_count, entry_of(c, wrong)->expected[c->depth]);
        return;
    }
    gbench_counter_rate(state, "nodes_per_second", (double)total);
    gbench_counter(state, "nodes", (double)per_iteration);
}

void micro_run(GbenchState *state, void *micro_case)
{
    const MicroCase *c = micro_case;
    Instances in;
    if (instances_open(c, &in) < 0) {
        gbench_skip_with_error(state, "the backend could not create an instance");
        return;
    }
    switch (c->kind) {
    case MICRO_GENERATE: run_generate(state, c, &in); break;
    case MICRO_MAKE_UNMAKE: run_make_unmake(state, c, &in); break;
    case MICRO_PERFT: run_perft(state, c, &in); break;
    }
    instances_close(c->backend, &in);
}
