/* What bin/perft and bin/perft-mpi say of themselves (--version, the JSON
 * document's settings.build, the UCI engine's id): the version the build
 * was made from and the build's options that change speed or what is
 * checked.  version.c alone is compiled with the version's -D define, so a
 * new commit rebuilds that one file. */
#ifndef GEN_PERFT_VERSION_H
#define GEN_PERFT_VERSION_H

#include <stddef.h>

/* `git describe --always --dirty` of the checkout it was built from, or a
 * release's VERSION file, e.g. "6a3b842-dirty". */
const char *version_text(void);

/* The build's options in one line into `out`: build_info_text() and the
 * mode, e.g. "x86-64, PEXT sliders, AVX2 144-bit sets, ... (gcc 12.2.0),
 * release build". */
void version_build_text(char *out, size_t size);

#endif
