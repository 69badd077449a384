#include "epd.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

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
        char *end;
        errno = 0;
        long depth = strtol(op + 1, &end, 10);
        if (depth < 1 || depth > MAX_DEPTH || !isspace((unsigned char)*end)) {
            snprintf(err, errlen, "%s:%d: bad depth in '%s' (1 to %d)", path, e->line, op, MAX_DEPTH);
            return -1;
        }
        while (isspace((unsigned char)*end))
            end++;
        char *digits_end;
        unsigned long long count = strtoull(end, &digits_end, 10);
        if (!isdigit((unsigned char)*end) || *digits_end || errno == ERANGE) {
            snprintf(err, errlen, "%s:%d: bad count in '%s'", path, e->line, op);
            return -1;
        }
        if (e->has[depth]) {
            snprintf(err, errlen, "%s:%d: ;D%ld is given twice", path, e->line, depth);
            return -1;
        }
        e->expected[depth] = count;
        e->has[depth] = 1;
        if (depth > e->max_depth)
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

/* The next line, its length (NUL bytes included) in *len; NULL at the end
 * of the file or on a read error (message in err).  Free with free(). */
static char *next_line(FILE *file, const char *path, int line, size_t *len, char *err, size_t errlen)
{
    char *buf = NULL;
    size_t size = 0;
    errno = 0;
    ssize_t n = getline(&buf, &size, file);
    if (n < 0) {
        if (ferror(file))
            snprintf(err, errlen, "%s:%d: cannot read: %s", path, line + 1, strerror(errno ? errno : EIO));
        free(buf);
        return NULL;
    }
    *len = (size_t)n;
    return buf;
}

int epd_next(FILE *file, const char *path, int *line, EpdEntry *e, char *err, size_t errlen)
{
    size_t len;
    char *buf;
    err[0] = '\0';
    while ((buf = next_line(file, path, *line, &len, err, errlen))) {
        ++*line;
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
