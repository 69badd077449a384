/* Make and unmake for the Quaternity mailbox backend, inline so that the
 * perft recursion pays no call for them.
 *
 * A move writes two board squares and, for a king, its army's king square;
 * the turn passes to the next controller of the fixed turn order.  The
 * piece lists follow: the moving man keeps its slot with the new square,
 * and a captured man leaves its army's list, the list's last man moving
 * into its slot.  Unmake reverses exactly that, so the lists come back in
 * the same order. */
#ifndef GEN_QUATERNITY_MAILBOX_MAKE_H
#define GEN_QUATERNITY_MAILBOX_MAKE_H

#include "mailbox.h"

static inline QmbUndo qmb_make_move(QmbState *m, const QmbMove *move)
{
    QmbUndo undo = {m->turn, 0};
    if (move->captured != EMPTY) {
        int army = PIECE_ARMY(move->captured);
        int slot = m->slot_of[move->to];
        int last_square = m->men[army][--m->men_count[army]];
        m->men[army][slot] = (uint8_t)last_square;
        m->slot_of[last_square] = (uint8_t)slot;
        undo.captured_slot = (uint8_t)slot;
    }
    int slot = m->slot_of[move->from];
    m->men[PIECE_ARMY(move->moved)][slot] = move->to;
    m->slot_of[move->to] = (uint8_t)slot;

    m->board[move->from] = EMPTY;
    m->board[move->to] = move->placed;
    if (PIECE_KIND(move->moved) == KING)
        m->king_square[PIECE_ARMY(move->moved)] = move->to;
    m->turn = m->next_turn[m->turn];
    return undo;
}

static inline void qmb_unmake_move(QmbState *m, const QmbMove *move, QmbUndo undo)
{
    m->board[move->to] = move->captured;
    m->board[move->from] = move->moved;
    if (PIECE_KIND(move->moved) == KING)
        m->king_square[PIECE_ARMY(move->moved)] = move->from;
    m->turn = undo.turn;

    int slot = m->slot_of[move->to];
    m->men[PIECE_ARMY(move->moved)][slot] = move->from;
    m->slot_of[move->from] = (uint8_t)slot;
    if (move->captured != EMPTY) {
        int army = PIECE_ARMY(move->captured);
        int last = m->men_count[army]++;
        int moved_back = m->men[army][undo.captured_slot];
        m->men[army][last] = (uint8_t)moved_back;
        m->slot_of[moved_back] = (uint8_t)last;
        m->men[army][undo.captured_slot] = move->to;
        m->slot_of[move->to] = undo.captured_slot;
    }
}

#endif
