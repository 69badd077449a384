#include "crosscheck.h"

#include <stdlib.h>
#include <string.h>

#include "deep/interrupt.h"
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

/* The moves of `a` that `b` lacks, as text ("" when none). */
static void moves_missing(Game game, MoveNotation notation, const Move *a, int a_count, const Move *b, int b_count,
                          char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < a_count; i++)
        if (moves_find(b, b_count, a[i]) < 0)
            append_move(out, size, game, notation, a[i]);
}

/* A divide's root moves, in its order. */
static int divide_moves(const Divide *d, Move *moves)
{
    for (int i = 0; i < d->count; i++)
        moves[i] = d->entries[i].move;
    return d->count;
}

/* The moves only `a` has and those only `b` has into the report's lists:
 * true when either is not empty. */
static bool moves_differ(Game game, MoveNotation notation, const Move *a, int a_count, const Move *b, int b_count,
                         CrossReport *r)
{
    moves_missing(game, notation, a, a_count, b, b_count, r->only_first, sizeof r->only_first);
    moves_missing(game, notation, b, b_count, a, a_count, r->only_second, sizeof r->only_second);
    return r->only_first[0] || r->only_second[0];
}

/* Whether two divides' statistics can be compared: both counted them. */
static bool stats_compared(const Divide *a, const Divide *b)
{
    return a->has_stats && b->has_stats;
}

/* Root move i of two divides with the same moves: its counts differ, or
 * its statistics (when both have them per move). */
static bool entry_differs(const Divide *a, const Divide *b, int i)
{
    return a->entries[i].count != b->entries[i].count ||
           (a->entry_stats && b->entry_stats && !perft_stats_equal(&a->entries[i].stats, &b->entries[i].stats));
}

/* The first participant whose divide differs from participant 0's (its
 * moves, counts, or statistics where both have them), or -1 when all
 * agree. */
static int crosscheck_odd_one(const Divide *d, int count)
{
    for (int k = 1; k < count; k++) {
        if (d[k].count != d[0].count)
            return k;
        if (stats_compared(&d[0], &d[k]) && !perft_stats_equal(&d[0].stats, &d[k].stats))
            return k;
        for (int i = 0; i < d[0].count; i++)
            if (!move_equal(d[k].entries[i].move, d[0].entries[i].move) || entry_differs(&d[0], &d[k], i))
                return k;
    }
    return -1;
}

/* The column of the game's two divides' statistics differ in first
 * (STATS_COLUMNS: they agree, or are not both there). */
static int stats_column(Game game, const Divide *a, const Divide *b)
{
    return stats_compared(a, b) ? perft_stats_first_difference_in(game, &a->stats, &b->stats) : STATS_COLUMNS;
}

/* The root move the descent follows: with statistics per move that differ
 * in `column`, the first that differs there; else the first whose counts
 * or statistics differ; the move count when none does. */
