#include "output_command.h"

#include <string.h>

#include "registry.h"

/* The engines and how often each was asked, for the JSON document. */
static json_t *engines_json(const Participants *p)
{
    json_t *a = json_array();
    for (int k = 0; k < p->engine_count; k++) {
        const Engine *e = &p->engines[k];
        json_t *options = json_array();
        for (int i = 0; i < e->option_count; i++)
            json_array_append_new(options, output_json_string(e->options[i]));
        json_array_append_new(a, json_pack("{s:s, s:s, s:o, s:o, s:o, s:f, s:i}", "name", e->spec.name, "protocol",
                                           e->spec.protocol == ENGINE_UCI ? "uci" : "perftree", "command",
                                           output_json_string(e->spec.command), "game",
                                           e->game_known ? json_string(game_name(e->game)) : json_null(), "options",
                                           options, "timeout", e->timeout, "queries", e->queries));
    }
    return a;
}

void output_hash_use(Output *o, const PerftHash *table)
{
    if (!table)
        return;
    FILE *err = o->err;
    PerftHashCounts c = perft_hash_counts(table);
    fprintf(err, "hash %zu MiB: %llu probes, %llu hits (%.1f%%), %llu stores", perft_hash_mib(table),
            (unsigned long long)c.probes, (unsigned long long)c.hits,
            c.probes ? 100.0 * (double)c.hits / (double)c.probes : 0.0, (unsigned long long)c.stores);
    if (perft_hash_verifying(table))
        fprintf(err, "; %llu hits recomputed without the table, all equal", (unsigned long long)c.verified);
    fputc('\n', err);
}

static void engines_stderr(const Participants *p, FILE *err)
{
    for (int k = 0; k < p->engine_count; k++) {
        const Engine *e = &p->engines[k];
        char options[1024] = "";
        for (int i = 0; i < e->option_count; i++)
            snprintf(options + strlen(options), sizeof options - strlen(options), "%s%s", i ? ", " : "; setoption ",
                     e->options[i]);
        char chess960[96] = "";
        if (e->chess960_queries)
            snprintf(chess960, sizeof chess960, " (%d in Chess960 notation%s)", e->chess960_queries,
                     e->spec.protocol == ENGINE_UCI ? ", UCI_Chess960 on" : "");
        fprintf(err, "engine %s (%s: %s; %s%s%s): %d quer%s%s, time-out %g s a query\n", e->spec.name,
                e->spec.protocol == ENGINE_UCI ? "uci" : "perftree", e->spec.command,
                e->game_known ? game_name(e->game) : "game not settled", e->spec.game_declared ? ", declared" : "",
                options, e->queries, e->queries == 1 ? "y" : "ies", chess960, e->timeout);
    }
}

void output_engines(Output *o, const Participants *p, bool stderr_lines)
{
    output_json_set(o, "engines", engines_json(p));
    if (stderr_lines)
        engines_stderr(p, o->err);
}
