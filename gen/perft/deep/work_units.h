/* The work units of a deep count: every line of `split` plies below the
 * root.  Lines are enumerated in sorted move text at every ply, so the
 * split, and a checkpoint's unit numbers, are the same for every backend
 * and thread count.  A line that ends early (mate, stalemate) has no count
 * below it and gives no unit. */
#ifndef GEN_PERFT_DEEP_WORK_UNITS_H
#define GEN_PERFT_DEEP_WORK_UNITS_H

#include <stddef.h>

#include "backend.h"
#include "move_text.h"

enum { UNIT_TEXT_MAX = MAX_DEPTH * MOVE_TEXT_MAX };

typedef struct WorkUnits {
    int split; /* plies below the root a unit starts at */
    size_t count, capacity;
    int *root;   /* the index (in sorted move text) of the root move each unit is below */
    Move *moves; /* `split` moves per unit */
} WorkUnits;

/* The units of `depth`'s perft from the instance's position at `split`
 * plies, or (split 0) at the shallowest split giving at least `target`
 * units and leaving each unit a ply to count.  0, or -1 when out of
 * memory. */
int work_units_split(const Backend *b, void *instance, Game game, int depth, int split, size_t target, WorkUnits *u);

/* Unit i's moves from the root. */
static inline const Move *work_unit_moves(const WorkUnits *u, size_t i)
{
    return u->moves + i * (size_t)u->split;
}

/* Unit i's moves as text, space-separated: what a checkpoint records. */
void work_unit_text(const WorkUnits *u, Game game, size_t i, char *out, size_t size);

void work_units_free(WorkUnits *u);

#endif
