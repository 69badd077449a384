#include "crosscheck.h"

#include <stdlib.h>
#include <string.h>

#include "move_text.h"
#include "session.h"

enum { CROSS_MAX_BACKENDS = 8 };

static void append_move(char *list, size_t size, Game game, Move move)
{
    char text[MOVE_TEXT_MAX];
    move_format(game, move, text);
    size_t n = strlen(list);
    snprintf(list + n, size - n, "%s%s", n ? " " : "", text);
}

/* Moves of `a` missing from `b`, as text. */
static void list_missing(Game game, const Move *a, int na, const Move *b, int nb, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < na; i++)
        if (moves_find(b, nb, a[i]) < 0)
            append_move(out, size, game, a[i]);
}

/* Walks down from the root of two sessions whose counts at `depth` differ,
 * filling the report; `ea` and `eb` hold MAX_MOVES entries each.  Both
 * sessions are left at the reported position. */
static void descend(Session *a, Session *b, int depth, int bulk, DivideEntry *ea, DivideEntry *eb, CrossReport *r)
{
    Game game = a->game;
    r->first = a->backend;
    r->second = b->backend;
    for (;;) {
        r->depth = depth;
        Position pa, pb;
        a->backend->save(a->state, &pa);
        b->backend->save(b->state, &pb);
        position_format(&pa, r->position, sizeof r->position);
        if (!position_equal(&pa, &pb)) {
            position_format(&pb, r->other_position, sizeof r->other_position);
            r->verdict = CROSS_POSITIONS_DIFFER;
            return;
        }
        Move ma[MAX_MOVES], mb[MAX_MOVES];
        int na = a->backend->generate(a->state, ma);
        int nb = b->backend->generate(b->state, mb);
        list_missing(game, ma, na, mb, nb, r->only_first, sizeof r->only_first);
        list_missing(game, mb, nb, ma, na, r->only_second, sizeof r->only_second);
        if (r->only_first[0] || r->only_second[0] || na != nb) {
            r->verdict = CROSS_MOVES_DIFFER;
            return;
        }
        session_divide(a, depth, bulk, ea);
        session_divide(b, depth, bulk, eb);
        int i = 0;
        while (i < na && ea[i].count == eb[i].count)
            i++;
        if (i == na) {
            /* The children agree, so one backend's own perft() at this node
             * disagrees with its generate/make/unmake. */
            r->verdict = CROSS_PERFT_INCONSISTENT;
            return;
        }
        append_move(r->path, sizeof r->path, game, ea[i].move);
        a->backend->make(a->state, ea[i].move);
        b->backend->make(b->state, ea[i].move);
        depth--;
    }
}

static void print_report(FILE *out, const CrossReport *r, int bulk, const Session *a, const Session *b)
{
    fprintf(out, "\nDISAGREEMENT between %s and %s\n", r->first->name, r->second->name);
    fprintf(out, "  path from the root: %s\n", r->path[0] ? r->path : "(the root itself)");
    fprintf(out, "  position: %s\n", r->position);
    fprintf(out, "  depth remaining: %d\n", r->depth);
    switch (r->verdict) {
    case CROSS_MOVES_DIFFER:
        fprintf(out, "  moves only %s generates: %s\n", r->first->name, r->only_first[0] ? r->only_first : "(none)");
        fprintf(out, "  moves only %s generates: %s\n", r->second->name, r->only_second[0] ? r->only_second : "(none)");
        break;
    case CROSS_POSITIONS_DIFFER:
        fprintf(out, "  after this path %s has: %s\n", r->second->name, r->other_position);
        break;
    case CROSS_PERFT_INCONSISTENT: {
        const Session *s[2] = {a, b};
        for (int k = 0; k < 2; k++) {
            uint64_t direct = s[k]->backend->perft(s[k]->state, r->depth, bulk);
            fprintf(out, "  %s: perft(%d) = %llu\n", s[k]->backend->name, r->depth, (unsigned long long)direct);
        }
        fprintf(out, "  the legal moves and every child's count agree: one backend's perft() disagrees with its own "
                     "make/unmake here\n");
        break;
    }
    default: break;
    }
}

int crosscheck(const Backend *const *backends, int count, const Position *pos, const char *moves, int depth, int bulk,
               FILE *out, CrossReport *report, char *err, size_t errlen)
{
    Session sessions[CROSS_MAX_BACKENDS];
    int counts[CROSS_MAX_BACKENDS];
    int opened = 0, result = -1;
    memset(report, 0, sizeof *report);
    if (count < 1 || count > CROSS_MAX_BACKENDS) {
        snprintf(err, errlen, "cross-check needs 1 to %d backends, got %d", CROSS_MAX_BACKENDS, count);
        return -1;
    }
    /* One divide per backend: 128 KiB for eight, too much for a stack. */
    DivideEntry(*entries)[MAX_MOVES] = malloc(sizeof *entries * (size_t)count);
    if (!entries) {
        snprintf(err, errlen, "cross-check: out of memory");
        return -1;
    }
    for (; opened < count; opened++) {
        if (session_open(&sessions[opened], backends[opened], pos, err, errlen) < 0 ||
            session_play(&sessions[opened], moves, err, errlen) < 0) {
            opened++;
            goto done;
        }
    }
    Game game = pos->game;
    for (int k = 0; k < count; k++) {
        counts[k] = session_divide(&sessions[k], depth, bulk, entries[k]);
        report->total[k] = 0;
        for (int i = 0; i < counts[k]; i++)
            report->total[k] += entries[k][i].count;
    }
    /* The first backend that differs from backend 0 in its list or counts. */
    int odd = -1;
    for (int k = 1; k < count && odd < 0; k++) {
        if (counts[k] != counts[0])
            odd = k;
        for (int i = 0; i < counts[0] && odd < 0; i++)
            if (!move_equal(entries[k][i].move, entries[0][i].move) || entries[k][i].count != entries[0][i].count)
                odd = k;
    }
    if (odd < 0) {
        for (int i = 0; i < counts[0]; i++) {
            char text[MOVE_TEXT_MAX];
            move_format(game, entries[0][i].move, text);
            fprintf(out, "%s %llu\n", text, (unsigned long long)entries[0][i].count);
        }
        fprintf(out, "\n%llu\n", (unsigned long long)report->total[0]);
        report->verdict = CROSS_AGREE;
        result = 0;
        goto done;
    }

    /* A table over the union of root moves, one column per backend.  Each
     * list holds at most MAX_MOVES, and so does the table. */
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
        fprintf(out, " %14s", backends[k]->name);
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
        fprintf(out, "(the backends' root moves number more than %d: the rest are not shown)\n", MAX_MOVES);

    /* The path is reported from the root position, through the given moves. */
    if (moves) {
        size_t n = 0;
        for (const char *c = moves; *c && n + 1 < sizeof report->path; c++) {
            bool space = *c == ' ' || *c == '\t' || *c == '\n';
            if (!space)
                report->path[n++] = *c;
            else if (n && report->path[n - 1] != ' ')
                report->path[n++] = ' ';
        }
        while (n && report->path[n - 1] == ' ')
            n--;
        report->path[n] = '\0';
    }
    /* The table is printed: the two divides it came from are free again. */
    descend(&sessions[0], &sessions[odd], depth, bulk, entries[0], entries[odd], report);
    print_report(out, report, bulk, &sessions[0], &sessions[odd]);
    result = 1;
done:
    for (int k = 0; k < opened; k++)
        session_close(&sessions[k]);
    free(entries);
    return result;
}
