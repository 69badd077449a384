/* -o FILE (or standard output, when it is a file) naming one of the run's
 * own inputs: the checkpoint, the suite, the --from start positions, by
 * any name of the same file.  Refused in one line with status 2, the file
 * untouched; before, the checkpoint was emptied (the interrupt message
 * still said units were kept), the suite file overwritten, and
 * --checkpoint /dev/stdout put unit records among the divide's lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "support.h"

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* A scratch folder the test works in; its name in `dir`. */
static void scratch(char dir[64])
{
    snprintf(dir, 64, "/tmp/input-files-XXXXXX");
    cr_assert(mkdtemp(dir));
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f && fputs(text, f) >= 0 && fclose(f) == 0);
}

Test(input_files, o_naming_the_checkpoint_by_any_name_is_refused_and_the_file_kept)
{
    char dir[64], ck[128], dotted[160], link[128];
    scratch(dir);
    snprintf(ck, sizeof ck, "%s/ck", dir);
    snprintf(dotted, sizeof dotted, "%s/./ck", dir);
    snprintf(link, sizeof link, "%s/link", dir);
    CliRun r = RUN("3", START, "--checkpoint", ck);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cli_free(&r);
    char *before = file_text(ck);
    cr_assert(before && before[0]);
    cr_assert(symlink(ck, link) == 0);
    const char *names[] = {ck, dotted, link};
    for (int i = 0; i < 3; i++) {
        char expected[512];
        snprintf(expected, sizeof expected,
                 "perft: -o %s: the same file as --checkpoint %s: the run would overwrite its own checkpoint\n",
                 names[i], ck);
        r = RUN("3", START, "--checkpoint", ck, "-o", names[i]);
        cr_expect_eq(r.status, 2);
        cr_expect_str_eq(r.err, expected);
        cli_free(&r);
        char *after = file_text(ck);
        cr_expect(after && strcmp(before, after) == 0, "-o %s changed the checkpoint", names[i]);
        free(after);
    }
    /* Neither made yet: the same name is the same file. */
    char fresh[128], fresh_dotted[160];
    snprintf(fresh, sizeof fresh, "%s/fresh", dir);
    snprintf(fresh_dotted, sizeof fresh_dotted, "%s/./fresh", dir);
    r = RUN("2", START, "--checkpoint", fresh, "-o", fresh_dotted);
    cr_expect_eq(r.status, 2, "%s", r.err);
    cr_expect(access(fresh, F_OK) != 0, "the refused run made %s", fresh);
    cli_free(&r);
    free(before);
    unlink(link), unlink(ck), rmdir(dir);
}

Test(input_files, o_naming_the_suite_or_the_start_positions_is_refused)
{
    char dir[64], suite[128], hard[128];
    scratch(dir);
    snprintf(suite, sizeof suite, "%s/s.epd", dir);
    snprintf(hard, sizeof hard, "%s/hard.epd", dir);
    const char *text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n";
    write_file(suite, text);
    cr_assert(link(suite, hard) == 0);
    CliRun r = RUN("--suite", hard, "-o", suite);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "the same file as --suite ") && strstr(r.err, "would overwrite the suite it reads"), "%s",
              r.err);
    cli_free(&r);
    r = RUN("--random", "2", "--from", suite, "-o", hard);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "would overwrite the start positions it reads"), "%s", r.err);
    cli_free(&r);
    char *after = file_text(suite);
    cr_expect(after && strcmp(after, text) == 0, "the suite was changed");
    free(after);
    unlink(hard), unlink(suite), rmdir(dir);
}

Test(input_files, a_checkpoint_that_is_standard_output_is_refused)
{
    char dir[64], out[128], command[512];
    scratch(dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(command, sizeof command, "%s 3 '%s' --checkpoint /dev/stdout >%s 2>%s.err", TEST_PERFT_BIN, START, out,
             out);
    int raw = system(command);
    cr_expect(WIFEXITED(raw) && WEXITSTATUS(raw) == 2, "status %d", raw);
    char err_path[160];
    snprintf(err_path, sizeof err_path, "%s.err", out);
    char *err = file_text(err_path), *text = file_text(out);
    cr_expect(err && strcmp(err, "perft: --checkpoint /dev/stdout: the same file as standard output: the results "
                                 "would be written into its own checkpoint\n") == 0,
              "%s", err);
    cr_expect(text && !text[0], "standard output got: %s", text);
    free(err), free(text);
    unlink(err_path), unlink(out), rmdir(dir);
}
