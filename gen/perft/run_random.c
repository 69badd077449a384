#include "run_random.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess960_start.h"
#include "clock.h"
#include "epd.h"
#include "move_text.h"
#include "progress.h"
#include "registry.h"
#include "report.h"
#include "session.h"

enum { RANDOM_MAX_BACKENDS = 8, RANDOM_MAX_STARTS = 8192, RANDOM_PATH_MAX = 8 * 10001, RELOAD_PLIES = 16 };

static const char *const DEFAULT_STARTS[] = {
    /* The Quaternity opening (gen/quaternity/RULES.md#board-and-opening). */
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

static void format_moves(Game game, MoveNotation notation, const Move *moves, int count, const Move *missing_from,
                         int missing_count, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < count && n + MOVE_TEXT_MAX + 1 < size; i++) {
        if (missing_from && moves_find(missing_from, missing_count, moves[i]) >= 0)
            continue;
        char text[MOVE_TEXT_MAX];
        move_format_as(game, moves[i], notation, text);
        n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "", text);
    }
    if (!out[0])
        snprintf(out, size, "(none)");
}

/* The engines of a game and what they are asked about: the game's start
 * and the moves played from it. */
typedef struct EngineNode {
    Engine *engines[MAX_ENGINES];
    int nengines;
    const Position *start;
    const char *path;
    MoveNotation notation; /* of the path, the lists and the engines' mode */
} EngineNode;

/* What an engine's divide at depth 1 shows on its own: a move listed twice,
 * or counted as other than one leaf.  Printed, true. */
static bool engine_own_finding(const Engine *e, const Divide *d, Game game, MoveNotation notation, const Position *here,
                               Output *out, const char *where)
{
    char text[POSITION_TEXT_MAX], move[MOVE_TEXT_MAX];
    int i = 0;
    while (i < d->count && d->entries[i].count == 1)
        i++;
    if (!d->twice && i == d->count)
        return false;
    position_format(here, text, sizeof text);
    output_text(out, "DISAGREEMENT %s\n  position: %s\n", where, text);
    move_format_as(game, d->twice ? d->twice_move : d->entries[i].move, notation, move);
    if (d->twice)
        output_text(out, "  %s lists %s twice at this position (counts %s and %s)\n", e->spec.name, move,
                    PERFT_COUNT_TEXT(d->twice_counts[0]), PERFT_COUNT_TEXT(d->twice_counts[1]));
    else
        output_text(out, "  %s counts %s as %s at depth 1 (a legal move is one leaf)\n", e->spec.name, move,
                    PERFT_COUNT_TEXT(d->entries[i].count));
    return true;
}

/* Compares each engine's legal moves (its divide at depth 1) with the first
 * backend's `first` at position `p0`: 1 and a message on a difference, -1 on
 * an engine's failure. */
static int compare_engines(const EngineNode *en, const Session *s0, const Position *p0, const Move *first,
                           int first_count, Output *out, const char *where, char *err, size_t errlen)
{
    Divide d = {0};
    if (en->nengines && !divide_alloc(&d)) {
        snprintf(err, errlen, "random games: out of memory");
        return -1;
    }
    int result = 0;
    for (int k = 0; k < en->nengines && result == 0; k++) {
        if (engine_divide(en->engines[k], en->start, en->path, p0, 1, en->notation, &d, err, errlen) < 0) {
            result = -1;
            break;
        }
        if (engine_own_finding(en->engines[k], &d, s0->game, en->notation, p0, out, where)) {
            result = 1;
            break;
        }
        int count = d.count;
        Move moves[MAX_MOVES];
        for (int i = 0; i < count; i++)
            moves[i] = d.entries[i].move;
        moves_sort(s0->game, moves, count); /* as `first` is, whatever the notation */
        if (count != first_count || memcmp(moves, first, sizeof *moves * (size_t)count) != 0) {
            char only[8192], text[POSITION_TEXT_MAX];
            position_format(p0, text, sizeof text);
            output_text(out, "DISAGREEMENT %s\n  position: %s\n", where, text);
            format_moves(s0->game, en->notation, first, first_count, moves, count, only, sizeof only);
            output_text(out, "  moves only %s generates: %s\n", s0->backend->name, only);
            format_moves(s0->game, en->notation, moves, count, first, first_count, only, sizeof only);
            output_text(out, "  moves only %s generates: %s\n", en->engines[k]->spec.name, only);
            result = 1;
        }
    }
    divide_free(&d);
    return result;
}

/* Compares every backend with the first at one node; prints (moves in
 * `notation`) and returns 1 on a difference.  `first` receives the first
 * backend's moves sorted by their standard text: the games a seed plays do
 * not depend on the notation. */
