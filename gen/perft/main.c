/* bin/perft: perft, divide, suites, cross-checks and random differential
 * games over the registered backends and external engines (the command is
 * gen/perft/command.c). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "output.h"
#include "report.h"

int main(int argc, char **argv)
{
    int status = output_check_descriptors(stderr);
    if (status)
        return status;
    status = perft_command(argc, argv, stdout, stderr, NULL);
    /* As GNU tools' close_stdout: what the command wrote was flushed and
     * checked there; a failure only the close sees is an error too. */
    errno = 0;
    if (fclose(stdout) != 0 && status != EXIT_OUTPUT) {
        report_error(stderr, "cannot write standard output: %s", strerror(errno ? errno : EIO));
        status = EXIT_OUTPUT;
    }
    return status;
}
