/* What every run ends with, whatever its mode: the hash table's use and
 * each engine's queries on standard error, the engines in the JSON
 * document. */
#ifndef GEN_PERFT_OUTPUT_COMMAND_H
#define GEN_PERFT_OUTPUT_COMMAND_H

#include <stdbool.h>

#include "output.h"
#include "participants.h"
#include "perft_hash.h"

/* The table's probes, hits and stores on stderr (nothing without one). */
void output_hash_use(Output *o, const PerftHash *table);

/* The engines and how often each was asked: JSON "engines", and with
 * `stderr_lines` a line per engine on stderr. */
void output_engines(Output *o, const Participants *p, bool stderr_lines);

#endif
