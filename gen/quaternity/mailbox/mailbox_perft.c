/* Perft for the Quaternity mailbox backend: the plain recursion of
 * gen/quaternity/RULES.md#perft over the legal move generator, with native
 * moves and inline make/unmake.  With bulk counting the last ply returns the
 * number of legal moves without making them.  Bulk and non-bulk are one
 * template with the mode a constant, so each instance carries no test of it. */
#include "mailbox_make.h"

static uint64_t perft_bulk(QmbState *m, int depth);
static uint64_t perft_full(QmbState *m, int depth);

static inline __attribute__((always_inline)) uint64_t perft_t(QmbState *m, int depth, const bool bulk)
{
    if (bulk && depth == 1)
        return (uint64_t)qmb_count(m);
    QmbMove moves[QMB_MAX_MOVES];
    int count = qmb_generate(m, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        QmbUndo undo = qmb_make_move(m, &moves[i]);
        BACKEND_DEBUG_CHECK(qmb_check, m);
        /* Without bulk the last ply is made too: its leaves count one each. */
        nodes += depth == 1 ? 1 : bulk ? perft_bulk(m, depth - 1) : perft_full(m, depth - 1);
        qmb_unmake_move(m, &moves[i], undo);
        BACKEND_DEBUG_CHECK(qmb_check, m);
    }
    return nodes;
}

static __attribute__((noinline)) uint64_t perft_bulk(QmbState *m, int depth)
{
    return perft_t(m, depth, true);
}

static __attribute__((noinline)) uint64_t perft_full(QmbState *m, int depth)
{
    return perft_t(m, depth, false);
}

uint64_t qmb_perft(QmbState *m, int depth, bool bulk)
{
    return bulk ? perft_bulk(m, depth) : perft_full(m, depth);
}
