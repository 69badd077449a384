#include "crosscheck.h"

#include <stdlib.h>
#include <string.h>

#include "move_text.h"
#include "registry.h"
#include "session.h"

static void append_move(char *list, size_t size, Game game, MoveNotation notation, Move move)
{
    char text[MOVE_TEXT_MAX];
    move_format_as(game, move, notation, text);
    size_t n = strlen(list);
    snprintf(list + n, size - n, "%s%s", n ? " " : "", text);
}

/* Moves of divide `a` missing from divide `b`, as text. */
static void list_missing(Game game, MoveNotation notation, const Divide *a, const Divide *b, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < a->count; i++) {
        int j = 0;
        while (j < b->count && !move_equal(b->entries[j].move, a->entries[i].move))
            j++;
        if (j == b->count)
            append_move(out, size, game, notation, a->entries[i].move);
    }
}

/* The first participant whose divide differs from participant 0's, or -1
 * when all agree. */
static int crosscheck_odd_one(const Divide *d, int count)
{
    for (int k = 1; k < count; k++) {
        if (d[k].count != d[0].count)
            return k;
        for (int i = 0; i < d[0].count; i++)
            if (!move_equal(d[k].entries[i].move, d[0].entries[i].move) ||
                d[k].entries[i].count != d[0].entries[i].count)
                return k;
    }
    return -1;
}

/* The saved position of a backend participant after `path`; false for an
 * engine, which shows no position. */
static bool backend_position(const Participant *p, const Position *root, const char *path, Position *out)
{
    if (!p->backend)
        return false;
    char err[ERROR_TEXT_MAX];
    Session s;
    bool ok = session_open(&s, p->backend, root, err, sizeof err) == 0 && session_play(&s, path, err, sizeof err) == 0;
    if (ok)
        p->backend->save(s.state, out);
    session_close(&s);
    return ok;
}

/* A finding in one divide alone at `depth`: a move listed twice, or at
 * depth 1 a count other than 1.  Fills the report's verdict, culprit and
 * move, and returns true. */
static bool divide_finding(Game game, MoveNotation notation, const Participant *p, const Divide *d, int depth,
                           CrossReport *r)
{
    if (d->twice) {
        r->verdict = CROSS_MOVE_TWICE;
        r->culprit = p->name;
        move_format_as(game, d->twice_move, notation, r->move);
        r->move_counts[0] = d->twice_counts[0];
        r->move_counts[1] = d->twice_counts[1];
        return true;
    }
    for (int i = 0; depth == 1 && i < d->count; i++)
        if (d->entries[i].count != 1) {
            r->verdict = CROSS_LEAF_COUNT;
            r->culprit = p->name;
            move_format_as(game, d->entries[i].move, notation, r->move);
            r->move_counts[0] = d->entries[i].count;
            return true;
        }
    return false;
}

/* The pair being descended and their divides at the current level. */
typedef struct Descent {
    const Participant *a, *b;
    Divide *da, *db;
} Descent;

/* Walks down from a root whose divides differ, one divide per participant
 * and level; `view` is the harness's own session, at the root plus
 * r->path.  0 with the report filled, 1 when a count was interrupted, -1 on
 * a participant's failure. */
static int descend(Descent *d, const CountPolicy *c, const DivideQuery *q, Session *view, CrossReport *r, char *err,
                   size_t errlen)
{
    Game game = q->root->game;
    int depth = q->depth;
    r->first = d->a->name;
    r->second = d->b->name;
    PerftCount above[2] = {0, 0};
    for (;;) {
        r->depth = depth;
        Position here, pa, pb;
        view->backend->save(view->state, &here);
        position_format(&here, r->position, sizeof r->position);
        if (backend_position(d->a, q->root, r->path, &pa) && backend_position(d->b, q->root, r->path, &pb) &&
            !position_equal(&pa, &pb)) {
            position_format(&pa, r->position, sizeof r->position);
            position_format(&pb, r->other_position, sizeof r->other_position);
            r->verdict = CROSS_POSITIONS_DIFFER;
            return 0;
        }
        if (divide_finding(game, q->notation, d->a, d->da, depth, r) ||
            divide_finding(game, q->notation, d->b, d->db, depth, r))
            return 0;
        list_missing(game, q->notation, d->da, d->db, r->only_first, sizeof r->only_first);
        list_missing(game, q->notation, d->db, d->da, r->only_second, sizeof r->only_second);
        if (r->only_first[0] || r->only_second[0] || d->da->count != d->db->count) {
            r->verdict = CROSS_MOVES_DIFFER;
            return 0;
        }
        int i = 0;
        while (i < d->da->count && d->da->entries[i].count == d->db->entries[i].count)
            i++;
        /* At depth 1 the counts are all 1 (divide_finding has seen to it),
         * so they cannot differ there: nothing is ever asked at depth 0. */
        if (i == d->da->count || depth <= 1) {
            /* The children agree, so one participant's count of this
             * position one level up disagrees with its own divide here. */
            r->verdict = CROSS_PERFT_INCONSISTENT;
            r->counted_above[0] = above[0];
            r->counted_above[1] = above[1];
            r->divided_here[0] = d->da->total;
            r->divided_here[1] = d->db->total;
            return 0;
        }
        above[0] = d->da->entries[i].count;
        above[1] = d->db->entries[i].count;
        append_move(r->path, sizeof r->path, game, q->notation, d->da->entries[i].move);
        view->backend->make(view->state, d->da->entries[i].move);
        view->backend->save(view->state, &here);
        DivideQuery below = {.root = q->root,
                             .root_text = q->root_text,
                             .moves = r->path,
                             .here = &here,
                             .depth = --depth,
                             .label = q->label,
                             .notation = q->notation};
        if (participant_divide(d->a, c, &below, d->da, err, errlen) < 0 ||
            participant_divide(d->b, c, &below, d->db, err, errlen) < 0)
            return -1;
        if (d->da->signal || d->db->signal || d->da->over_budget || d->db->over_budget)
            return 1;
    }
}

