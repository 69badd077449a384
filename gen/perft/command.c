#include "command.h"

#include <stdlib.h>
#include <string.h>

#include "data_dir.h"
#include "input_files.h"
#include "options.h"
#include "output.h"
#include "output_command.h"
#include "output_divide.h"
#include "output_info.h"
#include "output_random.h"
#include "position_text.h"
#include "registry.h"
#include "report.h"
#include "run_divide.h"
#include "run_pgn_suite.h"
#include "run_random.h"
#include "run_suite.h"
#include "uci_server/uci_server.h"
#include "version.h"
#include "walk/walk.h"
#include "zobrist_seed.h"

/* --help, --list and --version: text on `out`, its writes checked. */
static int print_help_or_list(RunSettings *s, const char *program, FILE *out, FILE *err)
{
    Output o;
    char message[ERROR_TEXT_MAX];
    s->format = FORMAT_TEXT;
    if (output_open(&o, out, err, s, message, sizeof message) < 0)
        return report_error(err, "%s", message);
    if (s->mode == RUN_HELP)
        output_usage(&o, strcmp(program, "perft") == 0 ? NULL : program);
    else if (s->mode == RUN_VERSION)
        output_version(&o, program);
    else
        output_backends(&o);
    return output_close(&o, EXIT_AGREE, err);
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
static int run_mode(const RunSettings *s, Participants *parts, const CountPolicy *policy, Output *o, FILE *err)
{
    if (s->mode == RUN_SUITE && s->pgn)
        return run_pgn_suite(s, parts, policy, o);
    if (s->mode == RUN_SUITE)
        return run_suite(s, parts, policy, o, NULL);
    if (s->mode == RUN_RANDOM)
        return random_games(s, parts, o, err);
    char message[ERROR_TEXT_MAX];
    DivideRun run;
    int r = run_divide(s, parts, policy, &run, message, sizeof message);
    int status = output_divide_run(o, s, &run, r < 0 ? message : NULL);
    divide_run_free(&run);
    return status;
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
    if (s.mode == RUN_UCI_SERVER)
        return uci_server_run(&s, stdin, out, err);
    if (s.mode == RUN_WALK)
        return walk_run(&s, stdin, out, err);
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
    if (output_open(&o, out, err, &s, message, sizeof message) < 0)
        return report_error(err, "%s", message);
    int status = EXIT_USAGE;
    PerftHash *table = NULL;
    Participants *parts = calloc(1, sizeof *parts);
    if (!parts) {
        status = output_error(&o, err, "out of memory");
    } else if (s.hash_mib && !(table = s.stats ? perft_hash_create_stats_threads((size_t)s.hash_mib, s.threads)
                                               : perft_hash_create_threads((size_t)s.hash_mib, s.threads))) {
        snprintf(message, sizeof message, "--hash %d: cannot allocate a table of %d MiB", s.hash_mib, s.hash_mib);
        status = output_error(&o, err, message);
    } else if (participants_start(parts, &s, message, sizeof message) < 0) {
        status = output_error(&o, err, message);
    } else {
        if (table)
            perft_hash_set_verify(table, s.hash_verify);
        CountTable held = {.hash = table};
        /* Never a suite file's count as the budget: a wrong ";D9 5" must
         * not start a perft of trillions of nodes. */
        const CountPolicy policy = {.bulk = s.bulk,
                                    .stats = s.stats,
                                    .threads = s.threads,
                                    .table = table ? &held : NULL,
                                    .units_lines = s.units_lines,
                                    .split = s.split,
                                    .node_budget = s.max_nodes == UINT64_MAX ? 0 : s.max_nodes,
                                    .progress = s.progress,
                                    .err = err,
                                    .hook = hooks ? hooks->divide : NULL,
                                    .hook_context = hooks ? hooks->context : NULL};
        status = run_mode(&s, parts, &policy, &o, err);
        output_hash_use(&o, table);
    }
    if (parts) /* after an error its line stays the last */
        output_engines(&o, parts, status != EXIT_USAGE);
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
