/* Writes gen/chess/bitboard/bitboard_magic_table.c: the magic multipliers of the
 * bitboard backend's slider tables, found by its own seeded search
 * (cbb_magic_find, seed CBB_MAGIC_SEED mixed with the square), exactly as
 * start-up would find them if the stored table were missing.
 *
 * Not part of the build.  From the repository root:
 *   gcc -std=c17 -O2 -Igen/core -Igen/chess/bitboard gen/chess/bitboard/tools/bitboard_find_magics.c \
 *       gen/chess/bitboard/bitboard_slider.c gen/chess/bitboard/bitboard_magic.c \
 *       gen/chess/bitboard/bitboard_magic_table.c -o /tmp/find_magics && \
 *       /tmp/find_magics > gen/chess/bitboard/bitboard_magic_table.c */
#include <inttypes.h>
#include <stdio.h>

#include "bitboard_magic.h"
#include "bitboard_slider.h"

int main(void)
{
    static CbbBitboard subsets[CBB_SLIDER_MAX_SUBSETS], attacks[CBB_SLIDER_MAX_SUBSETS], table[CBB_SLIDER_MAX_SUBSETS];
    printf("/* Magic multipliers for bitboard_slider.c, written by\n"
           " * gen/chess/bitboard/tools/bitboard_find_magics.c (our own seeded search, see\n"
           " * bitboard_magic.h); do not edit by hand. */\n"
           "#include \"bitboard_magic.h\"\n\n"
           "const CbbBitboard cbb_stored_magics[2][64] = {\n");
    for (int bishop = 0; bishop < 2; bishop++) {
        printf("    {\n");
        for (int square = 0; square < 64; square++) {
            CbbBitboard mask;
            int count = cbb_slider_subsets(square, bishop, &mask, subsets, attacks);
            uint64_t seed = CBB_MAGIC_SEED ^ (uint64_t)(square + 64 * bishop);
            CbbBitboard magic = cbb_magic_find(subsets, attacks, count, cbb_popcount(mask), 0, &seed, table);
            printf("%s0x%016" PRIx64 "ULL,%s", square % 4 ? " " : "        ", magic, square % 4 == 3 ? "\n" : "");
        }
        printf("    },\n");
    }
    printf("};\n");
    return 0;
}
