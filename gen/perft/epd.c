#include "epd.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "digits.h"

/* Parses one ";"-separated operation: "D3 68798" or "id opening". */
static int parse_operation(char *op, EpdEntry *e, const char *path, char *err, size_t errlen)
{
    while (isspace((unsigned char)*op))
        op++;
    size_t len = strlen(op);
    while (len && isspace((unsigned char)op[len - 1]))
        op[--len] = '\0';
    if (!len)
        return 0;
    if (strncmp(op, "id", 2) == 0 && isspace((unsigned char)op[2])) {
        const char *name = op + 3;
        while (isspace((unsigned char)*name))
            name++;
        snprintf(e->id, sizeof e->id, "%s", name);
        return 0;
    }
    if (op[0] == 'D' && isdigit((unsigned char)op[1])) {
        size_t depth_length = strspn(op + 1, "0123456789");
        const char *count_text = op + 1 + depth_length;
        uint64_t depth = 0;
        PerftCount count;
        if (*count_text && !isspace((unsigned char)*count_text)) {
            snprintf(err, errlen, "%s:%d: bad depth in '%s' (1 to %d)", path, e->line, op, MAX_DEPTH);
            return -1;
        }
        if (digits_parse(op + 1, depth_length, MAX_DEPTH, &depth) != DIGITS_OK || depth < 1) {
            snprintf(err, errlen, "%s:%d: bad depth in '%s' (1 to %d)", path, e->line, op, MAX_DEPTH);
            return -1;
        }
        while (isspace((unsigned char)*count_text))
            count_text++;
        if (!*count_text) {
            snprintf(err, errlen, "%s:%d: ';%s' has no count (want ';D%d COUNT')", path, e->line, op, (int)depth);
            return -1;
        }
        PerftCountParse parsed = perft_count_parse(count_text, strlen(count_text), &count);
        if (parsed == PERFT_COUNT_TOO_LARGE) {
            snprintf(err, errlen, "%s:%d: count in '%s' is out of range (above %s)", path, e->line, op,
                     PERFT_COUNT_TEXT(PERFT_COUNT_MAX));
            return -1;
        }
        if (parsed != PERFT_COUNT_OK) {
            snprintf(err, errlen, "%s:%d: bad count in '%s' (digits only)", path, e->line, op);
            return -1;
        }
        if (e->has[depth]) {
            snprintf(err, errlen, "%s:%d: ;D%d is given twice", path, e->line, (int)depth);
            return -1;
        }
        e->expected[depth] = count;
        e->has[depth] = 1;
        if ((int)depth > e->max_depth)
            e->max_depth = (int)depth;
        return 0;
    }
    snprintf(err, errlen, "%s:%d: unknown operation '%s' (want ';Dn count' or ';id NAME')", path, e->line, op);
    return -1;
}

/* One line: 1 with the entry, 0 for a blank or comment line, -1 on an
 * error (message in err). */
static int parse_line(char *p, const char *path, int line, EpdEntry *e, char *err, size_t errlen)
{
    while (isspace((unsigned char)*p))
        p++;
    if (!*p || *p == '#')
        return 0;
    memset(e, 0, sizeof *e);
    e->line = line;
    snprintf(e->id, sizeof e->id, "line %d", line);
    char *semi = strchr(p, ';');
    if (semi)
        *semi = '\0';
    size_t tl = strlen(p);
    while (tl && isspace((unsigned char)p[tl - 1]))
        tl--;
    if (tl >= sizeof e->text) {
        snprintf(err, errlen, "%s:%d: position longer than %zu characters", path, line, sizeof e->text - 1);
        return -1;
    }
    memcpy(e->text, p, tl);
    e->text[tl] = '\0';
    char perr[ERROR_TEXT_MAX];
    if (position_parse(e->text, &e->pos, perr, sizeof perr) < 0) {
        snprintf(err, errlen, "%s:%d: %s", path, line, perr);
        return -1;
    }
    while (semi) {
        char *op = semi + 1;
        semi = strchr(op, ';');
        if (semi)
            *semi = '\0';
        if (parse_operation(op, e, path, err, errlen) < 0)
            return -1;
    }
    return 1;
}

FILE *epd_open(const char *path, const char *what, char *err, size_t errlen)
{
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, errlen, "cannot open %s '%s': %s", what, path, strerror(errno));
        return NULL;
    }
    /* fopen opens a directory for reading; only the first read fails. */
    struct stat st;
    if (fstat(fileno(file), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "cannot read %s '%s': %s", what, path, strerror(EISDIR));
        fclose(file);
        return NULL;
    }
    return file;
}

/* A suite line holds a position (POSITION_TEXT_MAX) and a few operations:
 * a longer one is no suite line, and /dev/zero is not an endless one. */
enum { EPD_LINE_MAX = 65536 };

/* The next line, its length (NUL bytes included) in *len; NULL at the end
 * of the file, on a read error or a line longer than EPD_LINE_MAX (message
 * in err).  Free with free(). */
static char *next_line(FILE *file, const char *path, int line, size_t *len, char *err, size_t errlen)
{
    size_t n = 0, size = 256;
    char *buf = malloc(size);
    int ch = 0;
    errno = 0;
    while (buf && (ch = getc(file)) != EOF) {
        if (n == EPD_LINE_MAX) {
            snprintf(err, errlen, "%s:%d: line longer than %d bytes", path, line + 1, EPD_LINE_MAX);
            free(buf);
            return NULL;
        }
        if (n + 2 > size) {
            char *grown = realloc(buf, size *= 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
        }
        buf[n++] = (char)ch;
        if (ch == '\n')
            break;
    }
    if (!buf) {
        snprintf(err, errlen, "%s:%d: out of memory", path, line + 1);
        return NULL;
    }
    if (ch == EOF && ferror(file))
        snprintf(err, errlen, "%s:%d: cannot read: %s", path, line + 1, strerror(errno ? errno : EIO));
    if (n == 0 || err[0]) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int epd_next(FILE *file, const char *path, int *line, EpdEntry *e, char *err, size_t errlen)
{
    size_t len;
    char *buf;
    err[0] = '\0';
    while ((buf = next_line(file, path, *line, &len, err, errlen))) {
        ++*line;
        if (*line == 1 && len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) {
            snprintf(err, errlen, "%s:1: the file starts with a UTF-8 byte-order mark (save it without one)", path);
            free(buf);
            return -1;
        }
        /* A NUL would end the line early for every string function. */
        const char *nul = memchr(buf, '\0', len);
        if (nul) {
            snprintf(err, errlen, "%s:%d: NUL byte at column %zu", path, *line, (size_t)(nul - buf) + 1);
            free(buf);
            return -1;
        }
        int status = parse_line(buf, path, *line, e, err, errlen);
        free(buf);
        if (status != 0)
            return status;
    }
    return err[0] ? -1 : 0;
}
