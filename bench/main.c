/* bin/bench: the micro-benchmarks, on Google Benchmark through gbench.h.
 *
 * For every registered backend of each game, over that game's fixture file:
 *
 *   generate/GAME/BACKEND          legal move generation
 *   make_unmake/GAME/BACKEND       make + unmake of every legal move
 *   perft_bulk/GAME/BACKEND/dN     perft at depth N, bulk counting on
 *   perft_nobulk/GAME/BACKEND/dN   the same, bulk counting off
 *   depth/GAME/BACKEND/dN          perft, bulk on, of the file's first
 *                                  position (the opening, the initial
 *                                  position) at each depth 1..max
 *
 * Backends are registered side by side within each kind, so a run (and a
 * --benchmark_filter selection) interleaves them.  No hashing anywhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixtures.h"
#include "gbench.h"
#include "micro.h"
#include "registry.h"

enum { NAME_MAX_LEN = 96, CASES_MAX = 2048 };

typedef struct Options {
    const char *fixture_path[GAME_COUNT];
    int perft_depth[GAME_COUNT];
    int depth_max[GAME_COUNT];
} Options;

/* Storage for everything registered: the library keeps the pointers. */
static Fixtures fixtures[GAME_COUNT];
static MicroCase cases[CASES_MAX];
static int case_count;

static void usage(FILE *out)
{
    fprintf(out, "usage: bench [OPTIONS] [--benchmark_* flags of Google Benchmark]\n"
                 "\n"
                 "  --fixtures-quaternity=FILE  default positions/quaternity/reference.epd\n"
                 "  --fixtures-chess=FILE       default positions/chess/famous.epd\n"
                 "  --perft-depth-quaternity=N  depth of perft_bulk and perft_nobulk (default 4)\n"
                 "  --perft-depth-chess=N       (default 4)\n"
                 "  --depth-max-quaternity=N    deepest depth/ benchmark (default 5)\n"
                 "  --depth-max-chess=N         (default 6)\n"
                 "  -h, --help                  this text, then the library's\n"
                 "\n"
                 "Useful library flags: --benchmark_filter=REGEX, --benchmark_list_tests,\n"
                 "--benchmark_out=FILE --benchmark_out_format=json, --benchmark_repetitions=N,\n"
                 "--benchmark_min_time=SECONDS, --benchmark_enable_random_interleaving=true.\n");
}

/* The value of `--name=VALUE` when arg is that option, else NULL. */
static const char *option_value(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && arg[n] == '=' ? arg + n + 1 : NULL;
}

static int parse_depth(const char *text, int *depth)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < 1 || v > MAX_DEPTH)
        return -1;
    *depth = (int)v;
    return 0;
}

/* Takes our options out of argv, leaving the library's; -1 on a bad value. */
static int parse_options(int *argc, char **argv, Options *o)
{
    static const char *const path_flag[GAME_COUNT] = {"--fixtures-quaternity", "--fixtures-chess"};
    static const char *const perft_flag[GAME_COUNT] = {"--perft-depth-quaternity", "--perft-depth-chess"};
    static const char *const max_flag[GAME_COUNT] = {"--depth-max-quaternity", "--depth-max-chess"};
    int kept = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *v = NULL;
        int used = 0;
        for (int g = 0; g < GAME_COUNT && !used; g++) {
            if ((v = option_value(a, path_flag[g]))) {
                o->fixture_path[g] = v;
                used = 1;
            } else if ((v = option_value(a, perft_flag[g])) || (v = option_value(a, max_flag[g]))) {
                int *target = option_value(a, perft_flag[g]) ? &o->perft_depth[g] : &o->depth_max[g];
                if (parse_depth(v, target) < 0) {
                    fprintf(stderr, "bench: '%s': want a depth from 1 to %d\n", a, MAX_DEPTH);
                    return -1;
                }
                used = 1;
            }
        }
        if (!used)
            argv[kept++] = argv[i];
    }
    *argc = kept;
    argv[kept] = NULL;
    return 0;
}

