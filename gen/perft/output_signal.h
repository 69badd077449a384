/* What a signal handler prints: only async-signal-safe calls (write(2) on
 * descriptor 2, no stdio, no allocation), since it may interrupt a printf
 * or a malloc of the run. */
#ifndef GEN_PERFT_OUTPUT_SIGNAL_H
#define GEN_PERFT_OUTPUT_SIGNAL_H

/* "perft: interrupted by SIGINT; the engines it started are ended" on
 * stderr (SIGINT, SIGTERM or SIGHUP named). */
void output_signal_engines_ended(int signo);

#endif
