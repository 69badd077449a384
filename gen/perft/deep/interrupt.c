#include "deep/interrupt.h"

#include <stdatomic.h>
#include <stddef.h>

/* The one piece of static mutable state in the harness: a signal handler
 * can reach nothing else.  A lock-free atomic is what C allows a handler to
 * write and what other threads may read without a race (workers read it
 * between work units). */
static atomic_int received_signal;

static void record_signal(int signo)
{
    atomic_store(&received_signal, signo);
}

void interrupt_install(InterruptGuard *guard)
{
    atomic_store(&received_signal, 0);
    struct sigaction action = {0};
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND; /* a second signal is not caught */
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
