#include "engine_cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "random_games.h"
#include "registry.h"
#include "suite.h"

enum { CLI_MAX_DEPTH = 20 };

int cli_engines_option(CliEngines *c, const char *which, const char *value, FILE *err)
{
    if (strcmp(which, "engine") == 0) {
        if (c->count == CLI_MAX_ENGINES)
            return perft_error(err, "--engine '%s': at most %d engines", value, CLI_MAX_ENGINES);
        c->specs[c->count++] = value;
        return -1;
    }
    if (strcmp(which, "timeout") == 0) {
        char *end;
        errno = 0;
        double t = strtod(value, &end);
        if (!*value || *end || errno || !(t > 0 && t <= 86400))
            return perft_error(err, "--engine-timeout '%s' is not a number of seconds above 0 and up to 86400", value);
        c->timeout = t;
        return -1;
    }
    static const char *const formats[] = {"text", "json", "stockfish"};
    for (int f = 0; f < 3; f++)
        if (strcmp(value, formats[f]) == 0) {
            c->format = (OutputFormat)f;
            return -1;
        }
    return perft_error(err, "--format '%s' is not text, json or stockfish", value);
}

bool cli_engines_wanted(const CliEngines *c, const char *backend)
{
    return c->count > 0 || strcmp(backend, "none") == 0 || c->format != FORMAT_TEXT;
}

/* The run's state: the engines started, the JSON document, the streams. */
typedef struct Run {
    Engine engines[CLI_MAX_ENGINES];
    int nengines;
    json_t *doc; /* NULL unless --format json */
    FILE *out, *err;
} Run;

/* An error line on stderr, and in the JSON document's "failures". */
static int run_failed(Run *r, const char *message)
{
    if (r->doc)
        json_array_append_new(json_object_get(r->doc, "failures"), json_string(message));
    return perft_error(r->err, "%s", message);
}

/* Starts every engine, naming duplicates NAME-2, NAME-3 ... */
static int start_engines(Run *r, const CliEngines *c)
{
    char message[1024];
    for (int k = 0; k < c->count; k++) {
        if (engine_open(&r->engines[k], c->specs[k], c->timeout, message, sizeof message) < 0)
            return run_failed(r, message);
        r->nengines++;
        char *name = r->engines[k].spec.name;
        for (int suffix = 2, clash = 1; clash; suffix++) {
            clash = 0;
            for (int j = 0; j < k; j++)
                clash |= strcmp(r->engines[j].spec.name, name) == 0;
            if (clash) {
                size_t n = strcspn(name, "#");
                snprintf(name + n, ENGINE_NAME_MAX - n, "#%d", suffix);
            }
        }
    }
    return -1;
}

static json_t *engines_json(const Run *r)
{
    json_t *a = json_array();
    for (int k = 0; k < r->nengines; k++) {
        const Engine *e = &r->engines[k];
        json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:f, s:i}", "name", e->spec.name, "protocol",
                                           e->spec.protocol == ENGINE_UCI ? "uci" : "perftree", "command",
                                           e->spec.command, "timeout", e->timeout, "queries", e->queries));
    }
    return a;
}

/* The backends `name` selects for `game`. */
static int select_backends(const char *name, Game game, const Backend **out)
{
    int n = 0;
    for (int i = 0; backend_registry[i] && n < CROSS_MAX_PARTICIPANTS; i++)
        if (backend_registry[i]->game == game &&
            (strcmp(name, "all") == 0 || strcmp(name, backend_registry[i]->name) == 0))
            out[n++] = backend_registry[i];
    return n;
}

static int run_divide(Run *r, const char *backend, int bulk, OutputFormat format, const char *const *args, int nargs)
{
    char message[1024];
    if (nargs == 0)
        return run_failed(r, "nothing to do: give DEPTH \"POSITION\" [\"MOVES\"], --suite FILE or --random GAMES");
    if (nargs == 1) {
        snprintf(message, sizeof message, "missing the POSITION argument after depth '%s' (see --help)", args[0]);
        return run_failed(r, message);
    }
    char *end;
    long depth = strtol(args[0], &end, 10);
    if (!*args[0] || *end || depth < 1 || depth > CLI_MAX_DEPTH) {
        snprintf(message, sizeof message, "depth '%s' is not a number from 1 to %d", args[0], CLI_MAX_DEPTH);
        return run_failed(r, message);
    }
    Position pos;
    if (position_parse(args[1], &pos, message, sizeof message) < 0)
        return run_failed(r, message);
    const char *moves = nargs > 2 ? args[2] : NULL;
    Participant ps[CROSS_MAX_PARTICIPANTS];
    const Backend *backends[CROSS_MAX_PARTICIPANTS];
    int n = select_backends(backend, pos.game, backends);
    for (int k = 0; k < n; k++)
        ps[k] = participant_of_backend(backends[k]);
    for (int k = 0; k < r->nengines && n < CROSS_MAX_PARTICIPANTS; k++)
        ps[n++] = participant_of_engine(&r->engines[k]);
    if (n == 0) {
        snprintf(message, sizeof message, "no participant for %s: -b none needs an --engine", game_name(pos.game));
        return run_failed(r, message);
    }
    if (r->doc) {
        json_t *names = json_array();
        for (int k = 0; k < n && ps[k].backend; k++)
            json_array_append_new(names, json_string(ps[k].name));
        json_object_set_new(r->doc, "backends", names);
        json_object_set_new(r->doc, "game", json_string(game_name(pos.game)));
        json_object_set_new(r->doc, "position", json_string(args[1]));
        json_object_set_new(r->doc, "moves", json_string(moves ? moves : ""));
        json_object_set_new(r->doc, "depth", json_integer(depth));
    }
    CrossReport *report = malloc(sizeof *report);
    if (!report)
        return run_failed(r, "out of memory");
    double start = seconds_now();
    int status = crosscheck_participants(ps, n, &pos, moves, (int)depth, bulk, format, r->out, r->doc, report, message,
                                         sizeof message);
    double seconds = seconds_now() - start;
    if (status < 0) {
        free(report);
        return run_failed(r, message);
    }
    if (r->doc)
        json_object_set_new(r->doc, "seconds", json_real(seconds));
    if (n == 1)
        fprintf(r->err, "perft %ld: %llu nodes in %.3f s, %.2f Mnps (%s %s, bulk counting %s, no hashing)\n", depth,
                (unsigned long long)report->total[0], seconds,
                seconds > 0 ? (double)report->total[0] / seconds / 1e6 : 0.0, game_name(pos.game), ps[0].name,
                bulk ? "on" : "off");
    else
        fprintf(r->err, "%d %s participants (%d engines) %s at depth %ld in %.3f s (bulk counting %s, no hashing)\n", n,
                game_name(pos.game), r->nengines, status == 0 ? "agree" : "DISAGREE", depth, seconds,
                bulk ? "on" : "off");
    free(report);
    return status;
}

