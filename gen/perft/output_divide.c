#include "output_divide.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "move_text.h"
#include "output_speed.h"
#include "output_stats.h"
#include "registry.h"
#include "report.h"

/* One divide: text, perftree's "move count" lines, a blank line and the
 * total; stockfish, "move: count" lines, a blank line and "Nodes searched:
 * N"; when interrupted, the finished root moves and instead of the total
 * the line naming the others.  JSON: nothing (output_divides_json). */
static void output_divide(Output *o, Game game, const Divide *d)
{
    bool stockfish = o->format == FORMAT_STOCKFISH;
    int unfinished = 0;
    for (int i = 0; i < d->count; i++) {
        if (!d->entries[i].finished) {
            unfinished++;
            continue;
        }
        char text[MOVE_TEXT_MAX];
        move_format_as(game, d->entries[i].move, d->notation, text);
        output_text(o, stockfish ? "%s: %s\n" : "%s %s\n", text, PERFT_COUNT_TEXT(d->entries[i].count));
    }
    if (!d->signal) {
        output_text(o, stockfish ? "\nNodes searched: %s\n" : "\n%s\n", PERFT_COUNT_TEXT(d->total));
        return;
    }
    output_text(o, "\ninterrupted by %s; %d root moves not finished:", report_signal_name(d->signal), unfinished);
    for (int i = 0; i < d->count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format_as(game, d->entries[i].move, d->notation, text);
        if (!d->entries[i].finished)
            output_text(o, " %s", text);
    }
    output_text(o, "\n");
}

static json_t *divide_json(Game game, const Participant *p, const Divide *d)
{
    json_t *moves = json_object(), *unfinished = json_array();
    for (int i = 0; i < d->count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format_as(game, d->entries[i].move, d->notation, text);
        if (d->entries[i].finished)
            json_object_set_new(moves, text, output_json_count(d->entries[i].count));
        else
            json_array_append_new(unfinished, json_string(text));
    }
    json_t *j = json_pack("{s:s, s:o, s:o, s:f}", "participant", p->name, "moves", moves, "total",
                          output_json_count(d->total), "seconds", d->seconds);
    if (d->has_stats) {
        json_object_set_new(j, "stats", output_stats_json(game, &d->stats));
        json_t *per_move = json_object();
        for (int i = 0; d->entry_stats && i < d->count; i++) {
            char text[MOVE_TEXT_MAX];
            move_format_as(game, d->entries[i].move, d->notation, text);
            if (d->entries[i].finished)
                json_object_set_new(per_move, text, output_stats_json(game, &d->entries[i].stats));
        }
        json_object_set_new(j, "move_stats", per_move);
    }
    if (p->backend)
        json_object_set_new(j, "units",
                            json_pack("{s:I, s:I}", "total", (json_int_t)d->deep.units, "from_checkpoint",
                                      (json_int_t)d->deep.units_resumed));
    if (d->signal) {
        json_object_set_new(j, "interrupted", json_string(report_signal_name(d->signal)));
        json_object_set_new(j, "unfinished", unfinished);
    } else
        json_decref(unfinished);
    return j;
}

/* JSON: every participant's divide ("divides") and whether they agree. */
static void output_divides_json(Output *o, Game game, const Participant *ps, const Divide *ds, int count, bool agree)
{
    if (o->format != FORMAT_JSON)
        return;
    json_t *divides = json_array();
    for (int k = 0; k < count; k++)
        json_array_append_new(divides, divide_json(game, &ps[k], &ds[k]));
    output_json_set(o, "divides", divides);
    output_json_set(o, "agree", json_boolean(agree));
}

/* Participant k's count of `move`, or -1 when it has no such root move. */
static const DivideEntry *entry_of(const Divide *d, Move move)
{
    for (int j = 0; j < d->count; j++)
        if (move_equal(d->entries[j].move, move))
            return &d->entries[j];
    return NULL;
}

