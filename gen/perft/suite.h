/* Checking every ";Dn" count of an EPD suite with one or all backends. */
#ifndef GEN_PERFT_SUITE_H
#define GEN_PERFT_SUITE_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "engine.h"
#include "parallel.h"
#include "perft_hash.h"

typedef struct SuiteTotals {
    int positions;  /* lines read */
    int counts;     /* (position, depth) pairs checked */
    int checks;     /* (position, depth, backend) runs */
    int failed;     /* runs whose count differed */
    int skipped;    /* (position, depth) pairs above max_nodes, not run */
    int deeper;     /* (position, depth) pairs deeper than max_depth, not run */
    double seconds; /* time spent in perft */
    unsigned long long nodes;
    int signal; /* SIGINT or SIGTERM when the suite was interrupted, else 0 */
} SuiteTotals;

/* Runs `path` with the backend called `backend_name`, or every backend of
 * each position's game when it is "all", at depths up to `max_depth` whose
 * expected count is at most `max_nodes`.  Each backend's count runs on `deep`'s threads (NULL: one), its progress
 * line naming the position (k of N).  Prints a row per check and a summary
 * line to `out` that counts what was skipped (above max_nodes, deeper than
 * max_depth).  Returns 0 when every check passed, 1 when one failed or
 * nothing was checked, 128 + the signal when interrupted, -1 on an error
 * (message in err). */
int suite_run(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
              const DeepSettings *deep, FILE *out, SuiteTotals *totals, char *err, size_t errlen);
/* The same with a table of counts (NULL: none), reused across the positions
 * and depths of one backend and cleared when the backend changes, so that
 * no backend is ever handed another's counts. */
int suite_run_hashed(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
                     PerftHash *table, FILE *out, SuiteTotals *totals, char *err, size_t errlen);

/* The same with external engines beside the backends (`backend_name` may be
 * "none": the engines alone), each engine's count being its divide total
 * (its time per query: from the query sent to the total read).  With `json`
 * non-NULL, nothing goes to `out` and every check, the speed table and the
 * summary go into `json` ("checks", "speed", "summary"). */
int suite_run_with_engines(const char *path, const char *backend_name, Engine *engines, int nengines, int max_depth,
                           unsigned long long max_nodes, int bulk, FILE *out, json_t *json, SuiteTotals *totals,
                           char *err, size_t errlen);
/* All of it: engines, threads and a table of counts for the backends. */
int suite_run_full(const char *path, const char *backend_name, Engine *engines, int nengines, int max_depth,
                   unsigned long long max_nodes, int bulk, const DeepSettings *deep, PerftHash *table, FILE *out,
                   json_t *json, SuiteTotals *totals, char *err, size_t errlen);

#endif
