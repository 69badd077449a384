/* What bin/perft --uci (uci_server/) answers on standard output, line by
 * line: the greeting, the handshake and options, readyok, the divide of
 * go perft in Stockfish's form, and "info string" lines. */
#ifndef GEN_PERFT_OUTPUT_UCI_SERVER_H
#define GEN_PERFT_OUTPUT_UCI_SERVER_H

#include <stdbool.h>
#include <stdio.h>

#include "divide.h"
#include "move_text.h"
#include "uci_server/uci_server_options.h"

/* The first line, before any command, as Stockfish prints one: drivers
 * such as perftree read it before they write. */
void output_uci_server_greeting(FILE *out);
/* uci: id, author, the options (their defaults `o`'s), uciok. */
void output_uci_server_id(FILE *out, const UciOptions *o);
void output_uci_server_readyok(FILE *out);
/* A go that asks for a search: UCI's null move, so that a GUI waiting for
 * its move does not wait for ever. */
void output_uci_server_null_move(FILE *out);
/* go perft's divide: "move: count" per root move in `notation`, a blank
 * line, "Nodes searched: N" and a blank line. */
void output_uci_server_divide(FILE *out, Game game, const Divide *d, MoveNotation notation);
/* "info string error: TEXT", the text escaped (report_escaped): a
 * driver's bytes can neither break the line nor drive a terminal. */
void output_uci_server_error(FILE *out, const char *text);
/* A command this engine takes but has nothing to do for (stop, ponderhit,
 * debug, register). */
void output_uci_server_nothing_to_do(FILE *out, const char *command);
/* Flushes the answers of one line: false when `out` cannot be written. */
bool output_uci_server_flush(FILE *out);

#endif