/* Text: the divide table over the union of root moves, one column per
 * participant, the rows that differ marked. */
static void output_divide_table(Output *o, Game game, const Participant *ps, const Divide *ds, int count)
{
    Move all[MAX_MOVES];
    int nall = 0;
    bool truncated = false;
    for (int k = 0; k < count; k++)
        for (int i = 0; i < ds[k].count; i++)
            if (moves_find(all, nall, ds[k].entries[i].move) < 0) {
                if (nall < MAX_MOVES)
                    all[nall++] = ds[k].entries[i].move;
                else
                    truncated = true;
            }
    moves_sort_as(game, ds[0].notation, all, nall);
    output_text(o, "%-8s", "move");
    for (int k = 0; k < count; k++)
        output_text(o, " %14s", ps[k].name);
    output_text(o, "\n");
    for (int i = 0; i < nall; i++) {
        char text[MOVE_TEXT_MAX];
        move_format_as(game, all[i], ds[0].notation, text);
        output_text(o, "%-8s", text);
        bool differs = false;
        const DivideEntry *first = entry_of(&ds[0], all[i]);
        for (int k = 0; k < count; k++) {
            const DivideEntry *c = entry_of(&ds[k], all[i]);
            if (!c)
                output_text(o, " %14s", "-");
            else
                output_text(o, " %14s", PERFT_COUNT_TEXT(c->count));
            differs |=
                !c != !first || (c && first && c->count != first->count) ||
                (c && first && ds[k].entry_stats && ds[0].entry_stats && !perft_stats_equal(&c->stats, &first->stats));
        }
        output_text(o, "%s\n", differs ? "   <- differs" : "");
    }
    output_text(o, "%-8s", "total");
    for (int k = 0; k < count; k++)
        output_text(o, " %14s", PERFT_COUNT_TEXT(ds[k].total));
    output_text(o, "\n");
    if (truncated)
        output_text(o, "(the root moves number more than %d: the rest are not shown)\n", MAX_MOVES);
}

static const char *verdict_name(CrossVerdict v)
{
    static const char *const names[] = {"agree",
                                        "moves differ",
                                        "positions differ",
                                        "count inconsistent",
                                        "leaf counted wrong",
                                        "move listed twice",
                                        "bulk count differs from list",
                                        "make/unmake round trip",
                                        "statistics differ"};
    return names[v];
}

json_t *output_report_json(const CrossReport *r)
{
    json_t *j = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i}", "verdict", verdict_name(r->verdict), "first", r->first,
                          "second", r->second, "path", r->path, "position", r->position, "depth", r->depth);
    if (r->verdict == CROSS_MOVES_DIFFER) {
        json_object_set_new(j, "only_first", json_string(r->only_first));
        json_object_set_new(j, "only_second", json_string(r->only_second));
    } else if (r->verdict == CROSS_POSITIONS_DIFFER) {
        json_object_set_new(j, "other_position", json_string(r->other_position));
    } else if (r->verdict == CROSS_LEAF_COUNT || r->verdict == CROSS_MOVE_TWICE) {
        json_object_set_new(j, "participant", json_string(r->culprit));
        json_object_set_new(j, "move", json_string(r->move));
        json_object_set_new(j, "counts",
                            r->verdict == CROSS_LEAF_COUNT ? json_pack("[o]", output_json_count(r->move_counts[0]))
                                                           : json_pack("[o, o]", output_json_count(r->move_counts[0]),
                                                                       output_json_count(r->move_counts[1])));
    } else if (r->verdict == CROSS_COUNT_VS_LIST) {
        json_object_set_new(j, "participant", json_string(r->culprit));
        json_object_set_new(j, "bulk_count", output_json_count(r->bulk_count));
        json_object_set_new(j, "list_count", json_integer(r->list_count));
    } else if (r->verdict == CROSS_ROUND_TRIP) {
        json_object_set_new(j, "participant", json_string(r->culprit));
        json_object_set_new(j, "move", json_string(r->move));
        json_object_set_new(j, "after_make_unmake", json_string(r->other_position));
    } else if (r->verdict == CROSS_PERFT_INCONSISTENT) {
        json_object_set_new(
            j, "counted_above",
            json_pack("[o, o]", output_json_count(r->counted_above[0]), output_json_count(r->counted_above[1])));
        json_object_set_new(
            j, "divided_here",
            json_pack("[o, o]", output_json_count(r->divided_here[0]), output_json_count(r->divided_here[1])));
    }
    if (r->stats_column < STATS_COLUMNS) {
        json_object_set_new(j, "stats_column", json_string(perft_stats_name(r->game, r->stats_column)));
        json_object_set_new(
            j, "stats_counts",
            json_pack("[o, o]", output_json_count(r->stats_counts[0]), output_json_count(r->stats_counts[1])));
    }
    return j;
}

