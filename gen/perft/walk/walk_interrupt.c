#include "walk/walk_interrupt.h"

#include <stdatomic.h>
#include <stddef.h>

#include "engine/engine_groups.h"

/* Static because a signal handler can reach nothing else; a lock-free
 * atomic is what C lets a handler write. */
static atomic_int interrupted;

static void on_interrupt(int signo)
{
    (void)signo;
    atomic_store(&interrupted, 1);
    engine_groups_end_all(); /* an engine's query ends at once; the walk starts them again */
}

void walk_interrupt_install(struct sigaction *saved)
{
    struct sigaction action = {0};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESTART; /* a read of the next command goes on */
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, saved);
}

void walk_interrupt_stops_reads(bool stops)
{
    struct sigaction action;
    if (sigaction(SIGINT, NULL, &action) != 0 || action.sa_handler != on_interrupt)
        return;
    action.sa_flags = stops ? 0 : SA_RESTART;
    sigaction(SIGINT, &action, NULL);
}

void walk_interrupt_restore(const struct sigaction *saved)
{
    sigaction(SIGINT, saved, NULL);
}

void walk_interrupt_clear(void)
{
    atomic_store(&interrupted, 0);
}

bool walk_interrupted(void)
{
    return atomic_load(&interrupted) != 0;
}
