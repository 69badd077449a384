/* Perft on the padded board (see padded_perft.h).  Each ply generates into
 * the arena just past its parent's list, so the recursion needs no stack
 * arrays and never runs out of room: depth * QPD_MOVES_BOUND moves. */
#include "padded_perft.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "padded_movegen.h"

static uint64_t perft_bulk(QpdState *s, int depth, QpdMove *moves)
{
    if (depth == 1)
        return (uint64_t)qpd_count(s);
    int n = qpd_generate(s, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        QpdUndo undo;
        qpd_make(s, moves[i], &undo);
        total += perft_bulk(s, depth - 1, moves + n);
        qpd_unmake(s, moves[i], &undo);
    }
    return total;
}

static uint64_t perft_full(QpdState *s, int depth, QpdMove *moves)
{
    if (depth == 0)
        return 1;
    int n = qpd_generate(s, moves);
    uint64_t total = 0;
    if (depth == 1) {
        /* Each leaf is made and unmade in place rather than through a call
         * that returns 1; the fence keeps the compiler from merging the
         * make with the unmake, so every move really is made. */
        for (int i = 0; i < n; i++) {
            QpdUndo undo;
            qpd_make(s, moves[i], &undo);
            atomic_signal_fence(memory_order_seq_cst);
            total++;
            qpd_unmake(s, moves[i], &undo);
        }
        return total;
    }
    for (int i = 0; i < n; i++) {
        QpdUndo undo;
        qpd_make(s, moves[i], &undo);
        total += perft_full(s, depth - 1, moves + n);
        qpd_unmake(s, moves[i], &undo);
    }
    return total;
}

static int reserve_arena(QpdState *s, int depth)
{
    int need = (depth > 0 ? depth : 1) * QPD_MOVES_BOUND;
    if (s->arena_size >= need)
        return 0;
    QpdMove *grown = realloc(s->arena, (size_t)need * sizeof *grown);
    if (!grown)
        return -1;
    s->arena = grown;
    s->arena_size = need;
    return 0;
}

uint64_t qpd_perft(QpdState *s, int depth, int bulk)
{
    if (depth <= 0)
        return 1;
    if (reserve_arena(s, depth) < 0)
        return UINT64_MAX;
    return bulk ? perft_bulk(s, depth, s->arena) : perft_full(s, depth, s->arena);
}
