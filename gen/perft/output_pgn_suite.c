#include "output_pgn_suite.h"

#include <string.h>

#include "output_divide.h"
#include "output_stats.h"

enum { MOVE_COLUMN = 9 }; /* the longest SAN: "Qh4xe1=Q+" */

/* The document's array `key`, made when first used. */
static json_t *array_of(Output *o, const char *key)
{
    json_t *a = json_object_get(o->doc, key);
    if (!a) {
        a = json_array();
        output_json_set(o, key, a);
    }
    return a;
}

/* The identity of c's rows in JSON: the game, ply, move, depth, position. */
static json_t *count_json(const PgnCount *c)
{
    return json_pack("{s:i, s:i, s:o, s:i, s:o}", "game", c->game->number, "ply", c->ply, "move",
                     c->move ? output_json_string(c->move) : json_null(), "depth", c->depth, "position",
                     output_json_string(c->position));
}

void output_pgn_suite_heading(Output *o, int name_width)
{
    if (o->format == FORMAT_JSON) {
        array_of(o, "games");
        array_of(o, "checks");
        return;
    }
    output_text(o, "%5s %5s %-*s %5s %-*s %15s %9s %9s  %s\n", "game", "ply", MOVE_COLUMN, "move", "depth", name_width,
                "participant", "count", "seconds", "nodes/s", "result");
}

void output_pgn_suite_game(Output *o, const PgnGame *g, const char *name, bool chess960)
{
    if (o->format == FORMAT_JSON) {
        json_t *j = json_pack("{s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:o, s:i, s:b}", "game", g->number, "line", g->line,
                              "name", output_json_string(name), "event", output_json_string(g->event), "round",
                              output_json_string(g->round), "white", output_json_string(g->white), "black",
                              output_json_string(g->black), "start", output_json_string(g->start), "plies", g->plies,
                              "chess960", chess960);
        json_array_append_new(array_of(o, "games"), j);
        return;
    }
    output_text(o, "%s: line %d, %d pl%s from %s%s\n", name, g->line, g->plies, g->plies == 1 ? "y" : "ies", g->start,
                chess960 ? " (Chess960)" : "");
}

void output_pgn_suite_check(Output *o, const PgnCount *c, const Participant *p, const Divide *d, bool agree,
                            int name_width)
{
    if (o->format == FORMAT_JSON) {
        json_t *check = count_json(c);
        json_object_update_new(check, json_pack("{s:s, s:o, s:f, s:b}", "participant", p->name, "got",
                                                output_json_count(d->total), "seconds", d->seconds, "agree", agree));
        if (d->has_stats)
            json_object_set_new(check, "stats", output_stats_json(GAME_CHESS, &d->stats)); /* PGN: chess */
        json_array_append_new(array_of(o, "checks"), check);
        return;
    }
    char rate[32];
    speed_rate_text(d->seconds > 0 ? (double)d->total / d->seconds : 0.0, rate, sizeof rate);
    output_text(o, "%5d %5d %-*s %5d %-*s %15s %9.3f %9s  %s\n", c->game->number, c->ply, MOVE_COLUMN,
                c->move ? c->move : "-", c->depth, name_width, p->name, PERFT_COUNT_TEXT(d->total), d->seconds, rate,
                agree ? "agree" : "DIFFER");
    output_stats_line(o, GAME_CHESS, d);
}

void output_pgn_suite_past_budget(Output *o, const PgnCount *c, const Participant *p, const Divide *d, uint64_t budget,
                                  int name_width)
{
    if (o->format == FORMAT_JSON) {
        json_t *check = count_json(c);
        json_object_update_new(check,
                               json_pack("{s:s, s:n, s:I, s:f, s:s}", "participant", p->name, "got", "past_max_nodes",
                                         (json_int_t)budget, "seconds", d->seconds, "result", "skipped"));
        json_array_append_new(array_of(o, "checks"), check);
        return;
    }
    char past[32];
    snprintf(past, sizeof past, ">%llu", (unsigned long long)budget);
    output_text(o, "%5d %5d %-*s %5d %-*s %15s %9.3f %9s  %s\n", c->game->number, c->ply, MOVE_COLUMN,
                c->move ? c->move : "-", c->depth, name_width, p->name, past, d->seconds, "-",
                "skipped (passes --max-nodes: stopped)");
}

void output_pgn_suite_disagreement(Output *o, const PgnCount *c, const CrossReport *r)
{
    if (o->format == FORMAT_JSON) {
        json_t *j = output_report_json(r);
        json_object_update_new(j, json_pack("{s:i, s:o, s:i, s:o, s:i, s:o}", "game", c->game->number, "game_name",
                                            output_json_string(c->game_name), "ply", c->ply, "move",
                                            c->move ? output_json_string(c->move) : json_null(), "suite_depth",
                                            c->depth, "game_position", output_json_string(c->position)));
        json_array_append_new(array_of(o, "disagreements"), j);
        return;
    }
    output_text(o, "  %s, ply %d%s%s, depth %d: the participants disagree on %s", c->game_name, c->ply,
                c->move ? " after " : " (its start)", c->move ? c->move : "", c->depth, c->position);
    output_disagreement(o, r);
}

void output_pgn_suite_interrupted(Output *o, const char *message)
{
    output_text(o, "%s\n", message);
    output_json_set(o, "interrupted", output_json_string(message));
}

void output_pgn_suite_end(Output *o, const RunSettings *s, const CountPolicy *policy, const PgnSuiteTotals *t,
                          const SpeedRow *rows, int nrows)
{
    if (o->format == FORMAT_JSON) {
        output_json_set(o, "summary",
                        json_pack("{s:i, s:i, s:i, s:i, s:i, s:i}", "games", t->games, "positions", t->positions,
                                  "counts", t->counts, "checks", t->checks, "disagreements", t->disagreements,
                                  "skipped_above_max_nodes", t->skipped));
    } else {
        char skipped[128] = "", counting[96];
        if (t->skipped)
            snprintf(skipped, sizeof skipped, ", %d count%s above --max-nodes skipped (stopped there)", t->skipped,
                     t->skipped == 1 ? "" : "s");
        output_counting_text(policy, false, counting, sizeof counting);
        output_text(
            o, "pgn %s: %d game%s, %d position%s (%s) to depth %d, %d counts, %d checks, %d disagreement%s%s (%s)\n",
            s->pgn, t->games, t->games == 1 ? "" : "s", t->positions, t->positions == 1 ? "" : "s",
            s->every_ply ? "every ply" : "final", s->max_depth, t->counts, t->checks, t->disagreements,
            t->disagreements == 1 ? "" : "s", skipped, counting);
        if (t->counts == 0)
            output_text(o, "pgn %s: nothing was compared\n", s->pgn);
    }
    if (t->chess960)
        output_note(o, "perft: pgn %s: %d game%s in Chess960 notation, castling as the king taking its rook (%s)\n",
                    s->pgn, t->chess960, t->chess960 == 1 ? "" : "s",
                    s->chess960 ? "--chess960" : "their Variant tag or castling is Chess960's");
    char backends[160];
    output_counting_text(policy, true, backends, sizeof backends);
    output_speed_table(o, rows, nrows, backends);
}
