/* --checkpoint FILE against what is not a file to keep units in, and
 * against a disk that fills: a directory, a FIFO, /dev/zero and /dev/full
 * are refused in one line with the reason (a FIFO must not block, /dev/zero
 * must not read as one endless line); a line longer than any checkpoint
 * writes and a number that is not digits only ("-1" once read as 2^64 - 1)
 * are damage; an append that fails (the file size limit stands in for a
 * full disk) is said at once, the file keeps its whole lines and resumes,
 * and an interrupt counts the units the file holds, not those counted.
 * The published totals come from positions/chess/famous.epd. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "child.h"
#include "cli_run.h"
#include "perft_count.h"
#include "support.h"

static const char CHESS_INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* Chess initial perft 3 and 4 (famous.epd, "initial"). */
static unsigned long long published(int depth)
{
    int count;
    EpdEntry *e = fixtures_load("positions/chess/famous.epd", &count);
    unsigned long long n = 0;
    for (int i = 0; i < count; i++)
        if (strcmp(e[i].id, "initial") == 0 && e[i].has[depth])
            n = e[i].expected[depth];
    free(e);
    cr_assert(n, "famous.epd has no initial count at depth %d", depth);
    return n;
}

static void temp_path(char *path)
{
    int fd = mkstemp(path);
    cr_assert(fd >= 0, "mkstemp failed");
    close(fd);
    unlink(path); /* the run creates it */
}

static void expect_refused(const char *path, const char *why)
{
    char message[512];
    snprintf(message, sizeof message, "perft: checkpoint %s %s: --checkpoint takes a regular file\n", path, why);
    CliRun r = RUN("--checkpoint", path, "3", CHESS_INITIAL);
    EXPECT(r.status == 2 && strcmp(r.err, message) == 0 && r.out[0] == '\0', "%s: status %d, stderr %s", path, r.status,
           r.err);
    cli_free(&r);
}

/* Before: a directory got "cannot read checkpoint D" without a reason, a
 * FIFO blocked the run, /dev/zero and /dev/full were read as one endless
 * line. */
Test(checkpoint_files, what_is_not_a_regular_file_is_refused_with_its_reason, .timeout = 30 * TEST_SLOWDOWN)
{
    char dir[] = "/tmp/perft-checkpoint-dir-XXXXXX";
    cr_assert(mkdtemp(dir), "mkdtemp: %s", strerror(errno));
    expect_refused(dir, "is a directory");
    char fifo[600];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    cr_assert(mkfifo(fifo, 0600) == 0, "mkfifo: %s", strerror(errno));
    expect_refused(fifo, "is a named pipe (FIFO)");
    expect_refused("/dev/zero", "is a device");
    expect_refused("/dev/full", "is a device");
    unlink(fifo);
    rmdir(dir);
}

/* FNV-1a, 64 bits, as the checkpoint format chains it (deep/checkpoint.h):
 * written again here, so that a test can forge a record the checksum
 * accepts and only the number itself can refuse. */
static unsigned long long fnv1a(unsigned long long hash, const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        hash ^= (unsigned char)text[i];
        hash *= 0x100000001b3ull;
    }
    return hash;
}

/* A checkpoint of chess initial perft 3 whose first record's field
 * `field` (0: the unit's index, 1: its count) is `value`, every checksum
 * right. */
static void forge_first_record(const char *path, int field, const char *value)
{
    char *text = file_text(path);
    cr_assert(text);
    char *header_end = strchr(text, '\n'), *record_end = strchr(header_end + 1, '\n');
    unsigned long long header_hash = fnv1a(0xcbf29ce484222325ull, text, (size_t)(header_end - text) - 18);
    /* "unit\tINDEX\tCOUNT\tMOVES\t#HASH": one field replaced. */
    char *index_start = header_end + 1 + 5, *index_end = strchr(index_start, '\t');
    char *count_end = strchr(index_end + 1, '\t');
    char *start = field == 0 ? index_start : index_end + 1, *end = field == 0 ? index_end : count_end;
    char record[512];
    snprintf(record, sizeof record, "%.*s%s%.*s", (int)(start - (header_end + 1)), header_end + 1, value,
             (int)(record_end - 18 - end), end);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fprintf(f, "%.*s%s\t#%016llx\n%s", (int)(header_end + 1 - text), text, record,
            fnv1a(header_hash, record, strlen(record)), record_end + 1);
    fclose(f);
    free(text);
}

