/* Ctrl-C in the walk: it stops the count under way and the walk goes on.
 * A built-in backend's count stops by itself (the deep runner catches
 * SIGINT while it counts: deep/interrupt.h); an engine's query is stopped
 * by ending the engines' process groups, which the walk then starts again.
 * Outside a count a Ctrl-C is only noted (the next count forgets it). */
#ifndef GEN_PERFT_WALK_WALK_INTERRUPT_H
#define GEN_PERFT_WALK_WALK_INTERRUPT_H

#include <signal.h>
#include <stdbool.h>

/* Installs the walk's SIGINT handler (the previous one saved) before any
 * engine starts, so that the engines' own watcher leaves SIGINT to it. */
void walk_interrupt_install(struct sigaction *saved);
void walk_interrupt_restore(const struct sigaction *saved);

/* Whether a Ctrl-C interrupts a read in progress (true: it returns EINTR)
 * or the read goes on (false, the default: a pipe's next command is read
 * whole).  The line editor needs the first: the Ctrl-C that its own
 * handler does not see (it came while that handler was not installed)
 * must still end its read, or the prompt would wait for a whole line. */
void walk_interrupt_stops_reads(bool stops);

/* Forgets any earlier Ctrl-C: a count is about to start. */
void walk_interrupt_clear(void);
/* Whether a Ctrl-C came since walk_interrupt_clear. */
bool walk_interrupted(void);

#endif
