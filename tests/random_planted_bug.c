/* A random run must find a planted bug: build/MODE/perft-planted is
 * bin/perft with one more backend per game, "planted" (the mailbox, less
 * one legal move at one position: tests/planted/planted_backend.h).  The
 * bug is planted one forced move into the game, so every seed's game passes
 * it; the run has to report that position, the path to it and the dropped
 * move, in JSON's "disagreements" and in the text a user replays from. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "planted_backend.h"
#include "position_text.h"

/* White's king on a1 is in check from the rook on h1, and the rook on b8
 * guards b1 and b2: a1a2 is White's one legal move.  The bug: after it,
 * the planted backend does not generate Black's king move h8g8. */
static const char *const ROOT = "1r5k/8/8/8/8/8/8/K6r w - - 0 1";
static const char *const PATH = "a1a2";
static const char *const DROP = "h8g8";

/* perft-planted with the bug planted, on `args` (one shell word each):
 * its stdout (free it) and exit status. */
static char *run_planted(const char *args, int *status)
{
    char command[2048];
    snprintf(command, sizeof command, "PLANTED_ROOT='%s' PLANTED_PATH='%s' PLANTED_DROP='%s' %s %s", ROOT, PATH, DROP,
             TEST_PLANTED_PERFT, args);
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run %s", command);
    size_t size = 0, length = 0;
    char *out = NULL;
    for (;;) {
        if (length + 4096 > size) {
            size = size * 2 + 4096;
            out = realloc(out, size);
            cr_assert(out);
        }
        size_t n = fread(out + length, 1, size - length - 1, p);
        length += n;
        if (n == 0)
            break;
    }
    out[length] = '\0';
    int r = pclose(p);
    *status = WIFEXITED(r) ? WEXITSTATUS(r) : -1;
    return out;
}

/* A random run of three games from ROOT with seed 5, and `format`: its
 * stdout (free it), asserted to exit 1 (a disagreement); `at` receives the
 * position the bug is planted at, as the harness writes it. */
static char *run_random_games(const char *format, char at[POSITION_TEXT_MAX])
{
    char err[256], args[512];
    Position position;
    cr_assert_eq(planted_bug_set(ROOT, PATH, DROP, &position, err, sizeof err), 0, "%s", err);
    position_format(&position, at, POSITION_TEXT_MAX);
    snprintf(args, sizeof args, "--random 3 --plies 20 --seed 5 --random-start '%s' -b all %s", ROOT, format);
    int status;
    char *out = run_planted(args, &status);
    cr_expect_eq(status, 1, "a disagreement exits 1, not %d:\n%s", status, out);
    return out;
}

Test(random_planted_bug, json_names_the_kind_the_path_and_the_dropped_move, .timeout = 60)
{
    char expected[POSITION_TEXT_MAX];
    char *out = run_random_games("--format json", expected);
    json_error_t error;
    json_t *doc = json_loads(out, 0, &error);
    cr_assert(doc, "not one JSON document (%s):\n%s", error.text, out);
    json_t *list = json_object_get(doc, "disagreements");
    cr_assert(json_is_array(list), "no \"disagreements\" array:\n%s", out);
    cr_assert_eq(json_array_size(list), 1, "the run stops at its first disagreement:\n%s", out);
    json_t *d = json_array_get(list, 0);
    cr_expect_str_eq(json_string_value(json_object_get(d, "verdict")), "moves differ");
    cr_expect_str_eq(json_string_value(json_object_get(d, "first")), "mailbox");
    cr_expect_str_eq(json_string_value(json_object_get(d, "second")), "planted");
    cr_expect_str_eq(json_string_value(json_object_get(d, "path")), PATH);
    cr_expect_str_eq(json_string_value(json_object_get(d, "position")), expected);
    cr_expect_str_eq(json_string_value(json_object_get(d, "only_first")), DROP);
    cr_expect_str_eq(json_string_value(json_object_get(d, "only_second")), "");
    cr_expect_str_eq(json_string_value(json_object_get(d, "start")), ROOT);
    cr_expect_eq(json_integer_value(json_object_get(d, "seed")), 5);
    cr_expect_eq(json_integer_value(json_object_get(d, "game")), 0);
    cr_expect_eq(json_integer_value(json_object_get(d, "ply")), 1);
    json_t *random = json_object_get(doc, "random");
    cr_expect_eq(json_integer_value(json_object_get(random, "disagreements")), 1);
    cr_expect_eq(json_integer_value(json_object_get(random, "games")), 1, "the run stops at the first game");
    cr_expect_eq(json_integer_value(json_object_get(random, "positions")), 2, "found at ply 1: two nodes checked");
    json_decref(doc);
    free(out);
}

Test(random_planted_bug, the_text_names_game_seed_path_and_position, .timeout = 60)
{
    char expected[POSITION_TEXT_MAX], line[POSITION_TEXT_MAX + 64];
    char *out = run_random_games("", expected);
    cr_expect(strstr(out, "random: seed 5, game 0, ply 1: the participants disagree\n"), "%s", out);
    snprintf(line, sizeof line, "  start: %s\n", ROOT);
    cr_expect(strstr(out, line), "no start line:\n%s", out);
    cr_expect(strstr(out, "DISAGREEMENT between mailbox and planted\n"), "%s", out);
    cr_expect(strstr(out, "  path from the root: a1a2\n"), "%s", out);
    snprintf(line, sizeof line, "  position: %s\n", expected);
    cr_expect(strstr(out, line), "no position line:\n%s", out);
    cr_expect(strstr(out, "  moves only mailbox generates: h8g8\n"), "%s", out);
    cr_expect(strstr(out, "  moves only planted generates: (none)\n"), "%s", out);
    cr_expect(strstr(out, "random: replay with --seed 5 (game 0 of the run)\n"), "%s", out);
    free(out);
}
