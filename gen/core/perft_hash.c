/* The shared perft table (perft_hash.h): buckets of two entries, one kept
 * for the deeper subtree, one replaced by every store. */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include "perft_hash.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "backend.h"

/* data = count << DEPTH_BITS | depth.  An all-zero entry decodes to depth
 * 0, which is never probed, so a fresh table holds no hits. */
enum { DEPTH_BITS = 6, ENTRIES_PER_BUCKET = 2, HUGE_PAGE = 2 << 20 };
#define DEPTH_MASK ((1ull << DEPTH_BITS) - 1)
#define COUNT_LIMIT (1ull << (64 - DEPTH_BITS))

typedef struct Entry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} Entry;

typedef struct Bucket {
    Entry entry[ENTRIES_PER_BUCKET]; /* [0] deeper-preferred, [1] always replaced */
} Bucket;

struct PerftHash {
    Bucket *buckets;
    uint64_t mask; /* bucket count - 1 */
    bool verify;
    _Atomic uint64_t probes, hits, stores, verified;
};

PerftHash *perft_hash_create(size_t mib)
{
    if (mib == 0 || mib > PERFT_HASH_MAX_MIB)
        return NULL;
    size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= mib << 20)
        buckets *= 2;
    PerftHash *table = calloc(1, sizeof *table);
    if (!table)
        return NULL;
    /* Huge pages where the kernel gives them (fewer TLB misses on random
     * probes), and every page written now: a table faulted in page by page
     * during the search costs more than it saves on a run of a second. */
    size_t bytes = buckets * sizeof(Bucket);
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : sizeof(Bucket);
    table->buckets = aligned_alloc(align, bytes);
    if (!table->buckets) {
        free(table);
        return NULL;
    }
    if (align == HUGE_PAGE)
        (void)madvise(table->buckets, bytes, MADV_HUGEPAGE); /* a hint: fine to fail */
    table->mask = buckets - 1;
    perft_hash_clear(table);
    return table;
}

void perft_hash_destroy(PerftHash *table)
{
    if (!table)
        return;
    free(table->buckets);
    free(table);
}

void perft_hash_clear(PerftHash *table)
{
    memset(table->buckets, 0, perft_hash_bytes(table));
    PerftHashCounts zero = {0};
    atomic_store(&table->probes, zero.probes);
    atomic_store(&table->hits, zero.hits);
    atomic_store(&table->stores, zero.stores);
    atomic_store(&table->verified, zero.verified);
}

void perft_hash_describe(const PerftHash *table, char *out, size_t outlen)
{
    if (!table)
        snprintf(out, outlen, "no hashing");
    else
        snprintf(out, outlen, "hash %zu MiB%s", perft_hash_bytes(table) >> 20, table->verify ? ", verified" : "");
}

size_t perft_hash_bytes(const PerftHash *table)
{
    return (size_t)(table->mask + 1) * sizeof(Bucket);
}

void perft_hash_set_verify(PerftHash *table, bool verify)
{
    table->verify = verify;
}

bool perft_hash_verifying(const PerftHash *table)
{
    return table->verify;
}

bool perft_hash_probe(const PerftHash *table, uint64_t key, int depth, uint64_t *count)
{
    const Bucket *b = &table->buckets[key & table->mask];
    for (int i = 0; i < ENTRIES_PER_BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&b->entry[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b->entry[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (data & DEPTH_MASK) == (uint64_t)depth) {
            *count = data >> DEPTH_BITS;
            return true;
        }
    }
    return false;
}

void perft_hash_store(PerftHash *table, uint64_t key, int depth, uint64_t count)
{
    if (count >= COUNT_LIMIT || depth < 1 || (uint64_t)depth > DEPTH_MASK)
        return;
    Bucket *b = &table->buckets[key & table->mask];
    uint64_t data = count << DEPTH_BITS | (uint64_t)depth;
    uint64_t kept = atomic_load_explicit(&b->entry[0].data, memory_order_relaxed);
    Entry *e = (int)(kept & DEPTH_MASK) <= depth ? &b->entry[0] : &b->entry[1];
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
}

_Noreturn void perft_hash_verify_failed(uint64_t key, int depth, uint64_t stored, uint64_t recomputed)
{
    fprintf(stderr,
            "perft: --hash-verify: the table's count for key %016llx at depth %d is %llu, the unhashed perft "
            "counts %llu\n",
            (unsigned long long)key, depth, (unsigned long long)stored, (unsigned long long)recomputed);
    exit(BACKEND_CONTRACT_EXIT);
}

void perft_hash_add_counts(PerftHash *table, const PerftHashCounts *c)
{
    atomic_fetch_add_explicit(&table->probes, c->probes, memory_order_relaxed);
    atomic_fetch_add_explicit(&table->hits, c->hits, memory_order_relaxed);
    atomic_fetch_add_explicit(&table->stores, c->stores, memory_order_relaxed);
    atomic_fetch_add_explicit(&table->verified, c->verified, memory_order_relaxed);
}

PerftHashCounts perft_hash_counts(const PerftHash *table)
{
    PerftHashCounts c;
    c.probes = atomic_load_explicit(&table->probes, memory_order_relaxed);
    c.hits = atomic_load_explicit(&table->hits, memory_order_relaxed);
    c.stores = atomic_load_explicit(&table->stores, memory_order_relaxed);
    c.verified = atomic_load_explicit(&table->verified, memory_order_relaxed);
    return c;
}
