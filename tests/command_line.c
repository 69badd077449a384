/* bin/perft's command line, run in-process through perft_cli (what main()
 * calls) on memory streams: every spelling of an option value gives the same
 * divide, wrong options get one line and exit status 2, the messages the
 * hand-written parser gave are kept; and moves_sort orders moves by the byte
 * order of their text, the order divide prints, in both games. */
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "command.h"
#include "support.h"

/* The Quaternity opening (gen/quaternity/RULES.md#board-and-opening): '>' '<' '*' '^' and digits, all
 * of which must reach the position parser untouched. */
static const char OPENING[] =
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";
static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* ---- option values, every way they can be written ---- */

typedef struct DivideCase {
    const char *position;
    const char *moves; /* NULL: none */
    const char *depth;
    const char *total; /* the divide's last line */
} DivideCase;

static const DivideCase DIVIDES[] = {
    {OPENING, NULL, "2", "1681"},
    {OPENING, "e5e6 a9a10", "2", NULL},
    {CHESS_INITIAL, NULL, "2", "400"},
    {CHESS_INITIAL, "e2e4", "2", NULL},
};

/* The divide of `c` with the option words `form_args` before or after the
 * arguments. */
static CliRun divide_with(const DivideCase *c, const char *const *form_args, int nform, bool options_last)
{
    const char *args[CLI_ARGS_MAX + 1];
    int n = 0;
    if (!options_last)
        for (int i = 0; i < nform; i++)
            args[n++] = form_args[i];
    args[n++] = c->depth;
    args[n++] = c->position;
    if (c->moves)
        args[n++] = c->moves;
    if (options_last)
        for (int i = 0; i < nform; i++)
            args[n++] = form_args[i];
    args[n] = NULL;
    return cli_run(args);
}

Test(command_line, backend_value_forms_give_the_same_divide)
{
    for (size_t k = 0; k < sizeof DIVIDES / sizeof *DIVIDES; k++) {
        const DivideCase *c = &DIVIDES[k];
        Position pos;
        char err[ERROR_TEXT_MAX];
        cr_assert(position_parse(c->position, &pos, err, sizeof err) == 0, "%s", err);
        const Backend *backends[BACKENDS_MAX];
        int nb = backends_of(pos.game, backends);
        /* "all" divides with every backend and prints the same divide when they agree. */
        for (int b = 0; b <= nb; b++) {
            const char *name = b < nb ? backends[b]->name : "all";
            char attached[64], long_eq[64], abbreviated[64];
            snprintf(attached, sizeof attached, "-b%s", name);
            snprintf(long_eq, sizeof long_eq, "--backend=%s", name);
            snprintf(abbreviated, sizeof abbreviated, "--back=%s", name);
            const char *reference_form[] = {"-b", name};
            CliRun reference = divide_with(c, reference_form, 2, false);
            char where[1024];
            cr_assert(reference.status == 0, "[%s %s] -b %s, divide case %zu: status %d, stderr %s",
                      game_name(pos.game), name, name, k, reference.status, reference.err);
            if (c->total) {
                const char *last = strrchr(reference.out, '\n');
                while (last > reference.out && last[-1] != '\n')
                    last--;
                EXPECT(strncmp(last, c->total, strlen(c->total)) == 0, "[%s %s] total %s, expected %s",
                       game_name(pos.game), name, last, c->total);
            }
            const struct {
                const char *args[2];
                int n;
                bool last;
            } forms[] = {
                {{attached}, 1, false},    {{long_eq}, 1, false},   {{"--backend", name}, 2, false},
                {{abbreviated}, 1, false}, {{"-b", name}, 2, true}, {{long_eq}, 1, true},
                {{attached}, 1, true},
            };
            for (size_t f = 0; f < sizeof forms / sizeof *forms; f++) {
                CliRun r = divide_with(c, forms[f].args, forms[f].n, forms[f].last);
                const char *form_args[] = {forms[f].args[0], forms[f].n > 1 ? forms[f].args[1] : NULL, NULL};
                EXPECT(r.status == 0 && strcmp(r.out, reference.out) == 0,
                       "[%s %s] '%s'%s (options %s the arguments) gives status %d and a divide that differs from "
                       "-b %s:\n%s\nstderr: %s",
                       game_name(pos.game), name, joined(form_args, where, sizeof where), c->moves ? " with moves" : "",
                       forms[f].last ? "after" : "before", r.status, name, r.out, r.err);
                cli_free(&r);
            }
            cli_free(&reference);
        }
    }
}

