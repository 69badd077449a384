/* The perft recursion: a move list per ply on the C stack, incremental
 * make/unmake, and with bulk counting the last ply as one qbb_count. */
#include "bitboard_perft.h"

#include "bitboard_movegen.h"

/* Bulk counting: depth >= 1, and depth 1 is a count of the legal moves. */
static uint64_t perft_bulk(QbbState *s, int depth)
{
    if (depth == 1)
        return (uint64_t)qbb_count(s);
    QbbMove moves[MAX_MOVES];
    int n = qbb_generate(s, moves);
    uint64_t nodes = 0;
    int turn = s->turn;
    for (int i = 0; i < n; i++) {
        Piece captured = qbb_make(s, moves[i]);
        nodes += perft_bulk(s, depth - 1);
        qbb_unmake(s, moves[i], captured, turn);
    }
    return nodes;
}

/* Without bulk counting the last ply is made and unmade like the others. */
static uint64_t perft_made(QbbState *s, int depth)
{
    if (depth == 0)
        return 1;
    QbbMove moves[MAX_MOVES];
    int n = qbb_generate(s, moves);
    uint64_t nodes = 0;
    int turn = s->turn;
    for (int i = 0; i < n; i++) {
        Piece captured = qbb_make(s, moves[i]);
        nodes += perft_made(s, depth - 1);
        qbb_unmake(s, moves[i], captured, turn);
    }
    return nodes;
}

uint64_t qbb_perft(QbbState *s, int depth, bool bulk)
{
    if (depth <= 0)
        return 1;
    return bulk ? perft_bulk(s, depth) : perft_made(s, depth);
}
