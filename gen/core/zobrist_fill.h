/* Fills a game's Zobrist tables on first use and again whenever the seed
 * has changed since (zobrist_seed.h); thread-safe: the first caller of a
 * generation fills, the others wait for it. */
#ifndef GEN_CORE_ZOBRIST_FILL_H
#define GEN_CORE_ZOBRIST_FILL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#include "zobrist_seed.h"

#define ZOBRIST_FILL_CURRENT(fill)                                                                                     \
    do {                                                                                                               \
        static pthread_mutex_t fill_lock_ = PTHREAD_MUTEX_INITIALIZER;                                                 \
        static _Atomic uint64_t filled_ = 0;                                                                           \
        uint64_t want_ = zobrist_seed_generation();                                                                    \
        if (atomic_load_explicit(&filled_, memory_order_acquire) != want_) {                                           \
            pthread_mutex_lock(&fill_lock_);                                                                           \
            if (atomic_load(&filled_) != want_) {                                                                      \
                (fill)();                                                                                              \
                atomic_store_explicit(&filled_, want_, memory_order_release);                                          \
            }                                                                                                          \
            pthread_mutex_unlock(&fill_lock_);                                                                         \
        }                                                                                                              \
    } while (0)

#endif
