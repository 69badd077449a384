#include "crosscheck.h"

#include <stdlib.h>
#include <string.h>

#include "move_text.h"
#include "registry.h"
#include "session.h"

static void append_move(char *list, size_t size, Game game, Move move)
{
    char text[MOVE_TEXT_MAX];
    move_format(game, move, text);
    size_t n = strlen(list);
    snprintf(list + n, size - n, "%s%s", n ? " " : "", text);
}

/* Moves of divide `a` missing from divide `b`, as text. */
static void list_missing(Game game, const DivideEntry *a, int na, const DivideEntry *b, int nb, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < na; i++) {
        int j = 0;
        while (j < nb && !move_equal(b[j].move, a[i].move))
            j++;
        if (j == nb)
            append_move(out, size, game, a[i].move);
    }
}

void divide_print_move(FILE *out, OutputFormat format, Game game, Move move, uint64_t count)
{
    char text[MOVE_TEXT_MAX];
    move_format(game, move, text);
    fprintf(out, format == FORMAT_STOCKFISH ? "%s: %llu\n" : "%s %llu\n", text, (unsigned long long)count);
}

void divide_print_total(FILE *out, OutputFormat format, uint64_t total)
{
    fprintf(out, format == FORMAT_STOCKFISH ? "\nNodes searched: %llu\n" : "\n%llu\n", (unsigned long long)total);
}

void divide_print(FILE *out, OutputFormat format, Game game, const DivideEntry *entries, int count, uint64_t total)
{
    for (int i = 0; i < count; i++)
        divide_print_move(out, format, game, entries[i].move, entries[i].count);
    divide_print_total(out, format, total);
}

json_t *divide_json(Game game, const DivideEntry *entries, int count, uint64_t total)
{
    json_t *moves = json_object();
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format(game, entries[i].move, text);
        json_object_set_new(moves, text, json_integer((json_int_t)entries[i].count));
    }
    return json_pack("{s:o, s:I}", "moves", moves, "total", (json_int_t)total);
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

/* The pair being descended and their current divides (MAX_MOVES each). */
typedef struct Descent {
    const Participant *a, *b;
    DivideEntry *ea, *eb;
    int na, nb;
} Descent;

/* Walks down from a root whose divides differ, one divide per participant
 * and level; `view` is the harness's own session, at the root plus
 * r->path.  0 with the report filled, -1 on an engine's failure. */
static int descend(Descent *d, const Position *root, Session *view, int depth, int bulk, CrossReport *r, char *err,
                   size_t errlen)
{
    Game game = root->game;
    r->first = d->a->name;
    r->second = d->b->name;
    uint64_t above[2] = {0, 0};
    for (;;) {
        r->depth = depth;
        Position here, pa, pb;
        view->backend->save(view->state, &here);
        position_format(&here, r->position, sizeof r->position);
        if (backend_position(d->a, root, r->path, &pa) && backend_position(d->b, root, r->path, &pb) &&
            !position_equal(&pa, &pb)) {
            position_format(&pa, r->position, sizeof r->position);
            position_format(&pb, r->other_position, sizeof r->other_position);
            r->verdict = CROSS_POSITIONS_DIFFER;
            return 0;
        }
        list_missing(game, d->ea, d->na, d->eb, d->nb, r->only_first, sizeof r->only_first);
        list_missing(game, d->eb, d->nb, d->ea, d->na, r->only_second, sizeof r->only_second);
        if (r->only_first[0] || r->only_second[0] || d->na != d->nb) {
            r->verdict = CROSS_MOVES_DIFFER;
            return 0;
        }
        int i = 0;
        while (i < d->na && d->ea[i].count == d->eb[i].count)
            i++;
        if (i == d->na) {
            /* The children agree, so one participant's count of this
             * position one level up disagrees with its own divide here. */
            r->verdict = CROSS_PERFT_INCONSISTENT;
            r->counted_above[0] = above[0];
            r->counted_above[1] = above[1];
            r->divided_here[0] = r->divided_here[1] = 0;
            for (int k = 0; k < d->na; k++) {
                r->divided_here[0] += d->ea[k].count;
                r->divided_here[1] += d->eb[k].count;
            }
            return 0;
        }
        above[0] = d->ea[i].count;
        above[1] = d->eb[i].count;
        append_move(r->path, sizeof r->path, game, d->ea[i].move);
        view->backend->make(view->state, d->ea[i].move);
        view->backend->save(view->state, &here);
        depth--;
        uint64_t total;
        double seconds;
        if (participant_divide(d->a, root, r->path, &here, depth, bulk, d->ea, &d->na, &total, &seconds, err, errlen) <
                0 ||
            participant_divide(d->b, root, r->path, &here, depth, bulk, d->eb, &d->nb, &total, &seconds, err, errlen) <
                0)
            return -1;
    }
}

