/* Perft on the padded board (see padded_perft.h).  Each ply generates into
 * the arena just past its parent's list, so the recursion needs no stack
 * arrays and never runs out of room: depth * QPD_MOVES_BOUND moves. */
#include "padded_perft.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "backend.h"
#include "padded_movegen.h"

static uint64_t perft_bulk(QpdState *s, int depth, QpdMove *moves);
static uint64_t perft_full(QpdState *s, int depth, QpdMove *moves);

/* One body for both modes; `bulk` is a constant in each instance. */
static inline __attribute__((always_inline)) uint64_t perft_t(QpdState *s, int depth, QpdMove *moves, const bool bulk)
{
    if (bulk && depth == 1)
        return (uint64_t)qpd_count(s);
    int n = qpd_generate(s, moves);
    uint64_t total = 0;
    if (!bulk && depth == 1) {
        /* Each leaf is made and unmade in place rather than through a call
         * that returns 1; the fence keeps the compiler from merging the
         * make with the unmake, so every move really is made. */
        for (const QpdMove *m = moves, *end = moves + n; m != end; m++) {
            QpdUndo undo;
            qpd_make(s, *m, &undo);
            BACKEND_DEBUG_CHECK(qpd_check, s);
            atomic_signal_fence(memory_order_seq_cst);
            qpd_unmake(s, *m, &undo);
            BACKEND_DEBUG_CHECK(qpd_check, s);
        }
        return (uint64_t)n;
    }
    for (int i = 0; i < n; i++) {
        QpdUndo undo;
        qpd_make(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(qpd_check, s);
        total += bulk ? perft_bulk(s, depth - 1, moves + n) : perft_full(s, depth - 1, moves + n);
        qpd_unmake(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(qpd_check, s);
    }
    return total;
}

static uint64_t perft_bulk(QpdState *s, int depth, QpdMove *moves)
{
    return perft_t(s, depth, moves, true);
}

static uint64_t perft_full(QpdState *s, int depth, QpdMove *moves)
{
    return perft_t(s, depth, moves, false);
}

bool qpd_perft_reserve(QpdState *s, int depth)
{
    if (s->arena_plies >= depth)
        return true;
    QpdMove *grown = realloc(s->arena, (size_t)depth * QPD_MOVES_BOUND * sizeof *grown);
    if (!grown)
        return false;
    s->arena = grown;
    s->arena_plies = depth;
    return true;
}

uint64_t qpd_perft_moves(QpdState *s, int depth, bool bulk)
{
    return bulk ? perft_bulk(s, depth, s->arena) : perft_full(s, depth, s->arena);
}
