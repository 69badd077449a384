#include "deep/work_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int units_add(WorkUnits *u, int root, const Move *path)
{
    if (u->count == u->capacity) {
        size_t capacity = u->capacity ? 2 * u->capacity : 256;
        int *roots = realloc(u->root, sizeof *roots * capacity);
        if (roots)
            u->root = roots;
        Move *moves = realloc(u->moves, sizeof *moves * capacity * (size_t)u->split);
        if (moves)
            u->moves = moves;
        if (!roots || !moves)
            return -1;
        u->capacity = capacity;
    }
    u->root[u->count] = root;
    memcpy(u->moves + u->count * (size_t)u->split, path, sizeof *path * (size_t)u->split);
    u->count++;
    return 0;
}

void work_units_free(WorkUnits *u)
{
    free(u->root);
    free(u->moves);
    memset(u, 0, sizeof *u);
}

/* Appends every line from the instance's position that completes `path`
 * (ply moves long so far) to u->split plies. */
static int collect(const Backend *b, void *instance, Game game, Move *path, int ply, int root, WorkUnits *u)
{
    if (ply == u->split)
        return units_add(u, root, path);
    Move moves[MAX_MOVES];
    int n = b->generate(instance, moves);
    moves_sort(game, moves, n);
    for (int i = 0; i < n; i++) {
        path[ply] = moves[i];
        b->make(instance, moves[i]);
        int r = collect(b, instance, game, path, ply + 1, ply == 0 ? i : root, u);
        b->unmake(instance, moves[i]);
        if (r < 0)
            return -1;
    }
    return 0;
}

int work_units_split(const Backend *b, void *instance, Game game, int depth, int split, size_t target, WorkUnits *u)
{
    int deepest = depth > 1 ? depth - 1 : 1;
    Move path[MAX_DEPTH];
    for (int s = split ? split : 1; s <= deepest; s++) {
        work_units_free(u);
        u->split = s;
        if (collect(b, instance, game, path, 0, 0, u) < 0)
            return -1;
        if (split || u->count >= target)
            break;
    }
    return 0;
}

void work_unit_text(const WorkUnits *u, Game game, size_t i, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    const Move *moves = work_unit_moves(u, i);
    for (int k = 0; k < u->split && n < size; k++) {
        char mt[MOVE_TEXT_MAX];
        move_format(game, moves[k], mt);
        n += (size_t)snprintf(out + n, size - n, "%s%s", k ? " " : "", mt);
    }
}
