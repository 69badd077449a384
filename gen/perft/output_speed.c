#include "output_speed.h"

#include <stdlib.h>
#include <string.h>

#include "registry.h"

void speed_add(SpeedRow *rows, int *count, const Participant *p, Game game, const Divide *d)
{
    int i = 0;
    while (i < *count && (rows[i].game != game || strcmp(rows[i].name, p->name) != 0))
        i++;
    if (i == MAX_SPEED_ROWS)
        return;
    if (i == *count)
        rows[(*count)++] = (SpeedRow){p->name, game, p->engine, 0, 0};
    /* A checkpoint's units took no time here; a sum past 2^128 - 1 shows as
     * the largest count (a speed figure, not a perft count). */
    if (!perft_count_add(&rows[i].nodes, d->total - d->deep.nodes_resumed))
        rows[i].nodes = PERFT_COUNT_MAX;
    rows[i].seconds += d->seconds;
}

void output_counting_text(const CountPolicy *p, bool with_threads, char *out, size_t size)
{
    char hashing[64], threads[32] = "";
    perft_hash_describe(p->table ? p->table->hash : NULL, hashing, sizeof hashing);
    if (with_threads)
        snprintf(threads, sizeof threads, ", %d thread%s", p->threads, p->threads == 1 ? "" : "s");
    snprintf(out, size, "bulk counting %s, %s%s",
             p->bulk    ? "on"
             : p->stats ? "off (--stats: every last-ply move made)"
                        : "off",
             hashing, threads);
}

static double nps(const SpeedRow *r)
{
    return r->seconds > 0 ? perft_count_double(r->nodes) / r->seconds : 0.0;
}

static double fastest(const SpeedRow *rows, int count, Game game)
{
    double best = 0;
    for (int j = 0; j < count; j++)
        if (rows[j].game == game && nps(&rows[j]) > best)
            best = nps(&rows[j]);
    return best;
}

void speed_rate_text(double rate, char *out, size_t size)
{
    if (rate <= 0)
        snprintf(out, size, "-");
    else if (rate >= 1e9)
        snprintf(out, size, "%.3g G", rate / 1e9);
    else if (rate >= 1e6)
        snprintf(out, size, "%.3g M", rate / 1e6);
    else if (rate >= 1e3)
        snprintf(out, size, "%.3g k", rate / 1e3);
    else
        snprintf(out, size, "%.3g", rate);
}

/* 1.00, 0.52, then two figures below 0.1 (0.078, 0.0019): a slow engine's
 * ratio is never 0.00. */
static void ratio_text(double ratio, char *out, size_t size)
{
    if (ratio <= 0)
        snprintf(out, size, "-");
    else if (ratio >= 0.1)
        snprintf(out, size, "%.2f", ratio);
    else
        snprintf(out, size, "%.2g", ratio);
}

static const char *const PROTOCOL_NOTES[] = {
    [ENGINE_UCI] = "UCI: timed from the query sent to the total read, the engine's start-up not in it",
    [ENGINE_PERFTREE] = "perftree: timed from the process started to the total read, one process per query",
};

char *speed_table_text(const SpeedRow *rows, int count, const char *backends)
{
    char *text = NULL;
    size_t size = 0;
    FILE *t = open_memstream(&text, &size);
    if (!t)
        return NULL;
    int width = (int)strlen("participant");
    bool protocol_used[2] = {false, false};
    for (int i = 0; i < count; i++) {
        width = (int)strlen(rows[i].name) > width ? (int)strlen(rows[i].name) : width;
        if (rows[i].engine)
            protocol_used[rows[i].engine->spec.protocol] = true;
    }
    fprintf(t, "%-10s  %-*s  %15s  %9s  %9s  %10s  %s\n", "game", width, "participant", "nodes", "seconds", "nodes/s",
            "vs fastest", "counted");
    for (int i = 0; i < count; i++) {
        const SpeedRow *r = &rows[i];
        double best = fastest(rows, count, r->game);
        char rate[32], ratio[32], how[160];
        speed_rate_text(nps(r), rate, sizeof rate);
        ratio_text(best > 0 ? nps(r) / best : 0, ratio, sizeof ratio);
        if (r->engine)
            snprintf(how, sizeof how, "by the engine, over %s (%c)",
                     r->engine->spec.protocol == ENGINE_UCI ? "UCI" : "perftree",
                     r->engine->spec.protocol == ENGINE_UCI ? 'a' : 'b');
        else
            snprintf(how, sizeof how, "%s", backends);
        fprintf(t, "%-10s  %-*s  %15s  %9.3f  %9s  %10s  %s\n", game_name(r->game), width, r->name,
                PERFT_COUNT_TEXT(r->nodes), r->seconds, rate, ratio, how);
    }
    for (int p = 0; p < 2; p++)
        if (protocol_used[p])
            fprintf(t, "(%c) %s; its bulk counting, hashing and threads are its own\n", p == ENGINE_UCI ? 'a' : 'b',
                    PROTOCOL_NOTES[p]);
    fprintf(t, "(one run each: medians are in results/, make bench)\n");
    fclose(t);
    return text;
}

void output_speed_table_json(Output *o, const SpeedRow *rows, int count, const char *backends)
{
    if (o->format == FORMAT_JSON) {
        json_t *a = json_array();
        for (int i = 0; i < count; i++) {
            double best = fastest(rows, count, rows[i].game);
            json_t *row = json_pack("{s:s, s:s, s:b, s:o, s:f, s:f, s:f}", "game", game_name(rows[i].game),
                                    "participant", rows[i].name, "engine", rows[i].engine != NULL, "nodes",
                                    output_json_count(rows[i].nodes), "seconds", rows[i].seconds, "nps", nps(&rows[i]),
                                    "vs_best", best > 0 ? nps(&rows[i]) / best : 0.0);
            json_object_set_new(row, "counted",
                                rows[i].engine ? json_string(PROTOCOL_NOTES[rows[i].engine->spec.protocol])
                                               : json_string(backends));
            json_array_append_new(a, row);
        }
        output_json_set(o, "speed", a);
    }
}

void output_speed_table(Output *o, const SpeedRow *rows, int count, const char *backends)
{
    if (o->format == FORMAT_JSON) {
        output_speed_table_json(o, rows, count, backends);
        return;
    }
    if (count == 0)
        return;
    char *text = speed_table_text(rows, count, backends);
    output_text(o, "\n%s", text ? text : "(speed table: out of memory)\n");
    free(text);
}
