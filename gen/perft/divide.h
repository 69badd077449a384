/* A divide: every root move of a position with the perft of the depth
 * below it, as one participant (a built-in backend or an engine) counted
 * it. */
#ifndef GEN_PERFT_DIVIDE_H
#define GEN_PERFT_DIVIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "move_text.h"
#include "perft_count.h"
#include "perft_stats.h"
#include "position.h"

typedef struct DivideEntry {
    Move move;
    PerftCount count;
    bool finished;    /* false only in an interrupted count: the count is not known */
    PerftStats stats; /* the leaves below the move, when the divide's entry_stats */
} DivideEntry;

/* How a built-in backend's divide was counted on the deep runner
 * (deep/deep_divide.h); all 0 for an engine's. */
typedef struct DeepResult {
    size_t units, units_done, units_resumed; /* resumed: taken from a checkpoint */
    PerftCount nodes_resumed;                /* what the resumed units count */
    size_t units_kept;                       /* in the checkpoint at the end: resumed and appended */
    int checkpoint_errno;                    /* why appending to the checkpoint failed, or 0 */
    int split;                               /* plies below the root its units start at */
    bool line_units;                         /* units were lines, not distinct positions */
    bool on_caller;                          /* a small count on one thread: its root moves the units, counted on
                                                the calling thread (deep/deep_divide.c) */
    char workers[64];                        /* who counted it: "2 threads", "3 ranks, 6 counting threads" */
} DeepResult;

typedef struct Divide {
    DivideEntry *entries; /* room for MAX_MOVES, sorted by move text */
    int count;            /* root moves */
    PerftCount total;     /* the finished root moves' counts, summed */
    double seconds;       /* the participant's time for it */
    int signal;           /* SIGINT or SIGTERM when the count was interrupted, else 0 */
    bool over_budget;     /* stopped past the run's node budget (--max-nodes): no count */
    /* An engine that listed a move twice (a move generation bug it shows
     * at this position): the move and its two counts. */
    bool twice;
    Move twice_move;
    PerftCount twice_counts[2];
    MoveNotation notation; /* how its moves are written, and sorted (castling as e1g1 or e1h1) */
    DeepResult deep;       /* a built-in backend's */
    /* --stats, from a backend that counts statistics: the total's, and
     * (entry_stats) each root move's; at depth 1 only the total's, a
     * leaf's kind being known from the move that reaches it. */
    bool has_stats, entry_stats;
    PerftStats stats;
} Divide;

/* A divide with room for MAX_MOVES entries; false when out of memory. */
static inline bool divide_alloc(Divide *d)
{
    *d = (Divide){.entries = malloc(sizeof *d->entries * MAX_MOVES)};
    return d->entries != NULL;
}

static inline void divide_free(Divide *d)
{
    free(d->entries);
    d->entries = NULL;
}

/* `count` divides with room for MAX_MOVES entries each: how many were
 * allocated, `count` unless memory ran out (free those with
 * divides_free). */
static inline int divides_alloc(Divide *ds, int count)
{
    int allocated = 0;
    while (allocated < count && divide_alloc(&ds[allocated]))
        allocated++;
    return allocated;
}

static inline void divides_free(Divide *ds, int allocated)
{
    for (int k = 0; k < allocated; k++)
        divide_free(&ds[k]);
}

/* Sorts the entries by their text in `notation` (divide.c). */
void divide_sort(Game game, MoveNotation notation, Divide *d);

#endif
