#include "random_games.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "epd.h"
#include "move_text.h"
#include "registry.h"
#include "session.h"

enum { RANDOM_MAX_BACKENDS = 8, RANDOM_MAX_STARTS = 8192, RANDOM_PATH_MAX = 8 * 10001, RELOAD_PLIES = 16 };

static const char *const DEFAULT_STARTS[] = {
    /* The Quaternity opening (spec section 2). */
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w",
    /* The chess initial position. */
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
};

/* splitmix64: a small, well-mixed generator whose whole state is one word,
 * so a game is replayed from (seed, game) alone. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int load_starts(const char *path, Position *starts, char *err, size_t errlen)
{
    int n = 0;
    if (!path) {
        for (size_t i = 0; i < sizeof DEFAULT_STARTS / sizeof *DEFAULT_STARTS; i++)
            if (position_parse(DEFAULT_STARTS[i], &starts[n++], err, errlen) < 0)
                return -1;
        return n;
    }
    FILE *file = epd_open(path, "start positions", err, errlen);
    if (!file)
        return -1;
    EpdEntry e;
    int line = 0, status;
    while (n < RANDOM_MAX_STARTS && (status = epd_next(file, path, &line, &e, err, errlen)) == 1)
        starts[n++] = e.pos;
    fclose(file);
    if (status < 0)
        return -1;
    if (n == 0) {
        snprintf(err, errlen, "%s holds no positions", path);
        return -1;
    }
    return n;
}

static void format_moves(Game game, const Move *moves, int count, const Move *missing_from, int missing_count,
                         char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < count && n + MOVE_TEXT_MAX + 1 < size; i++) {
        if (missing_from && moves_find(missing_from, missing_count, moves[i]) >= 0)
            continue;
        char text[MOVE_TEXT_MAX];
        move_format(game, moves[i], text);
        n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", text);
    }
    if (!out[0])
        snprintf(out, size, "(none)");
}

/* The engines of a run and what they are asked about: the game's start and
 * the moves played from it. */
typedef struct EngineNode {
    Engine *engines;
    int nengines;
    const Position *start;
    const char *path;
} EngineNode;

/* Compares each engine's legal moves (its divide at depth 1) with the first
 * backend's `first` at position `p0`: 1 and a message on a difference, -1 on
 * an engine's failure. */
static int compare_engines(const EngineNode *en, const Session *s0, const Position *p0, const Move *first,
                           int first_count, FILE *out, const char *where, char *err, size_t errlen)
{
    DivideEntry *entries = en->nengines ? malloc(sizeof *entries * MAX_MOVES) : NULL;
    if (en->nengines && !entries) {
        snprintf(err, errlen, "random games: out of memory");
        return -1;
    }
    int result = 0;
    for (int k = 0; k < en->nengines && result == 0; k++) {
        int count;
        uint64_t total;
        double seconds;
        if (engine_divide(&en->engines[k], en->start, en->path, p0, 1, entries, &count, &total, &seconds, err, errlen) <
            0) {
            result = -1;
            break;
        }
        Move moves[MAX_MOVES];
        for (int i = 0; i < count; i++)
            moves[i] = entries[i].move;
        if (count != first_count || memcmp(moves, first, sizeof *moves * (size_t)count) != 0) {
            char only[8192], text[POSITION_TEXT_MAX];
            position_format(p0, text, sizeof text);
            fprintf(out, "DISAGREEMENT %s\n  position: %s\n", where, text);
            format_moves(s0->game, first, first_count, moves, count, only, sizeof only);
            fprintf(out, "  moves only %s generates: %s\n", s0->backend->name, only);
            format_moves(s0->game, moves, count, first, first_count, only, sizeof only);
            fprintf(out, "  moves only %s generates: %s\n", en->engines[k].spec.name, only);
            result = 1;
        }
    }
    free(entries);
    return result;
}

/* Compares every backend with the first at one node; prints and returns 1
 * on a difference.  `first` receives the first backend's sorted moves. */
