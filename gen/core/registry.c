#include "registry.h"

#include <string.h>

/* One extern and one entry per backend, Quaternity first, then chess. */
extern const Backend quaternity_mailbox_backend;
extern const Backend quaternity_padded_backend;
extern const Backend quaternity_bitboard_backend;
extern const Backend chess_mailbox_backend;
extern const Backend chess_padded_backend;
extern const Backend chess_bitboard_backend;
#ifdef EXTRA_BACKEND_TEMPLATE
extern const Backend chess_template_backend; /* gen/chess/template: make EXTRA_BACKENDS=template */
#endif
#ifdef EXTRA_BACKEND_PLANTED
/* tests/planted: a planted bug, registered only in the tests' perft-planted. */
extern const Backend quaternity_planted_backend;
extern const Backend chess_planted_backend;
#endif

const Backend *const backend_registry[] = {
    &quaternity_mailbox_backend,
    &quaternity_padded_backend,
    &quaternity_bitboard_backend,
    &chess_mailbox_backend,
    &chess_padded_backend,
    &chess_bitboard_backend,
#ifdef EXTRA_BACKEND_TEMPLATE
    &chess_template_backend,
#endif
#ifdef EXTRA_BACKEND_PLANTED
    &quaternity_planted_backend,
    &chess_planted_backend,
#endif
    NULL,
};

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