static int compare_node(Session *s, int n, MoveNotation notation, Output *out, const char *where, Move first[MAX_MOVES],
                        int *first_count)
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
            output_text(out, "DISAGREEMENT %s\n  position: %s\n  %s counts %llu legal moves, %s generates %d\n", where,
                        text, s[k].backend->name, (unsigned long long)counted, s[0].backend->name, *first_count);
            return 1;
        }
    }
    for (int k = 1; k < n; k++) {
        s[k].backend->save(s[k].state, &pk);
        if (!position_equal(&p0, &pk)) {
            position_format(&p0, text, sizeof text);
            output_text(out, "DISAGREEMENT %s\n  %s has position: %s\n", where, s[0].backend->name, text);
            position_format(&pk, text, sizeof text);
            output_text(out, "  %s has position: %s\n", s[k].backend->name, text);
            return 1;
        }
        int count = s[k].backend->generate(s[k].state, moves);
        moves_sort(s[k].game, moves, count);
        if (count != *first_count || memcmp(moves, first, sizeof *moves * (size_t)count) != 0) {
            char only[8192];
            position_format(&p0, text, sizeof text);
            output_text(out, "DISAGREEMENT %s\n  position: %s\n", where, text);
            format_moves(s[0].game, notation, first, *first_count, moves, count, only, sizeof only);
            output_text(out, "  moves only %s generates: %s\n", s[0].backend->name, only);
            format_moves(s[0].game, notation, moves, count, first, *first_count, only, sizeof only);
            output_text(out, "  moves only %s generates: %s\n", s[k].backend->name, only);
            return 1;
        }
    }
    return 0;
}

/* Makes and unmakes every move in every session; 1 and a message if a
 * position does not come back exactly. */
static int check_round_trips(Session *s, int n, MoveNotation notation, const Move *moves, int count, Output *out,
                             const char *where, RandomTotals *t)
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
                move_format_as(s[k].game, moves[i], notation, mt);
                position_format(&before, text, sizeof text);
                output_text(out, "ROUND TRIP FAILED %s\n  backend %s, move %s\n  before: %s\n", where,
                            s[k].backend->name, mt, text);
                position_format(&after, text, sizeof text);
                output_text(out, "  after make+unmake: %s\n", text);
                return 1;
            }
        }
    }
    return 0;
}

/* One random run: its settings, who plays, where the report goes. */
typedef struct RandomRun {
    const RunSettings *s;
    Participants *parts;
    Output *out;
    Progress progress;
    RandomTotals *t;
} RandomRun;

/* Opens a session on `start` for every backend -b selects: how many. */
static int open_backends(const RandomRun *run, const Position *start, Session *sessions, char *err, size_t errlen)
{
    int n = 0;
    for (int i = 0; backend_registry[i] && n < RANDOM_MAX_BACKENDS; i++) {
        const Backend *b = backend_registry[i];
        if (b->game != start->game || (strcmp(run->s->backend, "all") != 0 && strcmp(run->s->backend, b->name) != 0))
            continue;
        if (session_open(&sessions[n], b, start, err, errlen) < 0) {
            while (n > 0)
                session_close(&sessions[--n]);
            return -1;
        }
        n++;
    }
    if (n == 0)
        snprintf(err, errlen, "no %s backend called '%s'", game_name(start->game), run->s->backend);
    return n > 0 ? n : -1;
}

/* Game g from `start` (`number`: its chess960:N or dfrc:W,B, or NULL): 0 when every node agreed, 1 on a disagreement
 * (printed), -1 on an error. */
