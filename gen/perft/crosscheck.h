/* Cross-checking backends against each other.
 *
 * Every backend divides the same position; when their counts differ, the
 * check walks down the first root move whose counts differ, depth by depth,
 * until it reaches the position where the legal move lists themselves differ
 * (or where one backend's perft disagrees with its own make/generate), and
 * reports that position, the path to it and the moves in dispute. */
#ifndef GEN_PERFT_CROSSCHECK_H
#define GEN_PERFT_CROSSCHECK_H

#include <stdio.h>

#include "backend.h"
#include "position_text.h"

enum { CROSS_PATH_MAX = 4096 };

typedef enum {
    CROSS_AGREE = 0,
    CROSS_MOVES_DIFFER,      /* the legal move lists differ at `position` */
    CROSS_POSITIONS_DIFFER,  /* same move path, different saved positions */
    CROSS_PERFT_INCONSISTENT /* a backend's perft() disagrees with its own divide */
} CrossVerdict;

typedef struct CrossReport {
    CrossVerdict verdict;
    const Backend *first, *second;          /* the pair that was descended */
    char path[CROSS_PATH_MAX];              /* moves from the root, space-separated */
    char position[POSITION_TEXT_MAX];       /* where the difference shows (first's view) */
    char other_position[POSITION_TEXT_MAX]; /* second's view, for POSITIONS_DIFFER */
    int depth;                              /* depth remaining at that position */
    char only_first[CROSS_PATH_MAX];        /* moves only `first` generates */
    char only_second[CROSS_PATH_MAX];       /* moves only `second` generates */
    uint64_t total[8];                      /* root totals, per backend */
} CrossReport;

/* Divides `pos` (after the moves in `moves`, which may be NULL) to `depth`
 * with each of the `count` backends, prints the divide (one column per
 * backend when they differ) to `out`, and on disagreement descends and prints
 * the diagnosis.  Returns 0 when all agree, 1 on disagreement, -1 on an error
 * (message in err). */
int crosscheck(const Backend *const *backends, int count, const Position *pos, const char *moves, int depth, int bulk,
               FILE *out, CrossReport *report, char *err, size_t errlen);

#endif
