/* make then unmake restores the position exactly, for every backend, every
 * move of every fixture position, two plies deep.
 *
 * The position is compared through save(), the backend's neutral view, with
 * position_equal (board with pawn states, turn, controllers and frozen set in
 * Quaternity; board, side, castling, en passant square and both clocks in
 * chess).  After each make the saved position must also print as QFEN or FEN
 * and parse back to itself, and the turn must have passed on.  A backend
 * must also hand back exactly the position it was loaded with. */
#include <stdlib.h>
#include <string.h>

#include "../gen/quaternity/turn_order.h"
#include "support.h"

enum { PLIES = 2 };

typedef struct Totals {
    int positions;
    long round_trips;
} Totals;

/* The saved position after a move prints and parses back to itself. */
static void check_text_round_trip(const Backend *b, const char *id, const char *path, const Position *pos)
{
    char text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    position_format(pos, text, sizeof text);
    Position parsed;
    int rc = position_parse(text, &parsed, err, sizeof err);
    EXPECT(rc == 0, "[%s] %s after %s: save() gives a position that does not parse: %s\n  %s", b->name, id, path, err,
           text);
    if (rc == 0)
        EXPECT(position_equal(&parsed, pos), "[%s] %s after %s: save() gives %s, which parses to another position",
               b->name, id, path, text);
}

static int next_turn(const Position *pos)
{
    return pos->game == GAME_QUATERNITY ? quaternity_next_turn(pos, pos->turn) : !pos->turn;
}

enum { PATH_MAX_TEXT = 128 };

/* Every move here: make, check, recurse, unmake, check.  `path` holds the
 * moves from the fixture, for messages.  Returns -1 once a position is not
 * restored: the instance is then abandoned. */
static int walk(const Backend *b, void *state, const char *id, char path[PATH_MAX_TEXT], int plies, Totals *totals)
{
    Position before;
    b->save(state, &before);
    Move moves[MAX_MOVES];
    int count = b->generate(state, moves);
    size_t path_len = strlen(path);
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format(before.game, moves[i], text);
        snprintf(path + path_len, PATH_MAX_TEXT - path_len, "%s%s", path_len ? " " : "", text);

        b->make(state, moves[i]);
        Position after;
        b->save(state, &after);
        check_text_round_trip(b, id, path, &after);
        EXPECT(after.turn == next_turn(&before), "[%s] %s after %s: turn %d, expected %d", b->name, id, path,
               after.turn, next_turn(&before));
        if (plies > 1 && walk(b, state, id, path, plies - 1, totals) < 0)
            return -1;
        b->unmake(state, moves[i]);

        Position restored;
        b->save(state, &restored);
        if (!position_equal(&restored, &before)) {
            char want[POSITION_TEXT_MAX], got[POSITION_TEXT_MAX];
            position_format(&before, want, sizeof want);
            position_format(&restored, got, sizeof got);
            EXPECT(0, "[%s] %s: make/unmake %s gives\n  %s\n  instead of\n  %s", b->name, id, path, got, want);
            return -1;
        }
        totals->round_trips++;
    }
    path[path_len] = '\0';
    return 0;
}

static Totals check_file(const char *file, Game game, int plies)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(game, backends);
    int count;
    EpdEntry *entries = fixtures_load(file, &count);
    Totals totals = {0, 0};
    for (int b = 0; b < n; b++)
        for (int i = 0; i < count; i++) {
            const EpdEntry *e = &entries[i];
            cr_assert(e->pos.game == game, "%s:%d is not a %s position", file, e->line, game_name(game));
            void *state = instance_open(backends[b], &e->pos);
            Position saved;
            backends[b]->save(state, &saved);
            EXPECT(position_equal(&saved, &e->pos), "[%s] %s: save() right after load() differs from %s",
                   backends[b]->name, e->id, e->text);
            char path[PATH_MAX_TEXT] = "";
            walk(backends[b], state, e->id, path, plies, &totals);
            instance_close(backends[b], state);
            totals.positions++;
        }
    free(entries);
    cr_assert(totals.positions == n * count);
    totals.positions = count;
    return totals;
}

Test(make_unmake, quaternity_reference_two_plies, .timeout = 120 * TEST_SLOWDOWN)
{
    Totals t = check_file("positions/quaternity/reference.epd", GAME_QUATERNITY, PLIES);
    cr_assert(t.positions == 8, "reference.epd holds %d positions, expected 8", t.positions);
    cr_assert(t.round_trips > 1000, "only %ld make/unmake pairs checked", t.round_trips);
}

Test(make_unmake, quaternity_pawn_vectors_two_plies, .timeout = 120 * TEST_SLOWDOWN)
{
    Totals t = check_file("positions/quaternity/pawn-vectors.epd", GAME_QUATERNITY, PLIES);
    cr_assert(t.positions >= 15, "pawn-vectors.epd holds only %d positions", t.positions);
    cr_assert(t.round_trips > 1000, "only %ld make/unmake pairs checked", t.round_trips);
}

Test(make_unmake, chess_published_two_plies, .timeout = 120 * TEST_SLOWDOWN)
{
    Totals t = check_file("positions/chess/published.epd", GAME_CHESS, PLIES);
    cr_assert(t.positions == 176, "published.epd holds %d positions, expected 176", t.positions);
    cr_assert(t.round_trips > 10000, "only %ld make/unmake pairs checked", t.round_trips);
}
