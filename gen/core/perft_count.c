#include "perft_count.h"

char *perft_count_format(PerftCount n, char out[PERFT_COUNT_TEXT_MAX])
{
    char digits[PERFT_COUNT_TEXT_MAX];
    int k = 0;
    do {
        digits[k++] = (char)('0' + (int)(n % 10));
        n /= 10;
    } while (n);
    for (int i = 0; i < k; i++)
        out[i] = digits[k - 1 - i];
    out[k] = '\0';
    return out;
}

PerftCountParse perft_count_parse(const char *text, size_t length, PerftCount *value)
{
    if (length == 0)
        return PERFT_COUNT_NOT_A_NUMBER;
    PerftCount v = 0;
    bool too_large = false;
    for (size_t i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return PERFT_COUNT_NOT_A_NUMBER;
        /* Every byte is still checked to be a digit after an overflow. */
        if (!too_large && !(perft_count_multiply(&v, v, 10) && perft_count_add(&v, (PerftCount)(text[i] - '0'))))
            too_large = true;
    }
    if (too_large)
        return PERFT_COUNT_TOO_LARGE;
    *value = v;
    return PERFT_COUNT_OK;
}