static const char *verdict_name(CrossVerdict v)
{
    static const char *const names[] = {"agree", "moves differ", "positions differ", "count inconsistent"};
    return names[v];
}

static void print_report(FILE *out, const CrossReport *r)
{
    fprintf(out, "\nDISAGREEMENT between %s and %s\n", r->first, r->second);
    fprintf(out, "  path from the root: %s\n", r->path[0] ? r->path : "(the root itself)");
    fprintf(out, "  position: %s\n", r->position);
    fprintf(out, "  depth remaining: %d\n", r->depth);
    switch (r->verdict) {
    case CROSS_MOVES_DIFFER:
        fprintf(out, "  moves only %s generates: %s\n", r->first, r->only_first[0] ? r->only_first : "(none)");
        fprintf(out, "  moves only %s generates: %s\n", r->second, r->only_second[0] ? r->only_second : "(none)");
        break;
    case CROSS_POSITIONS_DIFFER: fprintf(out, "  after this path %s has: %s\n", r->second, r->other_position); break;
    case CROSS_PERFT_INCONSISTENT:
        for (int k = 0; k < 2; k++)
            fprintf(out, "  %s: %llu one level up, %llu from its divide here\n", k ? r->second : r->first,
                    (unsigned long long)r->counted_above[k], (unsigned long long)r->divided_here[k]);
        fprintf(out, "  the legal moves and every child's count agree: one of them counts this position "
                     "differently from its own divide of it\n");
        break;
    default: break;
    }
}

static json_t *report_json(const CrossReport *r)
{
    json_t *j = json_pack("{s:s, s:s, s:s, s:s, s:s, s:i}", "verdict", verdict_name(r->verdict), "first", r->first,
                          "second", r->second, "path", r->path, "position", r->position, "depth", r->depth);
    if (r->verdict == CROSS_MOVES_DIFFER) {
        json_object_set_new(j, "only_first", json_string(r->only_first));
        json_object_set_new(j, "only_second", json_string(r->only_second));
    } else if (r->verdict == CROSS_POSITIONS_DIFFER) {
        json_object_set_new(j, "other_position", json_string(r->other_position));
    } else if (r->verdict == CROSS_PERFT_INCONSISTENT) {
        json_object_set_new(j, "counted_above",
                            json_pack("[I, I]", (json_int_t)r->counted_above[0], (json_int_t)r->counted_above[1]));
        json_object_set_new(j, "divided_here",
                            json_pack("[I, I]", (json_int_t)r->divided_here[0], (json_int_t)r->divided_here[1]));
    }
    return j;
}

