/* Cross-checking participants (built-in backends and external engines)
 * against each other, without printing anything.
 *
 * Two findings need no second opinion: a divide at depth 1 that counts a
 * move as other than 1 (one legal move is one leaf), and a move listed
 * twice.  Either is reported where it shows, like any disagreement; no
 * participant is ever asked for depth 0.
 *
 * Every participant divides the same position; when their divides differ,
 * the check walks down the first root move whose counts differ, one divide
 * per participant of the pair and level, until it reaches the position
 * where the legal move lists themselves differ (or where a participant's
 * count disagrees with its own divide one level down), and reports that
 * position, the path to it and the moves in dispute. */
#ifndef GEN_PERFT_CROSSCHECK_H
#define GEN_PERFT_CROSSCHECK_H

#include "move_text.h"
#include "participants.h"
#include "perft_count.h"
#include "position_text.h"

enum { CROSS_PATH_MAX = 4096 };

typedef enum {
    CROSS_AGREE = 0,
    CROSS_MOVES_DIFFER,       /* the legal move lists differ at `position` */
    CROSS_POSITIONS_DIFFER,   /* same move path, different saved positions (two backends) */
    CROSS_PERFT_INCONSISTENT, /* a participant's count disagrees with its own divide below */
    CROSS_LEAF_COUNT,         /* at depth 1 a participant counts a move as other than 1 */
    CROSS_MOVE_TWICE          /* a participant (an engine) lists a move twice */
} CrossVerdict;

typedef struct CrossReport {
    CrossVerdict verdict;
    const char *first, *second;                   /* the names of the pair that was descended */
    char path[CROSS_PATH_MAX];                    /* moves from the root, space-separated */
    char position[POSITION_TEXT_MAX];             /* where the difference shows (the harness's view) */
    char other_position[POSITION_TEXT_MAX];       /* second's view, for POSITIONS_DIFFER */
    int depth;                                    /* depth remaining at that position */
    char only_first[CROSS_PATH_MAX];              /* moves only `first` has */
    char only_second[CROSS_PATH_MAX];             /* moves only `second` has */
    PerftCount counted_above[2], divided_here[2]; /* PERFT_INCONSISTENT: the pair's two counts of `position` */
    /* LEAF_COUNT and MOVE_TWICE: who, which move (played from `position`)
     * and its count, or its two counts. */
    const char *culprit;
    char move[MOVE_TEXT_MAX];
    PerftCount move_counts[2];
} CrossReport;

/* Divides q with each of the `count` participants into divides[k] (each
 * with room for MAX_MOVES entries) and, when they differ, descends from
 * q's position.  Returns 0 when they agree, or when a count was
 * interrupted (divides[k].signal) or passed the node budget
 * (divides[k].over_budget: the participants after it are not asked), 1 with the report filled when they differ or one
 * divide alone is wrong (see above), -1 with one line in err when a
 * participant fails. */
int crosscheck(const Participant *ps, int count, const CountPolicy *policy, const DivideQuery *q, Divide *divides,
               CrossReport *report, char *err, size_t errlen);

#endif
