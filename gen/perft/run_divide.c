#include "run_divide.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "crosscheck.h"
#include "output_divide.h"
#include "output_speed.h"
#include "registry.h"
#include "report.h"
#include "session.h"

/* How the built-in backends counted, for the stderr lines. */
static void counting_text(const Counting *c, bool bulk, char *out, size_t size)
{
    char hashing[64];
    perft_hash_describe(c->table, hashing, sizeof hashing);
    snprintf(out, size, "bulk counting %s, %s", bulk ? "on" : "off", hashing);
}

/* Nodes per second of a divide, of the nodes counted in this run (units
 * taken from a checkpoint took no time here). */
static double mnps(const Divide *d)
{
    return d->seconds > 0 ? (double)(d->total - d->nodes_resumed) / d->seconds / 1e6 : 0.0;
}

/* "perft D: N nodes in S s, X Mnps (GAME NAME, how it counted)", one per
 * participant. */
static void report_speed(const RunSettings *s, const Counting *c, const Participant *p, const Divide *d, FILE *err)
{
    char how[256];
    if (p->backend) {
        char counting[96];
        counting_text(c, s->bulk, counting, sizeof counting);
        snprintf(how, sizeof how, "%s, %s, %zu units (%s, split %d)", counting, d->workers, d->units,
                 d->line_units ? "lines" : "positions", d->split);
        if (d->units_resumed)
            snprintf(how + strlen(how), sizeof how - strlen(how), ", %zu from the checkpoint", d->units_resumed);
    } else {
        snprintf(how, sizeof how, "engine over %s, time-out %g s a query; its own bulk counting, hashing and threads",
                 p->engine->spec.protocol == ENGINE_UCI ? "UCI" : "perftree", p->engine->timeout);
    }
    fprintf(err, "perft %d: %s nodes in %.3f s, %.2f Mnps (%s %s, %s)\n", s->depth, PERFT_COUNT_TEXT(d->total),
            d->seconds, mnps(d), game_name(s->position.game), p->name, how);
}

/* An interrupted count: what was counted is printed (one participant) and
 * the stderr line says how to resume. */
static int interrupted(const RunSettings *s, const Participant *ps, const Divide *ds, int count, Output *o, FILE *err)
{
    int k = 0;
    while (!ds[k].signal)
        k++;
    const char *name = ds[k].signal == SIGINT ? "SIGINT" : "SIGTERM";
    if (count == 1)
        output_divide(o, s->position.game, &ds[0]);
    else
        output_text(o, "interrupted by %s while %s counted\n", name, ps[k].name);
    output_divides_json(o, s->position.game, ps, ds, k + 1, false);
    output_json_set(o, "interrupted", json_string(name));
    /* What a rerun resumes from: the units the file holds, not those counted. */
    char kept[1024] = "; --checkpoint FILE keeps them";
    if (s->checkpoint && ds[k].checkpoint_errno)
        snprintf(kept, sizeof kept, "; %zu of them kept in %s (appending failed: %s), the same command resumes from it",
                 ds[k].units_kept, s->checkpoint, strerror(ds[k].checkpoint_errno));
    else if (s->checkpoint)
        snprintf(kept, sizeof kept, "; %zu of them kept in %s, the same command resumes from it", ds[k].units_kept,
                 s->checkpoint);
    fprintf(err, "perft: interrupted by %s: %zu of %zu units counted (%s)%s\n", name, ds[k].units_done, ds[k].units,
            ds[k].workers, kept);
    return EXIT_SIGNAL_BASE + ds[k].signal;
}