static void add_case(const char *name, MicroCase c, GbenchUnit unit)
{
    if (case_count == CASES_MAX) {
        fprintf(stderr, "bench: more than %d benchmarks; %s and later ones left out\n", CASES_MAX, name);
        return;
    }
    cases[case_count] = c;
    gbench_register(name, micro_run, &cases[case_count], unit);
    case_count++;
}

/* Registers every benchmark kind by kind, the backends side by side. */
static void register_all(const Options *o, const int *has_game)
{
    char name[NAME_MAX_LEN];
    static const char *const kind_name[] = {"generate", "make_unmake"};
    for (int kind = MICRO_GENERATE; kind <= MICRO_MAKE_UNMAKE; kind++)
        for (int g = 0; g < GAME_COUNT; g++)
            for (int b = 0; has_game[g] && backend_registry[b]; b++) {
                const Backend *be = backend_registry[b];
                if (be->game != (Game)g)
                    continue;
                snprintf(name, sizeof name, "%s/%s/%s", kind_name[kind], game_name(be->game), be->name);
                MicroCase c = {(MicroKind)kind, be, &fixtures[g], 0, fixtures[g].count, 0, 0};
                add_case(name, c, GBENCH_MICROSECONDS);
            }
    for (int bulk = 1; bulk >= 0; bulk--)
        for (int g = 0; g < GAME_COUNT; g++)
            for (int b = 0; has_game[g] && backend_registry[b]; b++) {
                const Backend *be = backend_registry[b];
                if (be->game != (Game)g)
                    continue;
                snprintf(name, sizeof name, "perft_%s/%s/%s/d%d", bulk ? "bulk" : "nobulk", game_name(be->game),
                         be->name, o->perft_depth[g]);
                MicroCase c = {MICRO_PERFT, be, &fixtures[g], 0, fixtures[g].count, o->perft_depth[g], bulk};
                add_case(name, c, GBENCH_MILLISECONDS);
            }
    for (int g = 0; g < GAME_COUNT; g++)
        for (int d = 1; has_game[g] && d <= o->depth_max[g]; d++)
            for (int b = 0; backend_registry[b]; b++) {
                const Backend *be = backend_registry[b];
                if (be->game != (Game)g)
                    continue;
                snprintf(name, sizeof name, "depth/%s/%s/d%d", game_name(be->game), be->name, d);
                MicroCase c = {MICRO_PERFT, be, &fixtures[g], 0, 1, d, 1};
                add_case(name, c, d <= 2 ? GBENCH_MICROSECONDS : GBENCH_MILLISECONDS);
            }
}

int main(int argc, char **argv)
{
    Options o = {{"positions/quaternity/reference.epd", "positions/chess/famous.epd"}, {4, 4}, {5, 6}};
    if (parse_options(&argc, argv, &o) < 0)
        return 2;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            char help[] = "--help";
            char *library_help[] = {argv[0], help, NULL};
            return gbench_run(2, library_help); /* prints the library's flags and exits */
        }
    int has_game[GAME_COUNT] = {0}, any = 0;
    for (int g = 0; g < GAME_COUNT; g++) {
        if (backend_count((Game)g) == 0) {
            fprintf(stderr, "bench: no %s backend is registered; skipping %s\n", game_name((Game)g),
                    game_name((Game)g));
            continue;
        }
        char err[ERROR_TEXT_MAX + 64];
        if (fixtures_load(&fixtures[g], (Game)g, o.fixture_path[g], err, sizeof err) < 0) {
            fprintf(stderr, "bench: %s\n", err);
            return 2;
        }
        has_game[g] = any = 1;
    }
    if (!any) {
        fprintf(stderr, "bench: no backend is registered (gen/core/registry.c)\n");
        return 1;
    }
    register_all(&o, has_game);
    return gbench_run(argc, argv);
}
