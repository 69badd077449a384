/* Shared test helpers: see support.h. */
#include "support.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"

/* ---- backends ---- */

int backends_of(Game game, const Backend *out[BACKENDS_MAX])
{
    int n = 0;
    for (int i = 0; backend_registry[i]; i++)
        if (backend_registry[i]->game == game) {
            cr_assert(n < BACKENDS_MAX, "more than %d %s backends registered", BACKENDS_MAX, game_name(game));
            out[n++] = backend_registry[i];
        }
    cr_assert(n >= 1,
              "no %s backend is registered (gen/core/registry.c lists the built backend folders): nothing to test",
              game_name(game));
    return n;
}

int stats_backends_of(Game game, const Backend *out[BACKENDS_MAX])
{
    const Backend *all[BACKENDS_MAX];
    int n = backends_of(game, all), k = 0;
    for (int b = 0; b < n; b++)
        if (all[b]->core && all[b]->core->perft_stats)
            out[k++] = all[b];
    static const char *const BUILT_IN[] = {"mailbox", "padded", "bitboard"};
    for (int r = 0; r < 3; r++) {
        bool found = false;
        for (int b = 0; b < k; b++)
            found |= strcmp(out[b]->name, BUILT_IN[r]) == 0;
        cr_assert(found, "the %s %s backend counts no statistics", game_name(game), BUILT_IN[r]);
    }
    return k;
}

void *instance_open(const Backend *backend, const Position *pos)
{
    void *state = backend->create(backend);
    cr_assert(state != NULL, "[%s %s] create() returned NULL", game_name(backend->game), backend->name);
    backend->load(state, pos);
    return state;
}

void instance_close(const Backend *backend, void *state)
{
    backend->destroy(state);
}

int legal_moves(const Backend *backend, const Position *pos, Move moves[MAX_MOVES])
{
    void *state = instance_open(backend, pos);
    int count = backend->generate(state, moves);
    instance_close(backend, state);
    cr_assert(count >= 0 && count <= MAX_MOVES, "[%s %s] generate() returned %d moves", game_name(backend->game),
              backend->name, count);
    return count;
}

uint64_t perft_via_interface(const Backend *backend, void *state, int depth)
{
    if (depth == 0)
        return 1;
    Move moves[MAX_MOVES];
    int count = backend->generate(state, moves);
    if (depth == 1)
        return (uint64_t)count;
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        backend->make(state, moves[i]);
        nodes += perft_via_interface(backend, state, depth - 1);
        backend->unmake(state, moves[i]);
    }
    return nodes;
}

/* ---- fixtures ---- */

EpdEntry *fixtures_load(const char *path, int *count)
{
    FILE *file = fopen(path, "r");
    cr_assert(file != NULL, "cannot open %s (run the tests from the repository root, as `make test` does)", path);
    int capacity = 64, n = 0, line = 0, status;
    EpdEntry *entries = malloc((size_t)capacity * sizeof *entries);
    cr_assert(entries != NULL, "out of memory");
    char err[ERROR_TEXT_MAX + 64];
    for (;;) {
        if (n == capacity) {
            capacity *= 2;
            entries = realloc(entries, (size_t)capacity * sizeof *entries);
            cr_assert(entries != NULL, "out of memory");
        }
        status = epd_next(file, path, &line, &entries[n], err, sizeof err);
        if (status != 1)
            break;
        n++;
    }
    fclose(file);
    cr_assert(status == 0, "%s", err);
    *count = n;
    return entries;
}

EpdEntry *fixtures_load_exactly(const char *path, int expected, int *count)
{
    EpdEntry *entries = fixtures_load(path, count);
    cr_assert(*count == expected, "%s holds %d positions, expected %d", path, *count, expected);
    return entries;
}

/* ---- minimal Quaternity setups ---- */

static const char ARMY_LETTERS[] = "wrbg";
static const char KIND_LETTERS[] = " PNBRQK";
static const char STATE_MARKS[] = " ^v><*";

static int index_in(const char *letters, char c)
{
    return c && strchr(letters, c) ? (int)(strchr(letters, c) - letters) : -1;
}

