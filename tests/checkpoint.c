/* --checkpoint FILE: a bin/perft child killed outright (SIGKILL) resumes to
 * the published total without redoing its finished units; a checkpoint
 * from a different command is refused and left alone; a damaged one is
 * reported, never trusted; a last line cut short is dropped and its unit
 * counted again.  Published totals come from positions/chess/famous.epd. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "command.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
static const char KIWIPETE[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/* The published count of `id` at `depth` in famous.epd. */
static unsigned long long published(const char *id, int depth)
{
    int count;
    EpdEntry *e = fixtures_load("positions/chess/famous.epd", &count);
    for (int i = 0; i < count; i++)
        if (strcmp(e[i].id, id) == 0 && e[i].has[depth]) {
            unsigned long long n = e[i].expected[depth];
            free(e);
            return n;
        }
    cr_assert_fail("famous.epd has no %s at depth %d", id, depth);
    return 0;
}

static void temp_path(char *path)
{
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp failed");
    close(fd);
    unlink(path); /* the run creates it */
}

/* "perft: checkpoint F: N of M units already counted": N and M, or 0 0. */
static void resumed_units(const char *err, unsigned long *done, unsigned long *total)
{
    const char *p = strstr(err, "units already counted");
    *done = *total = 0;
    if (!p)
        return;
    while (p > err && p[-1] != ':')
        p--;
    sscanf(p, " %lu of %lu", done, total);
}

Test(checkpoint, a_killed_run_resumes_to_the_published_total, .timeout = 120 * TEST_SLOWDOWN)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX", out_path[] = "/tmp/perft-checkpoint-out-XXXXXX";
    temp_path(path);
    temp_path(out_path);
    Child c = child_start((const char *const[]){"-t", "2", "--checkpoint", path, "5", KIWIPETE, NULL}, out_path);
    /* Kill it once five units are on disk (header + 5 lines). */
    cr_assert(child_kill_at_lines(&c, path, 6), "the run ended before it could be killed");
    unlink(out_path);

    CliRun fresh = RUN("-t", "2", "5", KIWIPETE);
    CliRun resumed = RUN("-t", "2", "--checkpoint", path, "5", KIWIPETE);
    cr_assert(resumed.status == 0, "the resumed run: status %d, %s", resumed.status, resumed.err);
    unsigned long done, total;
    resumed_units(resumed.err, &done, &total);
    cr_assert(done >= 5 && done < total, "the resumed run took %lu of %lu units from the checkpoint: %s", done, total,
              resumed.err);
    cr_assert(divide_total(resumed.out) == published("kiwipete", 5), "resumed total %llu, published %llu",
              divide_total(resumed.out), published("kiwipete", 5));
    cr_assert(strcmp(resumed.out, fresh.out) == 0, "the resumed divide differs from a fresh one:\n%s\nvs\n%s",
              resumed.out, fresh.out);

    /* Run again: every unit is in the file now, nothing is counted. */
    CliRun again = RUN("--checkpoint", path, "5", KIWIPETE);
    resumed_units(again.err, &done, &total);
    cr_assert(again.status == 0 && done == total && total > 0 && strcmp(again.out, fresh.out) == 0,
              "a rerun of a finished checkpoint: status %d, %lu of %lu units, %s", again.status, done, total,
              again.err);
    cli_free(&fresh);
    cli_free(&resumed);
    cli_free(&again);
    unlink(path);
}

/* A finished checkpoint of chess initial perft 3 on the bitboard backend. */
static void write_checkpoint(char *path)
{
    temp_path(path);
    CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
    cr_assert(r.status == 0 && divide_total(r.out) == published("initial", 3), "writing the checkpoint: %d %s",
              r.status, r.err);
    cli_free(&r);
}

static int one_line(const char *text)
{
    return strchr(text, '\n') == text + strlen(text) - 1;
}

