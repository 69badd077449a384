/* Wall-clock time for the harness's timings and deadlines. */
#ifndef GEN_PERFT_CLOCK_H
#define GEN_PERFT_CLOCK_H

#include <time.h>

/* Seconds on the monotonic clock: differences are elapsed wall time. */
static inline double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
