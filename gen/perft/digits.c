#include "digits.h"

#include <stdbool.h>
#include <string.h>

DigitsResult digits_parse(const char *text, size_t length, uint64_t max, uint64_t *value)
{
    if (length == 0)
        return DIGITS_NOT_A_NUMBER;
    uint64_t v = 0;
    bool too_large = false;
    for (size_t i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return DIGITS_NOT_A_NUMBER;
        unsigned digit = (unsigned)(text[i] - '0');
        /* Every byte is still checked to be a digit after an overflow. */
        if (digit > max || v > (max - digit) / 10)
            too_large = true;
        else
            v = v * 10 + digit;
    }
    if (too_large)
        return DIGITS_TOO_LARGE;
    *value = v;
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
