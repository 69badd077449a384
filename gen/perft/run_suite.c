#include "run_suite.h"

#include <stdlib.h>
#include <string.h>

#include "crosscheck.h"
#include "deep/interrupt.h"
#include "epd.h"
#include "output_speed.h"
#include "output_stats.h"
#include "output_suite.h"
#include "progress.h"
#include "registry.h"
#include "report.h"

/* The width of the rows' participant column: the longest name of every
 * participant of either game. */
static int participants_name_width(Participants *parts)
{
    int width = (int)strlen("participant");
    for (int g = 0; g < GAME_COUNT; g++) {
        Participant ps[MAX_PARTICIPANTS];
        int n = participants_of_game(parts, (Game)g, ps);
        for (int k = 0; k < n; k++)
            width = (int)strlen(ps[k].name) > width ? (int)strlen(ps[k].name) : width;
    }
    for (int k = 0; k < parts->engine_count; k++) /* their games are not settled yet */
        width = (int)strlen(parts->engines[k].spec.name) > width ? (int)strlen(parts->engines[k].spec.name) : width;
    return width;
}

/* The positions in a suite file, for "position k of N", and their games
 * (bits 1 << GAME), which settle the engines' games (a malformed line ends
 * the count; the run itself reports it).  -1 when the file cannot be read
 * twice (a pipe): nothing is known ahead, and the engines' games must be
 * declared. */
static int count_positions(FILE *file, const char *path, EpdEntry *e, unsigned *games)
{
    char ignored[ERROR_TEXT_MAX];
    int line = 0, n = 0;
    *games = 1u << GAME_CHESS | 1u << GAME_QUATERNITY;
    if (fseek(file, 0, SEEK_CUR) != 0)
        return -1;
    *games = 0;
    while (epd_next(file, path, &line, e, ignored, sizeof ignored) == 1) {
        n++;
        *games |= 1u << e->pos.game;
    }
    rewind(file);
    return n;
}

/* The state of one suite run. */
typedef struct Suite {
    const RunSettings *s;
    Participants *parts;
    const CountPolicy *policy;
    Output *o;
    SuiteTotals t;
    SpeedRow rows[MAX_SPEED_ROWS];
    int nrows;
    Divide divides[MAX_PARTICIPANTS];
    CrossReport report;
    /* The suite's own progress line: positions done of the file's, counts,
     * failures and disagreements so far (an engine's count has no other). */
    Progress progress;
    char progress_note[96];
    int positions;   /* in the file; -1 when not known (a pipe) */
    int name_width;  /* of the rows' participant column */
    int failed_line; /* the file line of the last position counted in t.kinds, or 0 */
    bool stats_said; /* --stats: the participants that count none have been named */
} Suite;

static void suite_progress(Suite *u, bool finish)
{
    snprintf(u->progress_note, sizeof u->progress_note, "%d failed, %d disagreement%s", u->t.failed, u->t.disagreements,
             u->t.disagreements == 1 ? "" : "s");
    size_t total = u->positions > 0 ? (size_t)u->positions : 0;
    if (finish)
        progress_finish(&u->progress, (size_t)u->t.positions, total, (PerftCount)u->t.counts);
    else
        progress_update(&u->progress, (size_t)u->t.positions, total, (PerftCount)u->t.counts);
}

/* A failed count's position, once however many of its counts fail. */
static void position_failed(Suite *u, const EpdEntry *e)
{
    if (u->failed_line == e->line)
        return;
    u->failed_line = e->line;
    failure_kinds_add(&u->t.kinds, &e->pos);
}

/* One (position, depth) count by every participant: 0, the signal number
 * when interrupted, or -1 with a message. */
