/* Read-only tables are built once per process, by whichever instance or
 * thread asks first; later callers wait for it and then share them. */
#ifndef GEN_CORE_RUN_ONCE_H
#define GEN_CORE_RUN_ONCE_H

#include <pthread.h>

#define RUN_ONCE(build)                                                                                                \
    do {                                                                                                               \
        static pthread_once_t run_once_ = PTHREAD_ONCE_INIT;                                                           \
        pthread_once(&run_once_, (build));                                                                             \
    } while (0)

#endif
