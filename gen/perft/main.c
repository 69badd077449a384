/* bin/perft: perft, divide, suites, cross-checks and random differential
 * games over the registered backends.
 *
 * Divide follows the perftree contract: `perft DEPTH "POSITION" "MOVES"`
 * prints one "move count" line per root move, sorted, a blank line and the
 * total on stdout; timing goes to stderr. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crosscheck.h"
#include "move_text.h"
#include "random_games.h"
#include "registry.h"
#include "session.h"
#include "suite.h"

enum { CLI_MAX_DEPTH = 20 };

static const char *const DEFAULT_BACKEND = "bitboard";

static void usage(FILE *out)
{
    fprintf(out,
            "usage: perft [OPTIONS] DEPTH \"POSITION\" [\"MOVES\"]\n"
            "       perft [OPTIONS] --suite FILE [--max-depth N]\n"
            "       perft [OPTIONS] --random GAMES [--seed S] [--plies N] [--from FILE]\n"
            "\n"
            "POSITION is QFEN (Quaternity) or FEN (chess); MOVES are space-separated\n"
            "move texts (d4e5, d11e12q, e1g1) played before counting.  Divide prints\n"
            "\"move count\" per root move, sorted, a blank line and the total; timing\n"
            "and nodes per second go to stderr.\n"
            "\n"
            "  -b, --backend NAME  mailbox, padded, bitboard, or all: every backend of\n"
            "                      the game, cross-checked (default %s)\n"
            "      --bulk          count the last ply without making its moves (default)\n"
            "      --no-bulk       make every move down to depth 0\n"
            "      --suite FILE    check every ;Dn count of an EPD file (QFEN or FEN lines)\n"
            "      --max-depth N   deepest depth a suite checks (default 3)\n"
            "      --max-nodes N   skip suite counts above N nodes (default: no limit)\n"
            "      --random GAMES  play GAMES random legal games from the opening and\n"
            "                      chess start (or every position of --from FILE),\n"
            "                      comparing every backend's legal moves at every node\n"
            "      --seed S        random seed (default 1); --plies N: plies per game (default 200)\n"
            "      --list          list the backends\n"
            "  -h, --help          this text\n",
            DEFAULT_BACKEND);
}

static int fail(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "perft: ");
    fprintf(stderr, fmt, a, b);
    fprintf(stderr, "\n");
    return 2;
}

/* A whole decimal number in [min, max], or -1. */
static long parse_number(const char *text, long min, long max)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (!*text || *end || errno || v < min || v > max)
        return -1;
    return v;
}

static int run_divide(const char *backend_name, int depth, const char *text, const char *moves, int bulk)
{
    char err[ERROR_TEXT_MAX];
    Position pos;
    if (position_parse(text, &pos, err, sizeof err) < 0)
        return fail("%s%s", err, "");
    if (strcmp(backend_name, "all") == 0) {
        const Backend *backends[16];
        int n = 0;
        for (int i = 0; backend_registry[i]; i++)
            if (backend_registry[i]->game == pos.game)
                backends[n++] = backend_registry[i];
        if (n == 0)
            return fail("no %s backend is registered%s", game_name(pos.game), "");
        CrossReport report;
        double start = seconds_now();
        int r = crosscheck(backends, n, &pos, moves, depth, bulk, stdout, &report, err, sizeof err);
        double seconds = seconds_now() - start;
        if (r < 0)
            return fail("%s%s", err, "");
        fprintf(stderr, "%d %s backends %s at depth %d in %.3f s (bulk counting %s, no hashing)\n", n,
                game_name(pos.game), r == 0 ? "agree" : "DISAGREE", depth, seconds, bulk ? "on" : "off");
        return r;
    }
    const Backend *backend = backend_find(backend_name, pos.game);
    if (!backend)
        return fail("unknown backend '%s' for %s (see --list)", backend_name, game_name(pos.game));
    Session s;
    if (session_open(&s, backend, &pos, err, sizeof err) < 0 || session_play(&s, moves, err, sizeof err) < 0) {
        session_close(&s);
        return fail("%s%s", err, "");
    }
    static DivideEntry entries[MAX_MOVES];
    double start = seconds_now();
    int count = session_divide(&s, depth, bulk, entries);
    double seconds = seconds_now() - start;
    uint64_t total = 0;
    for (int i = 0; i < count; i++) {
        char mt[MOVE_TEXT_MAX];
        move_format(pos.game, entries[i].move, mt);
        printf("%s %llu\n", mt, (unsigned long long)entries[i].count);
        total += entries[i].count;
    }
    printf("\n%llu\n", (unsigned long long)total);
    fprintf(stderr, "perft %d: %llu nodes in %.3f s, %.2f Mnps (%s %s, bulk counting %s, no hashing)\n", depth,
            (unsigned long long)total, seconds, seconds > 0 ? (double)total / seconds / 1e6 : 0.0, game_name(pos.game),
            backend->name, bulk ? "on" : "off");
    session_close(&s);
    return 0;
}

