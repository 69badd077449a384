#include "thread_limit.h"

#include <errno.h>
#include <stdatomic.h>

static atomic_int left = -1; /* threads still allowed; -1: no limit */

void thread_limit_set(int more)
{
    atomic_store(&left, more < 0 ? -1 : more);
}

int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
    int now = atomic_load(&left);
    while (now >= 0) {
        if (now == 0)
            return EAGAIN;
        if (atomic_compare_exchange_weak(&left, &now, now - 1))
            break;
    }
    return __real_pthread_create(thread, attr, start, arg);
}