/* --board: the diagram of the report's position, after it. */
static void output_report_board(Output *o, const char *position_text)
{
    Position pos;
    char why[ERROR_TEXT_MAX];
    if (!o->boards || position_parse(position_text, &pos, why, sizeof why) < 0)
        return;
    char *text = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&text, &size);
    if (!memory)
        return;
    output_board(memory, &pos, o->board);
    fclose(memory);
    output_text(o, "%s", text ? text : "");
    free(text);
}

void output_disagreement(Output *o, const CrossReport *r)
{
    if (o->format == FORMAT_JSON) {
        output_json_set(o, "disagreement", output_report_json(r));
        return;
    }
    if (r->verdict == CROSS_LEAF_COUNT || r->verdict == CROSS_MOVE_TWICE)
        output_text(o, "\nDISAGREEMENT: %s's own divide is wrong\n", r->culprit);
    else if (r->verdict == CROSS_COUNT_VS_LIST || r->verdict == CROSS_ROUND_TRIP)
        output_text(o, "\nDISAGREEMENT: %s disagrees with itself\n", r->culprit);
    else
        output_text(o, "\nDISAGREEMENT between %s and %s\n", r->first, r->second);
    output_text(o, "  path from the root: %s\n", r->path[0] ? r->path : "(the root itself)");
    output_text(o, "  position: %s\n", r->position);
    output_text(o, "  depth remaining: %d\n", r->depth);
    if (r->stats_column < STATS_COLUMNS && r->verdict != CROSS_STATS_DIFFER)
        output_text(o, "  statistics differ first in %s where the descent began: %s %" PRIu64 ", %s %" PRIu64 "\n",
                    perft_stats_name(r->game, r->stats_column), r->first, r->stats_counts[0], r->second,
                    r->stats_counts[1]);
    switch (r->verdict) {
    case CROSS_MOVES_DIFFER:
        output_text(o, "  moves only %s generates: %s\n", r->first, r->only_first[0] ? r->only_first : "(none)");
        output_text(o, "  moves only %s generates: %s\n", r->second, r->only_second[0] ? r->only_second : "(none)");
        break;
    case CROSS_POSITIONS_DIFFER: output_text(o, "  after this path %s has: %s\n", r->second, r->other_position); break;
    case CROSS_PERFT_INCONSISTENT:
        for (int k = 0; k < 2; k++)
            output_text(o, "  %s: %s one level up, %s from its divide here\n", k ? r->second : r->first,
                        PERFT_COUNT_TEXT(r->counted_above[k]), PERFT_COUNT_TEXT(r->divided_here[k]));
        output_text(o, "  the legal moves and every child's count agree: one of them counts this position "
                       "differently from its own divide of it\n");
        break;
    case CROSS_LEAF_COUNT:
        output_text(o, "  %s counts %s as %s at depth 1 (a legal move is one leaf), path %s%s%s\n", r->culprit, r->move,
                    PERFT_COUNT_TEXT(r->move_counts[0]), r->path, r->path[0] ? " " : "", r->move);
        break;
    case CROSS_MOVE_TWICE:
        output_text(o, "  %s lists %s twice at this position (counts %s and %s), path %s%s%s\n", r->culprit, r->move,
                    PERFT_COUNT_TEXT(r->move_counts[0]), PERFT_COUNT_TEXT(r->move_counts[1]), r->path,
                    r->path[0] ? " " : "", r->move);
        break;
    case CROSS_COUNT_VS_LIST:
        output_text(o, "  %s counts %s legal moves with bulk counting at depth 1, and lists %d\n", r->culprit,
                    PERFT_COUNT_TEXT(r->bulk_count), r->list_count);
        break;
    case CROSS_ROUND_TRIP:
        output_text(o, "  %s: make then unmake of %s does not restore the position\n  after make+unmake: %s\n",
                    r->culprit, r->move, r->other_position);
        break;
    case CROSS_STATS_DIFFER:
        output_text(o,
                    "  the legal moves and the counts agree; the leaves' kinds differ first in %s: %s %" PRIu64
                    ", %s %" PRIu64 "\n",
                    perft_stats_name(r->game, r->stats_column), r->first, r->stats_counts[0], r->second,
                    r->stats_counts[1]);
        break;
    case CROSS_AGREE: break;
    }
    output_report_board(o, r->position);
}

