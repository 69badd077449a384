/* The run's own input files (--checkpoint, --suite, --from) never opened
 * for writing as its output (-o FILE, or standard output when it is a
 * file): the output is truncated when opened, and a checkpoint that is
 * also the output gets the divide's lines among its unit records.  Files
 * are compared by device and inode, so another name for the same file
 * (a link, ./x, /dev/stdout) is caught too. */
#ifndef GEN_PERFT_INPUT_FILES_H
#define GEN_PERFT_INPUT_FILES_H

#include <stddef.h>

#include "settings.h"

/* 0, or -1 with one line in err naming the option and the file.
 * `stdout_fd` is the descriptor of the results when there is no -o. */
int input_files_check(const RunSettings *s, int stdout_fd, char *err, size_t errlen);

#endif
