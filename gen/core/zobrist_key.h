/* 128-bit Zobrist keys: two independent 64-bit key streams.  The first
 * (lo) picks the table's bucket and is the key every backend keeps; the
 * second (hi) is kept beside it by the hashed recursion only
 * (perft_hash_recursion.h), from a second table of piece keys filled from
 * its own random stream.  An entry of the table is taken only when both
 * halves match (perft_hash.h).
 *
 * The non-piece part of hi is not a second table (that would need every
 * backend to keep a second state key): it is zobrist_second_state of lo's
 * non-piece part, a fixed bijective mix.  Two positions with equal pieces
 * then have equal keys only when their states give equal lo parts, which
 * the game's few state values never do (tests/zobrist_keys.c checks them
 * all); two positions whose pieces differ differ in hi by independent
 * random piece keys, so hi matches by chance (2^-64) independently of lo. */
#ifndef GEN_CORE_ZOBRIST_KEY_H
#define GEN_CORE_ZOBRIST_KEY_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ZobristKey {
    uint64_t lo, hi;
} ZobristKey;

static inline bool zobrist_key_equal(ZobristKey a, ZobristKey b)
{
    return a.lo == b.lo && a.hi == b.hi;
}

/* hi's non-piece part from lo's: splitmix64's finaliser, a bijection. */
static inline uint64_t zobrist_second_state(uint64_t state)
{
    uint64_t z = state ^ 0x5851f42d4c957f2dull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
