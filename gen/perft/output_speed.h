/* The speed table: per participant (and game) the nodes counted, the
 * seconds, nodes per second and the ratio to the fastest of its game, with
 * how it counted.  A suite prints it with its results; a divide of several
 * participants on stderr (standard output is the divide's). */
#ifndef GEN_PERFT_OUTPUT_SPEED_H
#define GEN_PERFT_OUTPUT_SPEED_H

#include <stdio.h>

#include "count_policy.h"
#include "output.h"
#include "participants.h"
#include "perft_count.h"

/* One participant's counts over a run, per game. */
typedef struct SpeedRow {
    const char *name;
    Game game;
    const Engine *engine; /* an engine's row, or NULL for a backend's */
    double seconds;
    PerftCount nodes;
} SpeedRow;

enum { MAX_SPEED_ROWS = MAX_PARTICIPANTS * GAME_COUNT };

/* Adds `d`'s nodes (those counted in this run) and seconds to p's row of `game` (a new row when it has
 * none yet; at most MAX_SPEED_ROWS). */
void speed_add(SpeedRow *rows, int *count, const Participant *p, Game game, const Divide *d);

/* How the built-in backends counted, as every speed figure says it: "bulk
 * counting on, no hashing" and, `with_threads`, ", 1 thread". */
void output_counting_text(const CountPolicy *p, bool with_threads, char *out, size_t size);

/* Nodes per second in three figures whatever the speed: "49.3 M", "812 k",
 * "95"; "-" for none. */
void speed_rate_text(double rate, char *out, size_t size);

/* The table as text: a row per participant, its "counted" column naming
 * the backends' counting (`backends`: "bulk counting on, no hashing, 1
 * thread") or the engine's protocol, whose note under the table says how
 * its time was taken and that its bulk counting, hashing and threads are
 * its own.  Names of any length keep the columns aligned.  Free it; NULL
 * when out of memory. */
char *speed_table_text(const SpeedRow *rows, int count, const char *backends);

/* The table in the run's output: text as above, or JSON "speed". */
void output_speed_table(Output *o, const SpeedRow *rows, int count, const char *backends);
/* JSON "speed" alone (a divide's text table goes to stderr); nothing in
 * the other formats. */
void output_speed_table_json(Output *o, const SpeedRow *rows, int count, const char *backends);

#endif
