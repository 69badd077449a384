/* Who takes part in a walk: the built-in backends -b chose and the engines
 * of --engine, as in a divide, changed as the walk goes on (engines add,
 * engines drop).  An engine plays one game (declared, or UCI's chess, or a
 * perftree engine's first root's game); at a root of the other game it
 * sits out. */
#ifndef GEN_PERFT_WALK_WALK_CAST_H
#define GEN_PERFT_WALK_WALK_CAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "participants.h"
#include "settings.h"

typedef struct WalkCast {
    Participants parts;          /* engines[k] is a slot; engine_count the slots ever used */
    bool engine_on[MAX_ENGINES]; /* slot k holds a running engine that takes part */
    uint64_t backend_on;         /* bit i: backend_registry[i] takes part in its game */
    double engine_timeout;       /* of the engines added */
} WalkCast;

/* The participants of `s` (-b, --engine and its options), engines
 * started.  0, or -1 with one line in err. */
int walk_cast_start(WalkCast *c, const RunSettings *s, char *err, size_t errlen);
void walk_cast_stop(WalkCast *c);

/* The participants at a position of `game` (backends in registry order,
 * then engines), an undeclared engine settled to `game` first.  How many. */
int walk_cast_of_game(WalkCast *c, Game game, Participant out[MAX_PARTICIPANTS]);

/* engines add WHAT: a backend of `game` by name, or an engine
 * specification (--engine's SPEC).  engines drop NAME.  0, or -1 with one
 * line in err. */
int walk_cast_add(WalkCast *c, Game game, const char *what, char *err, size_t errlen);
int walk_cast_drop(WalkCast *c, Game game, const char *name, char *err, size_t errlen);

/* Starts again every engine a Ctrl-C ended (each keeps its name and
 * options).  0, or -1 with one line in err (the engine left out). */
int walk_cast_restart_engines(WalkCast *c, char *err, size_t errlen);

#endif
