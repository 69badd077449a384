#include "deep/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "digits.h"
#include "position.h"

static const char MAGIC[] = "perft-checkpoint 2";
/* The format before 128-bit counts and position units. */
static const char MAGIC_1[] = "perft-checkpoint 1\t";

/* The longest line a checkpoint holds: the header names the position and
 * the moves (deep_divide.c keeps each under 8192 bytes), a record a unit's
 * few moves.  A longer line is damage, not something to buffer. */
enum { LINE_MAX_BYTES = 20000 };

/* FNV-1a, 64 bits: catches damaged and edited lines (it is no defence
 * against someone forging a file, nor meant to be). */
static uint64_t fnv1a(uint64_t hash, const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++) {
        hash ^= (unsigned char)text[i];
        hash *= 0x100000001b3ull;
    }
    return hash;
}
static const uint64_t FNV_OFFSET = 0xcbf29ce484222325ull;

/* The checksum a line ends with: "\t#" and 16 hex digits.  Returns the
 * length of what it covers, or -1 when the line has no well-formed one or
 * it does not match. */
static long checked_length(const char *line, size_t length, uint64_t seed, uint64_t *hash)
{
    if (length < 18 || line[length - 18] != '\t' || line[length - 17] != '#')
        return -1;
    uint64_t stored = 0;
    for (size_t i = length - 16; i < length; i++) { /* hex digits only: no sign, blank or "0x" */
        const char *digit = memchr("0123456789abcdef", line[i], 16);
        if (!digit || !line[i])
            return -1;
        stored = stored << 4 | (uint64_t)(digit - "0123456789abcdef");
    }
    *hash = fnv1a(seed, line, length - 18);
    return *hash == stored ? (long)(length - 18) : -1;
}

/* The value of field `key` in a tab-separated list, into out; false if none. */
static bool field_value(const char *fields, const char *key, char *out, size_t size)
{
    size_t key_length = strlen(key);
    for (const char *p = fields; *p;) {
        size_t n = strcspn(p, "\t");
        if (n > key_length && strncmp(p, key, key_length) == 0 && p[key_length] == '=') {
            snprintf(out, size, "%.*s", (int)(n - key_length - 1), p + key_length + 1);
            return true;
        }
        p += n + (p[n] == '\t');
    }
    return false;
}

/* The first field of `ours` whose value in `theirs` differs: a message. */
static void name_difference(const char *path, const char *theirs, const char *ours, char *err, size_t errlen)
{
    for (const char *p = ours; *p;) {
        size_t n = strcspn(p, "\t"), eq = strcspn(p, "=");
        char key[32], mine[600], other[600];
        snprintf(key, sizeof key, "%.*s", (int)(eq < n ? eq : n), p);
        snprintf(mine, sizeof mine, "%.*s", (int)(eq < n ? n - eq - 1 : 0), p + (eq < n ? eq + 1 : n));
        if (!field_value(theirs, key, other, sizeof other) || strcmp(other, mine) != 0) {
            snprintf(err, errlen, "checkpoint %s was written by another command: %s '%s' there, '%s' here", path, key,
                     field_value(theirs, key, other, sizeof other) ? other : "(none)", mine);
            return;
        }
        p += n + (p[n] == '\t');
    }
    snprintf(err, errlen, "checkpoint %s was written by another command", path);
}

static int parse_header(Checkpoint *c, char *line, size_t length, char *err, size_t errlen)
{
    long covered = checked_length(line, length, FNV_OFFSET, &c->header_hash);
    if (covered < 0) {
        snprintf(err, errlen, "checkpoint %s line 1: the header's checksum does not match (corrupt file)", c->path);
        return -1;
    }
    line[covered] = '\0';
    const char *fields = line + sizeof MAGIC; /* past "MAGIC\t" */
    char split[16], units[32];
    if (!field_value(fields, "split", split, sizeof split) || !field_value(fields, "units", units, sizeof units)) {
        snprintf(err, errlen, "checkpoint %s line 1: no split or units field (corrupt file)", c->path);
        return -1;
    }
    uint64_t split_value = 0, units_value = 0;
    if (digits_parse(split, strlen(split), MAX_DEPTH, &split_value) != DIGITS_OK ||
        digits_parse(units, strlen(units), SIZE_MAX, &units_value) != DIGITS_OK) {
        snprintf(err, errlen, "checkpoint %s line 1: split '%s', units '%s' are not numbers (corrupt file)", c->path,
                 split, units);
        return -1;
    }
    c->split = (int)split_value;
    c->units = (size_t)units_value;
    /* Statistics asked of a file without them, or the other way round:
     * said plainly, before the fields that differ with them (bulk). */
    char stats_here[8], stats_there[8];
    bool here = field_value(c->identity, "stats", stats_here, sizeof stats_here);
    bool there = field_value(fields, "stats", stats_there, sizeof stats_there);
    if (here != there) {
        snprintf(err, errlen,
                 here ? "checkpoint %s holds counts without statistics (written without --stats): resume it without "
                        "--stats, or give another file"
                      : "checkpoint %s holds statistics (written with --stats): resume it with --stats, or give "
                        "another file",
                 c->path);
        return -1;
    }
    /* The identity is the header up to its split field. */
    size_t identity_length = strlen(c->identity);
    if (strncmp(fields, c->identity, identity_length) != 0 || fields[identity_length] != '\t' ||
        strncmp(fields + identity_length + 1, "split=", 6) != 0) {
        name_difference(c->path, fields, c->identity, err, errlen);
        return -1;
    }
    if (c->split < 1 || c->units == 0) {
        snprintf(err, errlen, "checkpoint %s line 1: split %s, units %s (corrupt file)", c->path, split, units);
        return -1;
    }
    return 0;
}

