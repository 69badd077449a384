#include "suite.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "participant.h"
#include "registry.h"
#include "session.h"

enum { SUITE_MAX_PARTICIPANTS = 32 };

/* The participants a suite line runs on: one backend by name, or all of its
 * game, or none; then the engines. */
static int select_participants(const char *name, Game game, Engine *engines, int nengines, Participant *out)
{
    int n = 0;
    for (int i = 0; backend_registry[i] && n < SUITE_MAX_PARTICIPANTS; i++)
        if (backend_registry[i]->game == game &&
            (strcmp(name, "all") == 0 || strcmp(name, backend_registry[i]->name) == 0))
            out[n++] = participant_of_backend(backend_registry[i]);
    for (int k = 0; k < nengines && n < SUITE_MAX_PARTICIPANTS; k++)
        out[n++] = participant_of_engine(&engines[k]);
    return n;
}

/* The table's id column: a longer id is cut, its end marked "...", so that
 * every row keeps its columns. */
enum { ID_COLUMN = 32 };

static void column_id(const char *id, char out[ID_COLUMN + 1])
{
    size_t length = strlen(id);
    if (length <= ID_COLUMN) {
        memcpy(out, id, length + 1);
    } else {
        memcpy(out, id, ID_COLUMN - 3);
        memcpy(out + ID_COLUMN - 3, "...", 4);
    }
}

/* Per-participant sums for the closing speed table. */
typedef struct BackendTotals {
    const char *name;
    Game game;
    bool engine;
    double seconds;
    unsigned long long nodes;
} BackendTotals;

static void add_backend_time(BackendTotals *rows, int *nrows, const Participant *p, Game game, unsigned long long nodes,
                             double seconds)
{
    int i = 0;
    while (i < *nrows && (rows[i].game != game || strcmp(rows[i].name, p->name) != 0))
        i++;
    if (i == SUITE_MAX_PARTICIPANTS * GAME_COUNT)
        return;
    if (i == *nrows) {
        rows[i] = (BackendTotals){p->name, game, p->engine != NULL, 0, 0};
        ++*nrows;
    }
    rows[i].nodes += nodes;
    rows[i].seconds += seconds;
}

/* Nodes per second of each backend over the whole suite, and its ratio to
 * the fastest of the same game. */
static double best_nps(const BackendTotals *rows, int nrows, Game game)
{
    double best = 0;
    for (int j = 0; j < nrows; j++)
        if (rows[j].game == game && rows[j].seconds > 0 && rows[j].nodes / rows[j].seconds > best)
            best = rows[j].nodes / rows[j].seconds;
    return best;
}

static void print_speed_table(FILE *out, const BackendTotals *rows, int nrows, int bulk, int threads,
                              const char *hashing)
{
    bool engines = false;
    fprintf(out, "\n%-11s %-9s %15s %9s %9s %9s\n", "game", "backend", "nodes", "seconds", "Mnps", "vs best");
    for (int i = 0; i < nrows; i++) {
        double best = best_nps(rows, nrows, rows[i].game);
        double nps = rows[i].seconds > 0 ? rows[i].nodes / rows[i].seconds : 0;
        fprintf(out, "%-11s %-9s %15llu %9.3f %9.2f %8.2fx%s\n", game_name(rows[i].game), rows[i].name, rows[i].nodes,
                rows[i].seconds, nps / 1e6, best > 0 ? nps / best : 0, rows[i].engine ? "  (engine)" : "");
        engines |= rows[i].engine;
    }
    fprintf(out, "(%d thread%s, bulk counting %s, %s; single runs: medians are in results/ (make bench))\n", threads,
            threads == 1 ? "" : "s", bulk ? "on" : "off", hashing);
    if (engines)
        fprintf(out, "(an engine's time runs from its query sent to its total read: a UCI engine's start-up is not in "
                     "it, a perftree engine's process start is; its own bulk counting and hashing are its own)\n");
}

static json_t *speed_json(const BackendTotals *rows, int nrows)
{
    json_t *a = json_array();
    for (int i = 0; i < nrows; i++) {
        double best = best_nps(rows, nrows, rows[i].game);
        double nps = rows[i].seconds > 0 ? rows[i].nodes / rows[i].seconds : 0;
        json_array_append_new(a, json_pack("{s:s, s:s, s:b, s:I, s:f, s:f, s:f}", "game", game_name(rows[i].game),
                                           "participant", rows[i].name, "engine", rows[i].engine, "nodes",
                                           (json_int_t)rows[i].nodes, "seconds", rows[i].seconds, "nps", nps, "vs_best",
                                           best > 0 ? nps / best : 0.0));
    }
    return a;
}

