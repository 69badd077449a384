/* Fuzz target: what a UCI driver sends bin/perft --uci (gen/perft/uci_server/),
 * the whole session run in-process on memory streams.
 *
 * The input is the session's standard input, any bytes.  Inputs asking
 * for a count deeper than 2 ("perft" then a number of 3 or more) or a
 * table above 16 MiB are skipped: they are slow, not wrong.  What must
 * hold: the session ends with status 0 (end of input is quit; memory
 * streams do not fail); every line it writes is one of
 * its forms (the banner, id, option, uciok, readyok, "bestmove 0000" (a go that is not go perft), "info string
 * ..." with no control byte, "MOVE: COUNT", a blank line, "Nodes searched:
 * N"), and the moves of every answer add up to its total; nothing is
 * written on stderr but out-of-memory reports. */
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fuzz_support.h"
#include "options.h"
#include "perft_count.h"
#include "uci_server/uci_server.h"

/* Whether the input asks for something slow: a number above 2 after a
 * word holding "perft" (perftree glues its setoption line to the next
 * command), or above 16 on a line naming "hash" (a table's MiB).  Lines
 * are scanned whole, NUL bytes and all. */
static bool too_slow(const uint8_t *data, size_t size)
{
    bool after_perft = false, line_names_hash = false;
    for (size_t i = 0; i < size;) {
        if (data[i] == '\n')
            line_names_hash = false;
        if (isspace(data[i])) {
            i++;
            continue;
        }
        size_t n = 0;
        while (i + n < size && !isspace(data[i + n]))
            n++;
        const char *word = (const char *)data + i;
        for (size_t k = 0; k + 4 <= n; k++)
            line_names_hash |= strncasecmp(word + k, "hash", 4) == 0;
        if (isdigit(data[i])) {
            unsigned long value = 0;
            for (size_t k = 0; k < n && isdigit((unsigned char)word[k]) && value < 1000; k++)
                value = value * 10 + (unsigned long)(word[k] - '0');
            if ((after_perft && value > 2) || (line_names_hash && value > 16))
                return true;
        }
        after_perft = memmem(word, n, "perft", 5) != NULL;
        i += n;
    }
    return false;
}

/* Every line the session wrote is one of its forms; answers add up. */
static void check_output(const char *out, const char *input)
{
    PerftCount sum = 0;
    int moves = 0, line_number = 0;
    for (const char *line = out; *line; line_number++) {
        size_t n = strcspn(line, "\n");
        char text[70000];
        if (n >= sizeof text)
            fuzz_fail("an output line of %zu bytes", n);
        memcpy(text, line, n);
        text[n] = '\0';
        line += n + (line[n] == '\n');
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)text[i] < 0x20 || text[i] == 0x7f)
                fuzz_fail("output line %d holds the control byte 0x%02x: '%s'", line_number, (unsigned char)text[i],
                          text);
        const char *colon = strstr(text, ": ");
        if (line_number == 0
                ? strncmp(text, "perft ", 6) == 0
                : strncmp(text, "id ", 3) == 0 || strncmp(text, "option name ", 12) == 0 ||
                      strcmp(text, "uciok") == 0 || strcmp(text, "readyok") == 0 ||
                      strcmp(text, "bestmove 0000") == 0 || strncmp(text, "info string ", 12) == 0 || text[0] == '\0')
            continue;
        PerftCount count;
        if (strncmp(text, "Nodes searched: ", 16) == 0) {
            if (perft_count_parse(text + 16, strlen(text + 16), &count) != PERFT_COUNT_OK || count != sum || moves == 0)
                fuzz_fail("'%s' after %d moves adding up to %s (input '%.200s')", text, moves, PERFT_COUNT_TEXT(sum),
                          input);
            sum = 0, moves = 0;
            continue;
        }
        if (!colon || perft_count_parse(colon + 2, strlen(colon + 2), &count) != PERFT_COUNT_OK)
            fuzz_fail("output line %d is none of the session's forms: '%s'", line_number, text);
        sum += count, moves++;
    }
    if (moves)
        fuzz_fail("%d move lines with no total after them", moves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || too_slow(data, size))
        return 0;
    char *text = fuzz_copy_text(data, size);
    static RunSettings settings;
    static int parsed;
    if (!parsed) {
        char *argv[] = {"perft", "--uci", NULL};
        char err[256];
        if (options_parse(2, argv, NULL, &settings, err, sizeof err) < 0)
            fuzz_fail("options: %s", err);
        parsed = 1;
    }
    FILE *in = fmemopen(text, size, "r");
    char *out_text = NULL, *err_text = NULL;
    size_t out_size = 0, err_size = 0;
    FILE *out = open_memstream(&out_text, &out_size), *err = open_memstream(&err_text, &err_size);
    if (!in || !out || !err)
        fuzz_fail("cannot open the memory streams");
    int status = uci_server_run(&settings, in, out, err);
    fclose(in), fclose(out), fclose(err);
    if (status != 0)
        fuzz_fail("the session ended with status %d: %s", status, err_text);
    if (err_size && !strstr(err_text, "out of memory"))
        fuzz_fail("the session wrote on stderr: %s", err_text);
    check_output(out_text, text);
    free(out_text), free(err_text), free(text);
    return 0;
}
