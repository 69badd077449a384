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

void interrupt_install(InterruptGuard *guard)
{
    atomic_store(&received_signal, 0);
    struct sigaction action = {0};
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, NULL, &before_int); /* known before a second signal can ask */
    sigaction(SIGTERM, NULL, &before_term);
    sigaction(SIGINT, &action, &guard->saved_int);
    sigaction(SIGTERM, &action, &guard->saved_term);
}

void interrupt_restore(const InterruptGuard *guard)
{
    sigaction(SIGINT, &guard->saved_int, NULL);
    sigaction(SIGTERM, &guard->saved_term, NULL);
}

int interrupt_signal(void)
{
    return atomic_load(&received_signal);
}
