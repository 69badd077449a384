/* The Quaternity mailbox backend as the harness sees it (backend.h):
 * instances, loading and saving the neutral position, and the neutral-move
 * wrappers around the internal generator and make/unmake.  None of this is
 * on the perft hot path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mailbox_make.h"

static void *mailbox_create(const Backend *self)
{
    (void)self;
    mailbox_tables_init();
    return calloc(1, sizeof(QuaternityMailbox));
}

static void mailbox_destroy(void *state)
{
    free(state);
}

/* What piece byte p is to controller c (see ManClass in mailbox.h). */
static ManClass classify(const Position *pos, int c, Piece p)
{
    Kind kind = PIECE_KIND(p);
    if (kind == EMPTY || kind > KING || PIECE_PAWN_STATE(p) > PAWN_UNCOMMITTED)
        return 0; /* bytes no valid position holds */
    int army = PIECE_ARMY(p);
    int owner = pos->controller[army];
    if (owner == c)
        return MAN_FRIEND;
    ManClass cls = kind == KING ? 0 : MAN_CAPTURABLE;
    if (pos->frozen & (1u << owner))
        return cls;
    switch (kind) {
    case PAWN: {
        uint8_t directions = mailbox_tables.pawn_attack_directions[army][PIECE_PAWN_STATE(p)];
        for (int d = FIRST_DIAGONAL; d < DIR_COUNT; d++)
            if (directions >> d & 1)
                cls |= (ManClass)MAN_PAWN_ATTACKS(d);
        return cls;
    }
    case KNIGHT: return cls | MAN_ATTACKS_KNIGHT;
    case BISHOP: return cls | MAN_ATTACKS_DIAGONAL;
    case ROOK: return cls | MAN_ATTACKS_ORTHOGONAL;
    case QUEEN: return cls | MAN_ATTACKS_ORTHOGONAL | MAN_ATTACKS_DIAGONAL;
    default: return cls | MAN_ATTACKS_KING;
    }
}

static void mailbox_load(void *state, const Position *pos)
{
    QuaternityMailbox *m = state;
    memset(m, 0, sizeof *m);
    memcpy(m->board, pos->board, Q_SQUARES);
    memset(m->king_square, NO_SQUARE, sizeof m->king_square);
    /* The lists start grouped by kind, so that the generator's dispatch on
     * the kind of each man it visits is mostly predicted. */
    for (Kind kind = PAWN; kind <= KING; kind++)
        for (int sq = 0; sq < Q_SQUARES; sq++) {
            Piece p = m->board[sq];
            if (p == EMPTY || PIECE_KIND(p) != kind)
                continue;
            int army = PIECE_ARMY(p);
            m->slot_of[sq] = m->men_count[army];
            m->men[army][m->men_count[army]++] = (uint8_t)sq;
            if (kind == KING)
                m->king_square[army] = (uint8_t)sq;
        }
    m->turn = (uint8_t)pos->turn;
    m->frozen = pos->frozen;
    for (int a = 0; a < 4; a++) {
        m->controller[a] = pos->controller[a];
        m->armies_of[pos->controller[a]] |= (uint8_t)(1u << a);
    }
    for (int c = 0; c < 4; c++) {
        m->next_turn[c] = (uint8_t)quaternity_next_turn(pos, c);
        for (int p = 0; p < 256; p++)
            m->man_class[c][p] = classify(pos, c, (Piece)p);
    }
}

static void mailbox_save(const void *state, Position *pos)
{
    const QuaternityMailbox *m = state;
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->ep_square = -1;
    memcpy(pos->board, m->board, Q_SQUARES);
    pos->turn = m->turn;
    memcpy(pos->controller, m->controller, 4);
    pos->frozen = m->frozen;
}

static Move neutral_move(const MailboxMove *move)
{
    bool promotes = PIECE_KIND(move->moved) == PAWN && PIECE_KIND(move->placed) != PAWN;
    return (Move){move->from, move->to, promotes ? (uint8_t)PIECE_KIND(move->placed) : (uint8_t)EMPTY};
}

static int mailbox_generate_neutral(void *state, Move *moves)
{
    MailboxMove internal[MAX_MOVES];
    int count = mailbox_generate(state, internal);
    for (int i = 0; i < count; i++)
        moves[i] = neutral_move(&internal[i]);
    return count;
}

static void mailbox_make_neutral(void *state, Move move)
{
    QuaternityMailbox *m = state;
    MailboxMove internal[MAX_MOVES];
    int count = mailbox_generate(m, internal);
    for (int i = 0; i < count; i++)
        if (move_equal(neutral_move(&internal[i]), move)) {
            if (m->history_count == MAILBOX_HISTORY_MAX) {
                fprintf(stderr, "quaternity mailbox: more than %d moves made without unmake\n", MAILBOX_HISTORY_MAX);
                abort();
            }
            m->history[m->history_count] = internal[i];
            m->history_undo[m->history_count++] = mailbox_make(m, &internal[i]);
            return;
        }
    fprintf(stderr, "quaternity mailbox: make of a move generate() did not return\n");
    abort();
}

static void mailbox_unmake_neutral(void *state, Move move)
{
    QuaternityMailbox *m = state;
    if (m->history_count == 0 || !move_equal(neutral_move(&m->history[m->history_count - 1]), move)) {
        fprintf(stderr, "quaternity mailbox: unmake of a move that is not the last one made\n");
        abort();
    }
    m->history_count--;
    mailbox_unmake(m, &m->history[m->history_count], m->history_undo[m->history_count]);
}

static uint64_t mailbox_perft_entry(void *state, int depth, int bulk)
{
    return mailbox_perft(state, depth, bulk);
}

const Backend quaternity_mailbox_backend = {
    .name = "mailbox",
    .game = GAME_QUATERNITY,
    .summary = "144-byte board with per-square ray, leaper and pawn tables; legality from the kings outward",
    .create = mailbox_create,
    .destroy = mailbox_destroy,
    .load = mailbox_load,
    .save = mailbox_save,
    .generate = mailbox_generate_neutral,
    .make = mailbox_make_neutral,
    .unmake = mailbox_unmake_neutral,
    .perft = mailbox_perft_entry,
};
