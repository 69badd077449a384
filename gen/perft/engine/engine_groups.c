#include "engine/engine_groups.h"

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>

#include "output_signal.h"

/* Static because a signal handler can reach nothing else; lock-free
 * atomics are what C lets a handler read while the main thread writes. */
enum { GROUPS_MAX = 64 };
static atomic_int groups[GROUPS_MAX]; /* 0: a free slot */

static const int ENDING_SIGNALS[] = {SIGINT, SIGTERM, SIGHUP};

void engine_groups_end_all(void)
{
    for (int i = 0; i < GROUPS_MAX; i++) {
        int group = atomic_exchange(&groups[i], 0);
        if (group > 0)
            kill(-group, SIGKILL);
    }
}

static void end_engines_and_exit(int signo)
{
    engine_groups_end_all();
    output_signal_engines_ended(signo);
    signal(signo, SIG_DFL);
    raise(signo);
}

/* One ignored, as by nohup, stays ignored. */
void engine_groups_watch(void)
{
    for (size_t i = 0; i < sizeof ENDING_SIGNALS / sizeof *ENDING_SIGNALS; i++) {
        struct sigaction current;
        if (sigaction(ENDING_SIGNALS[i], NULL, &current) != 0 || current.sa_handler != SIG_DFL)
            continue;
        struct sigaction action = {0};
        action.sa_handler = end_engines_and_exit;
        sigfillset(&action.sa_mask);
        sigaction(ENDING_SIGNALS[i], &action, NULL);
    }
}

void engine_groups_add(pid_t group)
{
    for (int i = 0; i < GROUPS_MAX; i++) {
        int free_slot = 0;
        if (atomic_compare_exchange_strong(&groups[i], &free_slot, (int)group))
            return;
    }
    /* More engines than slots: the harness runs at most 8 (settings.h). */
}

void engine_groups_remove(pid_t group)
{
    for (int i = 0; i < GROUPS_MAX; i++) {
        int listed = (int)group;
        if (atomic_compare_exchange_strong(&groups[i], &listed, 0))
            return;
    }
}