static int play_game(RandomRun *run, const Position *start, const char *number, long g, char *err, size_t errlen)
{
    const RunSettings *s = run->s;
    RandomTotals *t = run->t;
    Session sessions[RANDOM_MAX_BACKENDS];
    int n = open_backends(run, start, sessions, err, errlen);
    if (n < 0)
        return -1;
    Move moves[MAX_MOVES];
    uint64_t rng = ((uint64_t)s->seed << 32) ^ (uint64_t)g;
    char start_text[POSITION_TEXT_MAX + 32];
    position_format(start, start_text, sizeof start_text);
    if (number)
        snprintf(start_text + strlen(start_text), sizeof start_text - strlen(start_text), " (%s)", number);
    MoveNotation notation = settings_notation(s, start);
    char *path = malloc(RANDOM_PATH_MAX), *where = malloc(RANDOM_PATH_MAX + POSITION_TEXT_MAX + 192);
    if (!path || !where) {
        free(path);
        free(where);
        for (int k = 0; k < n; k++)
            session_close(&sessions[k]);
        snprintf(err, errlen, "random games: out of memory");
        return -1;
    }
    path[0] = '\0';
    size_t path_len = 0;
    int result = 0;
    t->games++;
    /* The engines of this game; each plays its own (participants.h). */
    EngineNode en = {.start = start, .path = path, .notation = notation};
    for (int k = 0; k < run->parts->engine_count; k++)
        if (run->parts->engines[k].game == start->game)
            en.engines[en.nengines++] = &run->parts->engines[k];
    for (int ply = 0; ply <= s->plies && result == 0; ply++) {
        snprintf(where, RANDOM_PATH_MAX + POSITION_TEXT_MAX + 192,
                 "(seed %u, game %ld, ply %d)\n  start: %s\n  moves: %s", s->seed, g, ply, start_text,
                 path[0] ? path : "(none)");
        int count;
        t->positions++;
        result = compare_node(sessions, n, notation, run->out, where, moves, &count) ||
                 check_round_trips(sessions, n, notation, moves, count, run->out, where, t);
        if (result == 0 && en.nengines) {
            Position p0;
            sessions[0].backend->save(sessions[0].state, &p0);
            result = compare_engines(&en, &sessions[0], &p0, moves, count, run->out, where, err, errlen);
        }
        if (result != 0 || count == 0 || ply == s->plies)
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
        move_format_as(start->game, m, notation, mt);
        if (path_len + MOVE_TEXT_MAX + 1 < RANDOM_PATH_MAX)
            path_len += (size_t)snprintf(path + path_len, RANDOM_PATH_MAX - path_len, "%s%s", path_len ? " " : "", mt);
        progress_update(&run->progress, (size_t)t->games - 1, (size_t)s->random_games, (PerftCount)t->positions);
    }
    for (int k = 0; k < n; k++)
        session_close(&sessions[k]);
    free(path);
    free(where);
    if (result == 1) {
        t->disagreements++;
        output_text(run->out, "random: replay with --seed %u (game %ld of the run)\n", s->seed, g);
    }
    return result;
}

static json_t *totals_json(const RandomRun *run)
{
    const RandomTotals *t = run->t;
    return json_pack("{s:i, s:I, s:I, s:I, s:I, s:s}", "seed", (int)run->s->seed, "games", (json_int_t)t->games,
                     "positions", (json_int_t)t->positions, "round_trips", (json_int_t)t->round_trips, "disagreements",
                     (json_int_t)t->disagreements, "report", output_captured(run->out));
}

/* Numbered starts (--random-start chess960 or dfrc): game g starts from
 * number (offset + STEP * g) mod N, the offset drawn from the seed; STEP is
 * prime to N, so any N games in a row start from N different numbers and
 * every start is reached.  Neighbouring games start far apart (a Double
 * Fischer Random run of a hundred games does not keep White's arrangement). */
enum { CHESS960_STEP = 577, DFRC_STEP = 524287 };

typedef struct Starts {
    Position *list; /* RANDOM_START_LIST: the --from file's (or the two openings) */
    int count;
    long numbers, step, offset; /* numbered starts: N, STEP and the seed's offset */
} Starts;

/* Game g's start, and its number as a POSITION names it ("chess960:N",
 * "dfrc:W,B"; empty for a listed start). */
static void start_of_game(const RunSettings *s, const Starts *st, long g, Position *out, char number[32])
{
    number[0] = '\0';
    if (s->random_start == RANDOM_START_POSITION) {
        *out = s->random_start_position;
        return;
    }
    if (s->random_start == RANDOM_START_LIST) {
        *out = st->list[g % st->count];
        return;
    }
    long n = (st->offset + st->step * (g % st->numbers)) % st->numbers;
    int white = (int)(s->random_start == RANDOM_START_DFRC ? n / CHESS960_ARRANGEMENTS : n);
    int black = (int)(s->random_start == RANDOM_START_DFRC ? n % CHESS960_ARRANGEMENTS : n);
    chess960_start_position(white, black, out); /* both in 0-959 */
    if (s->random_start == RANDOM_START_DFRC)
        snprintf(number, 32, "dfrc:%d,%d", white, black);
    else
        snprintf(number, 32, "chess960:%d", white);
}

