#include "engine/engine.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>

#include "clock.h"
#include "engine/engine_groups.h"
#include "move_text.h"
#include "position_text.h"

enum { SHOWN_MAX = 80 };

/* How long a perftree engine's output is read after the engine has exited:
 * a process it left behind may hold the pipe open, and is then ended. */
static const double DRAIN_SECONDS = 0.2;
/* How often a perftree engine is looked at for having exited. */
static const double EXIT_POLL_SECONDS = 0.05;
/* How often the waiting watcher is told while an answer is awaited. */
static const double WAIT_TICK_SECONDS = 0.25;

static const char OUT_OF_RANGE[] = "an out-of-range count (above 2^128 - 1, the largest count there is)";

/* What an answer looked like so far, for the error line. */
typedef struct Answer {
    char last[SHOWN_MAX + 4]; /* the last non-blank line, shortened */
    int lines;
} Answer;

static void answer_note(Answer *a, const char *line)
{
    if (line[strspn(line, " \t")] == '\0')
        return;
    a->lines++;
    size_t n = strlen(line);
    snprintf(a->last, sizeof a->last, "%.*s%s", SHOWN_MAX, line, n > SHOWN_MAX ? "..." : "");
}

static const char *answer_shown(const Answer *a, char *buf, size_t size)
{
    if (a->lines == 0)
        return "nothing";
    snprintf(buf, size, "'%s' (line %d)", a->last, a->lines);
    return buf;
}

static void exit_text(int status, char *buf, size_t size)
{
    if (status < 0)
        snprintf(buf, size, "exited");
    else if (WIFEXITED(status))
        snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(buf, size, "was killed by signal %d", WTERMSIG(status));
    else
        snprintf(buf, size, "exited");
}

/* "engine NAME: WHAT; it sent SHOWN; query "QUERY"": the reason first,
 * and a query too long for the line (a long move list, a QFEN) cut in
 * its middle, so no reason is ever lost to the line's length. */
static int engine_failed(const Engine *e, const char *query, const Answer *a, char *err, size_t errlen,
                         const char *what)
{
    char shown[SHOWN_MAX + 32];
    int head = snprintf(err, errlen, "engine %s: %s; it sent %s; query \"", e->spec.name, what,
                        answer_shown(a, shown, sizeof shown));
    if (head < 0 || (size_t)head + 2 >= errlen)
        return -1;
    size_t room = errlen - (size_t)head - 2, length = strlen(query);
    if (length <= room) {
        snprintf(err + head, errlen - (size_t)head, "%s\"", query);
    } else {
        static const char GAP[] = " ... ";
        size_t keep = room > sizeof GAP ? room - (sizeof GAP - 1) : 0, front = keep / 2, back = keep - front;
        snprintf(err + head, errlen - (size_t)head, "%.*s%s%s\"", (int)front, query, keep ? GAP : "",
                 query + length - back);
    }
    return -1;
}

/* Whether a line an engine wrote after a setoption refuses it: ours and
 * other engines write "info string error ...", Stockfish "No such option". */
static bool refuses_option(const char *line)
{
    return strncmp(line, "info string error", 17) == 0 || strncmp(line, "No such option", 14) == 0;
}

/* Reads lines until one equal to `want` (UCI handshakes), skipping others;
 * when `listed` is not NULL, the names of the "option name NAME type ..."
 * lines go there, each followed by a newline.  With `after_option`, a
 * line refusing the option sent before is an error in the engine's words. */
static int uci_wait_for(Engine *e, const char *query, const char *want, char *listed, size_t listed_size,
                        bool after_option, char *err, size_t errlen)
{
    char line[PROCESS_LINE_MAX], what[128];
    Answer a = {.lines = 0};
    double deadline = seconds_now() + e->timeout;
    for (;;) {
        int r = process_read_line(&e->process, deadline, line, sizeof line);
        if (r == 1) {
            answer_note(&a, line);
            if (strcmp(line, want) == 0)
                return 0;
            if (after_option && refuses_option(line)) {
                snprintf(err, errlen, "engine %s: it refused '%s': %s", e->spec.name, query, line);
                return -1;
            }
            const char *type = strstr(line, " type ");
            if (listed && strncmp(line, "option name ", 12) == 0 && type) {
                size_t n = strlen(listed);
                snprintf(listed + n, listed_size - n, "%.*s\n", (int)(type - line - 12), line + 12);
            }
            continue;
        }
        if (r == -2) {
            snprintf(what, sizeof what, "a line longer than %d bytes", PROCESS_LINE_MAX - 1);
        } else if (r == -1) {
            snprintf(what, sizeof what, "no '%s' within %g s (time-out; --engine-timeout)", want, e->timeout);
        } else {
            char how[64];
            exit_text(process_finish(&e->process, false, 1.0), how, sizeof how);
            e->running = false;
            snprintf(what, sizeof what, "%s before '%s'", how, want);
        }
        if (e->running)
            process_finish(&e->process, true, 1.0);
        e->running = false;
        return engine_failed(e, query, &a, err, errlen, what);
    }
}

