/* The mailbox backend's own perft recursion: generate, then make and unmake
 * each move with the inline make/unmake, one move list per ply on the
 * stack. */
#include "mailbox.h"
#include "mailbox_make.h"

static uint64_t perft_node(MailboxChess *s, int depth, int bulk)
{
    if (depth == 1 && bulk)
        return (uint64_t)chess_mailbox_count_moves(s);
    MbMove moves[MAX_MOVES];
    int count = chess_mailbox_generate(s, moves);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        MbUndo undo;
        mb_make(s, moves[i], &undo);
        nodes += depth == 1 ? 1 : perft_node(s, depth - 1, bulk);
        mb_unmake(s, moves[i], &undo);
    }
    return nodes;
}

uint64_t chess_mailbox_perft(MailboxChess *s, int depth, int bulk)
{
    if (depth <= 0)
        return 1;
    return perft_node(s, depth, bulk);
}
