/* Fuzz target: suite files, read by the EPD reader (gen/perft/epd.c).
 *
 * The bytes are a whole file.  Every entry the reader returns must hold a
 * position that prints and parses back, a 1-based line number past the
 * previous one, an id, and depths consistent with max_depth; every
 * malformed line must be reported with a message naming the file and the
 * line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "fuzz_support.h"
#include "position_text.h"

static const char PATH[] = "fuzz.epd";

static void check_entry(const EpdEntry *e, int previous_line)
{
    if (e->line <= previous_line)
        fuzz_fail("entry on line %d after one on line %d", e->line, previous_line);
    if (!memchr(e->id, '\0', sizeof e->id))
        fuzz_fail("line %d: id not terminated", e->line);
    if (!memchr(e->text, '\0', sizeof e->text))
        fuzz_fail("line %d: position text not terminated", e->line);
    if (e->max_depth < 0 || e->max_depth > MAX_DEPTH)
        fuzz_fail("line %d: max_depth %d", e->line, e->max_depth);
    int deepest = 0;
    for (int d = 0; d <= MAX_DEPTH; d++)
        if (e->has[d])
            deepest = d;
    if (deepest != e->max_depth || e->has[0])
        fuzz_fail("line %d: max_depth %d but deepest count at depth %d", e->line, e->max_depth, deepest);
    char printed[POSITION_TEXT_MAX];
    position_format(&e->pos, printed, sizeof printed);
    fuzz_text_reparses(printed, &e->pos, "a suite entry");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    /* fmemopen reads a private copy: the fuzzer's bytes are const. */
    char *copy = fuzz_copy_text(data, size);
    FILE *file = fmemopen(copy, size, "r");
    if (!file)
        fuzz_fail("fmemopen failed");
    int line = 0, previous = 0;
    EpdEntry *entry = malloc(sizeof *entry);
    if (!entry)
        fuzz_fail("out of memory");
    for (;;) {
        char err[ERROR_TEXT_MAX] = "";
        int status = epd_next(file, PATH, &line, entry, err, sizeof err);
        if (status == 0)
            break;
        if (status < 0) {
            char prefix[64];
            snprintf(prefix, sizeof prefix, "%s:%d: ", PATH, line);
            if (strncmp(err, prefix, strlen(prefix)) != 0 || !err[strlen(prefix)])
                fuzz_fail("a malformed line on line %d reported as '%s'", line, err);
            break;
        }
        if (status != 1)
            fuzz_fail("epd_next returned %d", status);
        check_entry(entry, previous);
        previous = entry->line;
    }
    free(entry);
    fclose(file);
    free(copy);
    return 0;
}
