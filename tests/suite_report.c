/* What a suite run reports when a count is wrong: the row names the
 * position itself (its FEN or QFEN, not only its id), and when the
 * participants disagree the run descends to the first diverging position
 * as divide does.  And the JSON and Stockfish formats of a divide resume
 * from a checkpoint and say on how many threads they ran, like text. */
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