/* Sends `text` to a UCI engine; -1 with the error when it no longer reads
 * (it has exited: its status is in the message). */
static int uci_send(Engine *e, const char *query, const char *text, char *err, size_t errlen)
{
    if (process_write(&e->process, text) == 0)
        return 0;
    char what[96];
    exit_text(process_finish(&e->process, false, 1.0), what, sizeof what);
    e->running = false;
    strncat(what, " (it no longer read its input)", sizeof what - strlen(what) - 1);
    Answer none = {.lines = 0};
    return engine_failed(e, query, &none, err, errlen, what);
}

/* Whether `name` (its first `length` bytes) is among the listed options;
 * UCI option names are not case sensitive. */
static bool option_listed(const char *listed, const char *name, size_t length)
{
    for (const char *p = listed; *p; p += strcspn(p, "\n") + 1)
        if (strcspn(p, "\n") == length && strncasecmp(p, name, length) == 0)
            return true;
    return false;
}

/* Sends each option with setoption: "setoption name NAME value VALUE". */
static int uci_set_options(Engine *e, const char *listed, char *err, size_t errlen)
{
    for (int k = 0; k < e->option_count; k++) {
        const char *option = e->options[k];
        size_t name_length = strcspn(option, "=");
        if (!option_listed(listed, option, name_length)) {
            char names[256] = "";
            for (const char *p = listed; *p && strlen(names) < 200; p += strcspn(p, "\n") + 1)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%.*s", names[0] ? ", " : "",
                         (int)strcspn(p, "\n"), p);
            snprintf(err, errlen, "engine %s: --engine-option '%s': it lists no option '%.*s' (%s%s)", e->spec.name,
                     option, (int)name_length, option, listed[0] ? "its options: " : "it lists none",
                     names[0] ? names : "");
            return -1;
        }
        char text[ENGINE_SPEC_MAX + 64], query[ENGINE_SPEC_MAX + 64];
        snprintf(text, sizeof text, "setoption name %.*s value %s\n", (int)name_length, option,
                 option + name_length + 1);
        snprintf(query, sizeof query, "%.*s", (int)strlen(text) - 1, text);
        /* Each option answered before the next: a refusal names its option. */
        if (uci_send(e, query, text, err, errlen) < 0 || uci_send(e, query, "isready\n", err, errlen) < 0 ||
            uci_wait_for(e, query, "readyok", NULL, 0, true, err, errlen) < 0)
            return -1;
    }
    return 0;
}

