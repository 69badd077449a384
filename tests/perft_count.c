/* PerftCount's text and checked arithmetic at the edges (0, 2^64,
 * 2^128 - 1), and the Zobrist keys' state parts: every state a game has
 * gives a distinct key part (what zobrist_key.h's second stream relies on),
 * and --hash-seed's keys differ from the default ones in both halves. */
#include <stdlib.h>
#include <string.h>

#include "../gen/chess/zobrist.h"
#include "../gen/quaternity/zobrist.h"
#include "perft_count.h"
#include "position_text.h"
#include "support.h"
#include "zobrist_seed.h"

/* 2^128 - 1 and 2^64 in decimal (Python: 2**128 - 1, 2**64). */
static const char MAX_TEXT[] = "340282366920938463463374607431768211455";
static const char TWO_64_TEXT[] = "18446744073709551616";

Test(perft_count, text_round_trips_at_the_edges)
{
    char text[PERFT_COUNT_TEXT_MAX];
    cr_assert_str_eq(perft_count_format(0, text), "0");
    cr_assert_str_eq(perft_count_format((PerftCount)1 << 64, text), TWO_64_TEXT);
    cr_assert_str_eq(perft_count_format(PERFT_COUNT_MAX, text), MAX_TEXT);
    PerftCount n = 0;
    cr_assert(perft_count_parse(MAX_TEXT, strlen(MAX_TEXT), &n) == PERFT_COUNT_OK && n == PERFT_COUNT_MAX);
    cr_assert(perft_count_parse(TWO_64_TEXT, strlen(TWO_64_TEXT), &n) == PERFT_COUNT_OK && n == (PerftCount)1 << 64);
    static const char PAST[] = "340282366920938463463374607431768211456";
    cr_assert(perft_count_parse(PAST, strlen(PAST), &n) == PERFT_COUNT_TOO_LARGE);
    cr_assert(perft_count_parse("3402823669209384634633746074317682114550", 40, &n) == PERFT_COUNT_TOO_LARGE);
    cr_assert(perft_count_parse("1x", 2, &n) == PERFT_COUNT_NOT_A_NUMBER);
    cr_assert(perft_count_parse("99999999999999999999999999999999999999999x", 42, &n) == PERFT_COUNT_NOT_A_NUMBER,
              "a byte that is no digit is named after an overflow too");
    cr_assert(perft_count_parse("", 0, &n) == PERFT_COUNT_NOT_A_NUMBER);
}

Test(perft_count, sums_and_products_report_overflow)
{
    PerftCount n = PERFT_COUNT_MAX - 1;
    cr_assert(perft_count_add(&n, 1) && n == PERFT_COUNT_MAX);
    cr_assert(!perft_count_add(&n, 1) && n == PERFT_COUNT_MAX, "a wrapped sum, or the sum changed");
    PerftCount p = 7;
    cr_assert(perft_count_multiply(&p, (PerftCount)1 << 64, ((PerftCount)1 << 63) + 1));
    cr_assert(!perft_count_multiply(&p, (PerftCount)1 << 64, (PerftCount)1 << 64) &&
              p == ((PerftCount)1 << 127) + ((PerftCount)1 << 64));
}

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void expect_distinct(uint64_t *keys, size_t n, const char *what)
{
    qsort(keys, n, sizeof *keys, compare_keys);
    for (size_t i = 1; i < n; i++)
        cr_assert(keys[i] != keys[i - 1], "%s: two states share the key part %016llx", what,
                  (unsigned long long)keys[i]);
}

/* Chess: side x castling rights x en passant square (or none) with the
 * standard rook files; Quaternity: turn x each army's controller x frozen
 * set.  Distinct state parts mean positions with equal pieces have equal
 * first keys only when their states are equal. */
Test(perft_count, every_state_has_its_own_key_part)
{
    zobrist_seed_set(0);
    Position start;
    char err[256];
    cr_assert(position_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &start, err, sizeof err) == 0);
    uint64_t castling[16];
    chess_zobrist_castling_keys(&start, castling);
    uint64_t *keys = malloc(sizeof *keys * 16384);
    size_t n = 0;
    for (int side = 0; side < 2; side++)
        for (int c = 0; c < 16; c++)
            for (int ep = -1; ep < C_SQUARES; ep++)
                keys[n++] = chess_zobrist_state(side, castling[c], ep);
    expect_distinct(keys, n, "chess");
    n = 0;
    quaternity_zobrist_init();
    for (int turn = 0; turn < 4; turn++)
        for (int c = 0; c < 256; c++)
            for (int frozen = 0; frozen < 16; frozen++) {
                uint8_t controller[4] = {(uint8_t)(c & 3), (uint8_t)(c >> 2 & 3), (uint8_t)(c >> 4 & 3),
                                         (uint8_t)(c >> 6 & 3)};
                keys[n++] = quaternity_zobrist_state(turn, controller, frozen);
            }
    expect_distinct(keys, n, "quaternity");
    free(keys);
}

Test(perft_count, a_seed_gives_other_keys_and_seed_0_the_default_ones)
{
    Position start;
    char err[256];
    cr_assert(position_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &start, err, sizeof err) == 0);
    zobrist_seed_set(0);
    ZobristKey plain = chess_zobrist_position128(&start);
    zobrist_seed_set(12345);
    ZobristKey seeded = chess_zobrist_position128(&start);
    zobrist_seed_set(0);
    ZobristKey again = chess_zobrist_position128(&start);
    cr_assert(seeded.lo != plain.lo && seeded.hi != plain.hi, "the seed left a half of the key as it was");
    cr_assert(zobrist_key_equal(plain, again), "seed 0 does not give the default keys back");
    cr_assert(plain.lo != plain.hi);
}
