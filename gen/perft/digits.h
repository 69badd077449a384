/* Numbers as the harness reads them everywhere (the command line, suite
 * files, checkpoints, engines' answers): decimal digits only, no sign, no
 * blank, no base prefix, so that "-1" is never read as 2^64 - 1 and " 5" or
 * "0x5" never pass for 5; a number too large for its type is named as such,
 * not as malformed text. */
#ifndef GEN_PERFT_DIGITS_H
#define GEN_PERFT_DIGITS_H

#include <stddef.h>
#include <stdint.h>

typedef enum DigitsResult {
    DIGITS_OK,
    DIGITS_NOT_A_NUMBER, /* empty, or a byte other than 0-9 */
    DIGITS_TOO_LARGE     /* digits only, but above `max` */
} DigitsResult;

/* The `length` bytes of `text` as a number from 0 to `max` into *value
 * (untouched unless DIGITS_OK). */
DigitsResult digits_parse(const char *text, size_t length, uint64_t max, uint64_t *value);

/* A whole NUL-terminated number from `min` to `max` (both at least 0), as
 * every option value and UCI setting is read: 0, or -1 when it is not one. */
int digits_in_range(const char *text, long min, long max, long *value);

#endif