static int compare_node(Session *s, int n, FILE *out, const char *where, Move first[MAX_MOVES], int *first_count)
{
    Move moves[MAX_MOVES];
    char text[POSITION_TEXT_MAX];
    Position p0, pk;
    s[0].backend->save(s[0].state, &p0);
    *first_count = s[0].backend->generate(s[0].state, first);
    moves_sort(s[0].game, first, *first_count);
    /* Bulk counting (perft 1 with bulk) has its own code in some backends:
     * it must agree with the list. */
    for (int k = 0; k < n; k++) {
        uint64_t counted = s[k].backend->perft(s[k].state, 1, 1);
        if (counted != (uint64_t)*first_count) {
            position_format(&p0, text, sizeof text);
            fprintf(out, "DISAGREEMENT %s\n  position: %s\n  %s counts %llu legal moves, %s generates %d\n", where,
                    text, s[k].backend->name, (unsigned long long)counted, s[0].backend->name, *first_count);
            return 1;
        }
    }
    for (int k = 1; k < n; k++) {
        s[k].backend->save(s[k].state, &pk);
        if (!position_equal(&p0, &pk)) {
            position_format(&p0, text, sizeof text);
            fprintf(out, "DISAGREEMENT %s\n  %s has position: %s\n", where, s[0].backend->name, text);
            position_format(&pk, text, sizeof text);
            fprintf(out, "  %s has position: %s\n", s[k].backend->name, text);
            return 1;
        }
        int count = s[k].backend->generate(s[k].state, moves);
        moves_sort(s[k].game, moves, count);
        if (count != *first_count || memcmp(moves, first, sizeof *moves * (size_t)count) != 0) {
            char only[8192];
            position_format(&p0, text, sizeof text);
            fprintf(out, "DISAGREEMENT %s\n  position: %s\n", where, text);
            format_moves(s[0].game, first, *first_count, moves, count, only, sizeof only);
            fprintf(out, "  moves only %s generates: %s\n", s[0].backend->name, only);
            format_moves(s[0].game, moves, count, first, *first_count, only, sizeof only);
            fprintf(out, "  moves only %s generates: %s\n", s[k].backend->name, only);
            return 1;
        }
    }
    return 0;
}

/* Makes and unmakes every move in every session; 1 and a message if a
 * position does not come back exactly. */
static int check_round_trips(Session *s, int n, const Move *moves, int count, FILE *out, const char *where,
                             RandomTotals *t)
{
    for (int k = 0; k < n; k++) {
        Position before, after;
        s[k].backend->save(s[k].state, &before);
        for (int i = 0; i < count; i++) {
            s[k].backend->make(s[k].state, moves[i]);
            s[k].backend->unmake(s[k].state, moves[i]);
            s[k].backend->save(s[k].state, &after);
            t->round_trips++;
            if (!position_equal(&before, &after)) {
                char text[POSITION_TEXT_MAX], mt[MOVE_TEXT_MAX];
                move_format(s[k].game, moves[i], mt);
                position_format(&before, text, sizeof text);
                fprintf(out, "ROUND TRIP FAILED %s\n  backend %s, move %s\n  before: %s\n", where, s[k].backend->name,
                        mt, text);
                position_format(&after, text, sizeof text);
                fprintf(out, "  after make+unmake: %s\n", text);
                return 1;
            }
        }
    }
    return 0;
}

