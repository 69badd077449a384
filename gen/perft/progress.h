/* The harness's progress printer: the progress line of a long run, on
 * stderr only: units done of the total (work units, games, positions),
 * nodes so far, their rate and an estimate of the time left, and the notes
 * a deep count sends while it runs (progress_watcher).  The runners and the
 * deep runner count; this file alone draws.
 * Drawn for runs past about a second, when stderr is a terminal (one line
 * redrawn in place) or when asked for (--progress: a full line every
 * second, for logs and pipes). */
#ifndef GEN_PERFT_PROGRESS_H
#define GEN_PERFT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "deep/deep_job.h"
#include "perft_count.h"

typedef struct Progress {
    FILE *err;
    bool forced, enabled, terminal, drawn;
    double start, last;
    const char *label;
    size_t units_before; /* done before this run (a checkpoint's): not in the rate */
    PerftCount nodes_before;
    const char *units_name, *nodes_name; /* "units" and "nodes" unless progress_names says otherwise */
    const char *note;                    /* the caller's text after the counts ("2 disagreements"), or NULL */
} Progress;

/* Starts the clock; `forced`: draw even when err is not a terminal.
 * `label` (or NULL) opens every line, as in "position 3 of 12". */
void progress_start(Progress *p, FILE *err, bool forced, const char *label);
/* What the line calls the units and the nodes ("games", "positions"):
 * nodes other than "nodes" get a rate per second, not Mnps. */
void progress_names(Progress *p, const char *units, const char *nodes);
/* Text the line shows after the counts, owned by the caller, who may
 * change it between updates (NULL: none). */
void progress_note_with(Progress *p, const char *note);
/* Redraws the line when it is due. */
void progress_update(Progress *p, size_t units_done, size_t units_total, PerftCount nodes);
/* Clears a terminal's line so that what follows starts clean; a forced
 * line that is not a terminal's ends on the run's totals ("done in 2s"). */
void progress_finish(Progress *p, size_t units_done, size_t units_total, PerftCount nodes);

/* While an engine is awaited (no units to show): "LABEL: waiting on WHO,
 * 3s elapsed", drawn as progress_update draws (past about a second, on a
 * terminal or when forced), from the clock progress_start started. */
void progress_waiting(Progress *p, const char *who);
/* The engine answered: a terminal's line is cleared; a forced line that was
 * drawn ends on "LABEL: WHO answered in 3s". */
void progress_waited(Progress *p, const char *who);

/* A deep count's watcher drawing on `p`: its clock starts again when the
 * count begins (after the split), a checkpoint's units are its baseline,
 * its notes are printed as progress_note does, and its end finishes the
 * line. */
DeepWatcher progress_watcher(Progress *p);

#endif