int run_divide(const RunSettings *s, Participants *parts, Counting *counting, Output *o, FILE *err)
{
    Game game = s->position.game;
    char message[ERROR_TEXT_MAX];
    if (participants_settle_games(parts, 1u << game, "the position given", true, message, sizeof message) < 0)
        return output_error(o, err, message);
    /* options.c has refused a -b with no backend of this game and -b none
     * without engines, and every engine plays this game: there is at least
     * one participant. */
    Participant ps[MAX_PARTICIPANTS];
    int n = participants_of_game(parts, game, ps);
    const Backend *reference = participant_reference(game);
    /* The moves, checked once against the reference backend's legal moves. */
    Session view;
    Position here;
    /* Sent to the engines and begun every path with in the run's notation. */
    MoveNotation notation = settings_notation(s, &s->position);
    size_t moves_size = s->moves ? strlen(s->moves) + 1 : 1;
    char *moves = malloc(moves_size);
    if (!moves)
        return output_error(o, err, "out of memory");
    if (session_open(&view, reference, &s->position, message, sizeof message) < 0 ||
        session_play_written(&view, s->moves, notation, moves, moves_size, message, sizeof message) < 0) {
        session_close(&view);
        free(moves);
        return output_error(o, err, message);
    }
    reference->save(view.state, &here);
    session_close(&view);
    char root_text[POSITION_TEXT_MAX];
    position_format(&s->position, root_text, sizeof root_text);
    output_json_set(o, "game", json_string(game_name(game)));
    output_json_set(o, "position", json_string(s->position_text));
    output_json_set(o, "moves", json_string(s->moves ? s->moves : ""));
    output_json_set(o, "depth", json_integer(s->depth));
    output_json_set(o, "notation", json_string(notation == MOVE_NOTATION_CHESS960 ? "chess960" : "standard"));
    json_t *names = json_array();
    for (int k = 0; k < n; k++)
        if (ps[k].backend)
            json_array_append_new(names, json_string(ps[k].name));
    output_json_set(o, "backends", names);

    Divide ds[MAX_PARTICIPANTS] = {{0}};
    CrossReport *report = malloc(sizeof *report);
    int status = EXIT_USAGE;
    int allocated = 0;
    while (allocated < n && divide_alloc(&ds[allocated]))
        allocated++;
    if (!report || allocated < n) {
        status = output_error(o, err, "out of memory");
        goto done;
    }
    counting->label = n > 1 ? "" : NULL;
    DivideQuery q = {.root = &s->position,
                     .root_text = root_text,
                     .moves = moves,
                     .here = &here,
                     .depth = s->depth,
                     .bulk = s->bulk,
                     .checkpoint = s->checkpoint,
                     .notation = notation};
    double start = seconds_now();
    int r = crosscheck(ps, n, counting, &q, ds, report, message, sizeof message);
    double seconds = seconds_now() - start;
    if (r < 0) {
        status = output_error(o, err, message);
        goto done;
    }
    for (int k = 0; k < n; k++)
        if (ds[k].signal) {
            status = interrupted(s, ps, ds, n, o, err);
            goto done;
        }
    output_divides_json(o, game, ps, ds, n, r == 0);
    output_json_set(o, "seconds", json_real(seconds));
    if (r == 0) {
        output_divide(o, game, &ds[0]);
    } else {
        output_divide_table(o, game, ps, ds, n);
        output_disagreement(o, report);
    }
    char how[96], backends[160], units[64];
    counting_text(counting, s->bulk, how, sizeof how);
    snprintf(backends, sizeof backends, "%s, %d thread%s", how, counting->threads, counting->threads == 1 ? "" : "s");
    snprintf(units, sizeof units, "units (%s, split %d)", counting->units_lines ? "lines" : "positions", ds[0].split);
    SpeedRow rows[MAX_SPEED_ROWS];
    int nrows = 0;
    for (int k = 0; k < n; k++)
        speed_add(rows, &nrows, &ps[k], game, &ds[k]);
    output_speed_table_json(o, rows, nrows, backends);
    output_flush(o);
    if (notation == MOVE_NOTATION_CHESS960)
        fprintf(err, "perft: Chess960 notation, castling as the king taking its rook (%s)\n",
                s->chess960 ? "--chess960" : "the position's castling is Chess960's");
    if (n == 1) {
        report_speed(s, counting, &ps[0], &ds[0], err);
    } else {
        /* On stderr: standard output is the divide, perftree's contract. */
        char *table = speed_table_text(rows, nrows, backends);
        fprintf(err, "perft %d: speed of each participant\n%s", s->depth, table ? table : "(out of memory)\n");
        free(table);
        int engines = 0;
        for (int k = 0; k < n; k++)
            engines += ps[k].engine != NULL;
        fprintf(err, "%d %s participants (%d engine%s) %s at depth %d in %.3f s (the backends: %s, %s)\n", n,
                game_name(game), engines, engines == 1 ? "" : "s", r == 0 ? "agree" : "DISAGREE", s->depth, seconds,
                backends, units);
    }
    status = r == 0 ? EXIT_AGREE : EXIT_DIFFER;
done:
    for (int k = 0; k < allocated; k++)
        divide_free(&ds[k]);
    free(report);
    free(moves);
    return status;
}
