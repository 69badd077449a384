/* The mailbox backend's own perft recursion: generate, then make and unmake
 * each move with the inline make/unmake, one move list per ply on the
 * stack.  Bulk and full counting are one template, instantiated once per
 * mode so that the mode costs no test at run time. */
#include "mailbox.h"
#include "mailbox_make.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

static uint64_t perft_bulk(CmbState *s, int depth);
static uint64_t perft_full(CmbState *s, int depth);

/* depth >= 2 when bulk: a bulk child at depth 1 is counted, not entered;
 * a full leaf is made and unmade, then counted. */
static ALWAYS_INLINE uint64_t perft_t(CmbState *s, int depth, const bool bulk)
{
    CmbMove moves[CMB_MAX_MOVES];
    int count = cmb_generate(s, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        CmbUndo undo;
        cmb_make(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(cmb_check, s);
        if (bulk)
            nodes += depth == 2 ? (uint64_t)cmb_count(s) : perft_bulk(s, depth - 1);
        else
            nodes += depth == 1 ? 1 : perft_full(s, depth - 1);
        cmb_unmake(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(cmb_check, s);
    }
    return nodes;
}

static uint64_t perft_bulk(CmbState *s, int depth)
{
    return perft_t(s, depth, true);
}

static uint64_t perft_full(CmbState *s, int depth)
{
    return perft_t(s, depth, false);
}

uint64_t cmb_perft(CmbState *s, int depth, bool bulk)
{
    if (depth <= 0)
        return 1;
    if (!bulk)
        return perft_full(s, depth);
    return depth == 1 ? (uint64_t)cmb_count(s) : perft_bulk(s, depth);
}
