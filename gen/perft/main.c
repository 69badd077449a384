/* bin/perft: perft, divide, suites, cross-checks and random differential
 * games over the registered backends (the command line is gen/perft/cli.c). */
#include <stdio.h>

#include "cli.h"

int main(int argc, char **argv)
{
    return perft_cli(argc, argv, stdout, stderr);
}
