/* Perft counts of any size a run can reach: 128 bits, so chess perft 14
 * (about 6.2e19, past 2^64) and the Quaternity counts from about depth 12
 * are exact.  Sums and products are checked: an overflow past 2^128 - 1 is
 * reported to the caller, which makes it an error; nothing wraps.
 *
 * A backend's own perft recursion stays 64-bit (BackendCore.perft): it
 * counts one work unit's subtree, which fits; every sum above it (root
 * moves, units, threads, ranks, engine lines) is a PerftCount. */
#ifndef GEN_CORE_PERFT_COUNT_H
#define GEN_CORE_PERFT_COUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

__extension__ typedef unsigned __int128 PerftCount;

#define PERFT_COUNT_MAX (~(PerftCount)0)

/* 2^128 - 1 has 39 decimal digits; one more for the NUL. */
enum { PERFT_COUNT_TEXT_MAX = 40 };

/* *sum += n; false (and *sum unchanged) when the sum passes 2^128 - 1. */
static inline bool perft_count_add(PerftCount *sum, PerftCount n)
{
    PerftCount r;
    if (__builtin_add_overflow(*sum, n, &r))
        return false;
    *sum = r;
    return true;
}

/* *product = a * b; false (and *product unchanged) on overflow. */
static inline bool perft_count_multiply(PerftCount *product, PerftCount a, PerftCount b)
{
    PerftCount r;
    if (__builtin_mul_overflow(a, b, &r))
        return false;
    *product = r;
    return true;
}

/* The count in decimal into out; returns out. */
char *perft_count_format(PerftCount n, char out[PERFT_COUNT_TEXT_MAX]);

/* The count's decimal text in a buffer that lives to the end of the
 * enclosing block: for printf's "%s". */
#define PERFT_COUNT_TEXT(n) perft_count_format((n), (char[PERFT_COUNT_TEXT_MAX]){0})

typedef enum PerftCountParse {
    PERFT_COUNT_OK,
    PERFT_COUNT_NOT_A_NUMBER, /* empty, or a byte other than 0-9 */
    PERFT_COUNT_TOO_LARGE     /* digits only, but above 2^128 - 1 */
} PerftCountParse;

/* The `length` bytes of `text` as a count (decimal digits only: no sign,
 * blank or prefix) into *value, untouched unless PERFT_COUNT_OK. */
PerftCountParse perft_count_parse(const char *text, size_t length, PerftCount *value);

/* The count as a double, for rates and percentages. */
static inline double perft_count_double(PerftCount n)
{
    return (double)n;
}

#endif
