/* bin/perft --uci: the suite as a UCI engine, for perft drivers written for
 * Stockfish (perftree's UCI mode, GUIs, scripts).  The subset they use:
 *
 *   uci                          id, the options (uci_server_options.h), uciok
 *   isready                      readyok
 *   setoption name N value V     Backend, Threads, Hash, UCI_Chess960
 *   ucinewgame                   the table cleared, the position back to startpos
 *   position startpos [moves M ...]    chess's initial position
 *   position fen FEN [moves M ...]     FEN or QFEN (gen/quaternity/RULES.md#qfen):
 *                                      the game is known from the text
 *   go perft DEPTH               Stockfish's divide: "move: count" per root
 *                                move, sorted, a blank line, "Nodes searched: N"
 *   stop, quit; end of input is quit
 *
 * The count is the harness's own divide (participant_divide on the deep
 * runner: threads, the hash table), answered before the next line is read.
 * Whatever it refuses (an unknown command, a bad FEN, an illegal move, go
 * without perft, a depth out of range) gets one "info string error: ..."
 * line naming what and why, and the session goes on; after a refused
 * position, go perft is refused until a position is accepted (never a count
 * of the position before).  A go that asks for a search is answered by the
 * error and "bestmove 0000" (UCI's null move), so that a GUI waiting for
 * its move does not wait forever. */
#ifndef GEN_PERFT_UCI_SERVER_UCI_SERVER_H
#define GEN_PERFT_UCI_SERVER_UCI_SERVER_H

#include <stdio.h>

#include "settings.h"

/* The session on `in` and `out` until quit or end of input; the defaults of
 * Backend, Threads and Hash are `s`'s -b, -t and --hash.  Returns the exit
 * status (report.h): 0, EXIT_OUTPUT when `out` cannot be written, 128 + the
 * signal when a count was interrupted. */
int uci_server_run(const RunSettings *s, FILE *in, FILE *out, FILE *err);

#endif
