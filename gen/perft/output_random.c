#include "output_random.h"

#include "output_divide.h"

static json_t *disagreement_json(const RunSettings *s, const RandomResult *r)
{
    json_t *j = output_report_json(&r->report);
    json_object_set_new(j, "seed", json_integer((json_int_t)s->seed));
    json_object_set_new(j, "game", json_integer(r->game));
    json_object_set_new(j, "ply", json_integer(r->ply));
    json_object_set_new(j, "start", json_string(r->start));
    json_object_set_new(j, "start_number", r->start_number[0] ? json_string(r->start_number) : json_null());
    return j;
}

static void output_random_json(Output *o, const RunSettings *s, const RandomResult *r)
{
    json_t *disagreements = json_array();
    if (r->status == EXIT_DIFFER)
        json_array_append_new(disagreements, disagreement_json(s, r));
    output_json_set(o, "disagreements", disagreements);
    output_json_set(o, "random",
                    json_pack("{s:I, s:I, s:i, s:I, s:I, s:I, s:o}", "seed", (json_int_t)s->seed, "games",
                              (json_int_t)r->games, "plies", s->plies, "positions", (json_int_t)r->positions,
                              "round_trips", (json_int_t)r->round_trips, "disagreements", (json_int_t)r->disagreements,
                              "starts", output_json_string(r->starts)));
}

/* The line that says all agreed, and over what. */
static void output_random_summary(Output *o, const RunSettings *s, const Participants *parts, const RandomResult *r)
{
    char who[256];
    int n = snprintf(who, sizeof who, "-b %s", s->backend);
    for (int k = 0; k < parts->engine_count && n > 0 && (size_t)n < sizeof who; k++)
        n += snprintf(who + n, sizeof who - (size_t)n, "%s%s", k ? ", " : ", engines ", parts->engines[k].spec.name);
    output_text(o,
                "random: %ld games of up to %d plies from %s (%s%s): %ld positions compared, %ld make/unmake "
                "round trips, 0 disagreements (seed %u)\n",
                r->games, s->plies, r->starts, who, s->chess960 ? ", --chess960" : "", r->positions, r->round_trips,
                s->seed);
}

int output_random(Output *o, FILE *err, const RunSettings *s, const Participants *parts, const RandomResult *r)
{
    if (r->status == EXIT_USAGE)
        return output_error(o, err, r->error);
    if (o->format == FORMAT_JSON) {
        output_random_json(o, s, r);
    } else if (r->status == EXIT_DIFFER) {
        output_text(o, "random: seed %u, game %ld, ply %d: the participants disagree\n  start: %s%s%s%s\n", s->seed,
                    r->game, r->ply, r->start, r->start_number[0] ? " (" : "", r->start_number,
                    r->start_number[0] ? ")" : "");
        output_disagreement(o, &r->report);
        output_text(o, "random: replay with --seed %u (game %ld of the run)\n", s->seed, r->game);
    } else {
        output_random_summary(o, s, parts, r);
    }
    return r->status;
}
