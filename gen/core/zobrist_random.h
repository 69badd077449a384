/* The fixed pseudo-random numbers Zobrist tables are filled with:
 * splitmix64 from a fixed seed, so keys are the same in every run and every
 * build. */
#ifndef GEN_CORE_ZOBRIST_RANDOM_H
#define GEN_CORE_ZOBRIST_RANDOM_H

#include <stdint.h>

static inline uint64_t zobrist_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
