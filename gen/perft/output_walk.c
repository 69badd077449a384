#include "output_walk.h"

#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "output_divide.h"
#include "registry.h"
#include "report.h"

void output_walk_state(FILE *out, const WalkState *w)
{
    fprintf(out, "root %s\n", w->root);
    fprintf(out, "moves %s\n", w->path[0] ? w->path : "(none: at the root)");
    fprintf(out, "position %s\n", w->position);
    if (w->depth > w->plies)
        fprintf(out, "depth %d (%d below here)\n", w->depth, w->depth - w->plies);
    else
        fprintf(out, "depth %d (nothing below here: %d plies in; depth N for more)\n", w->depth, w->plies);
    if (w->notation == MOVE_NOTATION_CHESS960)
        fputs("notation chess960 (castling as the king taking its rook)\n", out);
}

void output_walk_value(FILE *out, const char *name, const char *value)
{
    fprintf(out, "%s %s\n", name, value);
}

static const DivideEntry *entry_of(const Divide *d, Move move)
{
    for (int j = 0; j < d->count; j++)
        if (move_equal(d->entries[j].move, move))
            return &d->entries[j];
    return NULL;
}

/* Whether the participants' counts of `move` are not all equal (one
 * lacking it counts as differing). */
static bool row_differs(const Divide *ds, int count, Move move)
{
    const DivideEntry *first = entry_of(&ds[0], move);
    for (int k = 1; k < count; k++) {
        const DivideEntry *e = entry_of(&ds[k], move);
        if (!e != !first || (e && first && e->count != first->count))
            return true;
    }
    return false;
}

void output_walk_divides(FILE *out, Game game, MoveNotation notation, const Participant *ps, const Divide *ds,
                         int count, int depth, bool only_differing)
{
    Move all[MAX_MOVES];
    int nall = 0;
    for (int k = 0; k < count; k++)
        for (int i = 0; i < ds[k].count; i++)
            if (nall < MAX_MOVES && moves_find(all, nall, ds[k].entries[i].move) < 0)
                all[nall++] = ds[k].entries[i].move;
    moves_sort_as(game, notation, all, nall);
    int width = 8; /* the columns fit the longest name and the longest count */
    for (int k = 0; k < count; k++) {
        int n = (int)strlen(ps[k].name);
        width = n > width ? n : width;
        n = (int)strlen(PERFT_COUNT_TEXT(ds[k].total));
        width = n > width ? n : width;
    }
    fprintf(out, "%-8s", "move");
    for (int k = 0; k < count; k++)
        fprintf(out, " %*s", width, ps[k].name);
    fputc('\n', out);
    int differing = 0;
    for (int i = 0; i < nall; i++) {
        bool differs = row_differs(ds, count, all[i]);
        differing += differs;
        if (only_differing && !differs)
            continue;
        char text[MOVE_TEXT_MAX];
        move_format_as(game, all[i], notation, text);
        fprintf(out, "%-8s", text);
        for (int k = 0; k < count; k++) {
            const DivideEntry *e = entry_of(&ds[k], all[i]);
            fprintf(out, " %*s", width, e ? PERFT_COUNT_TEXT(e->count) : "-");
        }
        fputs(differs ? "   <- differs\n" : "\n", out);
    }
    bool totals_differ = false;
    fprintf(out, "%-8s", "total");
    for (int k = 0; k < count; k++) {
        fprintf(out, " %*s", width, PERFT_COUNT_TEXT(ds[k].total));
        totals_differ |= ds[k].total != ds[0].total;
    }
    fputs(totals_differ ? "   <- differs\n" : "\n", out);
    if (differing == 0)
        fprintf(out, "agree: %d participant%s, %d moves, depth %d\n", count, count == 1 ? "" : "s", nall, depth);
    else
        fprintf(out, "differ: %d of %d moves, %d participants, depth %d\n", differing, nall, count, depth);
}

void output_walk_report(FILE *out, FILE *err, const CrossReport *r, bool boards, BoardStyle style)
{
    if (r->verdict == CROSS_AGREE) {
        fputs("agree: no participant differs from here\n", out);
        return;
    }
    /* The divide's own report, word for word (output_divide.c), without
     * its opening blank line. */
    char *text = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&text, &size);
    if (!memory) {
        fputs("(out of memory)\n", out);
        return;
    }
    Output o = {
        .stream = memory, .err = err, .name = "memory", .format = FORMAT_TEXT, .boards = boards, .board = style};
    output_disagreement(&o, r);
    fclose(memory);
    fputs(text && text[0] == '\n' ? text + 1 : text ? text : "", out);
    free(text);
}

void output_walk_participant(FILE *out, const char *name, const char *kind, Game game, const char *spec, bool here)
{
    fprintf(out, "participant %s %s %s%s%s%s\n", name, kind, game_name(game), spec ? " " : "", spec ? spec : "",
            here ? "" : " (not at this position: another game)");
}

void output_walk_help(FILE *out)
{
    static const char *const LINES[] = {
        "fen [POSITION]             set the root (FEN, QFEN, chess960:N, dfrc:W,B; the moves cleared), or show it",
        "position startpos|fen POSITION [moves M ...]   the same, UCI's way",
        "moves [M ...]              set the moves from the root, or show them",
        "depth [N]                  the divide's depth from the root (perftree's), or show it",
        "divide                     every move's count per participant, the differing rows marked",
        "diff                       the same, only the rows that differ",
        "move M ... | child M ...   step in (UCI text, promotion in either case; castling e1g1 or e1h1)",
        "back [N] | parent | unmove step back one move (or N)",
        "root                       back to the root",
        "descend                    from here to the first diverging position, and stand there",
        "board                      the position as a diagram",
        "pgn FILE [GAME]            a PGN game's start as the root, its moves as the moves (GAME: 1 by default)",
        "state                      where the walk stands",
        "engines [add NAME|SPEC | drop NAME]   the participants; add or drop a backend or an engine",
        "chess960 | nochess960      castling written as the king taking its rook, or as the king's move",
        "help                       this text",
        "quit | exit                leave (so does the end of input, Ctrl-D)",
        "Ctrl-C during a count stops it and the walk goes on; on a pipe each answer ends with 'ok' or 'error: ...'",
    };
    for (size_t i = 0; i < sizeof LINES / sizeof *LINES; i++)
        fprintf(out, "%s\n", LINES[i]);
}

void output_walk_refusal(FILE *out, const char *text)
{
    char *escaped = report_escaped(text);
    fprintf(out, "error: %s\n", escaped ? escaped : "(out of memory)");
    free(escaped);
}

void output_walk_ok(FILE *out, bool marked)
{
    if (marked)
        fputs("ok\n", out);
}

const char *output_walk_prompt(void)
{
    return "walk> ";
}

void output_walk_cancelled(FILE *out)
{
    fputc('\n', out);
}

bool output_walk_flush(FILE *out)
{
    return fflush(out) == 0 && !ferror(out);
}