static int root_to_follow(const Divide *a, const Divide *b, int column)
{
    if (column < STATS_COLUMNS && a->entry_stats && b->entry_stats)
        for (int i = 0; i < a->count; i++)
            if (a->entries[i].stats.count[column] != b->entries[i].stats.count[column])
                return i;
    int i = 0;
    while (i < a->count && !entry_differs(a, b, i))
        i++;
    return i;
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
    r->stats_column = stats_column(game, d->da, d->db);
    if (r->stats_column < STATS_COLUMNS) {
        r->stats_counts[0] = d->da->stats.count[r->stats_column];
        r->stats_counts[1] = d->db->stats.count[r->stats_column];
    }
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
        Move moves_a[MAX_MOVES], moves_b[MAX_MOVES];
        int count_a = divide_moves(d->da, moves_a), count_b = divide_moves(d->db, moves_b);
        if (moves_differ(game, q->notation, moves_a, count_a, moves_b, count_b, r) || count_a != count_b) {
            r->verdict = CROSS_MOVES_DIFFER;
            return 0;
        }
        int column = stats_column(game, d->da, d->db);
        int i = root_to_follow(d->da, d->db, column);
        /* Same moves, every count 1, and leaves of other kinds: at depth 1
         * the leaves are these moves' positions, which the two classify
         * differently. */
        if (column < STATS_COLUMNS && depth <= 1) {
            r->verdict = CROSS_STATS_DIFFER;
            r->stats_column = column;
            r->stats_counts[0] = d->da->stats.count[column];
            r->stats_counts[1] = d->db->stats.count[column];
            return 0;
        }
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

static int crosscheck_counts(const Participant *ps, int count, const CountPolicy *c, const DivideQuery *q,
                             Divide *divides, CrossReport *report, char *err, size_t errlen);

/* Built-in backends alone: the SIGINT/SIGTERM handlers stay installed from
 * the first participant's count to the last (and through a descent), so a
 * signal between two counts stops the next one and is reported, where the
 * default disposition would end the process with nothing said (CI saw it:
 * tests/pgn_suite.c, sigint_stops_the_run_naming_the_game_and_ply).  An
 * engine's count leaves SIGINT to the handler that ends the engines. */
int crosscheck(const Participant *ps, int count, const CountPolicy *c, const DivideQuery *q, Divide *divides,
               CrossReport *report, char *err, size_t errlen)
{
    bool engines = participants_include_engine(ps, count);
    InterruptGuard guard;
    if (!engines)
        interrupt_install(&guard);
    int r = crosscheck_counts(ps, count, c, q, divides, report, err, errlen);
    if (!engines)
        interrupt_restore(&guard);
    return r;
}

static int crosscheck_counts(const Participant *ps, int count, const CountPolicy *c, const DivideQuery *q,
                             Divide *divides, CrossReport *report, char *err, size_t errlen)
{
    memset(report, 0, sizeof *report);
    report->game = q->root->game;
    report->stats_column = STATS_COLUMNS;
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
            da = (Divide){.entries = da.entries,
                          .count = divides[0].count,
                          .total = divides[0].total,
                          .notation = q->notation,
                          .has_stats = divides[0].has_stats,
                          .entry_stats = divides[0].entry_stats,
                          .stats = divides[0].stats};
            db = (Divide){.entries = db.entries,
                          .count = divides[odd].count,
                          .total = divides[odd].total,
                          .notation = q->notation,
                          .has_stats = divides[odd].has_stats,
                          .entry_stats = divides[odd].entry_stats,
                          .stats = divides[odd].stats};
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

/* ---- one node of a game the participants play together ---- */

static bool same_moves(const Move *a, int a_count, const Move *b, int b_count)
{
    if (a_count != b_count)
        return false;
    for (int i = 0; i < a_count; i++)
        if (!move_equal(a[i], b[i]))
            return false;
    return true;
}

/* Makes and unmakes every move of `moves` in session `s`: true and the
 * report filled when a position does not come back exactly. */
static bool round_trip_fails(const Participant *p, Session *s, MoveNotation notation, const Move *moves, int count,
                             long *round_trips, CrossReport *r)
{
    Position before, after;
    s->backend->save(s->state, &before);
    for (int i = 0; i < count; i++) {
        s->backend->make(s->state, moves[i]);
        s->backend->unmake(s->state, moves[i]);
        s->backend->save(s->state, &after);
        ++*round_trips;
        if (!position_equal(&before, &after)) {
            r->verdict = CROSS_ROUND_TRIP;
            r->culprit = p->name;
            move_format_as(s->game, moves[i], notation, r->move);
            position_format(&after, r->other_position, sizeof r->other_position);
            return true;
        }
    }
    return false;
}

/* Participant k's legal moves at the node into `moves`, sorted by their
 * standard text: 1 with the report filled on a finding its own session or
 * divide shows, -1 when an engine fails, else 0. */
static int node_moves(const Participant *ps, int k, const GameNode *node, const Position *here, Move *moves, int *count,
                      long *round_trips, CrossReport *r, char *err, size_t errlen)
{
    const Participant *p = &ps[k];
    Game game = here->game;
    if (p->engine) {
        if (engine_divide(p->engine, node->start, node->path, here, 1, node->notation, node->scratch, err, errlen) < 0)
            return -1;
        if (divide_finding(game, node->notation, p, node->scratch, 1, r))
            return 1;
        *count = divide_moves(node->scratch, moves);
        moves_sort(game, moves, *count); /* whatever the notation, as participant 0's */
        return 0;
    }
    Session *s = &node->sessions[k];
    Position saved;
    s->backend->save(s->state, &saved);
    if (!position_equal(here, &saved)) {
        r->verdict = CROSS_POSITIONS_DIFFER;
        r->second = p->name;
        position_format(&saved, r->other_position, sizeof r->other_position);
        return 1;
    }
    *count = s->backend->generate(s->state, moves);
    moves_sort(game, moves, *count);
    /* Bulk counting (perft 1 with bulk) has its own code in some backends:
     * it must agree with the list. */
    uint64_t counted = s->backend->perft(s->state, 1, 1);
    if (counted != (uint64_t)*count) {
        r->verdict = CROSS_COUNT_VS_LIST;
        r->culprit = p->name;
        r->bulk_count = counted;
        r->list_count = *count;
        return 1;
    }
    return round_trip_fails(p, s, node->notation, moves, *count, round_trips, r) ? 1 : 0;
}

int crosscheck_node(const Participant *ps, int count, const GameNode *node, Move moves[MAX_MOVES], int *move_count,
                    long *round_trips, CrossReport *r, char *err, size_t errlen)
{
    /* Cleared field by field, the texts written only on a finding: the
     * whole report (its path holds 10000 plies) at every node of a random
     * game would cost more than the node's checks. */
    r->verdict = CROSS_AGREE;
    r->stats_column = STATS_COLUMNS;
    r->culprit = NULL;
    r->only_first[0] = r->only_second[0] = r->other_position[0] = r->move[0] = '\0';
    r->move_counts[0] = r->move_counts[1] = r->bulk_count = 0;
    r->list_count = 0;
    r->counted_above[0] = r->counted_above[1] = r->divided_here[0] = r->divided_here[1] = 0;
    *move_count = 0;
    if (count < 1 || !ps[0].backend) {
        snprintf(err, errlen, "a game needs a built-in backend to follow its positions");
        return -1;
    }
    Position here;
    node->sessions[0].backend->save(node->sessions[0].state, &here);
    r->first = ps[0].name;
    r->second = ps[0].name;
    r->depth = 1;
    int result = node_moves(ps, 0, node, &here, moves, move_count, round_trips, r, err, errlen);
    Move other[MAX_MOVES];
    for (int k = 1; k < count && result == 0; k++) {
        int other_count = 0;
        r->second = ps[k].name;
        result = node_moves(ps, k, node, &here, other, &other_count, round_trips, r, err, errlen);
        if (result == 0 && !same_moves(moves, *move_count, other, other_count)) {
            moves_differ(here.game, node->notation, moves, *move_count, other, other_count, r);
            r->verdict = CROSS_MOVES_DIFFER;
            result = 1;
        }
    }
    if (result == 1) {
        normalise_moves(node->path, r->path, sizeof r->path);
        position_format(&here, r->position, sizeof r->position);
    }
    return result;
}
