#include "participants.h"

#include <stdio.h>
#include <string.h>

#include "deep/deep_divide.h"
#include "deep/work_units.h"
#include "progress.h"
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
        const char *options[MAX_ENGINE_OPTIONS];
        int option_count = 0;
        for (int i = 0; i < s->engine_option_count; i++)
            if (s->engine_option_of[i] == k)
                options[option_count++] = s->engine_options[i];
        if (engine_open(&p->engines[k], s->engines[k], options, option_count, s->engine_timeout, err, errlen) < 0) {
            participants_stop(p);
            return -1;
        }
        p->engine_count++;
        p->engines[k].stats_wanted = s->stats;
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

/* "Quaternity" or "chess", as a sentence names the games. */
static const char *game_title(Game game)
{
    return game == GAME_QUATERNITY ? "Quaternity" : "chess";
}

int participants_settle_games(Participants *p, unsigned games, const char *positions, bool one, char *err,
                              size_t errlen)
{
    bool both = games == (1u << GAME_CHESS | 1u << GAME_QUATERNITY);
    for (int k = 0; k < p->engine_count; k++) {
        Engine *e = &p->engines[k];
        if (!e->game_known && e->spec.protocol == ENGINE_UCI) {
            e->game = GAME_CHESS; /* UCI is chess's protocol */
            e->game_known = true;
        } else if (!e->game_known && !both) {
            e->game = games == 1u << GAME_QUATERNITY ? GAME_QUATERNITY : GAME_CHESS;
            e->game_known = true;
        } else if (!e->game_known) {
            snprintf(err, errlen,
                     "engine %s: its game cannot be known, %s holds chess and Quaternity positions: declare it "
                     "(--engine chess:perftree:COMMAND or quaternity:perftree:COMMAND)",
                     e->spec.name, positions);
            return -1;
        }
        Game other = e->game == GAME_CHESS ? GAME_QUATERNITY : GAME_CHESS;
        if (games == 1u << other) {
            snprintf(err, errlen, "engine %s plays %s (%s): %s %s %s%s", e->spec.name, game_title(e->game),
                     e->spec.game_declared ? "declared"
                     : e->game == GAME_CHESS
                         ? "undeclared UCI engines do; --engine quaternity:uci:COMMAND declares a Quaternity one"
                         : "the game declared",
                     positions, one ? "is" : "holds", game_title(other), one ? "" : " positions only");
            return -1;
        }
    }
    return 0;
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
        if (p->engines[k].game_known && p->engines[k].game == game)
            out[n++] = (Participant){.name = p->engines[k].spec.name, .engine = &p->engines[k]};
    return n;
}

bool participants_include_engine(const Participant *ps, int count)
{
    for (int k = 0; k < count; k++)
        if (ps[k].engine)
            return true;
    return false;
}

bool participant_has_stats(const Participant *p)
{
    const Backend *b = p->backend;
    if (p->engine) /* known from its answers (engine.h) */
        return p->engine->stats == ENGINE_STATS_GIVEN;
    return b && b->perft_stats && (!b->core || b->core->perft_stats);
}

/* A built-in backend's divide on the deep runner, its progress line drawn
 * by the harness's printer. */
static int backend_divide(const Backend *b, const CountPolicy *policy, const DivideQuery *q, Divide *out, char *err,
                          size_t errlen)
{
    if (policy->table && policy->table->holds != b) {
        perft_hash_clear(policy->table->hash);
        policy->table->holds = b;
    }
    char label[256];
    if (q->label)
        snprintf(label, sizeof label, "%s%s%s", q->label, q->label[0] ? ", " : "", b->name);
    Progress progress;
    progress_start(&progress, policy->err, policy->progress, q->label ? label : NULL);
    DeepWatcher watcher = progress_watcher(&progress);
    /* The command's own divide was checked against --split; a
     * cross-check's descent below takes the deepest split its depth allows. */
    int deepest = work_units_deepest_split(q->depth);
    DeepJob job = {.backend = b,
                   .start = *q->here,
                   .depth = q->depth,
                   .bulk = policy->bulk,
                   .stats = policy->stats && participant_has_stats(&(Participant){.backend = b}),
                   .position_text = q->root_text,
                   .moves_text = q->moves,
                   .checkpoint = q->checkpoint,
                   .split = policy->split < deepest ? policy->split : deepest,
                   .watcher = &watcher};
    int r = policy->hook ? policy->hook(&job, policy, out, err, errlen, policy->hook_context)
                         : deep_divide(&job, policy, NULL, out, err, errlen);
    if (q->notation != MOVE_NOTATION_STANDARD) /* the deep runner sorts as standard text */
        divide_sort(q->root->game, q->notation, out);
    return r;
}

/* What the progress line says while an engine is awaited. */
typedef struct EngineWait {
    Progress progress;
    char who[256];
} EngineWait;

static void engine_wait_tick(void *context)
{
    EngineWait *w = context;
    progress_waiting(&w->progress, w->who);
}

/* An engine's divide, its wait drawn on the progress line (elapsed time
 * and which engine), since it reports no units. */
static int engine_divide_watched(Engine *e, const CountPolicy *policy, const DivideQuery *q, Divide *out, char *err,
                                 size_t errlen)
{
    EngineWait w;
    snprintf(w.who, sizeof w.who, "engine %s (%s, time-out %g s)", e->spec.name,
             e->spec.protocol == ENGINE_UCI ? "UCI" : "perftree", e->timeout);
    progress_start(&w.progress, policy->err, policy->progress, q->label && q->label[0] ? q->label : NULL);
    EngineWaiting waiting = {engine_wait_tick, &w};
    e->waiting = &waiting;
    int r = engine_divide(e, q->root, q->moves, q->here, q->depth, q->notation, out, err, errlen);
    e->waiting = NULL;
    progress_waited(&w.progress, w.who);
    return r;
}

int participant_divide(const Participant *p, const CountPolicy *policy, const DivideQuery *q, Divide *out, char *err,
                       size_t errlen)
{
    *out = (Divide){.entries = out->entries, .notation = q->notation};
    if (p->engine)
        return policy->err
                   ? engine_divide_watched(p->engine, policy, q, out, err, errlen)
                   : engine_divide(p->engine, q->root, q->moves, q->here, q->depth, q->notation, out, err, errlen);
    return backend_divide(p->backend, policy, q, out, err, errlen);
}
