/* The command line, parsed into RunSettings with getopt_long, and the one
 * table of which option applies to which mode: an option given where it
 * cannot apply is refused in one line with the reason, never ignored. */
#ifndef GEN_PERFT_OPTIONS_H
#define GEN_PERFT_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "settings.h"

/* The backend bin/perft counts with when -b is not given. */
#define DEFAULT_BACKEND "bitboard"

/* Parses argv (argv[0] is the program's name) into `s`: 0, or -1 with one
 * line in err.  `divide_only` names a program that counts one backend's
 * divide and nothing else, in text or stockfish format (bin/perft-mpi:
 * every other mode is refused naming it), or is NULL.  Not reentrant:
 * getopt keeps its place in globals. */
int options_parse(int argc, char **argv, const char *divide_only, RunSettings *s, char *err, size_t errlen);

/* One option: its names, the modes it applies to, its range and its
 * --help text. */
typedef struct OptionRow {
    const char *name;  /* the long name */
    char letter;       /* the short form, or 0 */
    const char *value; /* its value's name in --help, or NULL: it takes none */
    unsigned modes;    /* the modes it applies to (M_*); 0: a mode of its own */
    long min, max;     /* a number's range (min <= max), or 0, -1: not a number */
    const char *noun;  /* what a number is called in its error */
    const char *help;  /* --help's text ('\n' continues it on the next line) */
} OptionRow;

/* Row i of the table, in --help's order; NULL past the last. */
const OptionRow *options_row(int i);

#endif