Test(checkpoint, another_commands_checkpoint_is_refused_and_left_alone)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    write_checkpoint(path);
    char *before = file_text(path);
    struct {
        const char *field;
        CliRun r;
    } cases[] = {
        {"depth", RUN("-b", "bitboard", "--checkpoint", path, "4", CHESS_INITIAL)},
        {"backend", RUN("-b", "mailbox", "--checkpoint", path, "3", CHESS_INITIAL)},
        {"bulk", RUN("-b", "bitboard", "--no-bulk", "--checkpoint", path, "3", CHESS_INITIAL)},
        {"moves", RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL, "e2e4")},
        {"position", RUN("-b", "bitboard", "--checkpoint", path, "3", KIWIPETE)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        CliRun *r = &cases[i].r;
        EXPECT(r->status == 2 && strstr(r->err, "written by another command") && strstr(r->err, cases[i].field) &&
                   one_line(r->err) && r->out[0] == '\0',
               "other %s: status %d, stdout '%s', stderr %s", cases[i].field, r->status, r->out, r->err);
        cli_free(r);
    }
    char *after = file_text(path);
    cr_assert(strcmp(before, after) == 0, "a refused checkpoint was changed");
    /* The same command with other threads is the same count: accepted. */
    CliRun same = RUN("-b", "bitboard", "-t", "3", "--checkpoint", path, "3", CHESS_INITIAL);
    cr_assert(same.status == 0 && divide_total(same.out) == published("initial", 3), "-t 3 on the same checkpoint: %s",
              same.err);
    cli_free(&same);
    free(before);
    free(after);
    unlink(path);
}

/* Rewrites the file with `edit` applied to its text. */
static void rewrite(const char *path, void (*edit)(char *text))
{
    char *text = file_text(path);
    cr_assert(text, "cannot read %s", path);
    edit(text);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
    free(text);
}

/* The start of line `n` (1-based). */
static char *line_start(char *text, int n)
{
    for (int i = 1; i < n; i++) {
        text = strchr(text, '\n');
        cr_assert(text, "no line %d", n);
        text++;
    }
    return text;
}

/* Line 10's count, one digit changed (unit 8: "unit\t8\tCOUNT\t..."). */
static void change_a_count(char *text)
{
    char *count = strchr(line_start(text, 10) + 5, '\t') + 1;
    *count = *count == '9' ? '1' : (char)(*count + 1);
}
static void damage_the_header(char *text)
{
    char *depth = strstr(text, "depth=3");
    cr_assert(depth, "no depth in the header");
    depth[6] = '4';
}
/* Line 20 moved over line 21: both records valid, one unit twice. */
static void duplicate_a_record(char *text)
{
    char *a = line_start(text, 20), *b = line_start(text, 21), *c = line_start(text, 22);
    size_t n = (size_t)(b - a);
    cr_assert((size_t)(c - b) >= n, "line 21 is shorter than line 20");
    memmove(b, a, n);
    memmove(b + n, c, strlen(c) + 1);
}
static void cut_the_last_line_short(char *text)
{
    text[strlen(text) - 7] = '\0';
}

/* Before: an explicit --split other than the checkpoint's was replaced by
 * the file's in silence, and the speed line named the file's.  Now it is
 * refused in one line naming both, the file untouched; the file's own split,
 * or none, resumes. */
Test(checkpoint, a_split_other_than_the_checkpoints_is_refused)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    temp_path(path);
    CliRun first = RUN("-b", "bitboard", "--split", "1", "--checkpoint", path, "3", CHESS_INITIAL);
    cr_assert(first.status == 0, "writing the checkpoint: %s", first.err);
    cli_free(&first);
    char *before = file_text(path);
    CliRun other = RUN("-b", "bitboard", "--split", "2", "--checkpoint", path, "3", CHESS_INITIAL);
    char message[512];
    snprintf(message, sizeof message,
             "perft: --split 2 differs from checkpoint %s's split 1: give --split 1 (or no --split) to resume it, or "
             "another file to start over\n",
             path);
    EXPECT(other.status == 2 && other.out[0] == '\0' && strcmp(other.err, message) == 0,
           "--split 2 on a split-1 checkpoint: status %d, stdout '%s', stderr %s", other.status, other.out, other.err);
    cli_free(&other);
    char *after = file_text(path);
    cr_assert(strcmp(before, after) == 0, "a refused checkpoint was changed");
    for (int given = 0; given < 2; given++) {
        CliRun same = given ? RUN("-b", "bitboard", "--split", "1", "--checkpoint", path, "3", CHESS_INITIAL)
                            : RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
        EXPECT(same.status == 0 && divide_total(same.out) == published("initial", 3) && strstr(same.err, "split 1)"),
               "%s: status %d, stderr %s", given ? "--split 1" : "no --split", same.status, same.err);
        cli_free(&same);
    }
    free(before);
    free(after);
    unlink(path);
}

