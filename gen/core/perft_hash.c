/* The shared perft table (perft_hash.h): buckets of one cache line, two
 * entries each; a store replaces the entry with the smaller count. */
#include "perft_hash.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "table_memory.h"
#include "zobrist_seed.h"

/* data = count << DEPTH_BITS | depth.  An all-zero entry decodes to depth
 * 0, which is never probed, so a fresh table holds no hits. */
enum { DEPTH_BITS = 6, ENTRIES_PER_BUCKET = 2 };
#define DEPTH_MASK ((1ull << DEPTH_BITS) - 1)
#define COUNT_LIMIT (1ull << (64 - DEPTH_BITS))

typedef struct Entry {
    _Atomic uint64_t lo_check; /* key.lo ^ data */
    _Atomic uint64_t hi_check; /* key.hi ^ data */
    _Atomic uint64_t data;
} Entry;

typedef struct Bucket {
    _Alignas(64) Entry entry[ENTRIES_PER_BUCKET];
} Bucket;

_Static_assert(sizeof(Bucket) == 64, "a bucket is one cache line");

struct PerftHash {
    Bucket *buckets;
    uint64_t mask; /* bucket count - 1 */
    int threads;   /* that fault and zero the memory */
    bool verify;
    _Atomic uint64_t probes, hits, stores, verified;
};

PerftHash *perft_hash_create_threads(size_t mib, int threads)
{
    if (mib == 0 || mib > PERFT_HASH_MAX_MIB)
        return NULL;
    size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= mib << 20)
        buckets *= 2;
    PerftHash *table = calloc(1, sizeof *table);
    if (!table)
        return NULL;
    table->threads = threads >= 1 ? threads : 1;
    table->mask = buckets - 1;
    table->buckets = table_memory_create(buckets * sizeof(Bucket), table->threads);
    if (!table->buckets) {
        free(table);
        return NULL;
    }
    return table;
}

void perft_hash_destroy(PerftHash *table)
{
    if (!table)
        return;
    table_memory_destroy(table->buckets, perft_hash_bytes(table));
    free(table);
}

void perft_hash_clear(PerftHash *table)
{
    table_memory_zero(table->buckets, perft_hash_bytes(table), table->threads);
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
    else if (zobrist_seed_current())
        snprintf(out, outlen, "hash %zu MiB%s, key seed %llu", perft_hash_bytes(table) >> 20,
                 table->verify ? ", verified" : "", (unsigned long long)zobrist_seed_current());
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

bool perft_hash_probe(const PerftHash *table, ZobristKey key, int depth, uint64_t *count)
{
    const Bucket *b = &table->buckets[key.lo & table->mask];
    for (int i = 0; i < ENTRIES_PER_BUCKET; i++) {
        const Entry *e = &b->entry[i];
        uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
        if ((data & DEPTH_MASK) != (uint64_t)depth ||
            (atomic_load_explicit(&e->lo_check, memory_order_relaxed) ^ data) != key.lo ||
            (atomic_load_explicit(&e->hi_check, memory_order_relaxed) ^ data) != key.hi)
            continue;
        *count = data >> DEPTH_BITS;
        return true;
    }
    return false;
}

#ifdef PERFT_HASH_REPLACE_BY_DEPTH
/* The policy before buckets kept counts (for measuring against): entry 0
 * keeps the deeper subtree, entry 1 takes every other store. */
static Entry *victim(Bucket *b, ZobristKey key, int depth)
{
    (void)key;
    uint64_t kept = atomic_load_explicit(&b->entry[0].data, memory_order_relaxed);
    return (int)(kept & DEPTH_MASK) <= depth ? &b->entry[0] : &b->entry[1];
}
#else
/* The entry already holding this key (a store racing another thread's),
 * else the one with the smaller count: the cheaper subtree to count again
 * goes (an empty entry counts 0). */
static Entry *victim(Bucket *b, ZobristKey key, int depth)
{
    Entry *smallest = &b->entry[0];
    uint64_t smallest_count = UINT64_MAX;
    for (int i = 0; i < ENTRIES_PER_BUCKET; i++) {
        Entry *e = &b->entry[i];
        uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
        if ((data & DEPTH_MASK) == (uint64_t)depth &&
            (atomic_load_explicit(&e->lo_check, memory_order_relaxed) ^ data) == key.lo)
            return e;
        if (data >> DEPTH_BITS < smallest_count) {
            smallest_count = data >> DEPTH_BITS;
            smallest = e;
        }
    }
    return smallest;
}
#endif

void perft_hash_store(PerftHash *table, ZobristKey key, int depth, uint64_t count)
{
    if (count >= COUNT_LIMIT || depth < 1 || (uint64_t)depth > DEPTH_MASK)
        return;
    Bucket *b = &table->buckets[key.lo & table->mask];
    uint64_t data = count << DEPTH_BITS | (uint64_t)depth;
    Entry *e = victim(b, key, depth);
    atomic_store_explicit(&e->lo_check, key.lo ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->hi_check, key.hi ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
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