Piece piece_from_token(const char *where, const char *token)
{
    int army = index_in(ARMY_LETTERS, token[0]);
    int kind = token[0] ? index_in(KIND_LETTERS + 1, token[1]) + 1 : 0;
    cr_assert(army >= 0 && kind >= 1, "%s: bad piece token '%s'", where, token);
    int state = PAWN_NONE;
    size_t want_len = 2;
    if (kind == PAWN) {
        state = index_in(STATE_MARKS + 1, token[2]) + 1;
        cr_assert(state >= 1, "%s: pawn token '%s' needs a mark ^ v > < *", where, token);
        want_len = 3;
    }
    cr_assert(strlen(token) == want_len, "%s: bad piece token '%s'", where, token);
    return PIECE_MAKE(army, kind, state);
}

int square_from_name(const char *where, const char *name)
{
    const char *p = name;
    int square = square_parse(GAME_QUATERNITY, &p);
    cr_assert(square >= 0 && *p == '\0', "%s: bad square '%s'", where, name);
    return square;
}

/* Places each "TOKEN SQUARE" of a comma-separated list; returns how many
 * kings it placed. */
static int place_men(const char *where, Position *pos, const char *men)
{
    int kings = 0;
    const char *p = men;
    while (*p) {
        char token[8], square_name[8];
        int used = 0;
        cr_assert(sscanf(p, " %7s %7[a-l0-9]%n", token, square_name, &used) == 2,
                  "%s: cannot read a man ('wP^ c5') at '%s'", where, p);
        p += used;
        while (isspace((unsigned char)*p))
            p++;
        cr_assert(*p == ',' || *p == '\0', "%s: expected ',' between men at '%s'", where, p);
        if (*p == ',')
            p++;
        Piece piece = piece_from_token(where, token);
        int square = square_from_name(where, square_name);
        cr_assert(pos->board[square] == EMPTY, "%s: two men on %s", where, square_name);
        pos->board[square] = piece;
        kings += PIECE_KIND(piece) == KING;
    }
    return kings;
}

/* The setup must be a valid QFEN position: format it and parse it back. */
static void setup_check(const char *where, const Position *pos)
{
    char text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    qfen_format(pos, text, sizeof text);
    Position parsed;
    cr_assert(qfen_parse(text, &parsed, err, sizeof err) == 0, "%s: the setup is not a valid position: %s (%s)", where,
              err, text);
    cr_assert(position_equal(&parsed, pos), "%s: the setup does not survive QFEN: %s", where, text);
}

void setup_build(const char *where, const char *men, char turn, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->ep_square = -1;
    for (int a = 0; a < 4; a++)
        pos->controller[a] = (uint8_t)a;
    int turn_army = index_in(ARMY_LETTERS, turn);
    cr_assert(turn_army >= 0, "%s: bad turn '%c'", where, turn);
    pos->turn = turn_army;
    if (place_men(where, pos, men) == 0)
        place_men(where, pos, "wK a1, rK a12, bK l12, gK l1");
    setup_check(where, pos);
}

void setup_add(const char *where, Position *pos, const char *men)
{
    place_men(where, pos, men);
    setup_check(where, pos);
}

/* ---- move lists as text ---- */

void moves_to_text(Game game, const Move *moves, int count, char *out, size_t outlen)
{
    Move *sorted = malloc(sizeof *sorted * (size_t)(count ? count : 1));
    cr_assert(sorted != NULL, "out of memory");
    memcpy(sorted, moves, sizeof *sorted * (size_t)count);
    moves_sort(game, sorted, count);
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < count && n + MOVE_TEXT_MAX + 1 < outlen; i++) {
        char text[MOVE_TEXT_MAX];
        move_format(game, sorted[i], text);
        n += (size_t)snprintf(out + n, outlen - n, "%s%s", i ? " " : "", text);
    }
    free(sorted);
}

int moves_from_text(const char *where, Game game, const char *list, Move moves[MAX_MOVES])
{
    int count = 0;
    const char *p = list ? list : "";
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            return count;
        char word[16];
        size_t len = strcspn(p, " ");
        cr_assert(len < sizeof word && count < MAX_MOVES, "%s: bad move list '%s'", where, list);
        memcpy(word, p, len);
        word[len] = '\0';
        p += len;
        cr_assert(move_parse(game, word, &moves[count]) == 0, "%s: '%s' is not move text", where, word);
        count++;
    }
}

int moves_keep_from(Move *moves, int count, int square)
{
    int kept = 0;
    for (int i = 0; i < count; i++)
        if (moves[i].from == square)
            moves[kept++] = moves[i];
    return kept;
}
