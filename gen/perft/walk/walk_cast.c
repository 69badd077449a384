#include "walk/walk_cast.h"

#include <stdio.h>
#include <string.h>

#include "registry.h"
#include "text_fields.h"

int walk_cast_start(WalkCast *c, const RunSettings *s, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->engine_timeout = s->engine_timeout;
    bool all = strcmp(s->backend, "all") == 0;
    for (int i = 0; backend_registry[i] && i < 64; i++)
        if (all || strcmp(s->backend, backend_registry[i]->name) == 0)
            c->backend_on |= (uint64_t)1 << i;
    if (participants_start(&c->parts, s, err, errlen) < 0)
        return -1;
    for (int k = 0; k < c->parts.engine_count; k++)
        c->engine_on[k] = true;
    return 0;
}

void walk_cast_stop(WalkCast *c)
{
    for (int k = 0; k < c->parts.engine_count; k++)
        if (c->engine_on[k])
            engine_close(&c->parts.engines[k]);
    c->parts.engine_count = 0;
}

int walk_cast_of_game(WalkCast *c, Game game, Participant out[MAX_PARTICIPANTS])
{
    int n = 0;
    for (int i = 0; backend_registry[i] && i < 64 && n < MAX_PARTICIPANTS; i++)
        if ((c->backend_on >> i & 1) && backend_registry[i]->game == game)
            out[n++] = (Participant){.name = backend_registry[i]->name, .backend = backend_registry[i]};
    for (int k = 0; k < c->parts.engine_count && n < MAX_PARTICIPANTS; k++) {
        Engine *e = &c->parts.engines[k];
        if (!c->engine_on[k])
            continue;
        if (!e->game_known) { /* UCI is chess's protocol; a perftree engine plays the first root's game */
            e->game = e->spec.protocol == ENGINE_UCI ? GAME_CHESS : game;
            e->game_known = true;
        }
        if (e->game == game)
            out[n++] = (Participant){.name = e->spec.name, .engine = e};
    }
    return n;
}

/* The index of the backend of `game` named `name`, or -1. */
static int backend_index(Game game, const char *name)
{
    for (int i = 0; backend_registry[i] && i < 64; i++)
        if (backend_registry[i]->game == game && strcmp(backend_registry[i]->name, name) == 0)
            return i;
    return -1;
}

/* The slot of the engine taking part named `name`, or -1. */
static int engine_slot(const WalkCast *c, const char *name)
{
    for (int k = 0; k < c->parts.engine_count; k++)
        if (c->engine_on[k] && strcmp(c->parts.engines[k].spec.name, name) == 0)
            return k;
    return -1;
}

int walk_cast_add(WalkCast *c, Game game, const char *what, char *err, size_t errlen)
{
    int i = backend_index(game, what);
    if (i >= 0) {
        if (c->backend_on >> i & 1) {
            snprintf(err, errlen, "engines add %s: backend %s already takes part", what, what);
            return -1;
        }
        c->backend_on |= (uint64_t)1 << i;
        return 0;
    }
    EngineSpec spec;
    char why[ERROR_TEXT_MAX];
    if (engine_spec_parse(what, &spec, why, sizeof why) < 0) {
        snprintf(err, errlen, "engines add '%s': no %s backend of that name (see --list), nor an engine (%s)", what,
                 game_name(game), why);
        return -1;
    }
    int k = 0;
    while (k < MAX_ENGINES && c->engine_on[k])
        k++;
    if (k == MAX_ENGINES) {
        snprintf(err, errlen, "engines add '%s': at most %d engines (engines drop NAME first)", what, MAX_ENGINES);
        return -1;
    }
    Engine *e = &c->parts.engines[k];
    if (engine_open(e, what, NULL, 0, c->engine_timeout, err, errlen) < 0)
        return -1;
    /* A name already taken gets #2, #3 ... as --engine's do. */
    for (int suffix = 2; engine_slot(c, e->spec.name) >= 0 || backend_index(game, e->spec.name) >= 0; suffix++) {
        size_t n = strcspn(e->spec.name, "#");
        snprintf(e->spec.name + n, ENGINE_NAME_MAX - n, "#%d", suffix);
    }
    c->engine_on[k] = true;
    if (k >= c->parts.engine_count)
        c->parts.engine_count = k + 1;
    return 0;
}

int walk_cast_drop(WalkCast *c, Game game, const char *name, char *err, size_t errlen)
{
    int i = backend_index(game, name);
    if (i >= 0 && (c->backend_on >> i & 1)) {
        c->backend_on &= ~((uint64_t)1 << i);
        return 0;
    }
    int k = engine_slot(c, name);
    if (k < 0) {
        snprintf(err, errlen, "engines drop '%s': no participant of that name (engines lists them)", name);
        return -1;
    }
    engine_close(&c->parts.engines[k]);
    c->engine_on[k] = false;
    return 0;
}

int walk_cast_restart_engines(WalkCast *c, char *err, size_t errlen)
{
    int status = 0;
    for (int k = 0; k < c->parts.engine_count; k++) {
        Engine *e = &c->parts.engines[k];
        if (!c->engine_on[k] || e->spec.protocol != ENGINE_UCI)
            continue; /* a perftree engine is a process per query: nothing runs between them */
        char spec[ENGINE_SPEC_MAX], name[ENGINE_NAME_MAX];
        const char *options[ENGINE_OPTIONS_MAX];
        int option_count = e->option_count;
        memcpy(spec, e->spec_text, sizeof spec);
        memcpy(name, e->spec.name, sizeof name);
        memcpy(options, e->options, sizeof options);
        bool game_known = e->game_known;
        Game game = e->game;
        double timeout = e->timeout;
        engine_close(e);
        if (engine_open(e, spec, options, option_count, timeout, err, errlen) < 0) {
            c->engine_on[k] = false;
            status = -1;
            continue;
        }
        memcpy(e->spec.name, name, sizeof name);
        e->game_known = game_known;
        e->game = game;
    }
    return status;
}