/* The positions in a suite file, for "position k of N" (a malformed line
 * ends the count; the run itself reports it). */
static int count_positions(FILE *file, const char *path, EpdEntry *e)
{
    char ignored[ERROR_TEXT_MAX];
    int line = 0, n = 0;
    while (epd_next(file, path, &line, e, ignored, sizeof ignored) == 1)
        n++;
    rewind(file);
    return n;
}

/* One count on the deep runner: the sum of its root moves; sets *signal
 * when interrupted. */
static int deep_count(const Backend *b, const EpdEntry *e, int depth, int bulk, const DeepSettings *deep,
                      DeepRoot *roots, unsigned long long *got, int *signal, char *err, size_t errlen)
{
    DeepJob job = {.backend = b, .start = e->pos, .depth = depth, .bulk = bulk, .position_text = e->text};
    DeepResult result = {.roots = roots};
    if (deep_divide(&job, deep, &result, err, errlen) < 0)
        return -1;
    *got = 0;
    for (int i = 0; i < result.root_count; i++)
        *got += roots[i].count;
    *signal = result.signal;
    return 0;
}

int suite_run(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
              const DeepSettings *deep, FILE *out, SuiteTotals *t, char *err, size_t errlen)
{
    return suite_run_full(path, backend_name, NULL, 0, max_depth, max_nodes, bulk, deep, NULL, out, NULL, t, err,
                          errlen);
}

int suite_run_hashed(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
                     PerftHash *table, FILE *out, SuiteTotals *t, char *err, size_t errlen)
{
    return suite_run_full(path, backend_name, NULL, 0, max_depth, max_nodes, bulk, NULL, table, out, NULL, t, err,
                          errlen);
}

int suite_run_with_engines(const char *path, const char *backend_name, Engine *engines, int nengines, int max_depth,
                           unsigned long long max_nodes, int bulk, FILE *out, json_t *json, SuiteTotals *t, char *err,
                           size_t errlen)
{
    return suite_run_full(path, backend_name, engines, nengines, max_depth, max_nodes, bulk, NULL, NULL, out, json, t,
                          err, errlen);
}