int engine_open(Engine *e, const char *spec, const char *const *options, int option_count, double timeout, char *err,
                size_t errlen)
{
    memset(e, 0, sizeof *e);
    e->timeout = timeout;
    engine_groups_watch(); /* before any count, so a runner's own handler passes signals on */
    if (strlen(spec) >= sizeof e->spec_text) {
        snprintf(err, errlen, "--engine '%.40s...' is longer than %d bytes", spec, ENGINE_SPEC_MAX - 1);
        return -1;
    }
    memcpy(e->spec_text, spec, strlen(spec) + 1);
    if (engine_spec_parse(e->spec_text, &e->spec, err, errlen) < 0)
        return -1;
    e->game_known = e->spec.game_declared;
    e->game = e->spec.game;
    if (option_count > ENGINE_OPTIONS_MAX) {
        snprintf(err, errlen, "engine %s: more than %d --engine-option", e->spec.name, ENGINE_OPTIONS_MAX);
        return -1;
    }
    if (option_count > 0 && e->spec.protocol != ENGINE_UCI) {
        snprintf(err, errlen,
                 "--engine-option '%s': engine %s speaks perftree (options are for UCI engines, sent with setoption)",
                 options[0], e->spec.name);
        return -1;
    }
    for (int k = 0; k < option_count; k++) {
        if (strncasecmp(options[k], "PerftStats=", 11) == 0) {
            snprintf(err, errlen, "--engine-option '%s': the harness sets PerftStats itself (with --stats)",
                     options[k]);
            return -1;
        }
        if (strncasecmp(options[k], "UCI_Chess960=", 13) == 0) {
            snprintf(err, errlen,
                     "--engine-option '%s': the harness sets UCI_Chess960 itself (on for Chess960 positions and "
                     "with --chess960)",
                     options[k]);
            return -1;
        }
        e->options[k] = options[k];
    }
    e->option_count = option_count;
    if (e->spec.protocol != ENGINE_UCI)
        return 0;
    char *argv[] = {"/bin/sh", "-c", (char *)e->spec.command, NULL};
    char message[256];
    if (process_start(&e->process, argv, true, message, sizeof message) < 0) {
        snprintf(err, errlen, "engine %s: %s", e->spec.name, message);
        return -1;
    }
    e->running = true;
    char *listed = calloc(1, PROCESS_BUFFER);
    int r = !listed ? (snprintf(err, errlen, "out of memory"), -1)
            : uci_send(e, "uci", "uci\n", err, errlen) < 0 ||
                    uci_wait_for(e, "uci", "uciok", listed, PROCESS_BUFFER, false, err, errlen) < 0 ||
                    uci_set_options(e, listed, err, errlen) < 0 ||
                    (option_count == 0 && (uci_send(e, "isready", "isready\n", err, errlen) < 0 ||
                                           uci_wait_for(e, "isready", "readyok", NULL, 0, false, err, errlen) < 0))
                ? -1
                : 0;
    e->lists_chess960 = listed && option_listed(listed, "UCI_Chess960", 12);
    e->lists_stats = listed && option_listed(listed, "PerftStats", 10);
    free(listed);
    if (r < 0)
        engine_close(e);
    return r;
}

void engine_close(Engine *e)
{
    if (!e->running)
        return;
    process_write(&e->process, "quit\n");
    process_finish(&e->process, false, 1.0);
    e->running = false;
}

/* Whether the man on `m.from` belongs to the side (controller) on turn in
 * `here`: a move that fails this is not a move of the position at all. */
static bool move_of_side_on_turn(const Position *here, Move m)
{
    if (m.from >= game_squares(here->game) || m.to >= game_squares(here->game) || m.from == m.to)
        return false;
    Piece p = here->board[m.from];
    if (p == EMPTY)
        return false;
    int army = PIECE_ARMY(p);
    return here->game == GAME_CHESS ? army == here->turn : here->controller[army] == here->turn;
}

/* The collected answer of one divide query. */
typedef struct Collected {
    Divide *divide;
    Game game;             /* the query's: its statistics' columns */
    MoveNotation notation; /* the query's: how the divide is sorted */
    PerftCount sum, total;
    bool has_total;
    bool sum_overflows; /* the moves' counts add up past 2^128 - 1 */
    /* Statistics: how many lines (moves and total) were read, whether the
     * first had them, the moves' sum and the total's. */
    int lines;
    bool first_has_stats;
    PerftStats stats_sum, total_stats;
} Collected;

/* The statistics `fields` of a line counting `n` into *out (zero when it
 * has none): NULL, or what is wrong with them (in `what`): malformed, or
 * present where the answer's first line had none (or the reverse). */
static const char *stats_read(Collected *d, const char *fields, PerftCount n, PerftStats *out, char *what, size_t size)
{
    bool has = fields[0] != '\0';
    if (d->lines++ == 0)
        d->first_has_stats = has;
    if (has != d->first_has_stats) {
        snprintf(what, size, "%s on this line, where its first line had %s", has ? "statistics" : "no statistics",
                 has ? "none" : "them (an engine gives them on every line or on none)");
        return what;
    }
    return has && engine_parse_stats(d->game, fields, n, out, what, size) < 0 ? what : NULL;
}

