/* Reading EPD-style perft suites: `POSITION ;D1 n ;D2 n ... ;id NAME`, one
 * position per line; blank lines and lines starting with '#' are skipped. */
#ifndef GEN_PERFT_EPD_H
#define GEN_PERFT_EPD_H

#include <stdint.h>
#include <stdio.h>

#include "perft_count.h"
#include "position.h"
#include "position_text.h"

typedef struct EpdEntry {
    int line;                     /* 1-based line in the file */
    char id[64];                  /* ";id" or "line N" */
    char text[POSITION_TEXT_MAX]; /* the position as written */
    Position pos;
    PerftCount expected[MAX_DEPTH + 1]; /* expected[d], valid when has[d] */
    unsigned char has[MAX_DEPTH + 1];
    int max_depth; /* deepest depth with a count, 0 if none */
} EpdEntry;

/* Opens an EPD file for reading, or NULL with a message naming `what` (a
 * "suite file") and the system's reason, a directory included. */
FILE *epd_open(const char *path, const char *what, char *err, size_t errlen);

/* Reads the next entry; 1 on success, 0 at end of file, -1 on a malformed
 * line (message in err names the file and line). */
int epd_next(FILE *file, const char *path, int *line, EpdEntry *entry, char *err, size_t errlen);

#endif
