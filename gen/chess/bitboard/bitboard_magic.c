/* Magic search: try sparse random multipliers until one sends every
 * occupancy subset to an index no subset with different attacks shares.
 *
 * Sparse candidates (the AND of three random words, about 8 bits set) work
 * far more often than dense ones; a quick filter rejects multipliers that
 * leave too few bits of the mask in the top byte.  Each candidate is checked
 * in one pass over the subsets: `stamp` marks which entries this attempt has
 * written, so the table never needs clearing between attempts. */
#include "bitboard_magic.h"

enum { MAX_ENTRIES = 4096 };

/* xorshift64*: small, fast and good enough for picking candidates. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dULL;
}

CbbBitboard cbb_magic_find(const CbbBitboard *subsets, const CbbBitboard *attacks, int count, int bits,
                           CbbBitboard first_try, uint64_t *seed, CbbBitboard *table)
{
    /* Attempt number that last wrote each entry, counted across calls so that
     * marks left by an earlier square never look current.  Only the one-time
     * table initialisation calls this. */
    static unsigned stamp[MAX_ENTRIES], attempt;
    CbbBitboard mask = 0;
    for (int i = 0; i < count; i++)
        mask |= subsets[i];
    unsigned shift = (unsigned)(64 - bits);
    for (;;) {
        attempt++;
        CbbBitboard magic = first_try ? first_try : next_random(seed) & next_random(seed) & next_random(seed);
        first_try = 0;
        if (cbb_popcount((mask * magic) >> 56) < 6)
            continue;
        int ok = 1;
        for (int i = 0; i < count && ok; i++) {
            unsigned index = (unsigned)((subsets[i] * magic) >> shift);
            if (stamp[index] != attempt) {
                stamp[index] = attempt;
                table[index] = attacks[i];
            } else if (table[index] != attacks[i]) {
                ok = 0;
            }
        }
        if (ok)
            return magic;
    }
}
