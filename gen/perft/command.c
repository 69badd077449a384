#include "command.h"

#include <stdlib.h>
#include <string.h>

#include "data_dir.h"
#include "input_files.h"
#include "options.h"
#include "output.h"
#include "output_random.h"
#include "position_text.h"
#include "registry.h"
#include "report.h"
#include "run_divide.h"
#include "run_random.h"
#include "run_suite.h"
#include "uci/uci_engine.h"
#include "version.h"
#include "zobrist_seed.h"

static void list_backends(FILE *out)
{
    for (int k = 0; backend_registry[k]; k++)
        fprintf(out, "%-10s %-11s %s%s\n", backend_registry[k]->name, game_name(backend_registry[k]->game),
                backend_registry[k]->summary,
                strcmp(backend_registry[k]->name, DEFAULT_BACKEND) == 0 ? " (default)" : "");
}

/* --help, --list and --version: text on `out`, its writes checked. */
static int print_help_or_list(RunSettings *s, const char *program, FILE *out, FILE *err)
{
    Output o;
    char message[ERROR_TEXT_MAX];
    s->format = FORMAT_TEXT;
    if (output_open(&o, out, s, message, sizeof message) < 0)
        return report_error(err, "%s", message);
    if (s->mode == RUN_HELP)
        options_usage(o.stream, strcmp(program, "perft") == 0 ? NULL : program);
    else if (s->mode == RUN_VERSION)
        version_print(o.stream, program);
    else
        list_backends(o.stream);
    return output_close(&o, EXIT_AGREE, err);
}

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

/* The table's use, on stderr after a hashed run. */
static void report_hash(const PerftHash *table, FILE *err)
{
    if (!table)
        return;
    PerftHashCounts c = perft_hash_counts(table);
    fprintf(err, "hash %zu MiB: %llu probes, %llu hits (%.1f%%), %llu stores", perft_hash_bytes(table) >> 20,
            (unsigned long long)c.probes, (unsigned long long)c.hits,
            c.probes ? 100.0 * (double)c.hits / (double)c.probes : 0.0, (unsigned long long)c.stores);
    if (perft_hash_verifying(table))
        fprintf(err, "; %llu hits recomputed without the table, all equal", (unsigned long long)c.verified);
    fputc('\n', err);
}

/* What each engine was asked, on stderr once the run is over. */
static void report_engines(const Participants *p, FILE *err)
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

/* Random games: the run computes, output_random prints. */
static int random_games(const RunSettings *s, Participants *parts, Output *o, FILE *err)
{
    RandomResult *r = malloc(sizeof *r); /* the report's path is long */
    if (!r)
        return output_error(o, err, "random games: out of memory");
    run_random(s, parts, err, r);
    int status = output_random(o, err, s, parts, r);
    free(r);
    return status;
}

/* The mode's runner, once the table and the participants are ready. */
static int run_mode(const RunSettings *s, Participants *parts, Counting *counting, Output *o, FILE *err)
{
    switch (s->mode) {
    case RUN_SUITE: return run_suite(s, parts, counting, o, err, NULL);
    case RUN_RANDOM: return random_games(s, parts, o, err);
    default: return run_divide(s, parts, counting, o, err);
    }
}

int perft_command(int argc, char **argv, FILE *out, FILE *err, const CommandHooks *hooks)
{
    RunSettings s;
    char message[ERROR_TEXT_MAX];
    if (options_parse(argc, argv, hooks ? hooks->program : NULL, &s, message, sizeof message) < 0)
        return report_error(err, "%s", message);
    if (s.mode == RUN_HELP || s.mode == RUN_LIST || s.mode == RUN_VERSION)
        return print_help_or_list(&s, hooks ? hooks->program : "perft", out, err);
    zobrist_seed_set(s.hash_seed); /* before any key is made: 0 when not given */
    if (s.mode == RUN_UCI)
        return uci_engine_run(&s, stdin, out, err);
    /* positions/... names the installed suites outside the build tree. */
    char suite_path[DATA_DIR_MAX], from_path[DATA_DIR_MAX];
    if (s.suite && !(s.suite = data_dir_suite_file(s.suite, suite_path, sizeof suite_path, message, sizeof message)))
        return report_error(err, "--suite %s", message);
    if (s.from && !(s.from = data_dir_suite_file(s.from, from_path, sizeof from_path, message, sizeof message)))
        return report_error(err, "--from %s", message);
    if (hooks && hooks->results_elsewhere)
        s.output = NULL; /* two processes writing one file would overwrite each other's lines */
    if (input_files_check(&s, fileno(out), message, sizeof message) < 0)
        return report_error(err, "%s", message);
    Output o;
    if (output_open(&o, out, &s, message, sizeof message) < 0)
        return report_error(err, "%s", message);
    int status = EXIT_USAGE;
    PerftHash *table = NULL;
    Participants *parts = calloc(1, sizeof *parts);
    if (!parts) {
        status = output_error(&o, err, "out of memory");
    } else if (s.hash_mib && !(table = perft_hash_create_threads((size_t)s.hash_mib, s.threads))) {
        snprintf(message, sizeof message, "--hash %d: cannot allocate a table of %d MiB", s.hash_mib, s.hash_mib);
        status = output_error(&o, err, message);
    } else if (participants_start(parts, &s, message, sizeof message) < 0) {
        status = output_error(&o, err, message);
    } else {
        if (table)
            perft_hash_set_verify(table, s.hash_verify);
        Counting counting = {.threads = s.threads,
                             .table = table,
                             .progress = s.progress,
                             .err = err,
                             .hook = hooks ? hooks->divide : NULL,
                             .hook_context = hooks ? hooks->context : NULL,
                             .units_lines = s.units_lines,
                             .split = s.split};
        status = run_mode(&s, parts, &counting, &o, err);
        report_hash(table, err);
    }
    if (parts) {
        output_json_set(&o, "engines", engines_json(parts));
        /* After an error its line stays the last. */
        if (status != EXIT_USAGE)
            report_engines(parts, err);
    }
    status = output_close(&o, status, err);
    /* Before the table goes: bin/perft-mpi's threads may still use it after
     * an interrupt, and leave from here. */
    if (hooks && hooks->printed)
        hooks->printed(status, hooks->context);
    if (parts)
        participants_stop(parts);
    free(parts);
    perft_hash_destroy(table);
    return status;
}
