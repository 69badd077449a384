/* --suite FILE: every ";Dn" count of an EPD file, position by position,
 * through the divide path: every participant divides the position, each
 * total is held against the file's count, and when participants disagree
 * the run descends to the first diverging position as divide does.
 * --max-nodes N is a budget each count is counted within, never the file's
 * count trusted: a count passing N is stopped there, and is skipped, or
 * failed when the file says it is N or fewer. */
#ifndef GEN_PERFT_RUN_SUITE_H
#define GEN_PERFT_RUN_SUITE_H

#include "output.h"
#include "participants.h"
#include "perft_count.h"
#include "settings.h"

typedef struct SuiteTotals {
    int positions;     /* lines read */
    int counts;        /* (position, depth) pairs checked */
    int checks;        /* (position, depth, participant) counts */
    int failed;        /* counts that differed from the file's */
    int disagreements; /* (position, depth) pairs whose participants disagreed */
    int skipped;       /* (position, depth) pairs whose count passed max_nodes (the file's count above it too) */
    int deeper;        /* (position, depth) pairs deeper than max_depth, not run */
    int unplayed;      /* positions of a game no participant plays (-b none, engines of the other game) */
    double seconds;    /* time spent counting */
    PerftCount nodes;
} SuiteTotals;

/* Runs the suite of `s`: a row per check and a summary that names what was
 * skipped, then a speed table per participant.  Returns the exit status:
 * EXIT_DIFFER when a check failed or nothing was checked; `totals` (may be
 * NULL) says what ran. */
int run_suite(const RunSettings *s, Participants *parts, Counting *counting, Output *o, FILE *err, SuiteTotals *totals);

#endif
