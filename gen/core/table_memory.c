#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, madvise's MADV_HUGEPAGE */
#include "table_memory.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20, MAX_ZEROING_THREADS = 256 };

typedef struct Slice {
    char *start;
    size_t bytes;
    bool fresh; /* never written: the kernel zeroes each page as it is faulted in */
} Slice;

enum { SMALL_PAGE = 4096 };

static void *zero_slice(void *arg)
{
    const Slice *s = arg;
    if (s->fresh) /* one write a page faults it in, zeroed by the kernel: no second pass */
        for (size_t at = 0; at < s->bytes; at += SMALL_PAGE)
            ((volatile char *)s->start)[at] = 0;
    else
        memset(s->start, 0, s->bytes);
    return NULL;
}

/* Zeroes (fresh: faults in) the memory in slices of whole huge pages, one
 * per thread. */
static void zero_in_slices(void *memory, size_t bytes, int threads, bool fresh)
{
    if (threads < 1)
        threads = 1;
    if (threads > MAX_ZEROING_THREADS)
        threads = MAX_ZEROING_THREADS;
    /* Slices of whole huge pages, so that no page is faulted by two threads. */
    size_t pages = (bytes + HUGE_PAGE - 1) / HUGE_PAGE;
    if ((size_t)threads > pages)
        threads = pages > 0 ? (int)pages : 1;
    Slice slices[MAX_ZEROING_THREADS];
    pthread_t ids[MAX_ZEROING_THREADS];
    bool started[MAX_ZEROING_THREADS] = {false};
    size_t at = 0;
    for (int t = 0; t < threads; t++) {
        size_t end = t == threads - 1 ? bytes : (pages * (size_t)(t + 1) / (size_t)threads) * HUGE_PAGE;
        if (end > bytes)
            end = bytes;
        slices[t] = (Slice){(char *)memory + at, end - at, fresh};
        at = end;
    }
    for (int t = 1; t < threads; t++)
        started[t] = pthread_create(&ids[t], NULL, zero_slice, &slices[t]) == 0;
    zero_slice(&slices[0]);
    for (int t = 1; t < threads; t++)
        if (started[t])
            pthread_join(ids[t], NULL);
        else
            zero_slice(&slices[t]); /* no thread: this one does it */
}

void *table_memory_create(size_t bytes, int threads)
{
    if (bytes == 0)
        return NULL;
    /* Over-map by a huge page to align the start to one. */
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    size_t mapped = bytes + (align > 64 ? align : 0);
    char *raw = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return NULL;
    char *start = raw;
    if (align > 64) {
        start = (char *)(((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1));
        if (start > raw)
            munmap(raw, (size_t)(start - raw));
        size_t tail = (size_t)(raw + mapped - (start + bytes));
        if (tail)
            munmap(start + bytes, tail);
        (void)madvise(start, bytes, MADV_HUGEPAGE); /* a hint: ignored where not offered */
    }
    /* Fresh anonymous pages read as zero; writing them now faults them in
     * on every thread at once instead of one by one during the count. */
    zero_in_slices(start, bytes, threads, true);
    return start;
}

void table_memory_zero(void *memory, size_t bytes, int threads)
{
    zero_in_slices(memory, bytes, threads, false);
}

void table_memory_destroy(void *memory, size_t bytes)
{
    if (memory)
        munmap(memory, bytes);
}