static int parse_record(Checkpoint *c, char *line, size_t length, int number, char *err, size_t errlen)
{
    uint64_t hash;
    long covered = checked_length(line, length, c->header_hash, &hash);
    if (covered < 0) {
        snprintf(err, errlen, "checkpoint %s line %d: checksum does not match (corrupt file; delete it to start over)",
                 c->path, number);
        return -1;
    }
    line[covered] = '\0';
    if (strncmp(line, "unit\t", 5) != 0)
        goto malformed;
    /* "unit TAB INDEX TAB COUNT TAB MOVES [TAB stats=N,N,...]": every
     * number digits only. */
    const char *index_text = line + 5;
    const char *index_end = strchr(index_text, '\t');
    const char *count_end = index_end ? strchr(index_end + 1, '\t') : NULL;
    uint64_t index;
    PerftCount count;
    if (!count_end)
        goto malformed;
    DigitsResult index_read = digits_parse(index_text, (size_t)(index_end - index_text), SIZE_MAX, &index);
    if (index_read == DIGITS_TOO_LARGE || (index_read == DIGITS_OK && index >= c->units)) {
        /* A number, but of no unit the header counts: said as such, not as
         * a line that is no record. */
        int digits = (int)(index_end - index_text), shown = digits > 24 ? 24 : digits;
        snprintf(err, errlen, "checkpoint %s line %d: unit %.*s%s out of range 0..%zu (corrupt file)", c->path, number,
                 shown, index_text, shown < digits ? "..." : "", c->units - 1);
        return -1;
    }
    if (index_read != DIGITS_OK ||
        perft_count_parse(index_end + 1, (size_t)(count_end - index_end - 1), &count) != PERFT_COUNT_OK)
        goto malformed;
    char *stats_field = strchr(count_end + 1, '\t');
    PerftStats stats = {{0}};
    if (stats_field) {
        *stats_field++ = '\0';
        if (strncmp(stats_field, "stats=", 6) != 0)
            goto malformed;
        const char *p = stats_field + 6;
        for (int k = 0; k < STATS_COLUMNS; k++) {
            size_t n = strcspn(p, ",");
            uint64_t value;
            if ((p[n] == ',') != (k + 1 < STATS_COLUMNS) || digits_parse(p, n, UINT64_MAX, &value) != DIGITS_OK)
                goto malformed;
            stats.count[k] = value;
            p += n + (p[n] == ',');
        }
    }
    CheckpointRecord *grown = realloc(c->records, sizeof *grown * (c->record_count + 1));
    char *moves = strdup(count_end + 1);
    if (!grown || !moves) {
        free(moves);
        if (grown)
            c->records = grown;
        snprintf(err, errlen, "out of memory reading checkpoint %s", c->path);
        return -1;
    }
    c->records = grown;
    c->records[c->record_count++] = (CheckpointRecord){(size_t)index, count, moves, stats_field != NULL, stats};
    return 0;
malformed:
    snprintf(err, errlen, "checkpoint %s line %d: not a unit record (corrupt file)", c->path, number);
    return -1;
}

/* Why `st` is no file to keep units in, or NULL for a regular file.  A
 * FIFO would block the run, /dev/zero would read as one endless line,
 * /dev/full would take no record. */