/* Takes one parsed move line and its statistics fields ("" when none);
 * NULL, or what is wrong with it. */
static const char *divide_add(Collected *d, const Position *here, Move m, PerftCount n, const char *fields, char *what,
                              size_t size)
{
    PerftStats stats = {{0}};
    if (stats_read(d, fields, n, &stats, what, size))
        return what;
    perft_stats_add(&d->stats_sum, &stats);
    m = move_in_position(here, m); /* an engine's castling, as e1g1 or e1h1 */
    char text[MOVE_TEXT_MAX];
    move_format_as(here->game, m, d->notation, text);
    if (!move_of_side_on_turn(here, m)) {
        snprintf(what, size, "move %s is not legal here (no man of the side on turn on its from-square)", text);
        return what;
    }
    Divide *out = d->divide;
    if (!perft_count_add(&d->sum, n))
        d->sum_overflows = true;
    for (int i = 0; i < out->count; i++)
        if (move_equal(out->entries[i].move, m)) {
            /* A generator that lists a move twice: a finding, not a broken
             * protocol (crosscheck.c reports it); the first one is kept. */
            if (!out->twice) {
                out->twice = true;
                out->twice_move = m;
                out->twice_counts[0] = out->entries[i].count;
                out->twice_counts[1] = n;
            }
            return NULL;
        }
    if (out->count == MAX_MOVES) {
        snprintf(what, size, "more than %d moves", MAX_MOVES);
        return what;
    }
    out->entries[out->count++] = (DivideEntry){.move = m, .count = n, .finished = true, .stats = stats};
    return NULL;
}

/* Takes the total line's count and statistics fields; NULL, or what is
 * wrong with them. */
static const char *divide_total(Collected *d, PerftCount n, const char *fields, char *what, size_t size)
{
    d->total = n;
    d->has_total = true;
    return stats_read(d, fields, n, &d->total_stats, what, size);
}

/* The statistics checks of a complete answer, its moves' counts known to
 * add up and every line known to carry statistics or none to: NULL, or
 * what is wrong, in `what`.  Their columns add up, and the engine gives
 * them in every answer or in none. */
static const char *stats_finish(Engine *e, Collected *d, char *what, size_t size)
{
    bool with = d->first_has_stats;
    int c = perft_stats_first_difference_in(d->game, &d->stats_sum, &d->total_stats);
    if (with && c < STATS_COLUMNS) {
        snprintf(what, size, "its moves' %s add up to %" PRIu64 ", its total says %" PRIu64,
                 perft_stats_name(d->game, c), d->stats_sum.count[c], d->total_stats.count[c]);
        return what;
    }
    EngineStats now = with ? ENGINE_STATS_GIVEN : ENGINE_STATS_NONE;
    if (e->stats != ENGINE_STATS_UNKNOWN && e->stats != now) {
        snprintf(what, size, "%s, where its earlier answers had %s",
                 now == ENGINE_STATS_GIVEN ? "statistics in this answer" : "no statistics in this answer",
                 now == ENGINE_STATS_GIVEN ? "none" : "them");
        return what;
    }
    e->stats = now;
    Divide *out = d->divide;
    out->has_stats = out->entry_stats = e->stats_wanted && now == ENGINE_STATS_GIVEN;
    out->stats = d->total_stats;
    return NULL;
}

/* The checks every complete answer passes; -1 after engine_failed. */
static int divide_finish(Engine *e, const char *query, const Answer *a, Collected *d, char *err, size_t errlen)
{
    char what[256];
    if (!d->has_total)
        return engine_failed(e, query, a, err, errlen, "the answer ended without its total");
    if (d->sum_overflows)
        return engine_failed(e, query, a, err, errlen, "its moves' counts add up to more than 2^128 - 1");
    if (d->sum != d->total) {
        snprintf(what, sizeof what, "its moves' counts add up to %s, its total says %s", PERFT_COUNT_TEXT(d->sum),
                 PERFT_COUNT_TEXT(d->total));
        return engine_failed(e, query, a, err, errlen, what);
    }
    if (stats_finish(e, d, what, sizeof what))
        return engine_failed(e, query, a, err, errlen, what);
    divide_sort(d->game, d->notation, d->divide);
    return 0;
}

