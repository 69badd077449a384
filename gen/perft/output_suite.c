#include "output_suite.h"

#include <string.h>

#include "output_divide.h"
#include "output_stats.h"
#include "registry.h"

/* The table's id column: a longer id is cut, its end marked "...", so that
 * every row keeps its columns. */
enum { ID_COLUMN = 32 };

static void column_id(const char *id, char out[ID_COLUMN + 1])
{
    size_t length = strlen(id);
    if (length <= ID_COLUMN) {
        memcpy(out, id, length + 1);
    } else {
        memcpy(out, id, ID_COLUMN - 3);
        memcpy(out + ID_COLUMN - 3, "...", 4);
    }
}

static json_t *array_member(Output *o, const char *key)
{
    json_t *a = json_object_get(o->doc, key);
    if (!a) {
        a = json_array();
        output_json_set(o, key, a);
    }
    return a;
}

void output_suite_heading(Output *o, int name_width)
{
    if (o->format == FORMAT_JSON) {
        array_member(o, "checks");
        return;
    }
    output_text(o, "%-*s %5s %-*s %15s %15s %9s %9s  %s\n", ID_COLUMN, "id", "depth", name_width, "participant",
                "expected", "got", "seconds", "nodes/s", "result");
}

void output_suite_check(Output *o, const EpdEntry *e, int depth, const Participant *p, const Divide *d, bool ok,
                        int name_width)
{
    if (o->format == FORMAT_JSON) {
        json_t *check =
            json_pack("{s:o, s:i, s:i, s:s, s:o, s:o, s:f, s:b}", "id", output_json_string(e->id), "line", e->line,
                      "depth", depth, "participant", p->name, "expected", output_json_count(e->expected[depth]), "got",
                      output_json_count(d->total), "seconds", d->seconds, "ok", ok);
        if (!ok)
            json_object_set_new(check, "position", json_string(e->text));
        if (d->has_stats)
            json_object_set_new(check, "stats", output_stats_json(e->pos.game, &d->stats));
        json_array_append_new(array_member(o, "checks"), check);
        return;
    }
    char id[ID_COLUMN + 1], rate[32];
    column_id(e->id, id);
    speed_rate_text(d->seconds > 0 ? (double)d->total / d->seconds : 0.0, rate, sizeof rate);
    output_text(o, "%-*s %5d %-*s %15s %15s %9.3f %9s  %s\n", ID_COLUMN, id, depth, name_width, p->name,
                PERFT_COUNT_TEXT(e->expected[depth]), PERFT_COUNT_TEXT(d->total), d->seconds, rate, ok ? "ok" : "FAIL");
    output_stats_line(o, e->pos.game, d);
}

void output_suite_past_budget(Output *o, const EpdEntry *e, int depth, const Participant *p, const Divide *d,
                              uint64_t budget, bool wrong, int name_width)
{
    if (o->format == FORMAT_JSON) {
        json_t *check = json_pack("{s:o, s:i, s:i, s:s, s:o, s:n, s:I, s:f, s:b, s:s}", "id", output_json_string(e->id),
                                  "line", e->line, "depth", depth, "participant", p->name, "expected",
                                  output_json_count(e->expected[depth]), "got", "past_max_nodes", (json_int_t)budget,
                                  "seconds", d->seconds, "ok", !wrong, "result", wrong ? "failed" : "skipped");
        if (wrong)
            json_object_set_new(check, "position", json_string(e->text));
        json_array_append_new(array_member(o, "checks"), check);
        return;
    }
    char id[ID_COLUMN + 1], past[32];
    column_id(e->id, id);
    snprintf(past, sizeof past, ">%llu", (unsigned long long)budget);
    output_text(o, "%-*s %5d %-*s %15s %15s %9.3f %9s  %s\n", ID_COLUMN, id, depth, name_width, p->name,
                PERFT_COUNT_TEXT(e->expected[depth]), past, d->seconds, "-",
                wrong ? "FAIL (the count passes --max-nodes, the file's does not)"
                      : "skipped (passes --max-nodes: stopped)");
}

void output_suite_failed_position(Output *o, const EpdEntry *e)
{
    output_text(o, "  %s:%d position: %s\n", e->id, e->line, e->text);
}

void output_suite_disagreement(Output *o, const EpdEntry *e, int depth, const CrossReport *r)
{
    if (o->format == FORMAT_JSON) {
        json_t *j = output_report_json(r);
        json_object_set_new(j, "id", output_json_string(e->id));
        json_object_set_new(j, "line", json_integer(e->line));
        json_object_set_new(j, "suite_depth", json_integer(depth));
        json_array_append_new(array_member(o, "disagreements"), j);
        return;
    }
    output_text(o, "  %s depth %d: the participants disagree on %s", e->id, depth, e->text);
    output_disagreement(o, r);
}

