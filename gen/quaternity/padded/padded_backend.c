/* The padded Quaternity backend: the Backend interface over the padded
 * board (layout in padded_layout.h, generation in padded_movegen.c).  The
 * interface speaks neutral squares and moves; everything inside uses padded
 * indices and QpdMove. */
#include <stdlib.h>

#include "backend.h"
#include "padded_movegen.h"
#include "padded_pawns.h"
#include "padded_perft.h"

static void *padded_create(const Backend *self)
{
    (void)self;
    qpd_layout_init();
    qpd_pawns_init();
    QpdState *s = calloc(1, sizeof *s);
    return s;
}

static void padded_destroy(void *state)
{
    QpdState *s = state;
    if (s)
        free(s->arena);
    free(s);
}

static void padded_load(void *state, const Position *pos)
{
    qpd_state_load(state, pos);
}

static void padded_save(const void *state, Position *pos)
{
    qpd_state_save(state, pos);
}

static Move neutral_move(const QpdState *s, QpdMove m)
{
    uint8_t moved = s->board[m.from];
    bool promotes = PIECE_KIND(moved) == PAWN && PIECE_KIND(m.piece) != PAWN;
    return (Move){qpd_tables.neutral_of[m.from], qpd_tables.neutral_of[m.to],
                  (uint8_t)(promotes ? PIECE_KIND(m.piece) : EMPTY)};
}

static int padded_generate_neutral(void *state, Move *moves)
{
    QpdState *s = state;
    QpdMove list[QPD_MOVES_BOUND];
    int n = qpd_generate(s, list);
    /* The interface's buffer holds MAX_MOVES; no reachable position has more. */
    if (n > MAX_MOVES)
        n = MAX_MOVES;
    for (int i = 0; i < n; i++)
        moves[i] = neutral_move(s, list[i]);
    return n;
}

static void padded_make_neutral(void *state, Move move)
{
    QpdState *s = state;
    if (s->history_length >= QPD_UNDO_DEPTH)
        return;
    QpdMove list[QPD_MOVES_BOUND];
    int n = qpd_generate(s, list);
    for (int i = 0; i < n; i++)
        if (move_equal(neutral_move(s, list[i]), move)) {
            int h = s->history_length++;
            s->history_move[h] = list[i];
            qpd_make(s, list[i], &s->history_undo[h]);
            return;
        }
}

static void padded_unmake_neutral(void *state, Move move)
{
    (void)move; /* the history knows which move it was */
    QpdState *s = state;
    if (s->history_length == 0)
        return;
    int h = --s->history_length;
    qpd_unmake(s, s->history_move[h], &s->history_undo[h]);
}

static uint64_t padded_perft_neutral(void *state, int depth, int bulk)
{
    return qpd_perft(state, depth, bulk);
}

const Backend quaternity_padded_backend = {
    .name = "padded",
    .game = GAME_QUATERNITY,
    .summary = "12x12 board in a 23-wide guarded array; square differences index attack and pin tables",
    .create = padded_create,
    .destroy = padded_destroy,
    .load = padded_load,
    .save = padded_save,
    .generate = padded_generate_neutral,
    .make = padded_make_neutral,
    .unmake = padded_unmake_neutral,
    .perft = padded_perft_neutral,
};
