#include "version.h"

#include "build_info.h"
#include "data_dir.h"

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

void version_print(FILE *out, const char *program)
{
    fprintf(out, "%s %s\n", program, version_text());
    char build[512];
    version_build_text(build, sizeof build);
    fprintf(out, "build: %s\n", build);
    char dir[DATA_DIR_MAX], err[DATA_DIR_MAX * 2 + 128];
    if (data_dir_positions(dir, sizeof dir, err, sizeof err) == 0)
        fprintf(out, "position suites: %s\n", dir);
    else
        fprintf(out, "position suites: %s\n", err);
}
