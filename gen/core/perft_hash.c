/* The shared perft table (perft_hash.h): buckets of one cache line, two
 * entries each; a store replaces the entry with the smaller count.  A
 * table of statistics: entries of three cache lines, two to a slot, the
 * same rule by nodes. */
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

/* A statistics entry: depth 0 (all zero) is never probed. */
typedef struct StatsEntry {
    _Alignas(64) _Atomic uint64_t lo_check; /* key.lo ^ stats_check(STATS_CHECK_LO, ...) */
    _Atomic uint64_t hi_check;              /* key.hi ^ stats_check(STATS_CHECK_HI, ...) */
    _Atomic uint64_t depth;
    _Atomic uint64_t column[STATS_COLUMNS];
} StatsEntry;

_Static_assert(sizeof(StatsEntry) == 192, "a statistics entry is three cache lines");

struct PerftHash {
    Bucket *buckets;   /* a table of counts */
    StatsEntry *stats; /* or a table of statistics */
    uint64_t mask;     /* buckets - 1 (statistics: slots of two entries) */
    size_t bytes;      /* the memory held */
    int threads;       /* that fault and zero the memory */
    bool verify;
    _Atomic uint64_t probes, hits, stores, verified;
};

/* A table in `bytes` (memory for the counts' buckets or the statistics'
 * entries); mask as the caller sizes it. */
static PerftHash *create(size_t bytes, int threads, uint64_t mask, bool stats)
{
    PerftHash *table = calloc(1, sizeof *table);
    if (!table)
        return NULL;
    table->threads = threads >= 1 ? threads : 1;
    table->mask = mask;
    table->bytes = bytes;
    void *memory = table_memory_create(bytes, table->threads);
    if (!memory) {
        free(table);
        return NULL;
    }
    if (stats)
        table->stats = memory;
    else
        table->buckets = memory;
    return table;
}

/* A power of two of buckets in at most `mib` MiB. */
PerftHash *perft_hash_create_threads(size_t mib, int threads)
{
    if (mib == 0 || mib > PERFT_HASH_MAX_MIB)
        return NULL;
    size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= mib << 20)
        buckets *= 2;
    return create(buckets * sizeof(Bucket), threads, buckets - 1, false);
}

/* As many slots of two entries as `mib` MiB hold (not a power of two: the
 * slot is the key's remainder, a division per probe beside a subtree's
 * statistics); mask holds the slot count. */
PerftHash *perft_hash_create_stats_threads(size_t mib, int threads)
{
    if (mib == 0 || mib > PERFT_HASH_MAX_MIB)
        return NULL;
    size_t slots = (mib << 20) / (2 * sizeof(StatsEntry));
    return create(slots * 2 * sizeof(StatsEntry), threads, slots, true);
}

bool perft_hash_holds_stats(const PerftHash *table)
{
    return table->stats != NULL;
}

void perft_hash_destroy(PerftHash *table)
{
    if (!table)
        return;
    table_memory_destroy(table->buckets ? (void *)table->buckets : (void *)table->stats, table->bytes);
    free(table);
}

void perft_hash_clear(PerftHash *table)
{
    table_memory_zero(table->buckets ? (void *)table->buckets : (void *)table->stats, table->bytes, table->threads);
    PerftHashCounts zero = {0};
    atomic_store(&table->probes, zero.probes);
    atomic_store(&table->hits, zero.hits);
    atomic_store(&table->stores, zero.stores);
    atomic_store(&table->verified, zero.verified);
}

/* A table of counts holds a power of two of MiB; a table of statistics,
 * whole entries, a few hundred bytes short of what was asked (rounded). */
size_t perft_hash_mib(const PerftHash *table)
{
    return (table->bytes + (table->stats ? 1u << 19 : 0)) >> 20;
}

