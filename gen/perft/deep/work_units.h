/* The work units of a deep count, `split` plies below the root.  Lines are
 * enumerated in sorted move text at every ply, so the split, and a
 * checkpoint's unit numbers, are the same for every backend and thread
 * count.  A line that ends early (mate, stalemate) has no count below it
 * and gives no unit.
 *
 * Two kinds of unit:
 * - positions (the default): every distinct position the lines reach, once,
 *   with how many lines of each root move reach it (its uses).  The chess
 *   start has 197,281 lines but 72,078 distinct positions 4 plies down:
 *   each is counted once and its count multiplied, as distributed record
 *   runs split the tree (Paul Byrne's perft 11, the Grand Chess Tree).
 *   Positions are told apart by their pieces, side to move, rights and
 *   usable en passant square, with the clocks left out (the clocks do not
 *   change a perft count).
 * - lines: every line is a unit of its own (one use, one line).
 * A unit is counted from its first line (in the enumeration order); the
 * divide per root move is exact: a unit's count times its lines under each
 * root move. */
#ifndef GEN_PERFT_DEEP_WORK_UNITS_H
#define GEN_PERFT_DEEP_WORK_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "move_text.h"

enum { UNIT_TEXT_MAX = MAX_DEPTH * MOVE_TEXT_MAX };

/* Lines of one root move that reach a unit's position. */
typedef struct UnitUse {
    int root;       /* the root move's index in sorted move text */
    uint64_t lines; /* >= 1 */
} UnitUse;

typedef struct WorkUnits {
    int split; /* plies below the root a unit starts at */
    bool positions;
    size_t count;
    Move *moves;   /* `split` moves per unit: its first line */
    size_t *first; /* unit i's uses are uses[first[i] .. first[i + 1]) (count + 1 entries) */
    UnitUse *uses;
    size_t lines; /* lines at the split, all units' uses summed */
} WorkUnits;

/* The deepest split a perft of `depth` takes: every unit leaves a ply to
 * count (depth 1 splits at 1: each unit counts itself).  The one rule for
 * --split: options.c refuses a deeper one for the command's depth, and a
 * cross-check's descent, shallower, takes the deepest it allows. */
static inline int work_units_deepest_split(int depth)
{
    return depth > 1 ? depth - 1 : 1;
}

/* The units of `depth`'s perft from the instance's position at `split`
 * plies, or (split 0) at the shallowest split giving at least `target`
 * units and leaving each unit a ply to count; distinct positions when
 * `positions`, else lines.  0, or -1 when out of memory. */
int work_units_split(const Backend *b, void *instance, Game game, int depth, int split, size_t target, bool positions,
                     WorkUnits *u);

/* Unit i's moves from the root. */
static inline const Move *work_unit_moves(const WorkUnits *u, size_t i)
{
    return u->moves + i * (size_t)u->split;
}

/* The lines reaching unit i, under every root move. */
uint64_t work_unit_lines(const WorkUnits *u, size_t i);

/* Unit i's moves as text, space-separated: what a checkpoint records. */
void work_unit_text(const WorkUnits *u, Game game, size_t i, char *out, size_t size);

void work_units_free(WorkUnits *u);

#endif
