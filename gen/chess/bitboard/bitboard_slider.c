/* Building the rook and bishop tables of bitboard_slider.h: per square the
 * relevant mask, then every subset of it with its attacks, stored at the
 * subset's PEXT or magic index.  The 107,648 entries are built at every
 * start, so each is found from the rays (one bit scan per direction), not
 * by stepping square by square: the walk (cbb_slider_walk) stays as the
 * slow reference the tests hold the tables to. */
#include "bitboard_slider.h"

#include <stddef.h>

#include "bitboard_magic.h"

CbbSliderSquare cbb_rook_squares[64];
CbbSliderSquare cbb_bishop_squares[64];

/* Sum over squares of 2^(mask bits): 102400 for rooks, 5248 for bishops. */
enum { ROOK_TABLE_SIZE = 102400, BISHOP_TABLE_SIZE = 5248 };
static CbbBitboard rook_table[ROOK_TABLE_SIZE];
static CbbBitboard bishop_table[BISHOP_TABLE_SIZE];

static const int ROOK_STEPS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int BISHOP_STEPS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

CbbBitboard cbb_slider_walk(int square, CbbBitboard occupied, int bishop)
{
    const int(*steps)[2] = bishop ? BISHOP_STEPS : ROOK_STEPS;
    CbbBitboard attacks = 0;
    for (int d = 0; d < 4; d++) {
        int file = square % 8 + steps[d][0], rank = square / 8 + steps[d][1];
        for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += steps[d][0], rank += steps[d][1]) {
            attacks |= cbb_bit(rank * 8 + file);
            if (occupied & cbb_bit(rank * 8 + file))
                break;
        }
    }
    return attacks;
}

void cbb_slider_rays(int square, int bishop, CbbBitboard rays[4])
{
    const int(*steps)[2] = bishop ? BISHOP_STEPS : ROOK_STEPS;
    for (int d = 0; d < 4; d++) {
        rays[d] = 0;
        int file = square % 8 + steps[d][0], rank = square / 8 + steps[d][1];
        for (; file >= 0 && file < 8 && rank >= 0 && rank < 8; file += steps[d][0], rank += steps[d][1])
            rays[d] |= cbb_bit(rank * 8 + file);
    }
}

/* Whether direction `step` climbs: adds to the square number, so a ray's
 * nearest square is its lowest and its last square its highest. */
static bool climbs(const int step[2])
{
    return step[0] + 8 * step[1] > 0;
}

/* A slider's attacks from its rays: along each direction, everything up to
 * the nearest occupied square.  That square is the lowest of the ray's
 * blockers when the ray climbs and the highest when it falls; the part of
 * the ray beyond it is cut off by masking with the squares below it
 * (climbing) or above it (falling). */
static CbbBitboard attacks_by_rays(const CbbBitboard rays[4], const int (*steps)[2], CbbBitboard occupied)
{
    CbbBitboard attacks = 0;
    for (int d = 0; d < 4; d++) {
        CbbBitboard ray = rays[d], blockers = ray & occupied;
        if (blockers) {
            if (climbs(steps[d]))
                ray &= (blockers & -blockers) * 2 - 1; /* up to the lowest blocker, itself included */
            else
                ray &= ~((cbb_bit(63 - __builtin_clzll(blockers))) - 1); /* from the highest blocker up */
        }
        attacks |= ray;
    }
    return attacks;
}

/* The rays without each ray's last square (its highest when it climbs,
 * its lowest when it falls): whether that one is occupied never changes
 * what the slider attacks. */
static CbbBitboard relevant_mask(const CbbBitboard rays[4], const int (*steps)[2])
{
    CbbBitboard mask = 0;
    for (int d = 0; d < 4; d++) {
        CbbBitboard ray = rays[d];
        if (ray)
            mask |= climbs(steps[d]) ? ray ^ cbb_bit(63 - __builtin_clzll(ray)) : ray & (ray - 1);
    }
    return mask;
}

int cbb_slider_subsets(int square, int bishop, CbbBitboard *mask, CbbBitboard *subsets, CbbBitboard *attacks)
{
    const int(*steps)[2] = bishop ? BISHOP_STEPS : ROOK_STEPS;
    CbbBitboard rays[4];
    cbb_slider_rays(square, bishop, rays);
    *mask = relevant_mask(rays, steps);
    /* Every subset of the mask, by the carry-rippler trick. */
    int count = 0;
    CbbBitboard subset = 0;
    do {
        subsets[count] = subset;
        attacks[count++] = attacks_by_rays(rays, steps, subset);
        subset = (subset - *mask) & *mask;
    } while (subset);
    return count;
}

static void init_kind(CbbSliderSquare *squares, CbbBitboard *table, int bishop)
{
    static CbbBitboard subsets[CBB_SLIDER_MAX_SUBSETS], attacks[CBB_SLIDER_MAX_SUBSETS];
    CbbBitboard *slice = table;
    for (int square = 0; square < 64; square++) {
        CbbSliderSquare *s = &squares[square];
        int count = cbb_slider_subsets(square, bishop, &s->mask, subsets, attacks);
        int bits = cbb_popcount(s->mask);
        s->shift = (unsigned)(64 - bits);
        s->attacks = slice;
#if CBB_SLIDER_PEXT
        s->magic = 0;
        for (int i = 0; i < count; i++)
            slice[cbb_slider_index(s, subsets[i])] = attacks[i];
#else
        uint64_t seed = CBB_MAGIC_SEED ^ (uint64_t)(square + 64 * bishop); /* used only if the stored one fails */
        s->magic = cbb_magic_find(subsets, attacks, count, bits, cbb_stored_magics[bishop][square], &seed, slice);
#endif
        slice += (size_t)1 << bits;
    }
}

void cbb_slider_init(void)
{
    init_kind(cbb_rook_squares, rook_table, 0);
    init_kind(cbb_bishop_squares, bishop_table, 1);
}
