/* Perft statistics (perft_stats.h, --stats) as a run prints them: a
 * divide's per root move and in total, a suite row's, and the one line
 * naming the participants that count none. */
#ifndef GEN_PERFT_OUTPUT_STATS_H
#define GEN_PERFT_OUTPUT_STATS_H

#include <jansson.h>

#include "divide.h"
#include "output.h"
#include "participants.h"

/* {"nodes": N, "captures": N, ...}: every column of the game's, in its
 * order (perft_stats_columns). */
json_t *output_stats_json(Game game, const PerftStats *s);

/* Text: a divide's statistics under its total, when it has them: the
 * total's columns one a line, then (depth 2 and more) a table of every
 * root move's. */
void output_divide_stats(Output *o, Game game, const Divide *d, int depth);

/* Text: one line of a suite row's statistics ("  statistics: nodes 8902,
 * captures 34, ..."), when the divide has them. */
void output_stats_line(Output *o, Game game, const Divide *d);

/* --stats with participants that count no statistics (engines, a backend
 * without them): one line on stderr naming them, their nodes compared
 * only; nothing when every one counts them.  Said once a run: `said`
 * remembers it. */
void output_stats_missing(Output *o, const Participant *ps, int count, bool *said);

#endif