Test(checkpoint_files, numbers_in_records_are_digits_only)
{
    static const char *const COUNTS[] = {"-1", "+380", " 380", "0x17c", "340282366920938463463374607431768211456"};
    for (size_t i = 0; i < sizeof COUNTS / sizeof *COUNTS; i++) {
        char path[] = "/tmp/perft-checkpoint-XXXXXX";
        temp_path(path);
        CliRun first = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
        cr_assert(first.status == 0, "%s", first.err);
        cli_free(&first);
        forge_first_record(path, 1, COUNTS[i]);
        CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
        char message[256];
        snprintf(message, sizeof message, "perft: checkpoint %s line 2: not a unit record (corrupt file)\n", path);
        EXPECT(r.status == 2 && strcmp(r.err, message) == 0, "count '%s': status %d, total %llu, stderr %s", COUNTS[i],
               r.status, divide_total(r.out), r.err);
        cli_free(&r);
        unlink(path);
    }
}

/* Before: a unit number past the header's units, or past 2^64, was "not a
 * unit record".  Now it is said as the number it is, with the range. */
Test(checkpoint_files, a_unit_number_out_of_range_is_said_as_such)
{
    static const char *const INDEXES[] = {"400", "18446744073709551616", "9999999999999999999999999999999999"};
    static const char *const SHOWN[] = {"400", "18446744073709551616", "999999999999999999999999..."};
    for (size_t i = 0; i < sizeof INDEXES / sizeof *INDEXES; i++) {
        char path[] = "/tmp/perft-checkpoint-XXXXXX";
        temp_path(path);
        /* Split 2: the 400 positions two plies from the start. */
        CliRun first = RUN("-b", "bitboard", "--split", "2", "--checkpoint", path, "3", CHESS_INITIAL);
        cr_assert(first.status == 0 && strstr(first.err, "400 units"), "%s", first.err);
        cli_free(&first);
        forge_first_record(path, 0, INDEXES[i]);
        CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
        char message[256];
        snprintf(message, sizeof message, "perft: checkpoint %s line 2: unit %s out of range 0..399 (corrupt file)\n",
                 path, SHOWN[i]);
        EXPECT(r.status == 2 && strcmp(r.err, message) == 0, "unit '%s': status %d, stderr %s", INDEXES[i], r.status,
               r.err);
        cli_free(&r);
        unlink(path);
    }
}

Test(checkpoint_files, a_line_longer_than_any_checkpoint_writes_is_damage)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    temp_path(path);
    CliRun first = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
    cr_assert(first.status == 0, "%s", first.err);
    cli_free(&first);
    FILE *f = fopen(path, "a");
    cr_assert(f);
    for (int i = 0; i < 100000; i++)
        fputc('7', f);
    fclose(f);
    CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "3", CHESS_INITIAL);
    EXPECT(r.status == 2 && strstr(r.err, "is longer than 20000 bytes (corrupt file)") &&
               strchr(r.err, '\n') == r.err + strlen(r.err) - 1,
           "status %d, stderr %s", r.status, r.err);
    cli_free(&r);
    unlink(path);
}

/* The file size limit of this process (soft), for a full disk's EFBIG: a
 * write past it fails instead of raising SIGXFSZ, which is ignored. */
static rlim_t limit_file_size(rlim_t bytes)
{
    struct rlimit old, now;
    cr_assert(getrlimit(RLIMIT_FSIZE, &old) == 0);
    now = old;
    now.rlim_cur = bytes;
    cr_assert(setrlimit(RLIMIT_FSIZE, &now) == 0);
    signal(SIGXFSZ, SIG_IGN);
    return old.rlim_cur;
}

/* "... the N units in the file stay ...": N. */
static long units_said_kept(const char *err, const char *before)
{
    const char *p = strstr(err, before);
    return p ? strtol(p + strlen(before), NULL, 10) : -1;
}

/* Before: one line only at the end of the run ("could not append ..."),
 * naming no reason, and none at all in a run killed first. */