int suite_run_full(const char *path, const char *backend_name, Engine *engines, int nengines, int max_depth,
                   unsigned long long max_nodes, int bulk, const DeepSettings *deep, PerftHash *table, FILE *out,
                   json_t *json, SuiteTotals *t, char *err, size_t errlen)
{
    DeepSettings one_thread = {.threads = 1, .err = stderr};
    if (!deep)
        deep = &one_thread;
    const Backend *table_backend = NULL; /* whose counts the table holds */
    BackendTotals rows[SUITE_MAX_PARTICIPANTS * GAME_COUNT];
    int nrows = 0;
    memset(t, 0, sizeof *t);
    FILE *file = epd_open(path, "suite file", err, errlen);
    if (!file)
        return -1;
    json_t *checks = json ? json_array() : NULL;
    if (json)
        json_object_set_new(json, "checks", checks);
    else
        fprintf(out, "%-*s %5s %-9s %15s %15s %9s %9s  %s\n", ID_COLUMN, "id", "depth", "backend", "expected", "got",
                "seconds", "Mnps", "result");
    EpdEntry e;
    DeepRoot *roots = malloc(sizeof *roots * MAX_MOVES);
    if (!roots) {
        fclose(file);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int positions = count_positions(file, path, &e);
    int line = 0, status;
    while ((status = epd_next(file, path, &line, &e, err, errlen)) == 1) {
        Participant ps[SUITE_MAX_PARTICIPANTS];
        int n = select_participants(backend_name, e.pos.game, engines, nengines, ps);
        if (n == 0) {
            snprintf(err, errlen, "%s:%d: no %s backend called '%s'", path, e.line, game_name(e.pos.game),
                     backend_name);
            fclose(file);
            free(roots);
            return -1;
        }
        t->positions++;
        char id[ID_COLUMN + 1];
        column_id(e.id, id);
        for (int depth = 1; depth <= e.max_depth; depth++) {
            if (!e.has[depth])
                continue;
            if (depth > max_depth) {
                t->deeper++;
                continue;
            }
            if (e.expected[depth] > max_nodes) {
                t->skipped++;
                continue;
            }
            t->counts++;
            for (int k = 0; k < n; k++) {
                uint64_t got;
                double seconds;
                /* No backend is ever handed another's counts. */
                if (table && ps[k].backend && table_backend != ps[k].backend) {
                    perft_hash_clear(table);
                    table_backend = ps[k].backend;
                }
                /* A backend counts on the deep runner (threads, progress,
                 * interruption); an engine answers one query. */
                int r;
                if (ps[k].backend) {
                    char label[128];
                    snprintf(label, sizeof label, "position %d of %d (%s), depth %d, %s", t->positions, positions, e.id,
                             depth, ps[k].name);
                    DeepSettings settings = *deep;
                    settings.label = label;
                    settings.shared = table;
                    unsigned long long counted = 0;
                    double start = seconds_now();
                    r = deep_count(ps[k].backend, &e, depth, bulk, &settings, roots, &counted, &t->signal, err, errlen);
                    seconds = seconds_now() - start;
                    got = counted;
                } else {
                    r = participant_perft(&ps[k], &e.pos, depth, bulk, NULL, &got, &seconds, err, errlen);
                }
                if (r < 0) {
                    fclose(file);
                    free(roots);
                    return -1;
                }
                if (t->signal) {
                    fprintf(out, "suite %s: interrupted by %s at %s depth %d\n", path,
                            t->signal == SIGINT ? "SIGINT" : "SIGTERM", e.id, depth);
                    fclose(file);
                    free(roots);
                    return 128 + t->signal;
                }
                int ok = got == e.expected[depth];
                t->checks++;
                t->failed += !ok;
                t->seconds += seconds;
                t->nodes += got;
                add_backend_time(rows, &nrows, &ps[k], e.pos.game, got, seconds);
                if (json) {
                    json_array_append_new(checks, json_pack("{s:s, s:i, s:i, s:s, s:I, s:I, s:f, s:b}", "id", e.id,
                                                            "line", e.line, "depth", depth, "participant", ps[k].name,
                                                            "expected", (json_int_t)e.expected[depth], "got",
                                                            (json_int_t)got, "seconds", seconds, "ok", ok));
                    continue;
                }
                fprintf(out, "%-*s %5d %-9s %15llu %15llu %9.3f %9.2f  %s\n", ID_COLUMN, id, depth, ps[k].name,
                        (unsigned long long)e.expected[depth], (unsigned long long)got, seconds,
                        seconds > 0 ? (double)got / seconds / 1e6 : 0.0, ok ? "ok" : "FAIL");
                fflush(out);
            }
        }
    }
    fclose(file);
    free(roots);
    if (status < 0)
        return -1;
    if (json) {
        json_object_set_new(json, "speed", speed_json(rows, nrows));
        json_object_set_new(json, "summary",
                            json_pack("{s:i, s:i, s:i, s:i, s:i, s:i}", "positions", t->positions, "counts", t->counts,
                                      "checks", t->checks, "failed", t->failed, "skipped_above_max_nodes", t->skipped,
                                      "skipped_deeper_than_max_depth", t->deeper));
        return t->checks == 0 || t->failed ? 1 : 0;
    }
    /* What was not run is said, so a wrong count there cannot pass
     * unnoticed. */
    char skipped[128] = "";
    if (t->skipped)
        snprintf(skipped, sizeof skipped, ", %d count%s above --max-nodes skipped", t->skipped,
                 t->skipped == 1 ? "" : "s");
    if (t->deeper)
        snprintf(skipped + strlen(skipped), sizeof skipped - strlen(skipped),
                 ", %d count%s deeper than --max-depth %d skipped", t->deeper, t->deeper == 1 ? "" : "s", max_depth);
    char hashing[64];
    perft_hash_describe(table, hashing, sizeof hashing);
    fprintf(out, "suite %s: %d positions, %d counts, %d checks, %d failed%s (bulk counting %s, %s)\n", path,
            t->positions, t->counts, t->checks, t->failed, skipped, bulk ? "on" : "off", hashing);
    if (nrows)
        print_speed_table(out, rows, nrows, bulk, deep->threads, hashing);
    if (t->checks == 0) {
        fprintf(out, "suite %s: nothing was checked\n", path);
        return 1;
    }
    return t->failed ? 1 : 0;
}
