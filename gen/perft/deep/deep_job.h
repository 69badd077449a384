/* What a deep count counts: one backend's perft from one position, and
 * who watches it. */
#ifndef GEN_PERFT_DEEP_DEEP_JOB_H
#define GEN_PERFT_DEEP_DEEP_JOB_H

#include <stdbool.h>
#include <stddef.h>

#include "backend.h"
#include "perft_count.h"

/* What a deep count tells the harness as it goes (the progress printer,
 * progress.h): the units a checkpoint held when the count begins, the
 * units and nodes done so far now and then (from the thread that runs the
 * executor), a note when something happens that the user must know at
 * once (one whole line, without its newline), and the end.  The deep
 * runner itself writes nothing. */
typedef struct DeepWatcher {
    void (*begin)(void *context, size_t units_resumed, PerftCount nodes_resumed);
    void (*update)(void *context, size_t units_done, size_t units, PerftCount nodes);
    void (*note)(void *context, const char *line);
    void (*end)(void *context, size_t units_done, size_t units, PerftCount nodes);
    void *context;
} DeepWatcher;

/* `backend`'s perft of `depth` from `start`.  position_text and moves_text
 * are the command's (the position before its moves, and the moves): they
 * name the count in a checkpoint's header, with the backend, depth and
 * bulk flag. */
typedef struct DeepJob {
    const Backend *backend;
    Position start; /* after the command's moves */
    int depth;      /* >= 1 */
    bool bulk;
    bool stats; /* the backend's statistics (perft_stats.h) per unit, not its perft: bulk is off */
    const char *position_text, *moves_text;
    const char *checkpoint;     /* file to append finished units to and resume from, or NULL */
    int split;                  /* plies below the root units start at, at most work_units_deepest_split(depth);
                                   0: the shallowest giving enough */
    const DeepWatcher *watcher; /* or NULL: nobody watches */
} DeepJob;

#endif