/* Nodes per second of a divide, of the nodes counted in this run (units
 * taken from a checkpoint took no time here). */
static double mnps(const Divide *d)
{
    return d->seconds > 0 ? (double)(d->total - d->deep.nodes_resumed) / d->seconds / 1e6 : 0.0;
}

/* "perft D: N nodes in S s, X Mnps (GAME NAME, how it counted)" on stderr,
 * for one participant. */
static void speed_line(Output *o, const RunSettings *s, const DivideRun *run, const Participant *p, const Divide *d)
{
    char how[256];
    if (p->backend) {
        char counting[96];
        output_counting_text(run->policy, false, counting, sizeof counting);
        snprintf(how, sizeof how, "%s, %s, %zu units (%s, split %d)", counting, d->deep.workers, d->deep.units,
                 d->deep.line_units ? "lines" : "positions", d->deep.split);
        if (d->deep.units_resumed)
            snprintf(how + strlen(how), sizeof how - strlen(how), ", %zu from the checkpoint", d->deep.units_resumed);
    } else {
        snprintf(how, sizeof how, "engine over %s, time-out %g s a query; its own bulk counting, hashing and threads",
                 p->engine->spec.protocol == ENGINE_UCI ? "UCI" : "perftree", p->engine->timeout);
    }
    output_note(o, "perft %d: %s nodes in %.3f s, %.2f Mnps (%s %s, %s)\n", s->depth, PERFT_COUNT_TEXT(d->total),
                d->seconds, mnps(d), game_name(run->game), p->name, how);
}

/* An interrupted count: what was counted is printed (one participant) and
 * the stderr line says how to resume. */
static int interrupted(Output *o, const RunSettings *s, const DivideRun *run)
{
    int k = run->interrupted;
    const Divide *d = &run->ds[k];
    const char *name = report_signal_name(d->signal);
    if (run->count == 1)
        output_divide(o, run->game, &run->ds[0]);
    else
        output_text(o, "interrupted by %s while %s counted\n", name, run->ps[k].name);
    output_divides_json(o, run->game, run->ps, run->ds, k + 1, false);
    output_json_set(o, "interrupted", json_string(name));
    /* What a rerun resumes from: the units the file holds, not those counted. */
    char kept[1024] = "; --checkpoint FILE keeps them";
    if (s->checkpoint && d->deep.checkpoint_errno)
        snprintf(kept, sizeof kept, "; %zu of them kept in %s (appending failed: %s), the same command resumes from it",
                 d->deep.units_kept, s->checkpoint, strerror(d->deep.checkpoint_errno));
    else if (s->checkpoint)
        snprintf(kept, sizeof kept, "; %zu of them kept in %s, the same command resumes from it", d->deep.units_kept,
                 s->checkpoint);
    output_note(o, "perft: interrupted by %s: %zu of %zu units counted (%s)%s\n", name, d->deep.units_done,
                d->deep.units, d->deep.workers, kept);
    return EXIT_SIGNAL_BASE + d->signal;
}

