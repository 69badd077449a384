/* Checking every ";Dn" count of an EPD suite with one or all backends. */
#ifndef GEN_PERFT_SUITE_H
#define GEN_PERFT_SUITE_H

#include <stddef.h>
#include <stdio.h>

typedef struct SuiteTotals {
    int positions;  /* lines read */
    int counts;     /* (position, depth) pairs checked */
    int checks;     /* (position, depth, backend) runs */
    int failed;     /* runs whose count differed */
    int skipped;    /* (position, depth) pairs above max_nodes, not run */
    int deeper;     /* (position, depth) pairs deeper than max_depth, not run */
    double seconds; /* time spent in perft */
    unsigned long long nodes;
} SuiteTotals;

/* Runs `path` with the backend called `backend_name`, or every backend of
 * each position's game when it is "all", at depths up to `max_depth` whose
 * expected count is at most `max_nodes`.
 * Prints a row per check and a summary line to `out` that counts what was
 * skipped (above max_nodes, deeper than max_depth).  Returns 0 when every
 * check passed, 1 when one failed or nothing was checked, -1 on an error
 * (message in err). */
int suite_run(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
              FILE *out, SuiteTotals *totals, char *err, size_t errlen);

#endif
