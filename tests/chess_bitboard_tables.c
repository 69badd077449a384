/* The chess bitboard backend's lookup tables against slow references: slider
 * lookups (PEXT or magic, whichever this build uses) against walking the
 * rays, the stored magic numbers against the seeded search that is said to
 * have produced them, and the path table against squares counted out by
 * hand.  The perft suites cover the generator; these pin down the tables it
 * stands on, so a wrong entry is named directly. */
#include <criterion/criterion.h>

#include "../gen/chess/bitboard/bitboard_magic.h"
#include "../gen/chess/bitboard/bitboard_slider.h"
#include "../gen/chess/bitboard/bitboard_tables.h"
#include "support.h"

static uint64_t next_random(uint64_t *state)
{
    *state += 0x9e3779b97f4a7c15ULL; /* splitmix64 */
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

Test(chess_bitboard_tables, slider_lookups_match_walking_the_rays)
{
    cbb_tables_init();
    uint64_t state = 7;
    for (int square = 0; square < 64; square++)
        for (int i = 0; i < 300; i++) {
            /* Sparse, medium and dense boards. */
            uint64_t occupied = next_random(&state);
            if (i % 3 == 0)
                occupied &= next_random(&state) & next_random(&state);
            else if (i % 3 == 1)
                occupied &= next_random(&state);
            EXPECT(cbb_rook_attacks(square, occupied) == cbb_slider_walk(square, occupied, 0),
                   "rook on %d, occupied %016llx (%s)", square, (unsigned long long)occupied,
                   cbb_slider_uses_pext() ? "PEXT" : "magic");
            EXPECT(cbb_bishop_attacks(square, occupied) == cbb_slider_walk(square, occupied, 1),
                   "bishop on %d, occupied %016llx (%s)", square, (unsigned long long)occupied,
                   cbb_slider_uses_pext() ? "PEXT" : "magic");
        }
}

/* Every bishop magic and the rook magics of a few squares (rooks take about
 * a hundred thousand candidates each) found again from their seeds. */
Test(chess_bitboard_tables, stored_magics_are_what_the_seeded_search_finds, .timeout = 60 * TEST_SLOWDOWN)
{
    static CbbBitboard subsets[CBB_SLIDER_MAX_SUBSETS], attacks[CBB_SLIDER_MAX_SUBSETS], table[CBB_SLIDER_MAX_SUBSETS];
    static const int ROOK_SQUARES[] = {0, 27, 63};
    for (int bishop = 0; bishop < 2; bishop++) {
        int squares = bishop ? 64 : (int)(sizeof ROOK_SQUARES / sizeof ROOK_SQUARES[0]);
        for (int i = 0; i < squares; i++) {
            int square = bishop ? i : ROOK_SQUARES[i];
            CbbBitboard mask;
            int count = cbb_slider_subsets(square, bishop, &mask, subsets, attacks);
            uint64_t seed = CBB_MAGIC_SEED ^ (uint64_t)(square + 64 * bishop);
            CbbBitboard found = cbb_magic_find(subsets, attacks, count, cbb_popcount(mask), 0, &seed, table);
            EXPECT(found == cbb_stored_magics[bishop][square], "%s on %d: search finds %016llx, table has %016llx",
                   bishop ? "bishop" : "rook", square, (unsigned long long)found,
                   (unsigned long long)cbb_stored_magics[bishop][square]);
        }
    }
}

Test(chess_bitboard_tables, magic_builds_use_the_stored_magics)
{
    cbb_tables_init();
    if (cbb_slider_uses_pext())
        return; /* PEXT builds index without multipliers */
    for (int square = 0; square < 64; square++) {
        EXPECT(cbb_rook_squares[square].magic == cbb_stored_magics[0][square], "rook on %d: stored magic rejected",
               square);
        EXPECT(cbb_bishop_squares[square].magic == cbb_stored_magics[1][square], "bishop on %d: stored magic rejected",
               square);
    }
}

static CbbBitboard squares_named(const char *names)
{
    CbbBitboard set = 0;
    for (const char *p = names; *p; p += p[2] == ' ' ? 3 : 2)
        set |= (CbbBitboard)1 << ((p[1] - '1') * 8 + (p[0] - 'a'));
    return set;
}

Test(chess_bitboard_tables, paths_run_to_the_far_square_or_are_just_it)
{
    cbb_tables_init();
    static const struct {
        int from, to;
        const char *path;
    } CASES[] = {
        {4, 60, "e2 e3 e4 e5 e6 e7 e8"},  /* e1 to e8, a file */
        {0, 63, "b2 c3 d4 e5 f6 g7 h8"},  /* a1 to h8, a diagonal */
        {7, 56, "g2 f3 e4 d5 c6 b7 a8"},  /* h1 to a8, the other diagonal */
        {31, 24, "g4 f4 e4 d4 c4 b4 a4"}, /* h4 to a4, a rank, leftward */
        {28, 29, "f4"},                   /* e4 to f4: neighbours */
        {6, 21, "f3"},                    /* g1 to f3: a knight's step, not a line */
        {0, 17, "b3"},                    /* a1 to b3: not a line either */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        EXPECT(cbb_path_to[CASES[i].from][CASES[i].to] == squares_named(CASES[i].path), "path %d -> %d: got %016llx",
               CASES[i].from, CASES[i].to, (unsigned long long)cbb_path_to[CASES[i].from][CASES[i].to]);
}

/* Every path and empty-board line against the slow reference: a slider on a
 * that sees b on an empty board, and the squares between them are what a
 * slider on a sees when b blocks it and a slider on b sees when a blocks
 * it, in common (the tables are built from the rays instead). */
Test(chess_bitboard_tables, paths_and_lines_match_walking_the_rays)
{
    cbb_tables_init();
    for (int a = 0; a < 64; a++) {
        EXPECT(cbb_rook_lines[a] == cbb_slider_walk(a, 0, 0), "rook lines of %d", a);
        EXPECT(cbb_bishop_lines[a] == cbb_slider_walk(a, 0, 1), "bishop lines of %d", a);
        for (int b = 0; b < 64; b++) {
            CbbBitboard path = 0;
            for (int bishop = 0; bishop < 2; bishop++)
                if (cbb_slider_walk(a, 0, bishop) & cbb_bit(b))
                    path = cbb_slider_walk(a, cbb_bit(b), bishop) & cbb_slider_walk(b, cbb_bit(a), bishop);
            EXPECT(cbb_path_to[a][b] == (path | cbb_bit(b)), "path %d -> %d: got %016llx", a, b,
                   (unsigned long long)cbb_path_to[a][b]);
        }
    }
}