static int check_count(Suite *u, const EpdEntry *e, const Participant *ps, int n, int depth, int positions, char *err,
                       size_t errlen)
{
    char label[160], of[32] = "";
    if (positions >= 0)
        snprintf(of, sizeof of, " of %d", positions);
    snprintf(label, sizeof label, "position %d%s (%s), depth %d", u->t.positions, of, e->id, depth);
    DivideQuery q = {.root = &e->pos,
                     .root_text = e->text,
                     .here = &e->pos,
                     .depth = depth,
                     .label = label,
                     .notation = settings_notation(u->s, &e->pos)};
    int r = crosscheck(ps, n, u->policy, &q, u->divides, &u->report, err, errlen);
    if (r < 0)
        return -1;
    if (u->s->stats)
        output_stats_missing(u->o, ps, n, &u->stats_said);
    for (int k = 0; k < n; k++)
        if (u->divides[k].signal)
            return u->divides[k].signal;
    for (int k = 0; k < n; k++)
        if (u->divides[k].over_budget) {
            /* The count passed --max-nodes: skipped, unless the file says it
             * is within it, which it then is not. */
            bool wrong = e->expected[depth] <= u->s->max_nodes;
            u->t.skipped += !wrong;
            u->t.checks += wrong;
            u->t.failed += wrong;
            u->t.counts += wrong;
            output_suite_past_budget(u->o, e, depth, &ps[k], &u->divides[k], u->s->max_nodes, wrong, u->name_width);
            if (wrong) {
                output_suite_failed_position(u->o, e);
                position_failed(u, e);
            }
            output_flush(u->o);
            suite_progress(u, false);
            return 0;
        }
    u->t.counts++;
    bool failed = false;
    for (int k = 0; k < n; k++) {
        const Divide *d = &u->divides[k];
        bool ok = d->total == e->expected[depth];
        u->t.checks++;
        u->t.failed += !ok;
        u->t.seconds += d->seconds;
        if (!perft_count_add(&u->t.nodes, d->total))
            u->t.nodes = PERFT_COUNT_MAX; /* the speed table's sum only: it shows the largest count */
        speed_add(u->rows, &u->nrows, &ps[k], e->pos.game, d);
        output_suite_check(u->o, e, depth, &ps[k], d, ok, u->name_width);
        failed |= !ok;
    }
    if (failed) {
        output_suite_failed_position(u->o, e);
        position_failed(u, e);
    }
    if (r == 1) {
        u->t.disagreements++;
        output_suite_disagreement(u->o, e, depth, &u->report);
    }
    output_flush(u->o);
    suite_progress(u, false);
    return 0;
}

/* Every count of one line: 0, the signal number when interrupted, or -1
 * with a message. */
static int check_line(Suite *u, const EpdEntry *e, int positions, char *err, size_t errlen)
{
    const RunSettings *s = u->s;
    Participant ps[MAX_PARTICIPANTS];
    int n = participants_of_game(u->parts, e->pos.game, ps);
    if (n == 0 && strcmp(s->backend, "none") == 0) {
        u->t.unplayed++; /* the engines alone, none of this game: said in the summary */
        return 0;
    }
    if (n == 0) {
        snprintf(err, errlen, "%s:%d: no %s backend called '%s'", s->suite, e->line, game_name(e->pos.game),
                 s->backend);
        return -1;
    }
    u->t.positions++;
    u->t.chess960 += settings_notation(s, &e->pos) == MOVE_NOTATION_CHESS960;
    for (int depth = 1; depth <= e->max_depth; depth++) {
        if (!e->has[depth])
            continue;
        if (depth > s->max_depth) {
            u->t.deeper++;
            continue;
        }
        int r = check_count(u, e, ps, n, depth, positions, err, errlen);
        if (r > 0)
            snprintf(err, errlen, "suite %s: interrupted by %s at %s depth %d", s->suite, report_signal_name(r), e->id,
                     depth);
        if (r != 0)
            return r;
    }
    return 0;
}

/* Every line of the file: 0 at its end (or once a write has failed), the
 * exit status of an interrupt, or -1 with a message. */
