/* The list of backends.  Adding a backend means adding one line to
 * registry.c: the harness, the tests and the benchmarks all iterate it. */
#ifndef GEN_CORE_REGISTRY_H
#define GEN_CORE_REGISTRY_H

#include "backend.h"

/* Every registered backend, NULL-terminated. */
extern const Backend *const backend_registry[];

/* The backend called `name` for `game`, or NULL. */
const Backend *backend_find(const char *name, Game game);

/* Whether any game has a backend called `name`. */
int backend_name_known(const char *name);

/* How many backends `game` has. */
int backend_count(Game game);

const char *game_name(Game game);

#endif
