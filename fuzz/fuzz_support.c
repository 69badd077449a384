#include "fuzz_support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_text.h"
#include "position_text.h"
#include "registry.h"

void fuzz_fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("fuzz finding: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    abort();
}

static void position_text(const Position *pos, char out[POSITION_TEXT_MAX])
{
    position_format(pos, out, POSITION_TEXT_MAX);
}

void fuzz_backends_open(FuzzBackends *set, const Position *pos)
{
    set->game = pos->game;
    set->count = 0;
    for (int i = 0; backend_registry[i]; i++) {
        const Backend *b = backend_registry[i];
        if (b->game != pos->game)
            continue;
        if (set->count == FUZZ_BACKENDS_MAX)
            fuzz_fail("more than %d backends for %s", FUZZ_BACKENDS_MAX, game_name(pos->game));
        void *state = b->create(b);
        if (!state)
            fuzz_fail("%s %s: create failed", game_name(pos->game), b->name);
        b->load(state, pos);
        set->backend[set->count] = b;
        set->state[set->count] = state;
        set->count++;
        Position saved;
        b->save(state, &saved);
        if (!position_equal(&saved, pos)) {
            char in[POSITION_TEXT_MAX], out[POSITION_TEXT_MAX];
            position_text(pos, in);
            position_text(&saved, out);
            fuzz_fail("%s %s: loaded '%s', saved '%s'", game_name(pos->game), b->name, in, out);
        }
    }
    if (set->count == 0)
        fuzz_fail("no backend for %s", game_name(pos->game));
}

void fuzz_backends_close(FuzzBackends *set)
{
    for (int i = 0; i < set->count; i++)
        set->backend[i]->destroy(set->state[i]);
    set->count = 0;
}

void fuzz_backends_same_position(const FuzzBackends *set, Position *pos, const char *where)
{
    set->backend[0]->save(set->state[0], pos);
    for (int i = 1; i < set->count; i++) {
        Position other;
        set->backend[i]->save(set->state[i], &other);
        if (!position_equal(&other, pos)) {
            char a[POSITION_TEXT_MAX], b[POSITION_TEXT_MAX];
            position_text(pos, a);
            position_text(&other, b);
            fuzz_fail("%s: %s saves '%s', %s saves '%s'", where, set->backend[0]->name, a, set->backend[i]->name, b);
        }
    }
}

int fuzz_backends_same_moves(const FuzzBackends *set, Move moves[MAX_MOVES], const char *where)
{
    int count = set->backend[0]->generate(set->state[0], moves);
    if (count < 0 || count > MAX_MOVES)
        fuzz_fail("%s: %s generated %d moves", where, set->backend[0]->name, count);
    moves_sort(set->game, moves, count);
    for (int i = 1; i < set->count; i++) {
        Move other[MAX_MOVES];
        int n = set->backend[i]->generate(set->state[i], other);
        if (n < 0 || n > MAX_MOVES)
            fuzz_fail("%s: %s generated %d moves", where, set->backend[i]->name, n);
        moves_sort(set->game, other, n);
        int same = n == count;
        int first_difference = 0;
        while (same && first_difference < n && move_equal(moves[first_difference], other[first_difference]))
            first_difference++;
        if (!same || first_difference < n) {
            Position pos;
            char text[POSITION_TEXT_MAX], a[MOVE_TEXT_MAX] = "-", b[MOVE_TEXT_MAX] = "-";
            set->backend[0]->save(set->state[0], &pos);
            position_text(&pos, text);
            if (first_difference < count)
                move_format(set->game, moves[first_difference], a);
            if (first_difference < n)
                move_format(set->game, other[first_difference], b);
            fuzz_fail("%s: in '%s' %s generates %d moves, %s %d; sorted lists differ at %d (%s / %s)", where, text,
                      set->backend[0]->name, count, set->backend[i]->name, n, first_difference, a, b);
        }
    }
    return count;
}

void fuzz_backends_make(const FuzzBackends *set, Move move)
{
    for (int i = 0; i < set->count; i++)
        set->backend[i]->make(set->state[i], move);
}

void fuzz_backends_unmake(const FuzzBackends *set, Move move)
{
    for (int i = 0; i < set->count; i++)
        set->backend[i]->unmake(set->state[i], move);
}

void fuzz_text_reparses(const char *text, const Position *pos, const char *where)
{
    Position again;
    char err[ERROR_TEXT_MAX];
    if (position_parse(text, &again, err, sizeof err) < 0)
        fuzz_fail("%s: the tool printed '%s', which it cannot read back: %s", where, text, err);
    if (!position_equal(&again, pos)) {
        char other[POSITION_TEXT_MAX];
        position_text(&again, other);
        fuzz_fail("%s: '%s' parses back as a different position ('%s')", where, text, other);
    }
}

char *fuzz_copy_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        fuzz_fail("out of memory");
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}
