#include "output_stats.h"

#include <inttypes.h>
#include <string.h>

#include "move_text.h"

json_t *output_stats_json(Game game, const PerftStats *s)
{
    json_t *j = json_object();
    for (int c = 0; c < perft_stats_columns(game)->count; c++)
        json_object_set_new(j, perft_stats_name(game, c), output_json_count(s->count[c]));
    return j;
}

/* The widest a column's text is: its name, or its largest count. */
static int column_width(Game game, const Divide *d, int c)
{
    char digits[24];
    int width = (int)strlen(perft_stats_name(game, c));
    int n = snprintf(digits, sizeof digits, "%" PRIu64, d->stats.count[c]); /* the total is the largest */
    return n > width ? n : width;
}

void output_divide_stats(Output *o, Game game, const Divide *d, int depth)
{
    if (!d->has_stats || o->format == FORMAT_JSON)
        return;
    const PerftStatsColumns *columns = perft_stats_columns(game);
    output_text(o, "\nstatistics at depth %d, leaves only (%s):\n", depth, columns->definitions);
    for (int c = 0; c < columns->count; c++)
        output_text(o, "  %-28s %" PRIu64 "\n", columns->names[c], d->stats.count[c]);
    if (!d->entry_stats)
        return;
    int widths[STATS_COLUMNS];
    output_text(o, "\n%-8s", "move");
    for (int c = 0; c < columns->count; c++) {
        widths[c] = column_width(game, d, c);
        output_text(o, " %*s", widths[c], columns->names[c]);
    }
    output_text(o, "\n");
    for (int i = 0; i < d->count; i++) {
        if (!d->entries[i].finished)
            continue;
        char text[MOVE_TEXT_MAX];
        move_format_as(game, d->entries[i].move, d->notation, text);
        output_text(o, "%-8s", text);
        for (int c = 0; c < columns->count; c++)
            output_text(o, " %*" PRIu64, widths[c], d->entries[i].stats.count[c]);
        output_text(o, "\n");
    }
}

void output_stats_line(Output *o, Game game, const Divide *d)
{
    if (!d->has_stats || o->format == FORMAT_JSON)
        return;
    output_text(o, "  statistics:");
    for (int c = 0; c < perft_stats_columns(game)->count; c++)
        output_text(o, "%s %s %" PRIu64, c ? "," : "", perft_stats_name(game, c), d->stats.count[c]);
    output_text(o, "\n");
}

void output_stats_missing(Output *o, const Participant *ps, int count, bool *said)
{
    char names[512] = "";
    int missing = 0;
    for (int k = 0; k < count; k++)
        if (!participant_has_stats(&ps[k])) {
            size_t n = strlen(names);
            snprintf(names + n, sizeof names - n, "%s%s", missing++ ? ", " : "", ps[k].name);
        }
    if (missing == 0 || *said)
        return;
    *said = true;
    output_note(o,
                "perft: --stats: no statistics from %s (an engine, or a backend that counts none): %s nodes alone "
                "are counted and compared\n",
                names, missing == 1 ? "its" : "their");
}
