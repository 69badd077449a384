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

/* The --help text: the usage lines and every option of the table.
 * `divide_only` names a divide-only program (bin/perft-mpi, whose usage is
 * its one line), or is NULL. */
void options_usage(FILE *out, const char *divide_only);

#endif