static const char *not_regular(const struct stat *st)
{
    if (S_ISREG(st->st_mode))
        return NULL;
    if (S_ISDIR(st->st_mode))
        return "is a directory";
    if (S_ISFIFO(st->st_mode))
        return "is a named pipe (FIFO)";
    if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode))
        return "is a device";
    return "is not a regular file";
}

/* The next line of `file` into line (room for LINE_MAX_BYTES + 1), its
 * newline dropped.  1: a whole line; 2: a last line without its newline;
 * 0: the end; -1: a line longer than LINE_MAX_BYTES; -2: a read error
 * (errno).  NUL bytes stay in the line (its checksum then fails). */
static int read_line(FILE *file, char *line, size_t *length)
{
    size_t n = 0;
    int ch;
    errno = 0;
    while ((ch = getc(file)) != EOF && ch != '\n') {
        if (n == LINE_MAX_BYTES)
            return -1;
        line[n++] = (char)ch;
    }
    line[n] = '\0';
    *length = n;
    if (ch == EOF && ferror(file))
        return -2;
    if (ch == EOF)
        return n > 0 ? 2 : 0;
    return 1;
}

/* One line of the file read: the header (line 1) or a record. */
static int take_line(Checkpoint *c, char *line, size_t length, int number, char *err, size_t errlen)
{
    if (number > 1)
        return parse_record(c, line, length, number, err, errlen);
    if (strncmp(line, "\xef\xbb\xbf", 3) == 0) {
        snprintf(err, errlen, "%s starts with a UTF-8 byte-order mark: it is not a perft checkpoint", c->path);
        return -1;
    }
    if (strncmp(line, MAGIC_1, sizeof MAGIC_1 - 1) == 0) {
        snprintf(
            err, errlen,
            "checkpoint %s is format 1 (64-bit counts, line units); this perft writes format 2: finish it with the "
            "build that wrote it, or delete it to start over",
            c->path);
        return -1;
    }
    if (strncmp(line, MAGIC, sizeof MAGIC - 1) != 0 || line[sizeof MAGIC - 1] != '\t') {
        snprintf(err, errlen, "%s is not a perft checkpoint (refusing to append to it)", c->path);
        return -1;
    }
    return parse_header(c, line, length, err, errlen);
}

/* Reads the lines of an open checkpoint; a last line cut short is dropped
 * from the file. */
static int read_lines(Checkpoint *c, FILE *file, char *warning, size_t warning_size, char *err, size_t errlen)
{
    char *line = malloc(LINE_MAX_BYTES + 1);
    if (!line) {
        snprintf(err, errlen, "out of memory reading checkpoint %s", c->path);
        return -1;
    }
    long good_length = 0; /* bytes of whole lines */
    int number = 0, status = 0;
    size_t n;
    for (int r; status == 0 && (r = read_line(file, line, &n)) != 0;) {
        number++;
        if (r == -1) {
            snprintf(err, errlen, "checkpoint %s line %d is longer than %d bytes (corrupt file)", c->path, number,
                     LINE_MAX_BYTES);
            status = -1;
        } else if (r == -2) {
            snprintf(err, errlen, "cannot read checkpoint %s: %s", c->path, strerror(errno ? errno : EIO));
            status = -1;
        } else if (r == 2 && number == 1) {
            snprintf(err, errlen, "checkpoint %s: the header is cut short (corrupt file)", c->path);
            status = -1;
        } else if (r == 2) {
            snprintf(warning, warning_size,
                     "perft: checkpoint %s line %d is cut short (a run killed while writing it?): dropped, "
                     "its unit is counted again",
                     c->path, number);
            if (truncate(c->path, good_length) != 0) {
                snprintf(err, errlen, "cannot cut checkpoint %s back to its whole lines: %s", c->path, strerror(errno));
                status = -1;
            }
            break;
        } else {
            status = take_line(c, line, n, number, err, errlen);
            good_length += (long)n + 1;
        }
    }
    free(line);
    c->existed = number > 0;
    return status;
}

int checkpoint_read(Checkpoint *c, const char *path, const char *identity, char *warning, size_t warning_size,
                    char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    c->fd = -1;
    pthread_mutex_init(&c->lock, NULL);
    c->path = strdup(path);
    c->identity = strdup(identity);
    if (!c->path || !c->identity) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* Non-blocking: opening a FIFO must not wait for a writer. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "cannot read checkpoint %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    const char *why = fstat(fd, &st) != 0 ? strerror(errno) : not_regular(&st);
    FILE *file = why ? NULL : fdopen(fd, "r");
    if (!file) {
        snprintf(err, errlen, "checkpoint %s %s: --checkpoint takes a regular file", path,
                 why ? why : "cannot be read");
        close(fd);
        return -1;
    }
    int status = read_lines(c, file, warning, warning_size, err, errlen);
    fclose(file);
    return status;
}

