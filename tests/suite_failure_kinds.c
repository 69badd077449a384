/* A suite's failing positions summed by kind (en passant possible,
 * castling rights, side to move in check, promotion possible), in JSON and
 * in text, as the Grand Chess Tree's perft checker sums its failures.  The
 * files below are wrong on purpose: each count is one more than the one
 * the three chess backends agree on (mailbox, padded and bitboard, `-b all`),
 * so every row fails and the test is about the summary, not the counts. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "engines_support.h"

static void temp_file(char *path, const char *text)
{
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
}

/* One position of each kind, one of none, one whose FEN names an en
 * passant square that no pawn can take (not "possible": the kind is a
 * legal capture), and one right count, which is not summed. */
static const char MIXED[] =
    /* exd6 e.p. legal, castling rights KQkq; 31 legal moves */
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3 ;D1 32 ;id ep-and-castling\n"
    /* d6 in the FEN, no white pawn beside d5; 31 legal moves */
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 ;D1 32 ;id ep-field-only\n"
    /* the rook on h1 checks; 3 and 57: two failing rows, one position */
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1 ;D1 4 ;D2 58 ;id in-check\n"
    /* b8=Q, R, B, N and five king moves: 9 */
    "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 ;D1 10 ;id promotion\n"
    /* five king moves */
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 6 ;id nothing\n"
    /* exd6 e.p. would leave the king on a5 to the rook on h5: 6 legal moves */
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1 ;D1 7 ;id ep-pinned\n"
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;id start-right\n";

static int member(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    cr_assert(json_is_integer(v), "no integer \"%s\" in the summary by kind", key);
    return (int)json_integer_value(v);
}

Test(suite_failure_kinds, json_sums_the_failing_positions_by_kind)
{
    char path[] = "/tmp/suite-kinds-XXXXXX";
    temp_file(path, MIXED);
    json_t *doc = JSON_RUN(1, "--format", "json", "--suite", path, "--max-depth", "2");
    unlink(path);
    json_t *summary = json_object_get(doc, "summary");
    cr_assert_eq(json_integer_value(json_object_get(summary, "failed")), 7);
    json_t *kinds = json_object_get(summary, "failed_by_kind");
    cr_assert(json_is_object(kinds), "no \"failed_by_kind\" in the suite's summary");
    cr_expect_eq(member(kinds, "failed_positions"), 6);
    cr_expect_eq(member(kinds, "unclassified"), 0);
    cr_expect_eq(member(kinds, "en_passant_possible"), 1);
    cr_expect_eq(member(kinds, "castling_rights"), 2);
    cr_expect_eq(member(kinds, "in_check"), 1);
    cr_expect_eq(member(kinds, "promotion_possible"), 1);
    cr_expect_eq(member(kinds, "none_of_these"), 2);
    cr_expect(json_is_string(json_object_get(kinds, "classified_by")));
    json_decref(doc);
}

Test(suite_failure_kinds, text_ends_on_one_block_saying_what_they_all_share)
{
    /* Two positions with a legal e.p. capture: 31 and 7 legal moves. */
    char path[] = "/tmp/suite-kinds-XXXXXX";
    temp_file(path, "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3 ;D1 32\n"
                    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 ;D1 8\n");
    CliRun r = RUN("--suite", path);
    unlink(path);
    cr_expect_eq(r.status, 1, "%s", r.out);
    cr_expect(strstr(r.out, "failing positions by kind: 2 positions"), "no summary by kind:\n%s", r.out);
    cr_expect(strstr(r.out, "  en passant possible    2 (all)\n"), "not all with en passant:\n%s", r.out);
    cr_expect(strstr(r.out, "  castling rights        1\n"), "%s", r.out);
    cr_expect(strstr(r.out, "  none of these          0\n"), "%s", r.out);
    cli_free(&r);

    /* Nothing failed, no block. */
    char right[] = "/tmp/suite-kinds-XXXXXX";
    temp_file(right, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1 ;D1 7\n");
    CliRun ok = RUN("--suite", right);
    unlink(right);
    cr_expect_eq(ok.status, 0, "%s", ok.out);
    cr_expect(!strstr(ok.out, "by kind"), "a block with nothing failed:\n%s", ok.out);
    cli_free(&ok);
}
