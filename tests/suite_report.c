/* What a suite run reports when a count is wrong: the row names the
 * position itself (its FEN or QFEN, not only its id), and when the
 * participants disagree the run descends to the first diverging position
 * as divide does.  And the JSON and Stockfish formats of a divide resume
 * from a checkpoint and say on how many threads they ran, like text.  And
 * the failing positions are summed by kind at the end. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "engines_support.h"

/* After 1. e4 d5 2. e5 f5 the planted-bug engine drops White's en passant
 * capture exf6 (tests/engines/planted_bug.py). */
static const char ROOT[] = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
static const char KIWIPETE[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

static void temp_file(char *path, const char *text)
{
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
}

/* The divide's total: its last line's number. */
static unsigned long long last_number(const char *out)
{
    const char *p = out + strlen(out);
    while (p > out && (p[-1] == '\n'))
        p--;
    while (p > out && p[-1] != '\n' && p[-1] != ' ')
        p--;
    return strtoull(p, NULL, 10);
}

Test(suite_report, a_wrong_count_names_the_position)
{
    /* The published D2 of Kiwipete is 2039 (positions/chess/famous.epd); the
     * file says 2040. */
    char path[] = "/tmp/suite-report-XXXXXX", text[512];
    snprintf(text, sizeof text, "%s ;D1 48 ;D2 2040 ;id kiwipete-wrong\n", KIWIPETE);
    temp_file(path, text);
    CliRun r = RUN("--suite", path);
    unlink(path);
    char row[600];
    snprintf(row, sizeof row, "  kiwipete-wrong:1 position: %s\n", KIWIPETE);
    cr_expect_eq(r.status, 1, "%s", r.out);
    cr_expect(strstr(r.out, "FAIL\n") && strstr(r.out, row), "the failing row does not name the position:\n%s", r.out);
    cr_expect(strstr(r.out, "1 failed"), "%s", r.out);
    cli_free(&r);
}

Test(suite_report, a_disagreement_descends_to_the_diverging_position, .timeout = 120)
{
    /* The count in the file is the backends' (bitboard's, agreeing with
     * mailbox): the test is about the descent, not about the count. */
    CliRun reference = RUN("-b", "bitboard", "4", ROOT);
    cr_assert_eq(reference.status, 0);
    char path[] = "/tmp/suite-report-XXXXXX", text[512];
    snprintf(text, sizeof text, "%s ;D4 %llu ;id after-d5\n", ROOT, last_number(reference.out));
    cli_free(&reference);
    temp_file(path, text);
    char spec[1024];
    snprintf(spec, sizeof spec,
             "bug=perftree:" TEST_PLANTED_BUG " --protocol perftree --inner 'perftree:" TEST_PERFT_BIN
             " -b padded' --root '%s' --path 'e4e5 f7f5' --drop e5f6",
             ROOT);
    CliRun r = RUN("--suite", path, "--max-depth", "4", "-b", "mailbox", "--engine", spec);
    unlink(path);
    cr_expect_eq(r.status, 1, "%s\n%s", r.out, r.err);
    cr_expect(strstr(r.out, "DISAGREEMENT between mailbox and bug\n"), "no descent:\n%s", r.out);
    cr_expect(strstr(r.out, "  path from the root: e4e5 f7f5\n"), "not the planted position:\n%s", r.out);
    cr_expect(strstr(r.out, "  moves only mailbox generates: e5f6\n"), "not the dropped move:\n%s", r.out);
    cr_expect(strstr(r.out, "1 disagreement"), "the summary does not count it:\n%s", r.out);
    cli_free(&r);
}

/* A checkpoint holding its header and the first `keep` units of a text
 * run's. */
static void partial_checkpoint(const char *path, int keep)
{
    CliRun full = RUN("--checkpoint", path, "4", KIWIPETE);
    cr_assert_eq(full.status, 0, "%s", full.err);
    cli_free(&full);
    char *text = file_text(path);
    cr_assert(text);
    char *p = text;
    for (int line = 0; line < keep + 1 && p; line++)
        p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
    cr_assert(p);
    *p = '\0';
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    free(text);
}

Test(suite_report, json_and_stockfish_divides_resume_from_a_checkpoint_on_threads)
{
    /* Kiwipete perft 4 is 4085603 (chessprogramming wiki, famous.epd). */
    char path[] = "/tmp/suite-report-ckpt-XXXXXX";
    temp_file(path, "");
    unlink(path);
    partial_checkpoint(path, 10);
    json_t *doc = JSON_RUN(0, "--format", "json", "-t", "2", "--checkpoint", path, "4", KIWIPETE);
    json_t *divide = json_array_get(json_object_get(doc, "divides"), 0);
    cr_expect_eq(json_integer_value(json_object_get(divide, "total")), 4085603);
    cr_expect_eq(json_integer_value(json_object_get(json_object_get(divide, "units"), "from_checkpoint")), 10);
    cr_expect_eq(json_integer_value(json_object_get(doc, "threads")), 2);
    json_decref(doc);

    partial_checkpoint(path, 10);
    CliRun sf = RUN("--format", "stockfish", "-t", "2", "--checkpoint", path, "4", KIWIPETE);
    unlink(path);
    cr_expect_eq(sf.status, 0);
    cr_expect(strstr(sf.out, "\nNodes searched: 4085603\n"), "%s", sf.out);
    cr_expect(strstr(sf.err, "10 of ") && strstr(sf.err, "units already counted, resuming") &&
                  strstr(sf.err, "2 threads") && strstr(sf.err, "10 from the checkpoint"),
              "%s", sf.err);
    cli_free(&sf);
}

/* The failing positions summed by kind (en passant possible, castling
 * rights, side to move in check, promotion possible), in JSON and in text,
 * as the Grand Chess Tree's perft checker sums its failures.  The files
 * below are wrong on purpose: each count is one more than the one the
 * three chess backends agree on (mailbox, padded and bitboard, `-b all`),
 * so every row fails and the tests are about the summary, not the counts. */

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

Test(suite_report, json_sums_the_failing_positions_by_kind)
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

Test(suite_report, text_ends_on_one_block_saying_what_the_failing_positions_share)
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
