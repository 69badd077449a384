/* A limit on the threads the test process may start, for the tests of
 * what the harness does when the system refuses one (a cgroup's pids.max, a
 * user's process limit): the test suite is linked with
 * -Wl,--wrap=pthread_create, so every pthread_create of the harness's
 * code comes here first. */
#ifndef TESTS_THREAD_LIMIT_H
#define TESTS_THREAD_LIMIT_H

#include <pthread.h>

/* From now on, pthread_create starts `more` threads and then fails with
 * EAGAIN; a negative `more` lifts the limit. */
void thread_limit_set(int more);

int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg);
int __real_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg);

#endif
