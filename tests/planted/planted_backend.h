/* The planted bug: a backend that is a real one (the mailbox of its game)
 * except at one position, where one legal move is missing.  A test plants
 * the bug with planted_bug_set and expects a cross-check to walk down to
 * exactly that position and name exactly that move.
 *
 * The test suite uses the backends directly (tests/crosscheck_planted_bug.c);
 * build/MODE/perft-planted (tests/planted/perft_planted.c) is bin/perft with
 * them registered as "planted", so a test can choose the bug inside
 * `perft --uci` (tests/uci_server.c). */
#ifndef TESTS_PLANTED_PLANTED_BACKEND_H
#define TESTS_PLANTED_PLANTED_BACKEND_H

#include <stddef.h>

#include "backend.h"

extern const Backend quaternity_planted_backend;
extern const Backend chess_planted_backend;

/* The bug of the planted backend of `root`'s game: at the position reached
 * from `root` (FEN or QFEN) by `path` (moves separated by spaces, "" or NULL
 * for the root itself), `drop` is not generated; that position goes to
 * `at` (may be NULL).  Returns 0, or -1 with a one-line message in err (a
 * bad position, an illegal move).  Until it is called the planted backend
 * drops nothing. */
int planted_bug_set(const char *root, const char *path, const char *drop, Position *at, char *err, size_t errlen);

/* A statistics bug instead (chess, --stats): at the position reached from
 * `root` by `path` every move is generated, but a leaf checked directly
 * is counted as checked by discovery.  0, or -1 with a message in err. */
int planted_misclassify_set(const char *root, const char *path, char *err, size_t errlen);

#endif