/* The games of random_games_run over the loaded start positions. */
static int play_games(const Position *starts, int nstarts, const char *backend_name, Engine *engines, int nengines,
                      long games, unsigned seed, int plies, FILE *out, RandomTotals *t, char *err, size_t errlen)
{
    Move moves[MAX_MOVES];
    for (long g = 0; g < games; g++) {
        const Position *start = &starts[g % nstarts];
        Session sessions[RANDOM_MAX_BACKENDS];
        int n = 0;
        for (int i = 0; backend_registry[i] && n < RANDOM_MAX_BACKENDS; i++) {
            const Backend *b = backend_registry[i];
            if (b->game == start->game && (strcmp(backend_name, "all") == 0 || strcmp(backend_name, b->name) == 0)) {
                if (session_open(&sessions[n], b, start, err, errlen) < 0) {
                    while (n > 0)
                        session_close(&sessions[--n]);
                    return -1;
                }
                n++;
            }
        }
        if (n == 0) {
            snprintf(err, errlen, "no %s backend called '%s'", game_name(start->game), backend_name);
            return -1;
        }
        uint64_t rng = ((uint64_t)seed << 32) ^ (uint64_t)g;
        char start_text[POSITION_TEXT_MAX];
        position_format(start, start_text, sizeof start_text);
        char path[RANDOM_PATH_MAX];
        path[0] = '\0';
        size_t path_len = 0;
        int failed = 0;
        t->games++;
        for (int ply = 0; ply <= plies && !failed; ply++) {
            char where[RANDOM_PATH_MAX + POSITION_TEXT_MAX + 128]; /* the path, the start and the numbers */
            snprintf(where, sizeof where, "(seed %u, game %ld, ply %d)\n  start: %s\n  moves: %s", seed, g, ply,
                     start_text, path[0] ? path : "(none)");
            int count;
            t->positions++;
            failed = compare_node(sessions, n, out, where, moves, &count) ||
                     check_round_trips(sessions, n, moves, count, out, where, t);
            if (!failed && nengines) {
                Position p0;
                sessions[0].backend->save(sessions[0].state, &p0);
                EngineNode en = {engines, nengines, start, path};
                int r = compare_engines(&en, &sessions[0], &p0, moves, count, out, where, err, errlen);
                if (r < 0) {
                    for (int k = 0; k < n; k++)
                        session_close(&sessions[k]);
                    return -1;
                }
                failed = r;
            }
            if (failed || count == 0 || ply == plies)
                break;
            Move m = moves[next_random(&rng) % (uint64_t)count];
            for (int k = 0; k < n; k++) {
                sessions[k].backend->make(sessions[k].state, m);
                /* Every RELOAD_PLIES plies each backend reloads the position
                 * it saved: load(save(p)) is tested mid-game too. */
                if (ply % RELOAD_PLIES == RELOAD_PLIES - 1) {
                    Position here;
                    sessions[k].backend->save(sessions[k].state, &here);
                    sessions[k].backend->load(sessions[k].state, &here);
                }
            }
            char mt[MOVE_TEXT_MAX];
            move_format(start->game, m, mt);
            if (path_len + MOVE_TEXT_MAX + 1 < sizeof path)
                path_len += (size_t)snprintf(path + path_len, sizeof path - path_len, "%s%s", path_len ? " " : "", mt);
        }
        for (int k = 0; k < n; k++)
            session_close(&sessions[k]);
        if (failed) {
            t->disagreements++;
            fprintf(out, "random: replay with --seed %u (game %ld of the run)\n", seed, g);
            return 1;
        }
    }
    fprintf(out, "random: %ld games, %ld positions compared, %ld make/unmake round trips, 0 disagreements (seed %u)\n",
            t->games, t->positions, t->round_trips, seed);
    return 0;
}

int random_games_run(const char *from_file, const char *backend_name, long games, unsigned seed, int plies, FILE *out,
                     RandomTotals *t, char *err, size_t errlen)
{
    return random_games_run_with_engines(from_file, backend_name, NULL, 0, games, seed, plies, out, t, err, errlen);
}

int random_games_run_with_engines(const char *from_file, const char *backend_name, Engine *engines, int nengines,
                                  long games, unsigned seed, int plies, FILE *out, RandomTotals *t, char *err,
                                  size_t errlen)
{
    memset(t, 0, sizeof *t);
    /* 1.4 MB of start positions: the heap's, not the stack's. */
    Position *starts = malloc(sizeof *starts * RANDOM_MAX_STARTS);
    if (!starts) {
        snprintf(err, errlen, "random games: out of memory");
        return -1;
    }
    int nstarts = load_starts(from_file, starts, err, errlen);
    int result = nstarts < 0 ? -1
                             : play_games(starts, nstarts, backend_name, engines, nengines, games, seed, plies, out, t,
                                          err, errlen);
    free(starts);
    return result;
}
