/* The process groups of the engines running now, ended on every way out of
 * bin/perft: an engine runs in a group of its own (engine_process.c), so a
 * Ctrl-C at the terminal, SIGTERM from `timeout` or a closed terminal does
 * not reach it, and it would outlive us holding our stderr open. */
#ifndef GEN_PERFT_ENGINE_GROUPS_H
#define GEN_PERFT_ENGINE_GROUPS_H

#include <sys/types.h>

/* Makes SIGINT, SIGTERM and SIGHUP, where still at their default
 * disposition, end every listed group, say so in one line on stderr and
 * end bin/perft as the signal would (status 128 + it).  Called when an
 * engine is opened, before any count: a runner that catches these signals
 * later (the deep count) passes them on here (deep/interrupt.c). */
void engine_groups_watch(void);

/* Ends every listed group now (SIGKILL): async-signal-safe, for a signal
 * handler (the walk's Ctrl-C stops an engine's query so). */
void engine_groups_end_all(void);

/* Adds a started engine's group (its leader's pid). */
void engine_groups_add(pid_t group);

/* Removes a group once it has been ended and waited for. */
void engine_groups_remove(pid_t group);

#endif
