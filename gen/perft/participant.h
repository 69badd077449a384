/* What takes part in a run: a built-in backend or an external engine.
 *
 * The harness asks a participant only for divides (and for legal moves as
 * the divide at depth 1), because that is all an external engine can be
 * asked for cheaply; a built-in backend is not made into a Backend-table
 * impostor for engines (make/unmake per node over a pipe would be slow and
 * would not test the engine's own search).  The harness keeps its own view
 * of the position (a reference backend) to print positions and to check the
 * moves an engine names. */
#ifndef GEN_PERFT_PARTICIPANT_H
#define GEN_PERFT_PARTICIPANT_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "engine.h"
#include "session.h"

typedef struct Participant {
    const char *name;
    const Backend *backend; /* a built-in backend, or NULL */
    Engine *engine;         /* an external engine, or NULL */
} Participant;

static inline Participant participant_of_backend(const Backend *b)
{
    return (Participant){.name = b->name, .backend = b, .engine = NULL};
}
static inline Participant participant_of_engine(Engine *e)
{
    return (Participant){.name = e->spec.name, .backend = NULL, .engine = e};
}

/* The divide of `root` after `moves` (space-separated, may be NULL) at
 * `depth` >= 1, sorted by move text; `here` is that position (the
 * harness's view).  Fills *count, *total, *seconds; 0, or -1 with a
 * message. */
int participant_divide(const Participant *p, const Position *root, const char *moves, const Position *here, int depth,
                       int bulk, DivideEntry *entries, int *count, uint64_t *total, double *seconds, char *err,
                       size_t errlen);

/* Perft of `root` at `depth` >= 1: a backend's own perft() (through `table`
 * when not NULL), an engine's divide total.  0, or -1 with a message. */
int participant_perft(const Participant *p, const Position *root, int depth, int bulk, PerftHash *table,
                      uint64_t *nodes, double *seconds, char *err, size_t errlen);

/* The backend the harness uses for its own view of `game`'s positions: the
 * first registered for it, or NULL. */
const Backend *participant_reference(Game game);

#endif
