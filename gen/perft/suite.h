/* Checking every ";Dn" count of an EPD suite with one or all backends. */
#ifndef GEN_PERFT_SUITE_H
#define GEN_PERFT_SUITE_H

#include <stddef.h>
#include <stdio.h>

#include "perft_hash.h"

typedef struct SuiteTotals {
    int positions;  /* lines read */
    int counts;     /* (position, depth) pairs checked */
    int checks;     /* (position, depth, backend) runs */
    int failed;     /* runs whose count differed */
    double seconds; /* time spent in perft */
    unsigned long long nodes;
} SuiteTotals;

/* Runs `path` with the backend called `backend_name`, or every backend of
 * each position's game when it is "all", at depths up to `max_depth` whose
 * expected count is at most `max_nodes`.
 * Prints a row per check and a summary line to `out`.  Returns 0 when every
 * check passed, 1 when one failed or nothing was checked, -1 on an error
 * (message in err). */
int suite_run(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
              FILE *out, SuiteTotals *totals, char *err, size_t errlen);
/* The same with a table of counts (NULL: none), reused across the positions
 * and depths of one backend and cleared when the backend changes, so that
 * no backend is ever handed another's counts. */
int suite_run_hashed(const char *path, const char *backend_name, int max_depth, unsigned long long max_nodes, int bulk,
                     PerftHash *table, FILE *out, SuiteTotals *totals, char *err, size_t errlen);

#endif