/* Text written for the JSON document instead of the stream (random games'
 * report), or straight to `out`. */
static int run_random(Run *r, const char *backend, const char *from, long games, unsigned seed, int plies)
{
    if (strcmp(backend, "none") == 0)
        return run_failed(r, "--random needs backends to play the games: -b all or -b NAME beside the engines");
    char message[1024];
    char *text = NULL;
    size_t size = 0;
    FILE *stream = r->doc ? open_memstream(&text, &size) : r->out;
    if (!stream)
        return run_failed(r, "out of memory");
    RandomTotals t;
    int status = random_games_run_with_engines(from, backend, r->engines, r->nengines, games, seed, plies, stream, &t,
                                               message, sizeof message);
    if (r->doc) {
        fclose(stream);
        json_object_set_new(r->doc, "random",
                            json_pack("{s:i, s:I, s:I, s:I, s:I, s:s}", "seed", (int)seed, "games", (json_int_t)t.games,
                                      "positions", (json_int_t)t.positions, "round_trips", (json_int_t)t.round_trips,
                                      "disagreements", (json_int_t)t.disagreements, "report", text ? text : ""));
        free(text);
    }
    return status < 0 ? run_failed(r, message) : status;
}

int cli_engines_run(const CliEngines *c, const char *backend, const char *suite, const char *from, long random_games,
                    int max_depth, unsigned long long max_nodes, unsigned seed, int plies, int bulk,
                    const char *const *args, int nargs, FILE *out, FILE *err)
{
    if (strcmp(backend, "all") != 0 && strcmp(backend, "none") != 0 && !backend_name_known(backend))
        return perft_error(err, "unknown backend '%s' (known: mailbox, padded, bitboard, all, none; see --list)",
                           backend);
    if (strcmp(backend, "none") == 0 && c->count == 0)
        return perft_error(err, "-b none needs at least one --engine (the engines alone take part)");
    if ((suite || random_games > 0) && nargs)
        return perft_error(err, "unexpected argument '%s' with --suite or --random", args[0]);
    if (c->format == FORMAT_STOCKFISH && (suite || random_games > 0))
        return perft_error(err, "--format stockfish is for divide only (use text or json with --suite or --random)");
    Run *r = calloc(1, sizeof *r);
    if (!r)
        return perft_error(err, "out of memory");
    r->out = out;
    r->err = err;
    if (c->format == FORMAT_JSON)
        r->doc = json_pack("{s:s, s:b, s:b, s:i, s:[]}", "command",
                           suite              ? "suite"
                           : random_games > 0 ? "random"
                                              : "divide",
                           "bulk", bulk, "hashing", 0, "threads", 1, "failures");
    int status = start_engines(r, c);
    if (status < 0) {
        char message[1024];
        if (suite) {
            SuiteTotals t;
            status = suite_run_with_engines(suite, backend, r->engines, r->nengines, max_depth, max_nodes, bulk, out,
                                            r->doc, &t, message, sizeof message);
            if (status < 0)
                status = run_failed(r, message);
        } else if (random_games > 0) {
            status = run_random(r, backend, from, random_games, seed, plies);
        } else {
            status = run_divide(r, backend, bulk, c->format, args, nargs);
        }
    }
    if (r->doc) {
        json_object_set_new(r->doc, "engines", engines_json(r));
        json_object_set_new(r->doc, "status", json_integer(status));
        json_dumpf(r->doc, out, JSON_INDENT(2));
        fputc('\n', out);
        json_decref(r->doc);
    }
    for (int k = 0; k < r->nengines; k++)
        engine_close(&r->engines[k]);
    free(r);
    return status;
}
