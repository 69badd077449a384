#include "participant.h"

#include <stdio.h>
#include <stdlib.h>

#include "registry.h"

const Backend *participant_reference(Game game)
{
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == game)
            return backend_registry[i];
    return NULL;
}

int participant_divide(const Participant *p, const Position *root, const char *moves, const Position *here, int depth,
                       int bulk, DivideEntry *entries, int *count, uint64_t *total, double *seconds, char *err,
                       size_t errlen)
{
    if (p->engine)
        return engine_divide(p->engine, root, moves, here, depth, entries, count, total, seconds, err, errlen);
    Session s;
    if (session_open(&s, p->backend, root, err, errlen) < 0 || session_play(&s, moves, err, errlen) < 0) {
        session_close(&s);
        return -1;
    }
    double start = seconds_now();
    *count = session_divide(&s, depth, bulk, entries);
    *seconds = seconds_now() - start;
    session_close(&s);
    *total = 0;
    for (int i = 0; i < *count; i++)
        *total += entries[i].count;
    return 0;
}

int participant_perft(const Participant *p, const Position *root, int depth, int bulk, PerftHash *table,
                      uint64_t *nodes, double *seconds, char *err, size_t errlen)
{
    if (p->engine) {
        DivideEntry *entries = malloc(sizeof *entries * MAX_MOVES);
        if (!entries) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        int count;
        int r = engine_divide(p->engine, root, NULL, root, depth, entries, &count, nodes, seconds, err, errlen);
        free(entries);
        return r;
    }
    Session s;
    if (session_open(&s, p->backend, root, err, errlen) < 0)
        return -1;
    double start = seconds_now();
    *nodes = session_perft(&s, depth, bulk, table);
    *seconds = seconds_now() - start;
    session_close(&s);
    return 0;
}