Test(command_line, other_option_values_attached_or_separate)
{
    /* --no-bulk and --max-depth=1 / --max-depth 1 on a suite: same output but for the timings, so compare the
     * result column through the summary line. */
    CliRun a = RUN("--no-bulk", "-b", "mailbox", "2", CHESS_INITIAL);
    CliRun b = RUN("2", CHESS_INITIAL, "--no-bulk", "--backend=mailbox");
    cr_assert(a.status == 0 && b.status == 0, "status %d and %d: %s %s", a.status, b.status, a.err, b.err);
    cr_expect_str_eq(a.out, b.out);
    cli_free(&a);
    cli_free(&b);
    CliRun s1 = RUN("--suite=positions/chess/famous.epd", "--max-depth=1", "-bpadded");
    CliRun s2 = RUN("--suite", "positions/chess/famous.epd", "--max-depth", "1", "-b", "padded");
    cr_assert(s1.status == 0 && s2.status == 0, "status %d and %d: %s %s", s1.status, s2.status, s1.err, s2.err);
    const char *summary1 = strstr(s1.out, "suite "), *summary2 = strstr(s2.out, "suite ");
    cr_assert(summary1 && summary2, "no summary line:\n%s\n%s", s1.out, s2.out);
    cr_expect(strncmp(summary1, summary2, strcspn(summary1, "\n")) == 0, "summaries differ:\n%s\n%s", summary1,
              summary2);
    cli_free(&s1);
    cli_free(&s2);
}

/* ---- errors: one line on stderr, nothing on stdout, exit status 2 ---- */

Test(command_line, unknown_options)
{
    EXPECT_ERROR("perft: unknown option '--bogus' (see --help)", "--bogus", "2", OPENING);
    EXPECT_ERROR("perft: unknown option '--bogus=3' (see --help)", "2", OPENING, "--bogus=3");
    EXPECT_ERROR("perft: unknown option '-x' (see --help)", "-x", "2", OPENING);
    EXPECT_ERROR("perft: unknown option '-xb' (see --help)", "2", OPENING, "-xb");
    EXPECT_ERROR("perft: option '--b' is ambiguous (see --help)", "--b", "mailbox", "2", OPENING);
    EXPECT_ERROR("perft: option --bulk takes no value (see --help)", "--bulk=yes", "2", OPENING);
}

Test(command_line, missing_option_values)
{
    EXPECT_ERROR("perft: option -b needs a value", "2", OPENING, "-b");
    EXPECT_ERROR("perft: option --backend needs a value", "2", OPENING, "--backend");
    EXPECT_ERROR("perft: option --seed needs a value", "--random", "1", "--seed");
    EXPECT_ERROR("perft: option --max-depth needs a value", "--suite", "positions/chess/famous.epd", "--max-depth");
    EXPECT_ERROR("perft: option --from needs a value", "--random", "1", "--from");
}

/* The messages of the hand-written parser getopt_long replaced. */
Test(command_line, messages_kept)
{
    /* The names known are the registry's, each once, then all and none. */
    char known[512] = "perft: unknown backend 'nope' (known: ";
    for (int i = 0; backend_registry[i]; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(backend_registry[j]->name, backend_registry[i]->name) == 0;
        if (!seen)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s, ", backend_registry[i]->name);
    }
    snprintf(known + strlen(known), sizeof known - strlen(known), "all, none; see --list)\n");
    cli_expect_error((const char *const[]){"--backend=nope", "1", OPENING, NULL}, known);
    cli_expect_error((const char *const[]){"-bnope", "1", CHESS_INITIAL, NULL}, known);
    /* A negative number is an argument, not a cluster of short options. */
    EXPECT_ERROR("perft: depth '-1' is not a number from 1 to 20", "-1", OPENING);
    EXPECT_ERROR("perft: depth '-12' is not a number from 1 to 20", "-b", "mailbox", "-12", OPENING);
    EXPECT_ERROR("perft: depth '-1' is not a number from 1 to 20", "--", "-1", OPENING);
    EXPECT_ERROR("perft: depth '0' is not a number from 1 to 20", "0", OPENING);
    EXPECT_ERROR("perft: depth '21' is not a number from 1 to 20", "21", OPENING);
    EXPECT_ERROR("perft: --seed '-5' is not a number from 0 to 2147483647", "--random", "1", "--seed", "-5");
    EXPECT_ERROR("perft: --seed '-5' is not a number from 0 to 2147483647", "--random", "1", "--seed=-5");
    EXPECT_ERROR("perft: --max-depth '0' is not a depth from 1 to 20", "--max-depth=0", "--suite", "x");
    EXPECT_ERROR("perft: --max-nodes '0' is not a number from 1 to 9223372036854775806", "--max-nodes", "0", "--suite",
                 "x");
    EXPECT_ERROR("perft: --random 'abc' is not a game count from 1 to 100000000", "--random=abc");
    EXPECT_ERROR("perft: --plies '0' is not a number from 1 to 10000", "--random", "1", "--plies=0");
    EXPECT_ERROR("perft: missing the POSITION argument after depth '1' (see --help)", "1");
    EXPECT_ERROR("perft: unexpected argument 'b': quote the position and the move list", "1", OPENING, "a", "b");
    EXPECT_ERROR("perft: unexpected argument '1' with --suite or --random", "--random", "1", "1");
}

