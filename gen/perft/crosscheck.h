/* Cross-checking participants (built-in backends and external engines)
 * against each other, without printing anything.
 *
 * Two findings need no second opinion: a divide at depth 1 that counts a
 * move as other than 1 (one legal move is one leaf), and a move listed
 * twice.  Either is reported where it shows, like any disagreement; no
 * participant is ever asked for depth 0.
 *
 * Every participant divides the same position; when their divides differ,
 * the check walks down the first root move whose counts differ (with
 * --stats, whose statistics differ in the first differing column), one divide
 * per participant of the pair and level, until it reaches the position
 * where the legal move lists themselves differ (or where a participant's
 * count disagrees with its own divide one level down), and reports that
 * position, the path to it and the moves in dispute.
 *
 * A game the participants play together (random games) is checked node by
 * node with crosscheck_node: the same findings, and two only a built-in
 * backend's own session can show (a bulk count other than its list, a
 * move whose make and unmake do not restore the position). */
#ifndef GEN_PERFT_CROSSCHECK_H
#define GEN_PERFT_CROSSCHECK_H

#include "move_text.h"
#include "participants.h"
#include "perft_count.h"
#include "perft_stats.h"
#include "position_text.h"

/* CROSS_PATH_MAX: a list of moves in dispute; CROSS_LINE_MAX: a path,
 * which in a random game is up to 10000 plies (--plies) of up to 7
 * characters and a blank. */
enum { CROSS_PATH_MAX = 4096, CROSS_LINE_MAX = 8 * 10001 };

typedef enum {
    CROSS_AGREE = 0,
    CROSS_MOVES_DIFFER,       /* the legal move lists differ at `position` */
    CROSS_POSITIONS_DIFFER,   /* same move path, different saved positions (two backends) */
    CROSS_PERFT_INCONSISTENT, /* a participant's count disagrees with its own divide below */
    CROSS_LEAF_COUNT,         /* at depth 1 a participant counts a move as other than 1 */
    CROSS_MOVE_TWICE,         /* a participant (an engine) lists a move twice */
    CROSS_COUNT_VS_LIST,      /* a backend's bulk count at depth 1 is not the length of its own list */
    CROSS_ROUND_TRIP,         /* a backend's make and unmake of `move` do not restore `position` */
    CROSS_STATS_DIFFER        /* --stats: same moves and counts, the leaves' kinds differ (stats_column) */
} CrossVerdict;

typedef struct CrossReport {
    CrossVerdict verdict;
    const char *first, *second;                   /* the names of the pair that was descended */
    char path[CROSS_LINE_MAX];                    /* moves from the root, space-separated */
    char position[POSITION_TEXT_MAX];             /* where the difference shows (the harness's view) */
    char other_position[POSITION_TEXT_MAX];       /* POSITIONS_DIFFER: second's view; ROUND_TRIP: after */
    int depth;                                    /* depth remaining at that position */
    char only_first[CROSS_PATH_MAX];              /* moves only `first` has */
    char only_second[CROSS_PATH_MAX];             /* moves only `second` has */
    PerftCount counted_above[2], divided_here[2]; /* PERFT_INCONSISTENT: the pair's two counts of `position` */
    /* LEAF_COUNT and MOVE_TWICE: who, which move (played from `position`)
     * and its count, or its two counts; ROUND_TRIP: who and which move;
     * COUNT_VS_LIST: who. */
    const char *culprit;
    char move[MOVE_TEXT_MAX];
    PerftCount move_counts[2];
    PerftCount bulk_count; /* COUNT_VS_LIST: the culprit's bulk count at depth 1 ... */
    int list_count;        /* ... and the length of its list of legal moves */
    /* --stats, when the pair's statistics differ where the descent starts:
     * the first differing column of the game's (perft_stats_first_difference_in;
     * the descent follows the root moves that differ in it) and its two
     * counts there; STATS_DIFFER: the same at `position`.  STATS_COLUMNS
     * when the statistics were not compared or agree. */
    Game game;
    int stats_column;
    uint64_t stats_counts[2];
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

/* A node of a game the participants play together: each built-in
 * backend's session stands at it, having played `path` from `start`; an
 * engine is asked for its divide at depth 1 of start + path. */
typedef struct GameNode {
    const Position *start;
    const char *path;         /* space-separated, in `notation` */
    MoveNotation notation;    /* of the path, the engines' divides and the report */
    struct Session *sessions; /* sessions[k]: participant k's, when it is a backend (session.h) */
    Divide *scratch;          /* room for MAX_MOVES entries: an engine's divide */
} GameNode;

/* Checks one node with the `count` participants, participant 0 being a
 * built-in backend: every backend's saved position, legal moves, bulk
 * count at depth 1 and the make/unmake of each move (counted in
 * *round_trips), then every engine's divide at depth 1 (a move listed
 * twice, a count other than 1), every list against participant 0's.
 * `moves` receives participant 0's legal moves sorted by their standard
 * text (moves_sort), whatever the notation.  Returns 0 when all agree, 1
 * with the report filled (depth 1, the path, the position) on the first
 * finding, -1 with one line in err when an engine fails. */
int crosscheck_node(const Participant *ps, int count, const GameNode *node, Move moves[MAX_MOVES], int *move_count,
                    long *round_trips, CrossReport *report, char *err, size_t errlen);

#endif