/* JSON: the failing positions by kind (position_kinds.h). */
static json_t *kinds_json(const FailureKinds *f)
{
    json_t *j = json_pack("{s:i, s:i, s:i}", "failed_positions", f->positions, "unclassified", f->unclassified,
                          "none_of_these", f->none);
    for (int k = 0; k < POSITION_KINDS; k++)
        json_object_set_new(j, position_kind_key((PositionKind)k), json_integer(f->count[k]));
    json_object_set_new(j, "classified_by", f->by ? json_string(f->by) : json_null());
    return j;
}

/* Text: what the failing positions share, one short block ("all" when
 * every classified one has the kind). */
static void kinds_text(Output *o, const FailureKinds *f)
{
    int classified = f->positions - f->unclassified;
    output_text(o, "failing positions by kind: %d position%s", f->positions, f->positions == 1 ? "" : "s");
    if (f->by)
        output_text(o, ", classified by %s's legal moves", f->by);
    if (f->unclassified)
        output_text(o, ", %d not classified (Quaternity, or no chess backend with statistics)", f->unclassified);
    output_text(o, "\n");
    if (classified == 0)
        return;
    for (int k = 0; k < POSITION_KINDS; k++)
        output_text(o, "  %-22s %d%s\n", position_kind_label((PositionKind)k), f->count[k],
                    f->count[k] == classified ? " (all)" : "");
    output_text(o, "  %-22s %d%s\n", "none of these", f->none, f->none == classified ? " (all)" : "");
}

static void summary(Output *o, const RunSettings *s, const CountPolicy *policy, const SuiteTotals *t)
{
    if (o->format == FORMAT_JSON) {
        output_json_set(o, "summary",
                        json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "positions", t->positions, "counts",
                                  t->counts, "checks", t->checks, "failed", t->failed, "disagreements",
                                  t->disagreements, "skipped_above_max_nodes", t->skipped,
                                  "skipped_deeper_than_max_depth", t->deeper, "skipped_no_participant", t->unplayed));
        json_object_set_new(json_object_get(o->doc, "summary"), "failed_by_kind", kinds_json(&t->kinds));
        return;
    }
    /* What was not run is said, so a wrong count there cannot pass
     * unnoticed. */
    char skipped[256] = "";
    if (t->disagreements)
        snprintf(skipped, sizeof skipped, ", %d disagreement%s", t->disagreements, t->disagreements == 1 ? "" : "s");
    if (t->skipped)
        snprintf(skipped + strlen(skipped), sizeof skipped - strlen(skipped),
                 ", %d count%s above --max-nodes skipped (stopped there)", t->skipped, t->skipped == 1 ? "" : "s");
    if (t->deeper)
        snprintf(skipped + strlen(skipped), sizeof skipped - strlen(skipped),
                 ", %d count%s deeper than --max-depth %d skipped", t->deeper, t->deeper == 1 ? "" : "s", s->max_depth);
    if (t->unplayed)
        snprintf(skipped + strlen(skipped), sizeof skipped - strlen(skipped),
                 ", %d position%s of a game no engine plays skipped (-b none)", t->unplayed,
                 t->unplayed == 1 ? "" : "s");
    char counting[96];
    output_counting_text(policy, false, counting, sizeof counting);
    output_text(o, "suite %s: %d positions, %d counts, %d checks, %d failed%s (%s)\n", s->suite, t->positions,
                t->counts, t->checks, t->failed, skipped, counting);
    if (t->checks == 0)
        output_text(o, "suite %s: nothing was checked\n", s->suite);
    if (t->kinds.positions)
        kinds_text(o, &t->kinds);
}

void output_suite_end(Output *o, const RunSettings *s, const CountPolicy *policy, const SuiteTotals *t,
                      const SpeedRow *rows, int nrows)
{
    summary(o, s, policy, t);
    if (t->chess960)
        output_note(o,
                    "perft: suite %s: %d position%s in Chess960 notation, castling as the king taking its rook (%s)\n",
                    s->suite, t->chess960, t->chess960 == 1 ? "" : "s",
                    s->chess960 ? "--chess960" : "their castling is Chess960's");
    char backends[160];
    output_counting_text(policy, true, backends, sizeof backends);
    output_speed_table(o, rows, nrows, backends);
}
