#include "version.h"

#include <stdio.h>

#include "build_info.h"

/* The Makefile passes both (the version from git describe or VERSION, the
 * build's MODE); a compiler run outside it still builds. */
#ifndef PERFT_VERSION
#define PERFT_VERSION "unknown (built outside the Makefile)"
#endif
#ifndef PERFT_BUILD_MODE
#define PERFT_BUILD_MODE "unknown"
#endif

/* What each mode changes: the debug build checks every backend's invariants
 * after every make and unmake (slower, same counts); the sanitize build
 * runs under AddressSanitizer and UBSan. */
#define BUILD_MODE_TEXT PERFT_BUILD_MODE " build"

const char *version_text(void)
{
    return PERFT_VERSION;
}

void version_build_text(char *out, size_t size)
{
    snprintf(out, size, "%s, %s", build_info_text(), BUILD_MODE_TEXT);
}