static int run_lines(Suite *u, FILE *file, char *err, size_t errlen)
{
    EpdEntry *e = malloc(sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    unsigned games;
    int positions = u->positions = count_positions(file, u->s->suite, e, &games);
    char what[ERROR_TEXT_MAX];
    snprintf(what, sizeof what, "suite %s%s", u->s->suite, positions < 0 ? " (a pipe, its games unknown ahead)" : "");
    if (u->s->chess960 && !(games & 1u << GAME_CHESS)) {
        snprintf(err, errlen, "--chess960 is chess's notation: suite %s holds Quaternity positions only", u->s->suite);
        free(e);
        return -1;
    }
    if (participants_settle_games(u->parts, games, what, false, err, errlen) < 0) {
        free(e);
        return -1;
    }
    output_suite_heading(u->o, u->name_width); /* once the file's games are known to fit the run */
    /* Built-in backends alone: the SIGINT/SIGTERM handlers stay for the
     * whole file, not installed and restored around each count (four
     * system calls a count, 4% of the community gate's time); a signal
     * between two counts stops the next one at once.  An engine's count
     * leaves SIGINT to the handler that ends the engines. */
    InterruptGuard guard;
    bool guarded = u->parts->engine_count == 0;
    if (guarded)
        interrupt_install(&guard);
    int line = 0, status = 0;
    char label[ERROR_TEXT_MAX];
    snprintf(label, sizeof label, "suite %s", u->s->suite);
    progress_start(&u->progress, u->o->err, u->s->progress, label);
    progress_names(&u->progress, "positions", "counts");
    progress_note_with(&u->progress, u->progress_note);
    while (status == 0 && !output_failed(u->o)) {
        int read = epd_next(file, u->s->suite, &line, e, err, errlen);
        if (read <= 0) {
            status = read;
            break;
        }
        int r = check_line(u, e, positions, err, errlen);
        if (r == 0 && guarded && interrupt_signal()) {
            /* after the line's last count */
            r = interrupt_signal();
            snprintf(err, errlen, "suite %s: interrupted by %s after %s", u->s->suite, report_signal_name(r), e->id);
        }
        status = r > 0 ? EXIT_SIGNAL_BASE + r : r;
        suite_progress(u, false);
    }
    if (guarded)
        interrupt_restore(&guard);
    suite_progress(u, true);
    free(e);
    return status;
}

int run_suite(const RunSettings *s, Participants *parts, const CountPolicy *policy, Output *o, SuiteTotals *totals)
{
    char message[ERROR_TEXT_MAX];
    Suite *u = calloc(1, sizeof *u);
    if (!u)
        return output_error(o, o->err, "out of memory");
    *u = (Suite){.s = s, .parts = parts, .policy = policy, .o = o};
    int allocated = 0, status;
    while (allocated < MAX_PARTICIPANTS && divide_alloc(&u->divides[allocated]))
        allocated++;
    FILE *file = NULL;
    if (allocated < MAX_PARTICIPANTS) {
        status = output_error(o, o->err, "out of memory");
    } else if (!(file = epd_open(s->suite, "suite file", message, sizeof message))) {
        status = output_error(o, o->err, message);
    } else {
        u->name_width = participants_name_width(parts);
        int r = run_lines(u, file, message, sizeof message);
        if (r < 0) {
            status = output_error(o, o->err, message);
        } else if (r >= EXIT_SIGNAL_BASE) {
            output_text(o, "%s\n", message);
            output_json_set(o, "interrupted", output_json_string(message));
            status = r;
        } else {
            output_suite_end(o, s, policy, &u->t, u->rows, u->nrows);
            status = u->t.checks == 0 || u->t.failed || u->t.disagreements ? EXIT_DIFFER : EXIT_AGREE;
        }
    }
    if (file)
        fclose(file);
    if (totals)
        *totals = u->t;
    for (int k = 0; k < allocated; k++)
        divide_free(&u->divides[k]);
    free(u);
    return status;
}
