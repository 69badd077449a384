/* build/MODE/perft-planted: bin/perft with one more backend per game,
 * "planted" (planted_backend.h), for the tests that choose a planted bug
 * inside `perft --uci`.  The bug comes from the environment, so that an
 * engine command line can carry it:
 *
 *   PLANTED_ROOT=FEN PLANTED_PATH='e4e5 f7f5' PLANTED_DROP=e5f6 perft-planted --uci
 *
 * Without PLANTED_ROOT the planted backends drop nothing.  With
 * PLANTED_MISCLASSIFY=1 (and no PLANTED_DROP) they drop nothing either but
 * count the direct checks among the leaves below PLANTED_PATH as discovered
 * (planted_misclassify_set). */
#include <stdio.h>
#include <stdlib.h>

#include "command.h"
#include "planted_backend.h"
#include "report.h"
#include "text_fields.h"

int main(int argc, char **argv)
{
    const char *root = getenv("PLANTED_ROOT"), *path = getenv("PLANTED_PATH"), *drop = getenv("PLANTED_DROP");
    char err[ERROR_TEXT_MAX];
    if (root && getenv("PLANTED_MISCLASSIFY")) {
        if (planted_misclassify_set(root, path, err, sizeof err) < 0)
            return report_error(stderr, "PLANTED_ROOT: %s", err);
    } else if (root && planted_bug_set(root, path, drop ? drop : "", NULL, err, sizeof err) < 0)
        return report_error(stderr, "PLANTED_ROOT: %s", err);
    return perft_command(argc, argv, stdout, stderr, NULL);
}