/* Puts a UCI engine in or out of Chess960 mode (UCI_Chess960) before a
 * query whose moves are written in the other notation: on for a Chess960
 * run's positions, where castling is the king taking its rook both ways. */
static int uci_chess960_mode(Engine *e, const char *query, bool on, char *err, size_t errlen)
{
    if (on == e->chess960_on)
        return 0;
    if (on && !e->lists_chess960) {
        Answer none = {.lines = 0};
        return engine_failed(e, query, &none, err, errlen,
                             "a Chess960 position, and the engine lists no UCI_Chess960 option (the perftree "
                             "contract takes any FEN)");
    }
    if (uci_send(e, query,
                 on ? "setoption name UCI_Chess960 value true\n" : "setoption name UCI_Chess960 value false\n", err,
                 errlen) < 0)
        return -1;
    e->chess960_on = on;
    return 0;
}

/* Asks a UCI engine that lists the option PerftStats for statistics,
 * once, before the first query of a --stats run. */
static int uci_stats_request(Engine *e, const char *query, char *err, size_t errlen)
{
    if (!e->stats_wanted || !e->lists_stats || e->stats_sent)
        return 0;
    char request[ENGINE_STATS_REQUEST_MAX], text[ENGINE_STATS_REQUEST_MAX + 64];
    engine_stats_request(GAME_CHESS, request, sizeof request); /* UCI: chess */
    snprintf(text, sizeof text, "setoption name PerftStats value %s\n", request);
    e->stats_sent = true;
    return uci_send(e, query, text, err, errlen);
}

/* The query of a UCI divide, sized to its position and moves (a move list
 * of any length reaches the engine whole): the text sent, and the same on
 * one line for messages; NULL when out of memory. */
static char *uci_query(const Position *root, const char *moves, int depth, char **shown)
{
    char fen[POSITION_TEXT_MAX];
    position_format(root, fen, sizeof fen);
    bool has_moves = moves && moves[strspn(moves, " \t")];
    size_t size = strlen(fen) + (has_moves ? strlen(moves) : 0) + 64;
    char *query = malloc(size);
    *shown = malloc(size);
    if (!query || !*shown) {
        free(query), free(*shown);
        return *shown = NULL;
    }
    snprintf(query, size, "position fen %s%s%s\ngo perft %d\n", fen, has_moves ? " moves " : "", has_moves ? moves : "",
             depth);
    memcpy(*shown, query, strlen(query) + 1);
    for (char *c = *shown; *c; c++)
        if (*c == '\n')
            *c = c[1] ? ';' : '\0';
    return query;
}

/* Tells the waiting watcher, when there is one. */
static void waiting_tick(const Engine *e)
{
    if (e->waiting && e->waiting->tick)
        e->waiting->tick(e->waiting->context);
}

/* The next line of a UCI engine's answer by `deadline`, as
 * process_read_line, the waiting watcher told while it is awaited. */
static int answer_read_line(Engine *e, double deadline, char *line, size_t size)
{
    for (;;) {
        double until = seconds_now() + WAIT_TICK_SECONDS;
        int r = process_read_line(&e->process, until < deadline ? until : deadline, line, size);
        if (r != -1 || seconds_now() >= deadline)
            return r;
        waiting_tick(e);
    }
}

