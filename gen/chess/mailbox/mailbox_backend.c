/* The mailbox backend behind the common interface: instances, conversion
 * between the neutral position and the 10 x 12 board, and the neutral
 * move's translation to the internal one.  None of this is on the perft
 * hot path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mailbox.h"
#include "mailbox_make.h"

static void *mailbox_create(const Backend *self)
{
    (void)self;
    chess_mailbox_tables_init();
    return calloc(1, sizeof(MailboxChess));
}

static void mailbox_destroy(void *state)
{
    MailboxChess *s = state;
    if (s)
        free(s->history);
    free(s);
}

static void mailbox_load(void *state, const Position *pos)
{
    MailboxChess *s = state;
    memset(s->board, MB_GUARD, sizeof s->board);
    memset(s->count, 0, sizeof s->count);
    for (int sq = 0; sq < C_SQUARES; sq++) {
        int square = mb_tables.sq120[sq];
        Piece p = pos->board[sq];
        s->board[square] = EMPTY;
        if (p == EMPTY)
            continue;
        int side = PIECE_ARMY(p), kind = PIECE_KIND(p);
        s->board[square] = (uint8_t)(kind | MB_SIDE_FLAG(side));
        mb_list_add(s, side, kind, square);
    }
    s->side = pos->turn;
    s->castling = pos->castling;
    s->ep_square = pos->ep_square < 0 ? 0 : mb_tables.sq120[pos->ep_square];
    s->halfmove_clock = pos->halfmove_clock;
    s->fullmove_number = pos->fullmove_number;
    s->history_length = 0;
}

static void mailbox_save(const void *state, Position *pos)
{
    const MailboxChess *s = state;
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    for (int sq = 0; sq < C_SQUARES; sq++) {
        uint8_t code = s->board[mb_tables.sq120[sq]];
        if (code == EMPTY)
            continue;
        int side = (code & MB_BLACK) ? CHESS_BLACK : CHESS_WHITE, kind = MB_KIND(code);
        PawnState state_bits = kind != PAWN ? PAWN_NONE : side == CHESS_WHITE ? PAWN_UP : PAWN_DOWN;
        pos->board[sq] = PIECE_MAKE(side, kind, state_bits);
    }
    pos->turn = s->side;
    pos->castling = s->castling;
    pos->ep_square = s->ep_square ? mb_tables.sq64[s->ep_square] : -1;
    pos->halfmove_clock = s->halfmove_clock;
    pos->fullmove_number = s->fullmove_number;
}

static Move to_neutral(MbMove m)
{
    Move move = {(uint8_t)mb_tables.sq64[MB_FROM(m)], (uint8_t)mb_tables.sq64[MB_TO(m)], EMPTY};
    if (MB_SPECIAL(m) == MB_PROMOTE)
        move.promotion = (uint8_t)MB_PROMOTED(m);
    return move;
}

static int mailbox_generate_neutral(void *state, Move *moves)
{
    MbMove internal[MAX_MOVES];
    int count = chess_mailbox_generate(state, internal);
    for (int i = 0; i < count; i++)
        moves[i] = to_neutral(internal[i]);
    return count;
}

/* The internal form of a legal neutral move: its special kind follows from
 * the piece that moves and how far. */
static MbMove to_internal(const MailboxChess *s, Move move)
{
    int from = mb_tables.sq120[move.from], to = mb_tables.sq120[move.to];
    int kind = MB_KIND(s->board[from]);
    if (move.promotion != EMPTY)
        return MB_PROMOTION(from, to, move.promotion);
    if (kind == PAWN && (to - from == 20 || from - to == 20))
        return MB_MOVE(from, to, MB_DOUBLE_STEP);
    if (kind == PAWN && to == s->ep_square)
        return MB_MOVE(from, to, MB_EN_PASSANT);
    if (kind == KING && (to - from == 2 || from - to == 2))
        return MB_MOVE(from, to, MB_CASTLE);
    return MB_MOVE(from, to, MB_NORMAL);
}

static void mailbox_make_neutral(void *state, Move move)
{
    MailboxChess *s = state;
    if (s->history_length == s->history_capacity) {
        int capacity = s->history_capacity ? 2 * s->history_capacity : 64;
        MbHistory *grown = realloc(s->history, (size_t)capacity * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "mailbox: out of memory for move history\n");
            abort();
        }
        s->history = grown;
        s->history_capacity = capacity;
    }
    MbHistory *h = &s->history[s->history_length++];
    h->move = to_internal(s, move);
    mb_make(s, h->move, &h->undo);
}

static void mailbox_unmake_neutral(void *state, Move move)
{
    MailboxChess *s = state;
    (void)move; /* the history knows it, special kind included */
    MbHistory *h = &s->history[--s->history_length];
    mb_unmake(s, h->move, &h->undo);
}

static uint64_t mailbox_perft_neutral(void *state, int depth, int bulk)
{
    return chess_mailbox_perft(state, depth, bulk);
}

const Backend chess_mailbox_backend = {
    .name = "mailbox",
    .game = GAME_CHESS,
    .summary = "10x12 mailbox board with guard squares and piece lists; legal generation by pins and checks",
    .create = mailbox_create,
    .destroy = mailbox_destroy,
    .load = mailbox_load,
    .save = mailbox_save,
    .generate = mailbox_generate_neutral,
    .make = mailbox_make_neutral,
    .unmake = mailbox_unmake_neutral,
    .perft = mailbox_perft_neutral,
};
