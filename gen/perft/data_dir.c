/* realpath is XSI, beyond _POSIX_C_SOURCE. */
#define _XOPEN_SOURCE 700
#include "data_dir.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The directory holding the running program ("/usr/bin"), or -1. */
static int program_directory(char *out, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n <= 0 || (size_t)n >= size - 1)
        return -1;
    out[n] = '\0';
    char *slash = strrchr(out, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    return 0;
}

int data_dir_positions(char *out, size_t size, char *err, size_t errlen)
{
    char bin[DATA_DIR_MAX];
    if (program_directory(bin, sizeof bin) < 0) {
        snprintf(err, errlen, "not found: /proc/self/exe cannot be read, so the program cannot find its share/perft");
        return -1;
    }
    /* Installed (PREFIX/bin and PREFIX/share/perft), then the build tree
     * (bin/ and positions/ side by side). */
    const char *const below[] = {"/../share/perft/positions", "/../positions"};
    for (int i = 0; i < 2; i++) {
        int n = snprintf(out, size, "%s%s", bin, below[i]);
        char resolved[PATH_MAX];
        if (n > 0 && (size_t)n < size && is_directory(out) && realpath(out, resolved) && strlen(resolved) < size) {
            strcpy(out, resolved);
            return 0;
        }
    }
    snprintf(err, errlen,
             "not found: neither %s/../share/perft/positions (installed) nor %s/../positions (the build tree) is a "
             "directory",
             bin, bin);
    return -1;
}

const char *data_dir_suite_file(const char *path, char *out, size_t size, char *err, size_t errlen)
{
    static const char prefix[] = "positions/";
    if (access(path, F_OK) == 0 || strncmp(path, prefix, sizeof prefix - 1) != 0)
        return path;
    char dir[DATA_DIR_MAX], why[DATA_DIR_MAX * 2 + 128];
    if (data_dir_positions(dir, sizeof dir, why, sizeof why) < 0) {
        snprintf(err, errlen, "'%s': no such file here, and the installed position suites are %s", path, why);
        return NULL;
    }
    int n = snprintf(out, size, "%s/%s", dir, path + sizeof prefix - 1);
    if (n < 0 || (size_t)n >= size || access(out, F_OK) != 0) {
        snprintf(err, errlen, "'%s': no such file here nor in the installed position suites (%s)", path, dir);
        return NULL;
    }
    return out;
}
