#include "suite.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "registry.h"
#include "session.h"

/* The backends a suite line runs on: one by name, or all of its game. */
static int select_backends(const char *name, Game game, const Backend **out)
{
    int n = 0;
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == game &&
            (strcmp(name, "all") == 0 || strcmp(name, backend_registry[i]->name) == 0))
            out[n++] = backend_registry[i];
    return n;
}

/* Per-backend sums for the closing speed table. */
typedef struct BackendTotals {
    const Backend *backend;
    double seconds;
    unsigned long long nodes;
} BackendTotals;

static void add_backend_time(BackendTotals *rows, int *nrows, const Backend *b, unsigned long long nodes,
                             double seconds)
{
    int i = 0;
    while (i < *nrows && rows[i].backend != b)
        i++;
    if (i == *nrows) {
        rows[i] = (BackendTotals){b, 0, 0};
        ++*nrows;
    }
    rows[i].nodes += nodes;
    rows[i].seconds += seconds;
}

/* Nodes per second of each backend over the whole suite, and its ratio to
 * the fastest of the same game. */
static void print_speed_table(FILE *out, const BackendTotals *rows, int nrows, int bulk, int threads)
{
    fprintf(out, "\n%-11s %-9s %15s %9s %9s %9s\n", "game", "backend", "nodes", "seconds", "Mnps", "vs best");
    for (int i = 0; i < nrows; i++) {
        double best = 0;
        for (int j = 0; j < nrows; j++)
            if (rows[j].backend->game == rows[i].backend->game && rows[j].seconds > 0 &&
                rows[j].nodes / rows[j].seconds > best)
                best = rows[j].nodes / rows[j].seconds;
        double nps = rows[i].seconds > 0 ? rows[i].nodes / rows[i].seconds : 0;
        fprintf(out, "%-11s %-9s %15llu %9.3f %9.2f %8.2fx\n", game_name(rows[i].backend->game), rows[i].backend->name,
                rows[i].nodes, rows[i].seconds, nps / 1e6, best > 0 ? nps / best : 0);
    }
    fprintf(out, "(%d thread%s, bulk counting %s, no hashing; single runs: medians are in results/ (make bench))\n",
            threads, threads == 1 ? "" : "s", bulk ? "on" : "off");
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
    BackendTotals rows[32];
    int nrows = 0;
    memset(t, 0, sizeof *t);
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, errlen, "cannot open suite file '%s'", path);
        return -1;
    }
    EpdEntry e;
    DeepRoot *roots = malloc(sizeof *roots * MAX_MOVES);
    if (!roots) {
        fclose(file);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int positions = count_positions(file, path, &e);
    fprintf(out, "%-32s %5s %-9s %15s %15s %9s %9s  %s\n", "id", "depth", "backend", "expected", "got", "seconds",
            "Mnps", "result");
    int line = 0, status;
    while ((status = epd_next(file, path, &line, &e, err, errlen)) == 1) {
        const Backend *backends[16];
        int n = select_backends(backend_name, e.pos.game, backends);
        if (n == 0) {
            snprintf(err, errlen, "%s:%d: no %s backend called '%s'", path, e.line, game_name(e.pos.game),
                     backend_name);
            fclose(file);
            free(roots);
            return -1;
        }
        t->positions++;
        for (int depth = 1; depth <= e.max_depth && depth <= max_depth; depth++) {
            if (!e.has[depth] || e.expected[depth] > max_nodes)
                continue;
            t->counts++;
            for (int k = 0; k < n; k++) {
                char label[128];
                snprintf(label, sizeof label, "position %d of %d (%s), depth %d, %s", t->positions, positions, e.id,
                         depth, backends[k]->name);
                DeepSettings settings = *deep;
                settings.label = label;
                unsigned long long got;
                double start = seconds_now();
                if (deep_count(backends[k], &e, depth, bulk, &settings, roots, &got, &t->signal, err, errlen) < 0) {
                    fclose(file);
                    free(roots);
                    return -1;
                }
                double seconds = seconds_now() - start;
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
                add_backend_time(rows, &nrows, backends[k], got, seconds);
                fprintf(out, "%-32s %5d %-9s %15llu %15llu %9.3f %9.2f  %s\n", e.id, depth, backends[k]->name,
                        (unsigned long long)e.expected[depth], got, seconds,
                        seconds > 0 ? (double)got / seconds / 1e6 : 0.0, ok ? "ok" : "FAIL");
                fflush(out);
            }
        }
    }
    fclose(file);
    free(roots);
    if (status < 0)
        return -1;
    fprintf(out, "suite %s: %d positions, %d counts, %d checks, %d failed (bulk counting %s, no hashing)\n", path,
            t->positions, t->counts, t->checks, t->failed, bulk ? "on" : "off");
    if (nrows)
        print_speed_table(out, rows, nrows, bulk, deep->threads);
    if (t->checks == 0) {
        fprintf(out, "suite %s: nothing was checked\n", path);
        return 1;
    }
    return t->failed ? 1 : 0;
}
