/* The seed of every Zobrist table (--hash-seed): 0, the default, gives the
 * fixed keys of every earlier run; any other seed gives independent keys,
 * so that a record count can be confirmed by a second run whose table
 * could not repeat the first's false hits.
 *
 * The seed is set once per command, before any key is made (command.c);
 * each game's tables are refilled on their next use when it has changed
 * (tests run many commands in one process).  It must not change while a
 * count runs. */
#ifndef GEN_CORE_ZOBRIST_SEED_H
#define GEN_CORE_ZOBRIST_SEED_H

#include <stdint.h>

void zobrist_seed_set(uint64_t seed);

/* The seed set (0: the default). */
uint64_t zobrist_seed_current(void);

/* Changes each time the seed does (never 0): a game's tables are current
 * when filled at this generation. */
uint64_t zobrist_seed_generation(void);

/* What the game's table filler XORs into its fixed starting state for
 * stream 0 (the first keys) or 1 (the second, zobrist_key.h): 0 for stream
 * 0 under seed 0, so that the default keys stay those of earlier runs. */
uint64_t zobrist_seed_stream(int stream);

#endif
