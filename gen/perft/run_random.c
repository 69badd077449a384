#include "run_random.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess960_start.h"
#include "epd.h"
#include "move_text.h"
#include "progress.h"
#include "registry.h"
#include "report.h"
#include "session.h"

enum { RANDOM_MAX_STARTS = 8192, RELOAD_PLIES = 16 };

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

/* One random run: its settings, who plays, what it found. */
typedef struct RandomRun {
    const RunSettings *s;
    Participants *parts;
    Progress progress;
    RandomResult *result;
} RandomRun;

/* Opens a session on `start` for every backend among the participants
 * (the first of them: participants_of_game lists backends first): 0, or -1
 * with one line in err (none is left open). */
static int open_sessions(const RandomRun *run, const Participant *ps, int n, const Position *start, Session *sessions,
                         char *err, size_t errlen)
{
    if (n == 0 || !ps[0].backend) {
        snprintf(err, errlen, "no %s backend called '%s'", game_name(start->game), run->s->backend);
        return -1;
    }
    for (int k = 0; k < n && ps[k].backend; k++)
        if (session_open(&sessions[k], ps[k].backend, start, err, errlen) < 0) {
            while (k > 0)
                session_close(&sessions[--k]);
            return -1;
        }
    return 0;
}

static void close_sessions(const Participant *ps, int n, Session *sessions)
{
    for (int k = 0; k < n && ps[k].backend; k++)
        session_close(&sessions[k]);
}

/* Game g from `start` (`number`: its chess960:N or dfrc:W,B, or ""): 0
 * when every node agreed, 1 on a disagreement (in the result), -1 on an
 * error (its line in the result). */
static int play_game(RandomRun *run, const Position *start, const char *number, long g)
{
    const RunSettings *s = run->s;
    RandomResult *t = run->result;
    Participant ps[MAX_PARTICIPANTS];
    Session sessions[MAX_PARTICIPANTS];
    int n = participants_of_game(run->parts, start->game, ps);
    if (open_sessions(run, ps, n, start, sessions, t->error, sizeof t->error) < 0)
        return -1;
    Move moves[MAX_MOVES];
    uint64_t rng = ((uint64_t)s->seed << 32) ^ (uint64_t)g;
    char *path = malloc(CROSS_LINE_MAX);
    Divide scratch = {0};
    if (!path || !divide_alloc(&scratch)) {
        free(path);
        close_sessions(ps, n, sessions);
        snprintf(t->error, sizeof t->error, "random games: out of memory");
        return -1;
    }
    path[0] = '\0';
    size_t path_len = 0;
    GameNode node = {.start = start,
                     .path = path,
                     .notation = settings_notation(s, start),
                     .sessions = sessions,
                     .scratch = &scratch};
    int result = 0;
    t->games++;
    for (int ply = 0; ply <= s->plies; ply++) {
        int count;
        t->positions++;
        result = crosscheck_node(ps, n, &node, moves, &count, &t->round_trips, &t->report, t->error, sizeof t->error);
        if (result != 0) {
            t->ply = ply;
            break;
        }
        if (count == 0 || ply == s->plies)
            break;
        Move m = moves[next_random(&rng) % (uint64_t)count];
        for (int k = 0; k < n && ps[k].backend; k++) {
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
        move_format_as(start->game, m, node.notation, mt);
        if (path_len + MOVE_TEXT_MAX + 1 < CROSS_LINE_MAX)
            path_len += (size_t)snprintf(path + path_len, CROSS_LINE_MAX - path_len, "%s%s", path_len ? " " : "", mt);
        progress_update(&run->progress, (size_t)t->games - 1, (size_t)s->random_games, (PerftCount)t->positions);
    }
    close_sessions(ps, n, sessions);
    divide_free(&scratch);
    free(path);
    if (result == 1) {
        t->disagreements++;
        t->game = g;
        position_format(start, t->start, sizeof t->start);
        snprintf(t->start_number, sizeof t->start_number, "%s", number);
    }
    return result;
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

int run_random(const RunSettings *s, Participants *parts, FILE *err, RandomResult *t)
{
    memset(t, 0, sizeof *t);
    char *message = t->error;
    const size_t message_size = sizeof t->error;
    RandomRun run = {.s = s, .parts = parts, .result = t};
    Starts st = {.numbers = 1};
    int result = 0;
    if (s->random_start == RANDOM_START_LIST) {
        /* 1.4 MB of start positions: the heap's, not the stack's. */
        st.list = malloc(sizeof *st.list * RANDOM_MAX_STARTS);
        st.count = st.list ? load_starts(s->from, st.list, message, message_size) : -1;
        if (!st.list)
            snprintf(message, message_size, "random games: out of memory");
        result = st.count < 0 ? -1 : 0;
    } else if (s->random_start != RANDOM_START_POSITION) {
        bool dfrc = s->random_start == RANDOM_START_DFRC;
        uint64_t seed_state = (uint64_t)s->seed;
        st.numbers = dfrc ? (long)CHESS960_ARRANGEMENTS * CHESS960_ARRANGEMENTS : CHESS960_ARRANGEMENTS;
        st.step = dfrc ? DFRC_STEP : CHESS960_STEP;
        st.offset = (long)(next_random(&seed_state) % (uint64_t)st.numbers);
    }
    starts_described(s, &st, s->random_games, t->starts, sizeof t->starts);
    const char *described = t->starts;
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
        if (s->chess960 && !(games & 1u << GAME_CHESS)) {
            bool one = s->random_games == 1;
            snprintf(message, message_size,
                     "--chess960 is chess's notation: this run's %s start%s from Quaternity positions only (%.120s)",
                     one ? "one game" : "games", one ? "s" : "",
                     s->random_start == RANDOM_START_LIST && !s->from ? "the default start list's first" : what);
            result = -1;
        } else {
            result = participants_settle_games(parts, games, what, false, message, message_size);
        }
    }
    progress_start(&run.progress, err, s->progress, "random");
    progress_names(&run.progress, "games", "positions");
    char note[64];
    snprintf(note, sizeof note, "0 disagreements");
    progress_note_with(&run.progress, note);
    for (long g = 0; result == 0 && g < s->random_games; g++) {
        Position start;
        char number[32];
        start_of_game(s, &st, g, &start, number);
        result = play_game(&run, &start, number, g);
    }
    snprintf(note, sizeof note, "%ld disagreement%s", t->disagreements, t->disagreements == 1 ? "" : "s");
    progress_finish(&run.progress, (size_t)t->games, (size_t)s->random_games, (PerftCount)t->positions);
    free(st.list);
    t->status = result < 0 ? EXIT_USAGE : result == 0 ? EXIT_AGREE : EXIT_DIFFER;
    return t->status;
}