/* The JSON fields naming what is divided. */
static void heading_json(Output *o, const RunSettings *s, const DivideRun *run)
{
    output_json_set(o, "game", json_string(game_name(run->game)));
    output_json_set(o, "position", json_string(s->position_text));
    output_json_set(o, "moves", json_string(s->moves ? s->moves : ""));
    output_json_set(o, "depth", json_integer(s->depth));
    output_json_set(o, "notation", json_string(run->notation == MOVE_NOTATION_CHESS960 ? "chess960" : "standard"));
    json_t *names = json_array();
    for (int k = 0; k < run->count; k++)
        if (run->ps[k].backend)
            json_array_append_new(names, json_string(run->ps[k].name));
    output_json_set(o, "backends", names);
}

int output_divide_run(Output *o, const RunSettings *s, const DivideRun *run, const char *error)
{
    if (run->started)
        heading_json(o, s, run);
    if (error)
        return output_error(o, o->err, error);
    if (run->interrupted >= 0)
        return interrupted(o, s, run);
    Game game = run->game;
    int n = run->count;
    output_divides_json(o, game, run->ps, run->ds, n, run->agree);
    output_json_set(o, "seconds", json_real(run->seconds));
    if (run->agree) {
        output_divide(o, game, &run->ds[0]);
        /* The first participant's that has them: they agree. */
        int with = 0;
        while (with < n - 1 && !run->ds[with].has_stats)
            with++;
        output_divide_stats(o, game, &run->ds[with], s->depth);
    } else {
        output_divide_table(o, game, run->ps, run->ds, n);
        output_disagreement(o, run->report);
    }
    char backends[160], units[64];
    output_counting_text(run->policy, true, backends, sizeof backends);
    snprintf(units, sizeof units, "units (%s, split %d)", run->policy->units_lines ? "lines" : "positions",
             run->ds[0].deep.split);
    SpeedRow rows[MAX_SPEED_ROWS];
    int nrows = 0;
    for (int k = 0; k < n; k++)
        speed_add(rows, &nrows, &run->ps[k], game, &run->ds[k]);
    output_speed_table_json(o, rows, nrows, backends);
    output_flush(o);
    bool said = false;
    if (s->stats)
        output_stats_missing(o, run->ps, n, &said);
    if (run->notation == MOVE_NOTATION_CHESS960)
        output_note(o, "perft: Chess960 notation, castling as the king taking its rook (%s)\n",
                    s->chess960 ? "--chess960" : "the position's castling is Chess960's");
    if (n == 1) {
        speed_line(o, s, run, &run->ps[0], &run->ds[0]);
    } else {
        /* On stderr: standard output is the divide, perftree's contract. */
        char *table = speed_table_text(rows, nrows, backends);
        output_note(o, "perft %d: speed of each participant\n%s", s->depth, table ? table : "(out of memory)\n");
        free(table);
        int engines = 0;
        for (int k = 0; k < n; k++)
            engines += run->ps[k].engine != NULL;
        output_note(o, "%d %s participants (%d engine%s) %s at depth %d in %.3f s (the backends: %s, %s)\n", n,
                    game_name(game), engines, engines == 1 ? "" : "s", run->agree ? "agree" : "DISAGREE", s->depth,
                    run->seconds, backends, units);
    }
    return run->agree ? EXIT_AGREE : EXIT_DIFFER;
}
