/* Where the installed position suites are: PREFIX/share/perft/positions
 * beside PREFIX/bin/perft (make install, the Debian package), or
 * positions/ beside bin/ in the build tree.  Found from the running
 * program's own path (/proc/self/exe), so an installed tree can be moved
 * (DESTDIR, a package unpacked anywhere) and nothing is compiled in. */
#ifndef GEN_PERFT_DATA_DIR_H
#define GEN_PERFT_DATA_DIR_H

#include <stddef.h>

enum { DATA_DIR_MAX = 4096 };

/* The positions directory into `out`: 0, or -1 with one line in err naming
 * the places looked at. */
int data_dir_positions(char *out, size_t size, char *err, size_t errlen);

/* A suite file named on the command line: `path` itself when it exists, is
 * absolute or does not start with "positions/"; else the same file under
 * the positions directory (so that `--suite positions/chess/famous.epd`
 * works installed, outside the build tree), written to `out`.  Returns the
 * path to read, or NULL with one line in err when neither exists. */
const char *data_dir_suite_file(const char *path, char *out, size_t size, char *err, size_t errlen);

#endif