/* Writes all of `text` at the end of the file; on a failure the file is cut
 * back to its whole lines and nothing more is appended. */
static int write_line(Checkpoint *c, const char *text, uint64_t seed)
{
    if (c->append_errno)
        return -1;
    uint64_t hash = fnv1a(seed, text, strlen(text));
    size_t size = strlen(text) + 20;
    char *line = malloc(size);
    if (!line) {
        c->append_errno = ENOMEM;
        return -1;
    }
    int n = snprintf(line, size, "%s\t#%016" PRIx64 "\n", text, hash);
    for (size_t done = 0; done < (size_t)n;) {
        ssize_t w = write(c->fd, line + done, (size_t)n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            c->append_errno = w < 0 ? errno : EIO;
            if (ftruncate(c->fd, c->size) != 0) { /* a part line would read as damage mid-file */
                /* The reader drops a last line cut short: still safe. */
            }
            free(line);
            return -1;
        }
        done += (size_t)w;
    }
    c->size += n;
    free(line);
    return 0;
}

int checkpoint_begin(Checkpoint *c, int split, size_t units, char *err, size_t errlen)
{
    /* Never truncating: that would empty another run's file before the lock
     * says so.  Non-blocking, so that a FIFO put there since cannot hang. */
    c->fd = open(c->path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
    if (c->fd < 0) {
        snprintf(err, errlen, "cannot write checkpoint %s: %s", c->path, strerror(errno));
        return -1;
    }
    struct stat st;
    const char *why = fstat(c->fd, &st) != 0 ? strerror(errno) : not_regular(&st);
    if (why) {
        snprintf(err, errlen, "checkpoint %s %s: --checkpoint takes a regular file", c->path, why);
        return -1;
    }
    /* One run at a time: two appending the same units would make a file
     * that reads as corrupt.  A POSIX record lock, released when we exit. */
    struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(c->fd, F_SETLK, &lock) != 0) {
        snprintf(err, errlen, "checkpoint %s is in use by another run", c->path);
        return -1;
    }
    if (fstat(c->fd, &st) != 0 || (!c->existed && st.st_size != 0)) {
        snprintf(err, errlen, "checkpoint %s was written by another run while this one started; run again", c->path);
        return -1;
    }
    c->size = st.st_size;
    if (c->existed)
        return 0;
    size_t size = strlen(MAGIC) + strlen(c->identity) + 64;
    char *header = malloc(size);
    if (!header) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(header, size, "%s\t%s\tsplit=%d\tunits=%zu", MAGIC, c->identity, split, units);
    c->header_hash = fnv1a(FNV_OFFSET, header, strlen(header));
    int r = write_line(c, header, FNV_OFFSET);
    free(header);
    if (r < 0)
        snprintf(err, errlen, "cannot write checkpoint %s: %s", c->path, strerror(c->append_errno));
    c->split = split;
    c->units = units;
    return r;
}

int checkpoint_append(Checkpoint *c, size_t index, PerftCount count, const PerftStats *stats, const char *line)
{
    size_t size = strlen(line) + 64 + (stats ? 8 + STATS_COLUMNS * 21 : 0);
    char *text = malloc(size);
    if (!text)
        return -1;
    int n = snprintf(text, size, "unit\t%zu\t%s\t%s", index, PERFT_COUNT_TEXT(count), line);
    for (int k = 0; stats && k < STATS_COLUMNS; k++)
        n += snprintf(text + n, size - (size_t)n, "%s%" PRIu64, k ? "," : "\tstats=", stats->count[k]);
    pthread_mutex_lock(&c->lock);
    int r = write_line(c, text, c->header_hash);
    c->appended += r == 0;
    pthread_mutex_unlock(&c->lock);
    free(text);
    return r;
}

size_t checkpoint_appended(Checkpoint *c, int *failure)
{
    pthread_mutex_lock(&c->lock);
    size_t n = c->appended;
    *failure = c->append_errno;
    pthread_mutex_unlock(&c->lock);
    return n;
}

void checkpoint_close(Checkpoint *c)
{
    if (c->fd >= 0)
        close(c->fd);
    for (size_t i = 0; i < c->record_count; i++)
        free(c->records[i].line);
    free(c->records);
    bool initialised = c->path || c->identity;
    free(c->path);
    free(c->identity);
    if (initialised)
        pthread_mutex_destroy(&c->lock);
    memset(c, 0, sizeof *c);
    c->fd = -1;
}
