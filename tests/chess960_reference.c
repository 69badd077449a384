/* Chess960 and Double Fischer Random perft against reference counts, for
 * every chess backend.
 *
 * positions/chess/chess960.epd: the 960 reference positions of the
 * chessprogramming wiki "Chess960 Perft Results" (the same positions and
 * counts as Ethereal's fischer.epd; see positions/README.md), checked at
 * depths 1-4: depth 4 with bulk counting only, depths 1-3 with and without
 * it, depths 1-2 through generate/make/unmake as well (which runs the
 * adapter's decode of every castling move).  positions/chess/frc-special.epd:
 * positions that break castling code, with the counts Stockfish's own perft
 * test checks; its counts at depths up to 4 here, the deeper ones in `make
 * perft-full`, and besides them depths 1-4 of every one of its positions as
 * Stockfish 15.1 counts them (UCI_Chess960 on), an independent
 * implementation.  Every test asserts how much it checked. */
#include <stdlib.h>

#include "support.h"

#define CHESS960_EPD "positions/chess/chess960.epd"
#define FRC_SPECIAL_EPD "positions/chess/frc-special.epd"

enum {
    CHESS960_POSITIONS = 960,
    CHESS960_DEPTH = 4,
    NO_BULK_DEPTH = 3,
    INTERFACE_DEPTH = 2,
    FRC_SPECIAL_POSITIONS = 11,
    FRC_SPECIAL_SHALLOW_COUNTS = 4, /* the file's counts at depths up to 4 */
    STOCKFISH_DEPTH = 4,
};

static void check_count(const Backend *b, void *state, const char *file, const EpdEntry *e, int depth, int bulk,
                        uint64_t expected, const char *source)
{
    uint64_t got = b->perft(state, depth, bulk);
    EXPECT(got == expected, "[%s] %s:%d (%s) D%d%s: perft %llu, %s %llu\n  %s\n  %s", b->name, file, e->line, e->id,
           depth, bulk ? "" : " without bulk counting", (unsigned long long)got, source, (unsigned long long)expected,
           e->text, first_divergence(b, &e->pos, depth));
}

/* Positions [first, last) of chess960.epd at depths 1-4; returns the
 * counts checked per backend. */
static int check_chess960(int first, int last)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends), count, counts = 0;
    EpdEntry *entries = fixtures_load_exactly(CHESS960_EPD, CHESS960_POSITIONS, &count);
    for (int b = 0; b < n; b++) {
        counts = 0;
        for (int i = first; i < last; i++) {
            const EpdEntry *e = &entries[i];
            void *state = instance_open(backends[b], &e->pos);
            for (int depth = 1; depth <= CHESS960_DEPTH; depth++) {
                cr_assert(e->has[depth], "%s:%d has no D%d count", CHESS960_EPD, e->line, depth);
                check_count(backends[b], state, CHESS960_EPD, e, depth, 1, e->expected[depth], "published");
                if (depth <= NO_BULK_DEPTH)
                    check_count(backends[b], state, CHESS960_EPD, e, depth, 0, e->expected[depth], "published");
                if (depth <= INTERFACE_DEPTH) {
                    uint64_t got = perft_via_interface(backends[b], state, depth);
                    EXPECT(got == e->expected[depth],
                           "[%s] %s (%s) D%d: through generate/make/unmake %llu, published %llu\n  %s\n  %s",
                           backends[b]->name, CHESS960_EPD, e->id, depth, (unsigned long long)got,
                           (unsigned long long)e->expected[depth], e->text,
                           first_divergence(backends[b], &e->pos, depth));
                }
                counts++;
            }
            instance_close(backends[b], state);
        }
    }
    free(entries);
    return counts;
}

/* Two halves, so that `--jobs 2` runs them side by side. */
Test(chess960_reference, positions_0_to_479_depths_1_to_4, .timeout = 300 * TEST_SLOWDOWN)
{
    int counts = check_chess960(0, CHESS960_POSITIONS / 2);
    cr_assert(counts == CHESS960_POSITIONS / 2 * CHESS960_DEPTH, "checked %d counts per backend", counts);
}

Test(chess960_reference, positions_480_to_959_depths_1_to_4, .timeout = 300 * TEST_SLOWDOWN)
{
    int counts = check_chess960(CHESS960_POSITIONS / 2, CHESS960_POSITIONS);
    cr_assert(counts == CHESS960_POSITIONS / 2 * CHESS960_DEPTH, "checked %d counts per backend", counts);
}

/* Depths 1-4 of each frc-special.epd position, in file order, as Stockfish
 * 15.1 counts them with UCI_Chess960 on (`go perft N`). */
static const uint64_t FRC_SPECIAL_STOCKFISH[FRC_SPECIAL_POSITIONS][STOCKFISH_DEPTH] = {
    {20, 400, 8902, 197281},    /* startpos-shredder */
    {29, 502, 14569, 287739},   /* frc-1 */
    {27, 916, 25798, 890435},   /* frc-2 */
    {24, 600, 15347, 408207},   /* frc-3 */
    {30, 935, 27215, 888182},   /* frc-4 */
    {35, 1342, 46468, 1854299}, /* frc-5 */
    {30, 718, 22529, 584306},   /* dfrc-1 */
    {44, 1438, 58825, 1830792}, /* frc-inner-rook-1 */
    {30, 1233, 37340, 1511835}, /* frc-inner-rook-2 */
    {37, 1546, 54792, 2237725}, /* frc-inner-rook-3 */
    {39, 1447, 55457, 2098209}, /* frc-inner-rook-4 */
};

Test(chess960_reference, frc_special_up_to_depth_4, .timeout = 300 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends), count, file_counts = 0, stockfish_counts = 0;
    EpdEntry *entries = fixtures_load_exactly(FRC_SPECIAL_EPD, FRC_SPECIAL_POSITIONS, &count);
    for (int b = 0; b < n; b++) {
        file_counts = stockfish_counts = 0;
        for (int i = 0; i < count; i++) {
            const EpdEntry *e = &entries[i];
            void *state = instance_open(backends[b], &e->pos);
            for (int depth = 1; depth <= STOCKFISH_DEPTH; depth++) {
                uint64_t stockfish = FRC_SPECIAL_STOCKFISH[i][depth - 1];
                if (e->has[depth]) {
                    cr_assert(e->expected[depth] == stockfish, "%s:%d D%d: the file and Stockfish disagree",
                              FRC_SPECIAL_EPD, e->line, depth);
                    file_counts++;
                }
                check_count(backends[b], state, FRC_SPECIAL_EPD, e, depth, 1, stockfish, "Stockfish");
                if (depth <= NO_BULK_DEPTH)
                    check_count(backends[b], state, FRC_SPECIAL_EPD, e, depth, 0, stockfish, "Stockfish");
                stockfish_counts++;
            }
            instance_close(backends[b], state);
        }
    }
    free(entries);
    cr_assert(file_counts == FRC_SPECIAL_SHALLOW_COUNTS, "%d of the file's counts checked, expected %d", file_counts,
              FRC_SPECIAL_SHALLOW_COUNTS);
    cr_assert(stockfish_counts == FRC_SPECIAL_POSITIONS * STOCKFISH_DEPTH, "%d Stockfish counts checked",
              stockfish_counts);
}
