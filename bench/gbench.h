/* A thin C face on Google Benchmark.
 *
 * gbench.cpp is the only file that includes the Google Benchmark header; the
 * benchmarks themselves are C and see only this API: register a named
 * benchmark (a C callback and its user data), drive its timed loop, report
 * counters, and run whatever the command line selects.  Every --benchmark_*
 * flag of the library works (--benchmark_filter, --benchmark_out=FILE,
 * --benchmark_out_format=json, --benchmark_repetitions, ...). */
#ifndef BENCH_GBENCH_H
#define BENCH_GBENCH_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library's per-run state, opaque to C. */
typedef struct GbenchState GbenchState;

typedef void (*GbenchFunction)(GbenchState *state, void *user);

/* The unit the console shows times in (the JSON says which it used). */
typedef enum { GBENCH_NANOSECONDS, GBENCH_MICROSECONDS, GBENCH_MILLISECONDS, GBENCH_SECONDS } GbenchUnit;

/* Registers `function` under `name` (copied).  The library calls it several
 * times (to size the iteration count, then once per repetition); work done
 * before the first gbench_keep_running() call of a call is not timed. */
void gbench_register(const char *name, GbenchFunction function, void *user, GbenchUnit unit);

/* True while the timed loop should run another iteration. */
bool gbench_keep_running(GbenchState *state);

/* A counter shown as `total` divided by the measured seconds of the whole
 * loop (so pass the total over every iteration): nodes per second. */
void gbench_counter_rate(GbenchState *state, const char *name, double total);
/* A counter shown as it is: nodes per iteration, for checking. */
void gbench_counter(GbenchState *state, const char *name, double value);
/* Free text shown beside the result (and in the JSON's "label"). */
void gbench_label(GbenchState *state, const char *text);

/* Marks the run failed with `message`; the caller must leave its loop. */
void gbench_skip_with_error(GbenchState *state, const char *message);

/* Reads the library's flags from argv, reports any other argument as an
 * error, runs the registered benchmarks that --benchmark_filter selects.
 * Returns 0; 1 when nothing ran or a run reported an error; 2 for an
 * argument the library does not know. */
int gbench_run(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