/* The given moves, blanks collapsed: the start of every reported path. */
static void normalise_moves(const char *moves, char *path, size_t size)
{
    size_t n = 0;
    for (const char *c = moves ? moves : ""; *c && n + 1 < size; c++) {
        bool space = *c == ' ' || *c == '\t' || *c == '\n';
        if (!space)
            path[n++] = *c;
        else if (n && path[n - 1] != ' ')
            path[n++] = ' ';
    }
    while (n && path[n - 1] == ' ')
        n--;
    path[n] = '\0';
}

int crosscheck(const Participant *ps, int count, const CountPolicy *c, const DivideQuery *q, Divide *divides,
               CrossReport *report, char *err, size_t errlen)
{
    memset(report, 0, sizeof *report);
    for (int k = 0; k < count; k++) {
        if (participant_divide(&ps[k], c, q, &divides[k], err, errlen) < 0)
            return -1;
        if (divides[k].signal || divides[k].over_budget)
            return 0;
    }
    int odd = crosscheck_odd_one(divides, count);
    int alone = 0; /* a participant whose divide alone is wrong, or -1 */
    while (alone < count && !divide_finding(q->root->game, q->notation, &ps[alone], &divides[alone], q->depth, report))
        alone++;
    if (alone == count)
        alone = -1;
    if (odd < 0 && alone < 0)
        return 0;
    const Backend *reference = ps[0].backend ? ps[0].backend : participant_reference(q->root->game);
    if (!reference) {
        snprintf(err, errlen, "no %s backend is registered to follow the positions", game_name(q->root->game));
        return -1;
    }
    Session view; /* the harness's own view of the position */
    normalise_moves(q->moves, report->path, sizeof report->path);
    int result = -1;
    bool ready = session_open(&view, reference, q->root, err, errlen) == 0 &&
                 session_play(&view, report->path, err, errlen) == 0;
    if (ready && alone >= 0) {
        /* Found at the root itself: the report says where. */
        Position here;
        view.backend->save(view.state, &here);
        position_format(&here, report->position, sizeof report->position);
        report->depth = q->depth;
        report->first = ps[0].name;
        report->second = ps[count > 1 ? (odd > 0 ? odd : 1) : 0].name;
        result = 1;
    } else if (ready) {
        /* The two divides the comparison found are the descent's first
         * level; they are copied, so the caller's stay as counted. */
        Divide da = {0}, db = {0};
        if (divide_alloc(&da) && divide_alloc(&db)) {
            memcpy(da.entries, divides[0].entries, sizeof *da.entries * (size_t)divides[0].count);
            memcpy(db.entries, divides[odd].entries, sizeof *db.entries * (size_t)divides[odd].count);
            da = (Divide){
                .entries = da.entries, .count = divides[0].count, .total = divides[0].total, .notation = q->notation};
            db = (Divide){.entries = db.entries,
                          .count = divides[odd].count,
                          .total = divides[odd].total,
                          .notation = q->notation};
            Descent d = {&ps[0], &ps[odd], &da, &db};
            int r = descend(&d, c, q, &view, report, err, errlen);
            result = r < 0 ? -1 : r == 0 ? 1 : 0;
            if (r == 1) {
                divides[0].signal = da.signal ? da.signal : db.signal;
                divides[0].over_budget = !divides[0].signal;
            }
        } else
            snprintf(err, errlen, "cross-check: out of memory");
        divide_free(&da);
        divide_free(&db);
    }
    session_close(&view);
    return result;
}
