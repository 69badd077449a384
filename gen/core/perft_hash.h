/* A table of perft counts shared by every thread of a search, keyed by a
 * position's 128-bit Zobrist key (zobrist_key.h) and the remaining depth.
 *
 * Lock-free: an entry is three 64-bit words, (lo ^ data, hi ^ data, data),
 * each written and read with one relaxed atomic access.  Two threads
 * storing into one entry at once may leave the words of different stores
 * side by side; they then decode to a key that is neither store's, so the
 * probe misses instead of returning the other position's count.
 *
 * A bucket is one 64-byte cache line of two entries (16 bytes unused); a
 * store replaces the entry holding the smaller count (the cheaper subtree
 * to count again), so entries for deep subtrees stay.  An entry is taken
 * only when both 64-bit halves of the key and the depth match: a false hit
 * needs two positions equal in 128 bits of key, a chance of 2^-128 per
 * stored entry compared, so under 2^-127 per probe and under 1e-26 over
 * the 1e11 probes of the longest run here.  --hash-seed gives independent
 * keys for a confirming run, and --hash-verify recomputes a sample of hits
 * to catch a broken key.  Memory comes from table_memory.h (huge pages,
 * faulted by several threads).
 *
 * Counts do not depend on bulk counting (bulk only saves making the last
 * ply's moves), so entries made with bulk counting on serve searches with
 * it off and back: the key ignores it.
 *
 * A table made for statistics (--stats with --hash) holds instead every
 * column of PerftStats (perft_stats.h) of a (key, depth), losslessly: an
 * entry of three cache lines, two entries to a slot, as many slots as the
 * size holds, the same smaller-subtree-goes rule (by nodes).  Its key words are stored mixed
 * with two 64-bit checks of the whole entry, so words of two stores side
 * by side decode to a key that is neither's and miss.  A table holds one
 * kind: the other kind's probes miss and its stores are dropped. */
#ifndef GEN_CORE_PERFT_HASH_H
#define GEN_CORE_PERFT_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perft_stats.h"
#include "zobrist_key.h"

typedef struct PerftHash PerftHash;

/* The largest --hash a table takes, in MiB (1 TiB). */
enum { PERFT_HASH_MAX_MIB = 1 << 20 };

/* A zeroed table of at most `mib` MiB (rounded down to a power of two
 * buckets, at least one), its pages faulted in by `threads` threads; NULL
 * when the memory cannot be had. */
PerftHash *perft_hash_create_threads(size_t mib, int threads);
static inline PerftHash *perft_hash_create(size_t mib)
{
    return perft_hash_create_threads(mib, 1);
}
/* The same size of table for statistics (above). */
PerftHash *perft_hash_create_stats_threads(size_t mib, int threads);
void perft_hash_destroy(PerftHash *table);

/* Whether the table was made for statistics. */
bool perft_hash_holds_stats(const PerftHash *table);

/* Empties the table (its counters too), on the threads it was made with. */
void perft_hash_clear(PerftHash *table);

/* "no hashing" for NULL, else "hash N MiB" (and ", verified" with
 * verify on): what a report says beside each figure. */
void perft_hash_describe(const PerftHash *table, char *out, size_t outlen);

/* The MiB the table holds, as reports name it. */
size_t perft_hash_mib(const PerftHash *table);

/* With verify on, searches recompute about one hit in 1024 with the
 * unhashed perft and stop the process on a mismatch. */
void perft_hash_set_verify(PerftHash *table, bool verify);
bool perft_hash_verifying(const PerftHash *table);

/* The count stored for (key, depth), depth >= 1, into *count: true on a
 * hit. */
bool perft_hash_probe(const PerftHash *table, ZobristKey key, int depth, uint64_t *count);
/* Stores (key, depth) -> count; counts too large for an entry are not
 * stored. */
void perft_hash_store(PerftHash *table, ZobristKey key, int depth, uint64_t count);

/* The statistics stored for (key, depth), depth >= 1, into *stats: true on
 * a hit (a table made for statistics only). */
bool perft_hash_probe_stats(const PerftHash *table, ZobristKey key, int depth, PerftStats *stats);
/* Stores (key, depth) -> stats (a table made for statistics only). */
void perft_hash_store_stats(PerftHash *table, ZobristKey key, int depth, const PerftStats *stats);

/* Whether a hit on `key` is one of the sampled ones --hash-verify
 * recomputes (the key's top 10 bits, so the sample is the same whatever
 * the table's size). */
static inline bool perft_hash_sampled(const PerftHash *table, ZobristKey key)
{
    return perft_hash_verifying(table) && key.lo >> 54 == 0;
}

/* What a search did with the table; a search adds its own counts once, at
 * its end, so threads do not contend for counters. */
typedef struct PerftHashCounts {
    uint64_t probes, hits, stores, verified;
} PerftHashCounts;

void perft_hash_add_counts(PerftHash *table, const PerftHashCounts *counts);
PerftHashCounts perft_hash_counts(const PerftHash *table);

#endif