/* The divide table over the union of root moves, one column per participant. */
static void print_table(FILE *out, const Participant *ps, int count, Game game, DivideEntry (*entries)[MAX_MOVES],
                        const int *counts, const CrossReport *report)
{
    Move all[MAX_MOVES];
    int nall = 0;
    bool truncated = false;
    for (int k = 0; k < count; k++)
        for (int i = 0; i < counts[k]; i++)
            if (moves_find(all, nall, entries[k][i].move) < 0) {
                if (nall < MAX_MOVES)
                    all[nall++] = entries[k][i].move;
                else
                    truncated = true;
            }
    moves_sort(game, all, nall);
    fprintf(out, "%-8s", "move");
    for (int k = 0; k < count; k++)
        fprintf(out, " %14s", ps[k].name);
    fprintf(out, "\n");
    for (int i = 0; i < nall; i++) {
        char text[MOVE_TEXT_MAX];
        move_format(game, all[i], text);
        fprintf(out, "%-8s", text);
        int differs = 0;
        long long first = -2;
        for (int k = 0; k < count; k++) {
            int j = 0;
            while (j < counts[k] && !move_equal(entries[k][j].move, all[i]))
                j++;
            long long c = j < counts[k] ? (long long)entries[k][j].count : -1;
            if (c < 0)
                fprintf(out, " %14s", "-");
            else
                fprintf(out, " %14lld", c);
            if (k == 0)
                first = c;
            else if (c != first)
                differs = 1;
        }
        fprintf(out, "%s\n", differs ? "   <- differs" : "");
    }
    fprintf(out, "%-8s", "total");
    for (int k = 0; k < count; k++)
        fprintf(out, " %14llu", (unsigned long long)report->total[k]);
    fprintf(out, "\n");
    if (truncated)
        fprintf(out, "(the root moves number more than %d: the rest are not shown)\n", MAX_MOVES);
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

int crosscheck_participants(const Participant *ps, int count, const Position *pos, const char *moves, int depth,
                            int bulk, OutputFormat format, FILE *out, json_t *json, CrossReport *report, char *err,
                            size_t errlen)
{
    int counts[CROSS_MAX_PARTICIPANTS];
    memset(report, 0, sizeof *report);
    if (count < 1 || count > CROSS_MAX_PARTICIPANTS) {
        snprintf(err, errlen, "cross-check needs 1 to %d participants, got %d", CROSS_MAX_PARTICIPANTS, count);
        return -1;
    }
    const Backend *reference = ps[0].backend ? ps[0].backend : participant_reference(pos->game);
    if (!reference) {
        snprintf(err, errlen, "no %s backend is registered to follow the positions", game_name(pos->game));
        return -1;
    }
    /* One divide per participant: 256 KiB for sixteen, too much for a stack. */
    DivideEntry(*entries)[MAX_MOVES] = malloc(sizeof *entries * (size_t)count);
    if (!entries) {
        snprintf(err, errlen, "cross-check: out of memory");
        return -1;
    }
    int result = -1;
    Session view; /* the harness's own view of the position */
    normalise_moves(moves, report->path, sizeof report->path);
    if (session_open(&view, reference, pos, err, errlen) < 0 || session_play(&view, report->path, err, errlen) < 0)
        goto done;
    Position here;
    view.backend->save(view.state, &here);
    Game game = pos->game;
    for (int k = 0; k < count; k++)
        if (participant_divide(&ps[k], pos, report->path, &here, depth, bulk, entries[k], &counts[k], &report->total[k],
                               &report->seconds[k], err, errlen) < 0)
            goto done;
    if (json) {
        json_t *divides = json_array();
        for (int k = 0; k < count; k++) {
            json_t *d = divide_json(game, entries[k], counts[k], report->total[k]);
            json_object_set_new(d, "participant", json_string(ps[k].name));
            json_object_set_new(d, "seconds", json_real(report->seconds[k]));
            json_array_append_new(divides, d);
        }
        json_object_set_new(json, "divides", divides);
    }
    /* The first participant that differs from participant 0 in its list or counts. */
    int odd = -1;
    for (int k = 1; k < count && odd < 0; k++) {
        if (counts[k] != counts[0])
            odd = k;
        for (int i = 0; i < counts[0] && odd < 0; i++)
            if (!move_equal(entries[k][i].move, entries[0][i].move) || entries[k][i].count != entries[0][i].count)
                odd = k;
    }
    if (json)
        json_object_set_new(json, "agree", json_boolean(odd < 0));
    if (odd < 0) {
        if (format != FORMAT_JSON)
            divide_print(out, format, game, entries[0], counts[0], report->total[0]);
        report->verdict = CROSS_AGREE;
        result = 0;
        goto done;
    }
    if (format != FORMAT_JSON)
        print_table(out, ps, count, game, entries, counts, report);
    /* The table is printed: the two divides it came from are the descent's. */
    Descent d = {&ps[0], &ps[odd], entries[0], entries[odd], counts[0], counts[odd]};
    if (descend(&d, pos, &view, depth, bulk, report, err, errlen) < 0)
        goto done;
    if (format != FORMAT_JSON)
        print_report(out, report);
    if (json)
        json_object_set_new(json, "disagreement", report_json(report));
    result = 1;
done:
    session_close(&view);
    free(entries);
    return result;
}

int crosscheck(const Backend *const *backends, int count, const Position *pos, const char *moves, int depth, int bulk,
               FILE *out, CrossReport *report, char *err, size_t errlen)
{
    Participant ps[CROSS_MAX_PARTICIPANTS];
    if (count < 1 || count > CROSS_MAX_PARTICIPANTS) {
        snprintf(err, errlen, "cross-check needs 1 to %d participants, got %d", CROSS_MAX_PARTICIPANTS, count);
        return -1;
    }
    for (int k = 0; k < count; k++)
        ps[k] = participant_of_backend(backends[k]);
    return crosscheck_participants(ps, count, pos, moves, depth, bulk, FORMAT_TEXT, out, NULL, report, err, errlen);
}
