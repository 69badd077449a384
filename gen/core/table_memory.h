/* Memory for a large table (the perft table of --hash): anonymous pages
 * from mmap, marked MADV_HUGEPAGE so that the kernel backs them with 2 MiB
 * transparent huge pages where it offers them (fewer TLB misses on random
 * probes; one fault and one zeroing per 2 MiB instead of per 4 KiB), and
 * faulted in by several threads at once, each writing its own slice.
 *
 * Where transparent huge pages are off (/sys/kernel/mm/transparent_hugepage/
 * enabled set to "never", or a kernel without them) the advice is ignored:
 * the table works on 4 KiB pages, faulted in the same parallel way, only
 * slower to set up and to probe.  results/experiments/2026-12-03-table-zeroing/table-zeroing.sh measures it. */
#ifndef GEN_CORE_TABLE_MEMORY_H
#define GEN_CORE_TABLE_MEMORY_H

#include <stdbool.h>
#include <stddef.h>

/* `bytes` of zeroed memory, 64-byte aligned (2 MiB aligned when at least
 * that large), every page faulted in by `threads` threads; NULL when the
 * memory cannot be had. */
void *table_memory_create(size_t bytes, int threads);
void table_memory_destroy(void *memory, size_t bytes);

/* Zeroes the memory again, split over `threads` threads. */
void table_memory_zero(void *memory, size_t bytes, int threads);

#endif
