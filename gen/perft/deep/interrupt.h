/* SIGINT and SIGTERM during a long count: the handler only records the
 * signal; workers stop taking work units, the finished ones are reported,
 * and the command exits 128 + the signal (130, 143), as a shell would. */
#ifndef GEN_PERFT_INTERRUPT_H
#define GEN_PERFT_INTERRUPT_H

#include <signal.h>

typedef struct InterruptGuard {
    struct sigaction saved_int, saved_term;
} InterruptGuard;

/* Installs the handlers (clearing any earlier request) until
 * interrupt_restore.  A second signal goes to the previous disposition
 * (the default, or the handler that ends the engines first), so a second
 * Ctrl-C stops a run at once.  Within another install (a suite's around
 * its counts') both calls do nothing: the outer one's handlers and request
 * stand. */
void interrupt_install(InterruptGuard *guard);
void interrupt_restore(const InterruptGuard *guard);

/* The signal received since interrupt_install, or 0. */
int interrupt_signal(void);

#endif