void perft_hash_describe(const PerftHash *table, char *out, size_t outlen)
{
    if (!table)
        snprintf(out, outlen, "no hashing");
    else if (zobrist_seed_current())
        snprintf(out, outlen, "hash %zu MiB%s%s, key seed %llu", perft_hash_mib(table),
                 table->stats ? " of statistics" : "", table->verify ? ", verified" : "",
                 (unsigned long long)zobrist_seed_current());
    else
        snprintf(out, outlen, "hash %zu MiB%s%s", perft_hash_mib(table), table->stats ? " of statistics" : "",
                 table->verify ? ", verified" : "");
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
    if (!table->buckets)
        return false;
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
    if (count >= COUNT_LIMIT || depth < 1 || (uint64_t)depth > DEPTH_MASK || !table->buckets)
        return;
    Bucket *b = &table->buckets[key.lo & table->mask];
    uint64_t data = count << DEPTH_BITS | (uint64_t)depth;
    Entry *e = victim(b, key, depth);
    atomic_store_explicit(&e->lo_check, key.lo ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->hi_check, key.hi ^ data, memory_order_relaxed);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
}

/* ---- statistics ---- */

enum { STATS_CHECK_LO = 1, STATS_CHECK_HI = 2 };

/* A 64-bit check of an entry's depth and columns; `which` gives two
 * independent ones (splitmix64's finaliser over a running sum). */
static uint64_t stats_check(int which, uint64_t depth, const uint64_t *column)
{
    uint64_t h = 0x9e3779b97f4a7c15ull * (uint64_t)which ^ depth;
    for (int i = 0; i < STATS_COLUMNS; i++) {
        h = (h ^ column[i]) + 0x9e3779b97f4a7c15ull;
        h = (h ^ h >> 30) * 0xbf58476d1ce4e5b9ull;
        h = (h ^ h >> 27) * 0x94d049bb133111ebull;
        h ^= h >> 31;
    }
    return h;
}

/* The two entries of key's slot. */
static StatsEntry *stats_slot(const PerftHash *table, ZobristKey key)
{
    return &table->stats[2 * (key.lo % table->mask)];
}

/* Whether e holds (key, depth): its columns into *out when it does. */
static bool stats_read(const StatsEntry *e, ZobristKey key, int depth, PerftStats *out)
{
    uint64_t stored_depth = atomic_load_explicit(&e->depth, memory_order_relaxed);
    if (stored_depth != (uint64_t)depth)
        return false;
    PerftStats s;
    for (int i = 0; i < STATS_COLUMNS; i++)
        s.count[i] = atomic_load_explicit(&e->column[i], memory_order_relaxed);
    if ((atomic_load_explicit(&e->lo_check, memory_order_relaxed) ^
         stats_check(STATS_CHECK_LO, stored_depth, s.count)) != key.lo ||
        (atomic_load_explicit(&e->hi_check, memory_order_relaxed) ^
         stats_check(STATS_CHECK_HI, stored_depth, s.count)) != key.hi)
        return false;
    *out = s;
    return true;
}

bool perft_hash_probe_stats(const PerftHash *table, ZobristKey key, int depth, PerftStats *stats)
{
    if (!table->stats)
        return false;
    const StatsEntry *slot = stats_slot(table, key);
    return stats_read(&slot[0], key, depth, stats) || stats_read(&slot[1], key, depth, stats);
}

void perft_hash_store_stats(PerftHash *table, ZobristKey key, int depth, const PerftStats *stats)
{
    if (!table->stats || depth < 1)
        return;
    StatsEntry *slot = stats_slot(table, key), *e = &slot[0];
    PerftStats held;
    if (!stats_read(&slot[0], key, depth, &held)) {
        if (stats_read(&slot[1], key, depth, &held))
            e = &slot[1];
        else if (atomic_load_explicit(&slot[1].column[STATS_NODES], memory_order_relaxed) <
                 atomic_load_explicit(&slot[0].column[STATS_NODES], memory_order_relaxed))
            e = &slot[1]; /* the smaller subtree goes (an empty entry holds 0 nodes) */
    }
    atomic_store_explicit(&e->depth, (uint64_t)depth, memory_order_relaxed);
    for (int i = 0; i < STATS_COLUMNS; i++)
        atomic_store_explicit(&e->column[i], stats->count[i], memory_order_relaxed);
    atomic_store_explicit(&e->lo_check, key.lo ^ stats_check(STATS_CHECK_LO, (uint64_t)depth, stats->count),
                          memory_order_relaxed);
    atomic_store_explicit(&e->hi_check, key.hi ^ stats_check(STATS_CHECK_HI, (uint64_t)depth, stats->count),
                          memory_order_relaxed);
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
