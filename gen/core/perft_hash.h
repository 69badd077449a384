/* A table of perft counts shared by every thread of a search, keyed by a
 * position's 64-bit Zobrist key and the remaining depth.
 *
 * Lock-free: an entry is two 64-bit words, (key ^ data, data), each written
 * and read with one relaxed atomic access.  Two threads storing into one
 * entry at once may leave the words of different stores side by side; the
 * pair then decodes to a key that is neither store's, so the probe misses
 * instead of returning the other position's count.
 *
 * An entry is taken only when the whole 64-bit key and the depth match.  A
 * false hit therefore needs two different positions with the same 64-bit
 * key (or a torn pair whose XOR happens to equal the probed key): with
 * random keys that is a chance of about 2^-64 per probe, so about 1e-9 over
 * the 1e10 probes of a perft that runs for hours - negligible, and
 * --hash-verify recomputes a sample of hits to catch a broken key.
 *
 * Counts do not depend on bulk counting (bulk only saves making the last
 * ply's moves), so entries made with bulk counting on serve searches with
 * it off and back: the key ignores it. */
#ifndef GEN_CORE_PERFT_HASH_H
#define GEN_CORE_PERFT_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PerftHash PerftHash;

/* The largest --hash a table takes, in MiB (1 TiB). */
enum { PERFT_HASH_MAX_MIB = 1 << 20 };

/* A zeroed table of at most `mib` MiB (rounded down to a power of two
 * buckets, at least one); NULL when the memory cannot be had. */
PerftHash *perft_hash_create(size_t mib);
void perft_hash_destroy(PerftHash *table);

/* Empties the table (its counters too). */
void perft_hash_clear(PerftHash *table);

/* "no hashing" for NULL, else "hash N MiB" (and ", verified" with
 * verify on): what a report says beside each figure. */
void perft_hash_describe(const PerftHash *table, char *out, size_t outlen);

/* Bytes the table really holds. */
size_t perft_hash_bytes(const PerftHash *table);

/* With verify on, searches recompute about one hit in 1024 with the
 * unhashed perft and stop the process on a mismatch. */
void perft_hash_set_verify(PerftHash *table, bool verify);
bool perft_hash_verifying(const PerftHash *table);

/* The count stored for (key, depth), depth >= 1, into *count: true on a
 * hit. */
bool perft_hash_probe(const PerftHash *table, uint64_t key, int depth, uint64_t *count);
/* Stores (key, depth) -> count; counts too large for an entry are not
 * stored. */
void perft_hash_store(PerftHash *table, uint64_t key, int depth, uint64_t count);

/* Whether a hit on `key` is one of the sampled ones --hash-verify
 * recomputes (the key's top 10 bits, so the sample is the same whatever
 * the table's size). */
static inline bool perft_hash_sampled(const PerftHash *table, uint64_t key)
{
    return perft_hash_verifying(table) && key >> 54 == 0;
}

/* A recomputed hit disagrees with the table: one line on stderr, then
 * exit(BACKEND_CONTRACT_EXIT). */
_Noreturn void perft_hash_verify_failed(uint64_t key, int depth, uint64_t stored, uint64_t recomputed);

/* What a search did with the table; a search adds its own counts once, at
 * its end, so threads do not contend for counters. */
typedef struct PerftHashCounts {
    uint64_t probes, hits, stores, verified;
} PerftHashCounts;

void perft_hash_add_counts(PerftHash *table, const PerftHashCounts *counts);
PerftHashCounts perft_hash_counts(const PerftHash *table);

#endif
