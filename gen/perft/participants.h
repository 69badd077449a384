/* What takes part in a run: built-in backends and external engines.
 *
 * The harness asks a participant only for divides (legal moves are the
 * divide at depth 1), because that is all an external engine can be asked
 * for cheaply; a built-in backend counts its divide on the deep runner
 * (threads, the hash table, the progress line, a checkpoint), an engine
 * answers one query.  The harness keeps its own view of the position (a
 * reference backend) to print positions and to check the moves an engine
 * names. */
#ifndef GEN_PERFT_PARTICIPANTS_H
#define GEN_PERFT_PARTICIPANTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "backend.h"
#include "count_policy.h"
#include "divide.h"
#include "engine/engine.h"
#include "settings.h"

enum { MAX_PARTICIPANTS = 16 };

typedef struct Participant {
    const char *name;
    const Backend *backend; /* a built-in backend, or NULL */
    Engine *engine;         /* an external engine, or NULL */
} Participant;

/* The run's participants: engines started once for the whole run, backends
 * chosen per game from the registry by -b. */
typedef struct Participants {
    const char *backend; /* -b: a name, "all" or "none" */
    Engine engines[MAX_ENGINES];
    int engine_count;
} Participants;

/* Starts the engines of `s` (a UCI engine's handshake included), naming
 * duplicates NAME#2, NAME#3 ...  0, or -1 with one line in err (the engines
 * started are stopped). */
int participants_start(Participants *p, const RunSettings *s, char *err, size_t errlen);
void participants_stop(Participants *p);

/* Settles each engine's game before a run asks it anything, `games` being
 * the run's positions' games (bits 1 << GAME) and `positions` what holds
 * them, for the messages: "the position given" (`one`), "suite F".  An
 * engine plays the game it was declared with (--engine chess:... or
 * quaternity:...); undeclared, a UCI engine plays chess (UCI is chess's
 * protocol: Stockfish, Fairy-Stockfish's default variant) and a perftree
 * engine the one game of the run's positions.  0, or -1 with one line in
 * err: an undeclared perftree engine in a run of both games, or an engine
 * whose game has no position in the run. */
int participants_settle_games(Participants *p, unsigned games, const char *positions, bool one, char *err,
                              size_t errlen);

/* The participants of `game`: the backends -b selects (in registry order),
 * then the engines of that game.  Returns how many (MAX_PARTICIPANTS at
 * most). */
int participants_of_game(Participants *p, Game game, Participant *out);

/* Whether an engine is among the `count` participants (a count with one
 * leaves SIGINT to the handler that ends the engines). */
bool participants_include_engine(const Participant *ps, int count);

/* Whether `p` counts perft statistics (--stats): a built-in backend whose
 * core has them (perft_stats.h), or an engine whose answers have carried
 * them (gen/perft/README.md, "Statistics"); the template today counts
 * nodes only. */
bool participant_has_stats(const Participant *p);

/* The backend the harness follows `game`'s positions with: the first
 * registered for it, or NULL. */
const Backend *participant_reference(Game game);

/* What a participant divides: `root` after `moves` (space-separated, may be
 * NULL), which is `here` as the harness sees it, at `depth` >= 1. */
typedef struct DivideQuery {
    const Position *root;
    const char *root_text; /* the root's text: a checkpoint's header names it */
    const char *moves;
    const Position *here;
    int depth;
    const char *checkpoint; /* the command's own divide: the checkpoint file, else NULL */
    const char *label;      /* what the progress line opens with ("position 3 of 12 (id), depth 4"), followed by the
                               backend's name ("": the name alone), or NULL: the progress line names nothing */
    MoveNotation notation;  /* how `moves` are written and the divide is (settings_notation of the root) */
} DivideQuery;

/* `p`'s divide of q into `out` (entries for MAX_MOVES, sorted by move
 * text in q's notation).  0 (an interrupted count sets out->signal), or -1 with one line in
 * err. */
int participant_divide(const Participant *p, const CountPolicy *policy, const DivideQuery *q, Divide *out, char *err,
                       size_t errlen);

#endif
