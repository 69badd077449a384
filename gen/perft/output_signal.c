#include "output_signal.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

void output_signal_engines_ended(int signo)
{
    const char *name = signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "SIGHUP";
    static const char head[] = "perft: interrupted by ", tail[] = "; the engines it started are ended\n";
    /* Nothing to do if stderr is gone: the exit status still says it. */
    ssize_t ignored = write(STDERR_FILENO, head, sizeof head - 1);
    ignored = write(STDERR_FILENO, name, strlen(name));
    ignored = write(STDERR_FILENO, tail, sizeof tail - 1);
    (void)ignored;
}
