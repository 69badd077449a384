#include "deep/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char MAGIC[] = "perft-checkpoint 1";

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
    char *end;
    errno = 0;
    uint64_t stored = strtoull(line + length - 16, &end, 16);
    if (errno || end != line + length)
        return -1;
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
    c->split = atoi(split);
    c->units = (size_t)strtoull(units, NULL, 10);
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
    char *index_end, *count_end;
    if (strncmp(line, "unit\t", 5) != 0)
        goto malformed;
    errno = 0;
    size_t index = (size_t)strtoull(line + 5, &index_end, 10);
    if (errno || *index_end != '\t')
        goto malformed;
    uint64_t count = strtoull(index_end + 1, &count_end, 10);
    if (errno || *count_end != '\t')
        goto malformed;
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
    c->records[c->record_count++] = (CheckpointRecord){index, count, moves};
    return 0;
malformed:
    snprintf(err, errlen, "checkpoint %s line %d: not a unit record (corrupt file)", c->path, number);
    return -1;
}

int checkpoint_read(Checkpoint *c, const char *path, const char *identity, FILE *warn, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    pthread_mutex_init(&c->lock, NULL);
    c->path = strdup(path);
    c->identity = strdup(identity);
    if (!c->path || !c->identity) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    FILE *file = fopen(path, "r");
    if (!file) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "cannot read checkpoint %s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t capacity = 0;
    long good_length = 0; /* bytes of whole lines */
    int number = 0, status = 0;
    ssize_t n;
    while (status == 0 && (n = getline(&line, &capacity, file)) > 0) {
        number++;
        if (line[n - 1] != '\n') {
            if (number == 1) {
                snprintf(err, errlen, "checkpoint %s: the header is cut short (corrupt file)", path);
                status = -1;
            } else {
                fprintf(warn,
                        "perft: checkpoint %s line %d is cut short (a run killed while writing it?): dropped, "
                        "its unit is counted again\n",
                        path, number);
                if (truncate(path, good_length) != 0) {
                    snprintf(err, errlen, "cannot cut checkpoint %s back to its whole lines: %s", path,
                             strerror(errno));
                    status = -1;
                }
            }
            break;
        }
        line[--n] = '\0';
        if (number == 1) {
            if (strncmp(line, MAGIC, sizeof MAGIC - 1) != 0 || line[sizeof MAGIC - 1] != '\t') {
                snprintf(err, errlen, "%s is not a perft checkpoint (refusing to append to it)", path);
                status = -1;
            } else
                status = parse_header(c, line, (size_t)n, err, errlen);
        } else
            status = parse_record(c, line, (size_t)n, number, err, errlen);
        good_length += n + 1;
    }
    free(line);
    if (status == 0 && ferror(file)) {
        snprintf(err, errlen, "cannot read checkpoint %s", path);
        status = -1;
    }
    fclose(file);
    c->existed = number > 0;
    return status;
}

static int write_line(Checkpoint *c, const char *text, uint64_t seed)
{
    uint64_t hash = fnv1a(seed, text, strlen(text));
    if (fprintf(c->file, "%s\t#%016" PRIx64 "\n", text, hash) < 0 || fflush(c->file) != 0)
        return -1;
    return 0;
}

int checkpoint_begin(Checkpoint *c, int split, size_t units, char *err, size_t errlen)
{
    c->file = fopen(c->path, "a"); /* never "w": it would empty another run's file before the lock says so */
    if (!c->file) {
        snprintf(err, errlen, "cannot write checkpoint %s: %s", c->path, strerror(errno));
        return -1;
    }
    /* One run at a time: two appending the same units would make a file
     * that reads as corrupt.  A POSIX record lock, released when we exit. */
    struct flock lock = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    if (fcntl(fileno(c->file), F_SETLK, &lock) != 0) {
        snprintf(err, errlen, "checkpoint %s is in use by another run", c->path);
        return -1;
    }
    struct stat st;
    if (!c->existed && (fstat(fileno(c->file), &st) != 0 || st.st_size != 0)) {
        snprintf(err, errlen, "checkpoint %s was written by another run while this one started; run again", c->path);
        return -1;
    }
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
        snprintf(err, errlen, "cannot write checkpoint %s: %s", c->path, strerror(errno));
    c->split = split;
    c->units = units;
    return r;
}

int checkpoint_append(Checkpoint *c, size_t index, uint64_t count, const char *line)
{
    size_t size = strlen(line) + 64;
    char *text = malloc(size);
    if (!text)
        return -1;
    snprintf(text, size, "unit\t%zu\t%" PRIu64 "\t%s", index, count, line);
    pthread_mutex_lock(&c->lock);
    int r = write_line(c, text, c->header_hash);
    pthread_mutex_unlock(&c->lock);
    free(text);
    return r;
}

void checkpoint_close(Checkpoint *c)
{
    if (c->file)
        fclose(c->file);
    for (size_t i = 0; i < c->record_count; i++)
        free(c->records[i].line);
    free(c->records);
    bool initialised = c->path || c->identity;
    free(c->path);
    free(c->identity);
    if (initialised)
        pthread_mutex_destroy(&c->lock);
    memset(c, 0, sizeof *c);
}
