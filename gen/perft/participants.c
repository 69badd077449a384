#include "participants.h"

#include <stdio.h>
#include <string.h>

#include "registry.h"

const Backend *participant_reference(Game game)
{
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == game)
            return backend_registry[i];
    return NULL;
}

int participants_start(Participants *p, const RunSettings *s, char *err, size_t errlen)
{
    p->backend = s->backend;
    p->engine_count = 0;
    for (int k = 0; k < s->engine_count; k++) {
        if (engine_open(&p->engines[k], s->engines[k], s->engine_timeout, err, errlen) < 0) {
            participants_stop(p);
            return -1;
        }
        p->engine_count++;
        char *name = p->engines[k].spec.name;
        for (int suffix = 2, clash = 1; clash; suffix++) {
            clash = 0;
            for (int j = 0; j < k; j++)
                clash |= strcmp(p->engines[j].spec.name, name) == 0;
            if (clash) {
                size_t n = strcspn(name, "#");
                snprintf(name + n, ENGINE_NAME_MAX - n, "#%d", suffix);
            }
        }
    }
    return 0;
}

void participants_stop(Participants *p)
{
    for (int k = 0; k < p->engine_count; k++)
        engine_close(&p->engines[k]);
    p->engine_count = 0;
}

int participants_of_game(Participants *p, Game game, Participant *out)
{
    int n = 0;
    bool all = strcmp(p->backend, "all") == 0;
    for (int i = 0; backend_registry[i] && n < MAX_PARTICIPANTS; i++) {
        const Backend *b = backend_registry[i];
        if (b->game == game && (all || strcmp(p->backend, b->name) == 0))
            out[n++] = (Participant){.name = b->name, .backend = b};
    }
    for (int k = 0; k < p->engine_count && n < MAX_PARTICIPANTS; k++)
        out[n++] = (Participant){.name = p->engines[k].spec.name, .engine = &p->engines[k]};
    return n;
}

/* A built-in backend's divide on the deep runner. */
static int backend_divide(const Backend *b, Counting *c, const DivideQuery *q, Divide *out, char *err, size_t errlen)
{
    if (c->table && c->table_holds != b) {
        perft_hash_clear(c->table);
        c->table_holds = b;
    }
    char label[256];
    if (c->label)
        snprintf(label, sizeof label, "%s%s%s", c->label, c->label[0] ? ", " : "", b->name);
    DeepJob job = {.backend = b,
                   .start = *q->here,
                   .depth = q->depth,
                   .bulk = q->bulk,
                   .position_text = q->root_text,
                   .moves_text = q->moves};
    DeepSettings settings = {.threads = c->threads,
                             .progress = c->progress,
                             .checkpoint = q->checkpoint,
                             .label = c->label ? label : NULL,
                             .err = c->err,
                             .table = c->table};
    DeepResult result = {.roots = out->entries};
    int r = c->hook ? c->hook(&job, &settings, &result, err, errlen, c->hook_context)
                    : deep_divide(&job, &settings, &result, err, errlen);
    out->count = result.root_count;
    out->total = 0;
    for (int i = 0; i < result.root_count; i++)
        out->total += out->entries[i].count; /* 0 for a root move not finished */
    out->seconds = result.seconds;
    out->units = result.units;
    out->units_done = result.units_done;
    out->units_resumed = result.units_resumed;
    out->nodes_resumed = result.nodes_resumed;
    out->signal = result.signal;
    if (settings.workers_text)
        snprintf(out->workers, sizeof out->workers, "%s", settings.workers_text);
    else
        snprintf(out->workers, sizeof out->workers, "%d thread%s", c->threads, c->threads == 1 ? "" : "s");
    return r;
}

int participant_divide(const Participant *p, Counting *c, const DivideQuery *q, Divide *out, char *err, size_t errlen)
{
    *out = (Divide){.entries = out->entries};
    if (p->engine)
        return engine_divide(p->engine, q->root, q->moves, q->here, q->depth, out, err, errlen);
    return backend_divide(p->backend, c, q, out, err, errlen);
}
