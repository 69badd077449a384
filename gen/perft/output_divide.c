#include "output_divide.h"

#include <signal.h>
#include <string.h>

#include "move_text.h"

static const char *signal_name(int signal)
{
    return signal == SIGINT ? "SIGINT" : "SIGTERM";
}

void output_divide(Output *o, Game game, const Divide *d)
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
    output_text(o, "\ninterrupted by %s; %d root moves not finished:", signal_name(d->signal), unfinished);
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
    if (p->backend)
        json_object_set_new(
            j, "units",
            json_pack("{s:I, s:I}", "total", (json_int_t)d->units, "from_checkpoint", (json_int_t)d->units_resumed));
    if (d->signal) {
        json_object_set_new(j, "interrupted", json_string(signal_name(d->signal)));
        json_object_set_new(j, "unfinished", unfinished);
    } else
        json_decref(unfinished);
    return j;
}

void output_divides_json(Output *o, Game game, const Participant *ps, const Divide *ds, int count, bool agree)
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

void output_divide_table(Output *o, Game game, const Participant *ps, const Divide *ds, int count)
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
            differs |= !c != !first || (c && first && c->count != first->count);
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
                                        "make/unmake round trip"};
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
    return j;
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
    case CROSS_AGREE: break;
    }
}