Test(command_line, help_and_list)
{
    CliRun h = RUN("2", OPENING, "--help");
    cr_expect(h.status == 0 && strncmp(h.out, "Usage: perft", 12) == 0, "--help: status %d, stdout %s", h.status,
              h.out);
    cli_free(&h);
    CliRun l = RUN("--list");
    cr_expect(l.status == 0 && strstr(l.out, "bitboard") != NULL, "--list: status %d, stdout %s", l.status, l.out);
    cli_free(&l);
    EXPECT_ERROR("perft: nothing to do: give DEPTH \"POSITION\" [\"MOVES\"], --suite FILE or --random GAMES (see "
                 "--help)",
                 "--no-bulk");
}

/* ---- moves_sort: the byte order of the move text ---- */

static int compare_strings(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Sorts `moves` with moves_sort (from reversed order, so it has work to do)
 * and checks the result against the texts sorted by strcmp. */
static void expect_sorted_by_text(const char *where, Game game, const Move *moves, int count)
{
    Move sorted[MAX_MOVES];
    char expected[MAX_MOVES][MOVE_TEXT_MAX];
    for (int i = 0; i < count; i++) {
        sorted[i] = moves[count - 1 - i];
        move_format(game, moves[i], expected[i]);
    }
    qsort(expected, (size_t)count, sizeof *expected, compare_strings);
    moves_sort(game, sorted, count);
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format(game, sorted[i], text);
        if (strcmp(text, expected[i]) != 0) {
            EXPECT(false, "%s: move %d of %d sorts as %s, expected %s", where, i, count, text, expected[i]);
            return;
        }
    }
}

static void expect_list_sorted(Game game, const char *list)
{
    Move moves[MAX_MOVES];
    int count = moves_from_text(list, game, list, moves);
    expect_sorted_by_text(list, game, moves, count);
}

Test(command_line, moves_sort_byte_order_of_hand_lists)
{
    /* a10 before a1a (digit before letter), a move before its promotions,
     * promotion letters in byte order. */
    expect_list_sorted(GAME_QUATERNITY, "l12l11 a1a2 a10a11 a1a10 d11e12q d11e12 d11e12b d11e12n d11e12r a12a11 b1a1 "
                                        "k3l3n k3l3 c5c6 a11a10");
    expect_list_sorted(GAME_CHESS, "e7e8q e7e8n e7e8 e7e8r e7e8b e2e4 a2a3 h7h8r g1f3 b1a3 e1g1 e1c1 a7b8q");
    /* The rules' own example (gen/quaternity/RULES.md#move-text): a10a11 before a1a2. */
    Move m[MAX_MOVES];
    cr_assert(moves_from_text("spec", GAME_QUATERNITY, "a1a2 a10a11", m) == 2);
    moves_sort(GAME_QUATERNITY, m, 2);
    char first[MOVE_TEXT_MAX];
    move_format(GAME_QUATERNITY, m[0], first);
    cr_expect_str_eq(first, "a10a11");
}

/* Every fixture position's legal moves, as the first backend generates them. */
static void expect_fixture_moves_sorted(const char *path)
{
    int count;
    EpdEntry *entries = fixtures_load(path, &count);
    for (int i = 0; i < count; i++) {
        const Backend *backends[BACKENDS_MAX];
        backends_of(entries[i].pos.game, backends);
        Move moves[MAX_MOVES];
        int n = legal_moves(backends[0], &entries[i].pos, moves);
        char where[256];
        snprintf(where, sizeof where, "%s %s", path, entries[i].id);
        expect_sorted_by_text(where, entries[i].pos.game, moves, n);
    }
    free(entries);
}

Test(command_line, moves_sort_byte_order_of_generated_moves)
{
    expect_fixture_moves_sorted("positions/quaternity/reference.epd");
    expect_fixture_moves_sorted("positions/quaternity/pawn-vectors.epd");
    expect_fixture_moves_sorted("positions/quaternity/controllers.epd");
    expect_fixture_moves_sorted("positions/chess/published.epd");
    expect_fixture_moves_sorted("positions/chess/famous.epd");
}
