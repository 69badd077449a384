#include "digits.h"

#include <string.h>

#include "perft_count.h"

/* The digits are read once, by the core's count parser (perft_count.h),
 * then held against max. */
DigitsResult digits_parse(const char *text, size_t length, uint64_t max, uint64_t *value)
{
    PerftCount v;
    switch (perft_count_parse(text, length, &v)) {
    case PERFT_COUNT_NOT_A_NUMBER: return DIGITS_NOT_A_NUMBER;
    case PERFT_COUNT_TOO_LARGE: return DIGITS_TOO_LARGE;
    case PERFT_COUNT_OK: break;
    }
    if (v > max)
        return DIGITS_TOO_LARGE;
    *value = (uint64_t)v;
    return DIGITS_OK;
}

int digits_in_range(const char *text, long min, long max, long *value)
{
    uint64_t v;
    if (digits_parse(text, strlen(text), (uint64_t)max, &v) != DIGITS_OK || v < (uint64_t)min)
        return -1;
    *value = (long)v;
    return 0;
}
