#include "zobrist_seed.h"

#include <stdatomic.h>

#include "zobrist_random.h"

static _Atomic uint64_t seed_value;
static _Atomic uint64_t generation = 1;

void zobrist_seed_set(uint64_t seed)
{
    if (atomic_load(&seed_value) != seed) {
        atomic_store(&seed_value, seed);
        atomic_fetch_add(&generation, 1);
    }
}

uint64_t zobrist_seed_current(void)
{
    return atomic_load(&seed_value);
}

uint64_t zobrist_seed_generation(void)
{
    return atomic_load(&generation);
}

uint64_t zobrist_seed_stream(int stream)
{
    uint64_t seed = atomic_load(&seed_value);
    if (seed == 0 && stream == 0)
        return 0;
    /* Distinct for every (seed, stream). */
    uint64_t state = seed * 2 + (uint64_t)stream;
    return zobrist_next(&state);
}