/* What the games start from, for the summary and the engines' messages. */
static void starts_described(const RunSettings *s, const Starts *st, long games, char *out, size_t size)
{
    long reached = games < st->numbers ? games : st->numbers;
    switch (s->random_start) {
    case RANDOM_START_LIST:
        snprintf(out, size, "%s", s->from ? s->from : "the Quaternity opening and the chess start");
        break;
    case RANDOM_START_POSITION: snprintf(out, size, "--random-start %s", s->random_start_text); break;
    case RANDOM_START_CHESS960:
        snprintf(out, size,
                 "Chess960 starts (--random-start chess960: game g from chess960:N, N = (%ld + %ld g) mod 960; %ld "
                 "of the 960 arrangements)",
                 st->offset, st->step, reached);
        break;
    case RANDOM_START_DFRC:
        snprintf(out, size,
                 "Double Fischer Random starts (--random-start dfrc: game g from dfrc:N, N = (%ld + %ld g) mod "
                 "921600, White's arrangement N / 960, Black's N mod 960; %ld of the 921600 pairs)",
                 st->offset, st->step, reached);
        break;
    }
}

int run_random(const RunSettings *s, Participants *parts, Output *o, FILE *err, RandomTotals *totals)
{
    char message[ERROR_TEXT_MAX];
    RandomTotals t = {0};
    RandomRun run = {.s = s, .parts = parts, .out = o, .t = &t};
    Starts st = {.numbers = 1};
    int result = 0;
    if (s->random_start == RANDOM_START_LIST) {
        /* 1.4 MB of start positions: the heap's, not the stack's. */
        st.list = malloc(sizeof *st.list * RANDOM_MAX_STARTS);
        st.count = st.list ? load_starts(s->from, st.list, message, sizeof message) : -1;
        if (!st.list)
            snprintf(message, sizeof message, "random games: out of memory");
        result = st.count < 0 ? -1 : 0;
    } else if (s->random_start != RANDOM_START_POSITION) {
        bool dfrc = s->random_start == RANDOM_START_DFRC;
        uint64_t seed_state = (uint64_t)s->seed;
        st.numbers = dfrc ? (long)CHESS960_ARRANGEMENTS * CHESS960_ARRANGEMENTS : CHESS960_ARRANGEMENTS;
        st.step = dfrc ? DFRC_STEP : CHESS960_STEP;
        st.offset = (long)(next_random(&seed_state) % (uint64_t)st.numbers);
    }
    char described[ERROR_TEXT_MAX + 256];
    starts_described(s, &st, s->random_games, described, sizeof described);
    if (result == 0) {
        unsigned games = 0;
        for (long g = 0; g < s->random_games && (s->random_start == RANDOM_START_LIST ? g < st.count : g < 1); g++) {
            Position p;
            char number[32];
            start_of_game(s, &st, g, &p, number);
            games |= 1u << p.game;
        }
        char what[ERROR_TEXT_MAX + 384];
        snprintf(what, sizeof what, "%s%s",
                 s->random_start == RANDOM_START_LIST && !s->from
                     ? "the default start list (the Quaternity opening, the chess start)"
                 : s->random_start == RANDOM_START_LIST ? "--from "
                                                        : "",
                 s->random_start == RANDOM_START_LIST && !s->from ? "" : described);
        result = participants_settle_games(parts, games, what, false, message, sizeof message);
    }
    progress_start(&run.progress, err, s->progress, "random");
    progress_names(&run.progress, "games", "positions");
    char note[64];
    snprintf(note, sizeof note, "0 disagreements");
    progress_note_with(&run.progress, note);
    for (long g = 0; result == 0 && g < s->random_games && !output_failed(o); g++) {
        Position start;
        char number[32];
        start_of_game(s, &st, g, &start, number);
        result = play_game(&run, &start, number[0] ? number : NULL, g, message, sizeof message);
    }
    snprintf(note, sizeof note, "%ld disagreement%s", t.disagreements, t.disagreements == 1 ? "" : "s");
    progress_finish(&run.progress, (size_t)t.games, (size_t)s->random_games, (PerftCount)t.positions);
    free(st.list);
    if (totals)
        *totals = t;
    if (result < 0)
        return output_error(o, err, message);
    if (result == 0) {
        char who[256];
        int n = snprintf(who, sizeof who, "-b %s", s->backend);
        for (int k = 0; k < parts->engine_count && n > 0 && (size_t)n < sizeof who; k++)
            n +=
                snprintf(who + n, sizeof who - (size_t)n, "%s%s", k ? ", " : ", engines ", parts->engines[k].spec.name);
        output_text(o,
                    "random: %ld games of up to %d plies from %s (%s%s): %ld positions compared, %ld make/unmake "
                    "round trips, 0 disagreements (seed %u)\n",
                    t.games, s->plies, described, who, s->chess960 ? ", --chess960" : "", t.positions, t.round_trips,
                    s->seed);
    }
    output_json_set(o, "random", totals_json(&run));
    return result == 0 ? EXIT_AGREE : EXIT_DIFFER;
}