int main(int argc, char **argv)
{
    const char *backend = DEFAULT_BACKEND, *suite = NULL, *from = NULL;
    long max_depth = 3, max_nodes = -1, random_games = -1, seed = 1, plies = 200;
    int bulk = 1;
    const char *args[3];
    int nargs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--list") == 0) {
            for (int k = 0; backend_registry[k]; k++)
                printf("%-10s %-11s %s\n", backend_registry[k]->name, game_name(backend_registry[k]->game),
                       backend_registry[k]->summary);
            return 0;
        } else if (strcmp(a, "--bulk") == 0) {
            bulk = 1;
        } else if (strcmp(a, "--no-bulk") == 0) {
            bulk = 0;
        } else if (strcmp(a, "-b") == 0 || strcmp(a, "--backend") == 0 || strcmp(a, "--suite") == 0 ||
                   strcmp(a, "--max-depth") == 0 || strcmp(a, "--max-nodes") == 0 || strcmp(a, "--random") == 0 ||
                   strcmp(a, "--seed") == 0 || strcmp(a, "--plies") == 0 || strcmp(a, "--from") == 0) {
            if (!value)
                return fail("option %s needs a value%s", a, "");
            i++;
            if (a[1] == 'b' || strcmp(a, "--backend") == 0)
                backend = value;
            else if (strcmp(a, "--suite") == 0)
                suite = value;
            else if (strcmp(a, "--from") == 0)
                from = value;
            else if (strcmp(a, "--max-depth") == 0 && (max_depth = parse_number(value, 1, CLI_MAX_DEPTH)) < 0)
                return fail("--max-depth '%s' is not a depth from 1 to 20%s", value, "");
            else if (strcmp(a, "--max-nodes") == 0 && (max_nodes = parse_number(value, 1, LONG_MAX - 1)) < 0)
                return fail("--max-nodes '%s' is not a positive number%s", value, "");
            else if (strcmp(a, "--random") == 0 && (random_games = parse_number(value, 1, 100000000)) < 0)
                return fail("--random '%s' is not a game count from 1 to 100000000%s", value, "");
            else if (strcmp(a, "--seed") == 0 && (seed = parse_number(value, 0, 2147483647)) < 0)
                return fail("--seed '%s' is not a number from 0 to 2147483647%s", value, "");
            else if (strcmp(a, "--plies") == 0 && (plies = parse_number(value, 1, 10000)) < 0)
                return fail("--plies '%s' is not a number from 1 to 10000%s", value, "");
        } else if (a[0] == '-' && a[1] && !(a[1] >= '0' && a[1] <= '9')) {
            return fail("unknown option '%s' (see --help)%s", a, "");
        } else if (nargs < 3) {
            args[nargs++] = a;
        } else {
            return fail("unexpected argument '%s': quote the position and the move list%s", a, "");
        }
    }
    if (strcmp(backend, "all") != 0 && !backend_name_known(backend))
        return fail("unknown backend '%s' (known: mailbox, padded, bitboard, all; see --list)%s", backend, "");

    char err[ERROR_TEXT_MAX];
    if (suite || random_games > 0) {
        if (nargs)
            return fail("unexpected argument '%s' with --suite or --random%s", args[0], "");
        if (suite) {
            SuiteTotals totals;
            int r = suite_run(suite, backend, (int)max_depth, max_nodes < 0 ? ~0ull : (unsigned long long)max_nodes,
                              bulk, stdout, &totals, err, sizeof err);
            return r < 0 ? fail("%s%s", err, "") : r;
        }
        RandomTotals totals;
        int r =
            random_games_run(from, backend, random_games, (unsigned)seed, (int)plies, stdout, &totals, err, sizeof err);
        return r < 0 ? fail("%s%s", err, "") : r;
    }
    if (nargs == 0) {
        usage(stderr);
        return 2;
    }
    if (nargs == 1)
        return fail("missing the POSITION argument after depth '%s' (see --help)%s", args[0], "");
    /* Divide needs a ply to divide: depth 0 (perft 0 = 1) has no root moves. */
    long depth = parse_number(args[0], 1, CLI_MAX_DEPTH);
    if (depth < 0)
        return fail("depth '%s' is not a number from 1 to 20%s", args[0], "");
    return run_divide(backend, (int)depth, args[1], nargs > 2 ? args[2] : NULL, bulk);
}
