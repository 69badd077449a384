#include "zobrist_seed.h"

#include <stdatomic.h>

#include "zobrist_random.h"

static _Atomic uint64_t seed_value;
static atomic_bool seed_taken;

bool zobrist_seed_set(uint64_t seed)
{
    if (atomic_load(&seed_taken))
        return atomic_load(&seed_value) == seed;
    atomic_store(&seed_value, seed);
    return true;
}

uint64_t zobrist_seed_take(int stream)
{
    atomic_store(&seed_taken, true);
    uint64_t seed = atomic_load(&seed_value);
    if (seed == 0 && stream == 0)
        return 0; /* the keys of every run before seeds */
    /* Distinct for every (seed, stream): the filler XORs it into its state. */
    uint64_t state = seed * 2 + (uint64_t)stream;
    return zobrist_next(&state);
}
