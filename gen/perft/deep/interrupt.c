#include "deep/interrupt.h"

#include <stdatomic.h>
#include <stddef.h>

/* The one piece of static mutable state in the harness: a signal handler
 * can reach nothing else.  A lock-free atomic is what C allows a handler to
 * write and what other threads may read without a race (workers read it
 * between work units). */
static atomic_int received_signal;
/* The dispositions before interrupt_install: a second signal goes there
 * (the default, or the handler that ends the engines: engine_groups.c). */
static struct sigaction before_int, before_term;

static void record_signal(int signo)
{
    if (atomic_exchange(&received_signal, signo) == 0)
        return;
    sigaction(signo, signo == SIGINT ? &before_int : &before_term, NULL);
    raise(signo); /* delivered once this handler returns */
}

/* Installs in force (the main thread's only): an install within another
 * (a suite's, then each count's) changes nothing, and its restore neither. */
static int installs;

void interrupt_install(InterruptGuard *guard)
{
    if (installs++ > 0)
        return;
    atomic_store(&received_signal, 0);
    struct sigaction action = {0};
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    /* The kernel writes the previous disposition before the handler can
     * run, so it is known before a second signal can ask: two calls, not
     * four (a suite installs them once per count). */
    sigaction(SIGINT, &action, &before_int);
    sigaction(SIGTERM, &action, &before_term);
    guard->saved_int = before_int;
    guard->saved_term = before_term;
}

void interrupt_restore(const InterruptGuard *guard)
{
    if (--installs > 0)
        return;
    sigaction(SIGINT, &guard->saved_int, NULL);
    sigaction(SIGTERM, &guard->saved_term, NULL);
}

int interrupt_signal(void)
{
    return atomic_load(&received_signal);
}
