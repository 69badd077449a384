#include "registry.h"

#include <string.h>

/* REGISTERED_BACKENDS is BACKEND(GAME_NAME) for every backend the build
 * links, Quaternity first: the Makefile writes it from the backend folders
 * (gen/GAME/NAME/), so registering a backend takes no line here, and the
 * core names no backend. */
#ifndef REGISTERED_BACKENDS
#error "compile registry.c with -DREGISTERED_BACKENDS=BACKEND(game_name)... (the Makefile does)"
#endif

#define BACKEND(entry) extern const Backend entry##_backend;
REGISTERED_BACKENDS
#undef BACKEND

#define BACKEND(entry) &entry##_backend,
const Backend *const backend_registry[] = {REGISTERED_BACKENDS NULL};
#undef BACKEND

const Backend *backend_find(const char *name, Game game)
{
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == game && strcmp(backend_registry[i]->name, name) == 0)
            return backend_registry[i];
    return NULL;
}

int backend_name_known(const char *name)
{
    for (int i = 0; backend_registry[i]; i++)
        if (strcmp(backend_registry[i]->name, name) == 0)
            return 1;
    return 0;
}

int backend_count(Game game)
{
    int n = 0;
    for (int i = 0; backend_registry[i]; i++)
        n += backend_registry[i]->game == game;
    return n;
}

const char *game_name(Game game)
{
    return game == GAME_QUATERNITY ? "quaternity" : "chess";
}
