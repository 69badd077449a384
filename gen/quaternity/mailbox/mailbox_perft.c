/* Perft for the Quaternity mailbox backend: the plain recursion of spec
 * section 5 over the legal move generator, with internal moves and inline
 * make/unmake.  With bulk counting the last ply returns the number of legal
 * moves without making them. */
#include "mailbox_make.h"

static uint64_t perft_recursive(QuaternityMailbox *m, int depth, int bulk)
{
    if (depth == 1 && bulk)
        return (uint64_t)mailbox_count_moves(m);
    MailboxMove moves[MAX_MOVES];
    int count = mailbox_generate(m, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        MailboxUndo undo = mailbox_make(m, &moves[i]);
        nodes += depth == 1 ? 1 : perft_recursive(m, depth - 1, bulk);
        mailbox_unmake(m, &moves[i], undo);
    }
    return nodes;
}

uint64_t mailbox_perft(QuaternityMailbox *m, int depth, int bulk)
{
    if (depth <= 0)
        return 1;
    return perft_recursive(m, depth, bulk);
}
