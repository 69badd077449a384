/* Fuzz target: move lists from the starting position of either game.
 *
 * The first byte picks the game (bit 0) and the form (bit 1).  Picked: every
 * further byte is one ply, choosing legal move (byte mod count) of the
 * sorted list; inputs up to fuzz.mk's -max_len make games of thousands of
 * plies.  Text: the rest is move text, played through session_play (what
 * bin/perft does with MOVES) on every backend, which must all accept the
 * same moves or fail with the same message.  After every ply every backend
 * must save the same position and generate the same legal moves; at the
 * end every move is unmade, and each backend must be back at the start. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_support.h"
#include "move_text.h"
#include "position_text.h"
#include "registry.h"
#include "session.h"
#include "start_positions.h"

static void start_position(Game game, Position *pos)
{
    char err[ERROR_TEXT_MAX];
    if (position_parse(START_TEXT[game], pos, err, sizeof err) < 0)
        fuzz_fail("the %s start does not parse: %s", game_name(game), err);
}

/* Plays one ply per byte; returns the plies played (the game may end). */
static size_t play_picked(const FuzzBackends *set, const uint8_t *picks, size_t size, Move *played)
{
    size_t plies = 0;
    for (; plies < size; plies++) {
        char where[48];
        snprintf(where, sizeof where, "ply %zu", plies + 1);
        Move moves[MAX_MOVES];
        int count = fuzz_backends_same_moves(set, moves, where);
        if (count == 0)
            break;
        played[plies] = moves[picks[plies] % count];
        fuzz_backends_make(set, played[plies]);
        Position pos;
        fuzz_backends_same_position(set, &pos, where);
    }
    return plies;
}

/* Plays the text in every backend's session. */
static void play_text(FuzzBackends *set, const char *text)
{
    char first_err[ERROR_TEXT_MAX] = "";
    int first_status = 0;
    for (int i = 0; i < set->count; i++) {
        Session s = {.backend = set->backend[i], .state = set->state[i], .game = set->game};
        char err[ERROR_TEXT_MAX] = "";
        int status = session_play(&s, text, err, sizeof err);
        if (status < 0 && !err[0])
            fuzz_fail("%s: session_play failed without a message", set->backend[i]->name);
        if (i == 0) {
            first_status = status;
            memcpy(first_err, err, sizeof err);
        } else if (status != first_status || strcmp(err, first_err) != 0) {
            fuzz_fail("move text: %s says %d '%s', %s says %d '%s'", set->backend[0]->name, first_status, first_err,
                      set->backend[i]->name, status, err);
        }
    }
    Position pos;
    fuzz_backends_same_position(set, &pos, "after the move text");
    Move moves[MAX_MOVES];
    fuzz_backends_same_moves(set, moves, "after the move text");
}

/* Perft 2 with bulk counting agrees across the backends where the game
 * stopped. */
static void same_perft(const FuzzBackends *set)
{
    uint64_t first = set->backend[0]->perft(set->state[0], 2, 1);
    for (int i = 1; i < set->count; i++) {
        uint64_t n = set->backend[i]->perft(set->state[i], 2, 1);
        if (n != first)
            fuzz_fail("perft 2 at the end of the game: %s counts %llu, %s %llu", set->backend[0]->name,
                      (unsigned long long)first, set->backend[i]->name, (unsigned long long)n);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    Game game = (data[0] & 1) ? GAME_CHESS : GAME_QUATERNITY;
    int as_text = (data[0] & 2) != 0;
    Position start;
    start_position(game, &start);
    FuzzBackends set;
    fuzz_backends_open(&set, &start);
    if (as_text) {
        char *text = fuzz_copy_text(data + 1, size - 1);
        play_text(&set, text);
        free(text);
        fuzz_backends_close(&set);
        return 0;
    }
    Move *played = malloc(size * sizeof *played);
    if (!played)
        fuzz_fail("out of memory");
    size_t plies = play_picked(&set, data + 1, size - 1, played);
    same_perft(&set);
    /* The made moves are unmade in every backend; each must return to the
     * start. */
    while (plies > 0)
        fuzz_backends_unmake(&set, played[--plies]);
    Position back;
    fuzz_backends_same_position(&set, &back, "after unmaking every move");
    if (!position_equal(&back, &start))
        fuzz_fail("after unmaking every move the position is not the start");
    free(played);
    fuzz_backends_close(&set);
    return 0;
}