/* Sends a UCI divide's query and reads its answer into d. */
static int uci_divide_asked(Engine *e, const Position *root, const char *query, const char *shown, const Position *here,
                            Collected *d, char *err, size_t errlen)
{
    char what[POSITION_TEXT_MAX];
    if (!e->running) {
        Answer none = {.lines = 0};
        return engine_failed(e, shown, &none, err, errlen, "the engine is no longer running (it failed before)");
    }
    if (uci_chess960_mode(e, shown, d->notation == MOVE_NOTATION_CHESS960, err, errlen) < 0 ||
        uci_stats_request(e, shown, err, errlen) < 0 || uci_send(e, shown, "isready\n", err, errlen) < 0 ||
        uci_wait_for(e, shown, "readyok", NULL, 0, false, err, errlen) < 0 ||
        uci_send(e, shown, query, err, errlen) < 0)
        return -1;
    Answer a = {.lines = 0};
    double deadline = seconds_now() + e->timeout;
    char line[PROCESS_LINE_MAX];
    for (;;) {
        int r = answer_read_line(e, deadline, line, sizeof line);
        const char *problem = NULL;
        if (r == 1) {
            answer_note(&a, line);
            Move m;
            PerftCount n;
            const char *fields;
            switch (engine_parse_uci_line_fields(root->game, line, &m, &n, &fields)) {
            case ENGINE_LINE_MOVE: problem = divide_add(d, here, m, n, fields, what, sizeof what); break;
            case ENGINE_LINE_TOTAL:
                problem = divide_total(d, n, fields, what, sizeof what);
                if (!problem)
                    return divide_finish(e, shown, &a, d, err, errlen);
                break;
            case ENGINE_LINE_BLANK:
            case ENGINE_LINE_INFO: break;
            case ENGINE_LINE_OUT_OF_RANGE: problem = OUT_OF_RANGE; break;
            case ENGINE_LINE_MALFORMED:
                snprintf(what, sizeof what, "a line that is neither 'move: count' nor 'Nodes searched: N'");
                problem = what;
                break;
            }
        } else if (r == -2) {
            snprintf(what, sizeof what, "a line longer than %d bytes", PROCESS_LINE_MAX - 1);
            problem = what;
        } else if (r == -1) {
            snprintf(what, sizeof what, "no answer within %g s (time-out; --engine-timeout)", e->timeout);
            problem = what;
        } else {
            exit_text(process_finish(&e->process, false, 1.0), what, sizeof what);
            e->running = false;
            return engine_failed(e, shown, &a, err, errlen, what);
        }
        if (problem) {
            process_finish(&e->process, true, 1.0);
            e->running = false;
            return engine_failed(e, shown, &a, err, errlen, problem);
        }
    }
}

static int uci_divide(Engine *e, const Position *root, const char *moves, const Position *here, int depth, Collected *d,
                      char *err, size_t errlen)
{
    char *shown, *query = uci_query(root, moves, depth, &shown);
    if (!query) {
        snprintf(err, errlen, "engine %s: out of memory for a query", e->spec.name);
        return -1;
    }
    int r = uci_divide_asked(e, root, query, shown, here, d, err, errlen);
    free(query), free(shown);
    return r;
}

/* The next line of a perftree engine by `deadline`, as process_read_line;
 * once the engine itself has exited, what it left behind (a process still
 * holding its output) gets DRAIN_SECONDS to finish, then the output counts
 * as ended. */
static int perftree_read_line(Engine *e, double deadline, double *drain_until, char *line, size_t size)
{
    EngineProcess *p = &e->process;
    double next_tick = seconds_now() + WAIT_TICK_SECONDS;
    for (;;) {
        double now = seconds_now();
        if (!*drain_until && process_exited(p))
            *drain_until = now + DRAIN_SECONDS;
        double until = *drain_until ? *drain_until : now + EXIT_POLL_SECONDS;
        int r = process_read_line(p, until < deadline ? until : deadline, line, size);
        if (r != -1 || seconds_now() >= deadline)
            return r;
        if (*drain_until && seconds_now() >= *drain_until)
            return 0;
        if (seconds_now() >= next_tick) {
            waiting_tick(e);
            next_tick = seconds_now() + WAIT_TICK_SECONDS;
        }
    }
}

/* Runs a perftree engine's command on (depth, FEN, moves) and reads its
 * divide into d; `shown` is the query as messages name it. */
