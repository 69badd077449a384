/* The seed of every Zobrist table (--hash-seed): 0, the default, gives the
 * fixed keys of every earlier run; any other seed gives independent keys,
 * so that a record count can be confirmed by a second run whose table
 * could not repeat the first's false hits. */
#ifndef GEN_CORE_ZOBRIST_SEED_H
#define GEN_CORE_ZOBRIST_SEED_H

#include <stdbool.h>
#include <stdint.h>

/* Sets the seed; false when a table was already filled with another seed
 * (the seed must be set before the first key is made). */
bool zobrist_seed_set(uint64_t seed);

/* The seed, and from now on no other may be set: what the game's table
 * filler mixes into its fixed starting state (stream 0: the first keys,
 * stream 1: the second, zobrist_key.h). */
uint64_t zobrist_seed_take(int stream);

#endif