Test(checkpoint_files, a_failed_append_is_said_at_once_and_the_file_still_resumes)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    temp_path(path);
    rlim_t old = limit_file_size(1024);
    CliRun r = RUN("-b", "bitboard", "--checkpoint", path, "4", CHESS_INITIAL);
    limit_file_size(old);
    char said[512];
    snprintf(said, sizeof said, "perft: cannot append to checkpoint %s: File too large; the count goes on, the ", path);
    const char *line = strstr(r.err, said);
    cr_assert(r.status == 0 && divide_total(r.out) == published(4), "status %d, total %llu: %s", r.status,
              divide_total(r.out), r.err);
    cr_assert(line && !strstr(line + 1, said), "not said exactly once:\n%s", r.err);
    long kept = units_said_kept(r.err, said);
    int records = file_lines(path) - 1;
    cr_expect(kept == records && records > 0, "said %ld units kept, the file holds %d", kept, records);
    char *text = file_text(path);
    cr_expect(text && text[strlen(text) - 1] == '\n', "the file ends in a part line");
    free(text);
    cli_free(&r);

    /* The same command resumes from the units the file holds. */
    CliRun again = RUN("-b", "bitboard", "--checkpoint", path, "4", CHESS_INITIAL);
    char resumed[512];
    snprintf(resumed, sizeof resumed, "perft: checkpoint %s: %d of ", path, records);
    cr_expect(again.status == 0 && divide_total(again.out) == published(4) && strstr(again.err, resumed),
              "the rerun: status %d, %s", again.status, again.err);
    cli_free(&again);
    unlink(path);
}

/* Interrupted after appending failed: the line counts the units the file
 * holds (before, it said the units counted were kept). */
Test(checkpoint_files, an_interrupt_counts_the_units_the_file_holds, .timeout = 120 * TEST_SLOWDOWN)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX", out_path[] = "/tmp/perft-checkpoint-out-XXXXXX";
    temp_path(path);
    temp_path(out_path);
    rlim_t old = limit_file_size(2048);
    /* Chess perft 7: billions of nodes, far longer than the wait below. */
    Child c = child_start((const char *const[]){"--checkpoint", path, "7", CHESS_INITIAL, NULL}, out_path);
    limit_file_size(old);
    char line[1024];
    cr_assert(child_wait_line(&c, "perft: cannot append to checkpoint", NULL, line, sizeof line),
              "no line about the failed append while counting");
    kill(c.pid, SIGINT);
    int said = child_wait_line(&c, "perft: interrupted by SIGINT", NULL, line, sizeof line);
    int status = child_finish(&c);
    cr_assert(status == 130 && said, "status %d, the interrupt's line %s", status, said ? line : "missing");
    char kept[512];
    snprintf(kept, sizeof kept, "; %d of them kept in %s (appending failed: File too large), the same command",
             file_lines(path) - 1, path);
    cr_expect(strstr(line, kept), "the line does not say the %d units the file holds: %s", file_lines(path) - 1, line);
    unlink(path);
    unlink(out_path);
}

/* A record's count past 2^64 (a unit of a record-scale run): read in 128
 * bits and summed exactly, the total past 2^64 too.  The forged count is
 * the unit's own plus 2^64, so the total is the published perft 3 plus
 * 2^64 (each of the split's 400 units is reached by one line). */
Test(checkpoint_files, record_counts_past_2_64_are_summed_exactly, .timeout = 30 * TEST_SLOWDOWN)
{
    char path[] = "/tmp/perft-checkpoint-XXXXXX";
    temp_path(path);
    CliRun first = RUN("-b", "bitboard", "--split", "2", "--checkpoint", path, "3", CHESS_INITIAL);
    cr_assert(first.status == 0, "%s", first.err);
    cli_free(&first);
    char *text = file_text(path);
    cr_assert(text);
    const char *record = strchr(text, '\n') + 1, *count = strchr(record + 5, '\t') + 1;
    PerftCount unit = (PerftCount)strtoull(count, NULL, 10), forged = unit + ((PerftCount)1 << 64);
    free(text);
    char forged_text[PERFT_COUNT_TEXT_MAX], want[PERFT_COUNT_TEXT_MAX + 2];
    forge_first_record(path, 1, perft_count_format(forged, forged_text));
    CliRun r = RUN("-b", "bitboard", "--split", "2", "--checkpoint", path, "3", CHESS_INITIAL);
    snprintf(want, sizeof want, "\n%s\n", PERFT_COUNT_TEXT((PerftCount)published(3) + ((PerftCount)1 << 64)));
    EXPECT(r.status == 0 && strlen(r.out) > strlen(want) && strcmp(r.out + strlen(r.out) - strlen(want), want) == 0,
           "status %d, want total %s, stdout %s, stderr %s", r.status, want, r.out, r.err);
    cli_free(&r);
    unlink(path);
}