static int perftree_divide_run(Engine *e, const Position *root, const char *moves, const char *fen, const char *shown,
                               const Position *here, int depth, Collected *d, char *err, size_t errlen)
{
    char depth_text[16], what[POSITION_TEXT_MAX], script[ENGINE_SPEC_MAX + ENGINE_STATS_REQUEST_MAX + 64],
        request[ENGINE_STATS_REQUEST_MAX];
    snprintf(depth_text, sizeof depth_text, "%d", depth);
    /* Statistics are asked for in the environment, which a plain adapter
     * never reads; the user's own PERFT_STATS never reaches it unasked. */
    engine_stats_request(here->game, request, sizeof request);
    if (e->stats_wanted)
        snprintf(script, sizeof script, "PERFT_STATS=%s; export PERFT_STATS; %s \"$@\"", request, e->spec.command);
    else
        snprintf(script, sizeof script, "unset PERFT_STATS; %s \"$@\"", e->spec.command);
    char *argv[] = {"/bin/sh", "-c", script, "sh", depth_text, (char *)fen, (char *)(moves ? moves : ""), NULL};
    char message[256];
    if (process_start(&e->process, argv, false, message, sizeof message) < 0) {
        snprintf(err, errlen, "engine %s: %s", e->spec.name, message);
        return -1;
    }
    Answer a = {.lines = 0}, at_problem = {.lines = 0};
    double deadline = seconds_now() + e->timeout, drain_until = 0;
    char line[PROCESS_LINE_MAX];
    const char *problem = NULL;
    bool after_blank = false;
    for (;;) {
        int r = perftree_read_line(e, deadline, &drain_until, line, sizeof line);
        if (r == 0)
            break;
        if (r == -1) {
            process_finish(&e->process, true, 1.0);
            snprintf(what, sizeof what, "no answer within %g s (time-out; --engine-timeout)", e->timeout);
            return engine_failed(e, shown, &a, err, errlen, what);
        }
        if (r == -2) {
            process_finish(&e->process, true, 1.0);
            snprintf(what, sizeof what, "a line longer than %d bytes", PROCESS_LINE_MAX - 1);
            return engine_failed(e, shown, &a, err, errlen, what);
        }
        answer_note(&a, line);
        if (problem)
            continue; /* read to the end: the exit status comes first */
        Move m;
        PerftCount n;
        const char *fields;
        EngineLine kind = engine_parse_perftree_line_fields(root->game, line, &m, &n, &fields);
        if (d->has_total && kind != ENGINE_LINE_BLANK)
            problem = "a line after the total";
        else if (kind == ENGINE_LINE_MOVE && !after_blank)
            problem = divide_add(d, here, m, n, fields, what, sizeof what);
        else if (kind == ENGINE_LINE_TOTAL)
            problem = divide_total(d, n, fields, what, sizeof what);
        else if (kind == ENGINE_LINE_BLANK)
            after_blank = true;
        else if (kind == ENGINE_LINE_OUT_OF_RANGE)
            problem = OUT_OF_RANGE;
        else
            problem = "a line that is neither 'move count', a blank line nor the total";
        if (problem)
            at_problem = a;
    }
    int status = process_finish(&e->process, false, e->timeout);
    if (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        exit_text(status, what, sizeof what);
        return engine_failed(e, shown, &a, err, errlen, what);
    }
    if (problem)
        return engine_failed(e, shown, &at_problem, err, errlen, problem);
    return divide_finish(e, shown, &a, d, err, errlen);
}

static int perftree_divide(Engine *e, const Position *root, const char *moves, const Position *here, int depth,
                           Collected *d, char *err, size_t errlen)
{
    char fen[POSITION_TEXT_MAX];
    position_format(root, fen, sizeof fen);
    size_t size = strlen(fen) + (moves ? strlen(moves) : 0) + 32;
    char *shown = malloc(size);
    if (!shown) {
        snprintf(err, errlen, "engine %s: out of memory for a query", e->spec.name);
        return -1;
    }
    snprintf(shown, size, "%d '%s' '%s'", depth, fen, moves ? moves : "");
    int r = perftree_divide_run(e, root, moves, fen, shown, here, depth, d, err, errlen);
    free(shown);
    return r;
}

int engine_divide(Engine *e, const Position *root, const char *moves, const Position *here, int depth,
                  MoveNotation notation, Divide *out, char *err, size_t errlen)
{
    out->count = 0;
    out->twice = false;
    out->notation = notation;
    Collected d = {.divide = out, .game = here->game, .notation = notation};
    if (depth < 1) { /* perft 0 is 1 with no moves to divide, and UCI's "go perft 0" starts a search */
        snprintf(err, errlen, "engine %s: asked for a divide at depth %d (the harness asks from depth 1)", e->spec.name,
                 depth);
        return -1;
    }
    double start = seconds_now();
    e->queries++;
    e->chess960_queries += notation == MOVE_NOTATION_CHESS960;
    int r = e->spec.protocol == ENGINE_UCI ? uci_divide(e, root, moves, here, depth, &d, err, errlen)
                                           : perftree_divide(e, root, moves, here, depth, &d, err, errlen);
    out->seconds = seconds_now() - start;
    out->total = d.total;
    return r;
}