Test(checkpoint, a_damaged_checkpoint_is_reported_never_trusted)
{
    struct {
        const char *what, *message;
        void (*edit)(char *);
    } cases[] = {
        {"a count changed", "line 10: checksum does not match", change_a_count},
        {"the header changed", "line 1", damage_the_header},
        {"a record there twice", "twice", duplicate_a_record},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char path[] = "/tmp/perft-checkpoint-XXXXXX";
        write_checkpoint(path);
        rewrite(path, cases[i].edit);
        CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
        EXPECT(r.status == 2 && strstr(r.err, cases[i].message) && strstr(r.err, "corrupt") && one_line(r.err) &&
                   r.out[0] == '\0',
               "%s: status %d, stdout '%s', stderr %s", cases[i].what, r.status, r.out, r.err);
        cli_free(&r);
        unlink(path);
    }

    /* Not a checkpoint at all: refused, not appended to. */
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    temp_path(path);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs("my notes\n", f);
    fclose(f);
    CliRun r = RUN("--checkpoint", path, "3", CHESS_INITIAL);
    char *after = file_text(path);
    EXPECT(r.status == 2 && strstr(r.err, "not a perft checkpoint") && strcmp(after, "my notes\n") == 0,
           "a file of notes: status %d, %s, file now '%s'", r.status, r.err, after);
    free(after);
    cli_free(&r);
    unlink(path);
}

Test(checkpoint, a_last_line_cut_short_is_dropped_and_counted_again)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    write_checkpoint(path);
    int lines = file_lines(path);
    rewrite(path, cut_the_last_line_short);
    CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
    unsigned long done, total;
    resumed_units(r.err, &done, &total);
    cr_assert(r.status == 0 && strstr(r.err, "cut short") && done == total - 1 &&
                  divide_total(r.out) == published("initial", 3),
              "status %d, %lu of %lu resumed, total %llu: %s", r.status, done, total, divide_total(r.out), r.err);
    char *text = file_text(path);
    cr_assert(file_lines(path) == lines && text[strlen(text) - 1] == '\n',
              "the file was not mended: %d lines, %d before", file_lines(path), lines);
    free(text);
    cli_free(&r);
    unlink(path);
}

Test(checkpoint, a_checkpoint_in_use_by_another_run_is_refused, .timeout = 60 * TEST_SLOWDOWN)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX", out_path[] = "/tmp/perft-checkpoint-out-XXXXXX";
    temp_path(path);
    temp_path(out_path);
    /* Kiwipete perft 6: eight billion nodes, far longer than the test. */
    Child c = child_start((const char *const[]){"--checkpoint", path, "6", KIWIPETE, NULL}, out_path);
    for (int i = 0; i < 100000 && file_lines(path) < 1; i++)
        nanosleep(&(struct timespec){0, 200 * 1000}, NULL);
    CliRun r = RUN("--checkpoint", path, "6", KIWIPETE);
    kill(c.pid, SIGKILL);
    child_finish(&c);
    unlink(out_path);
    unlink(path);
    cr_assert(r.status == 2 && strstr(r.err, "in use by another run") && one_line(r.err),
              "a second run on a checkpoint in use: status %d, %s", r.status, r.err);
    cli_free(&r);
}
