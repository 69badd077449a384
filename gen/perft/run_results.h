/* What each runner returns: the counts, verdicts and figures of a run.
 * The runners count and compare; the output files print these, results on
 * standard output and timing, speed and notes on standard error alike. */
#ifndef GEN_PERFT_RUN_RESULTS_H
#define GEN_PERFT_RUN_RESULTS_H

#include <stdbool.h>

#include "count_policy.h"
#include "crosscheck.h"
#include "divide.h"
#include "move_text.h"
#include "participants.h"
#include "perft_count.h"
#include "position_kinds.h"
#include "position_text.h"
#include "report.h"

/* run_divide's: DEPTH POSITION [MOVES] divided by every participant. */
typedef struct DivideRun {
    bool started; /* the moves were played: the heading fields below are known */
    Game game;
    MoveNotation notation; /* the run's (settings_notation) */
    Participant ps[MAX_PARTICIPANTS];
    int count;                   /* participants */
    Divide ds[MAX_PARTICIPANTS]; /* ds[k]: ps[k]'s divide; `allocated` of them have their entries */
    int allocated;
    CrossReport *report;       /* the diagnosis when they differ */
    bool counted;              /* the cross-check ran to its end */
    bool agree;                /* ... and every divide agreed */
    int interrupted;           /* the participant whose count a signal stopped, or -1 */
    double seconds;            /* the whole cross-check's */
    const CountPolicy *policy; /* how the built-in backends counted */
} DivideRun;

/* run_suite's: what was checked, failed and skipped. */
typedef struct SuiteTotals {
    int positions;     /* lines read */
    int counts;        /* (position, depth) pairs checked */
    int checks;        /* (position, depth, participant) counts */
    int failed;        /* counts that differed from the file's */
    int disagreements; /* (position, depth) pairs whose participants disagreed */
    int skipped;       /* (position, depth) pairs whose count passed max_nodes (the file's count above it too) */
    int deeper;        /* (position, depth) pairs deeper than max_depth, not run */
    int unplayed;      /* positions of a game no participant plays (-b none, engines of the other game) */
    int chess960;      /* positions counted in Chess960 notation (settings_notation) */
    double seconds;    /* time spent counting */
    PerftCount nodes;
    FailureKinds kinds; /* the positions with a failed count, by kind (position_kinds.h) */
} SuiteTotals;

/* run_pgn_suite's: what a PGN suite counted and found. */
typedef struct PgnSuiteTotals {
    int games;         /* games read */
    int positions;     /* positions counted (every depth of each) */
    int counts;        /* (position, depth) pairs the participants all counted */
    int checks;        /* (position, depth, participant) counts */
    int disagreements; /* (position, depth) pairs whose participants disagreed */
    int skipped;       /* (position, depth) pairs a count of passed --max-nodes, stopped there */
    int chess960;      /* games counted in Chess960 notation */
} PgnSuiteTotals;

/* run_random's: the games played and checked, and the first disagreement. */
typedef struct RandomResult {
    int status; /* EXIT_AGREE, EXIT_DIFFER (a disagreement), or EXIT_USAGE with `error` */
    char error[ERROR_TEXT_MAX];
    char starts[ERROR_TEXT_MAX + 256]; /* what the games start from, for the summary */
    long games;
    long positions;   /* nodes at which the participants were compared */
    long round_trips; /* make/unmake pairs checked */
    long disagreements;
    /* The disagreement (the run stops at the first): the game, its start
     * and the ply, with the cross-check's report. */
    long game;
    int ply;
    char start[POSITION_TEXT_MAX];
    char start_number[32]; /* chess960:N or dfrc:W,B, "" for a listed start */
    CrossReport report;
} RandomResult;

#endif
