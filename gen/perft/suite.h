/* Checking every ";Dn" count of an EPD suite with one or all backends. */
#ifndef GEN_PERFT_SUITE_H
#define GEN_PERFT_SUITE_H

#include <stddef.h>
#include <stdio.h>

#include "parallel.h"

typedef struct SuiteTotals {
    int positions;  /* lines read */
    int counts;     /* (position, depth) pairs checked */
    int checks;     /* (position, depth, backend) runs */
    int failed;     /* runs whose count differed */
    double seconds; /* time spent in perft */
    unsigned long long nodes;
    int signal; /* SIGINT or SIGTERM when the suite was interrupted, else 0 */
} SuiteTotals;

/* Runs `path` with the backend called `backend_name`, or every backend of
 * each position's game when it is "all", at depths up to `max_depth` whose
 * expected count is at most `max_nodes`.
 * Each count runs on `deep`'s threads, its progress line naming the
 * position (k of N).  Prints a row per check and a summary line to `out`.
 * Returns 0 when every check passed, 1 when one failed or nothing was
 * checked, 128 + the signal when interrupted, -1 on an error (message in
 * err). */
int suite_run(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
              const DeepSettings *deep, FILE *out, SuiteTotals *totals, char *err, size_t errlen);

#endif
