#include "epd.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
        e->expected[depth] = count;
        e->has[depth] = 1;
        if (depth > e->max_depth)
            e->max_depth = (int)depth;
        return 0;
    }
    snprintf(err, errlen, "%s:%d: unknown operation '%s' (want ';Dn count' or ';id NAME')", path, e->line, op);
    return -1;
}

int epd_next(FILE *file, const char *path, int *line, EpdEntry *e, char *err, size_t errlen)
{
    char buf[2048];
    while (fgets(buf, sizeof buf, file)) {
        ++*line;
        size_t len = strlen(buf);
        if (len == sizeof buf - 1 && buf[len - 1] != '\n') {
            snprintf(err, errlen, "%s:%d: line longer than %zu characters", path, *line, sizeof buf - 2);
            return -1;
        }
        char *p = buf;
        while (isspace((unsigned char)*p))
            p++;
        if (!*p || *p == '#')
            continue;
        memset(e, 0, sizeof *e);
        e->line = *line;
        snprintf(e->id, sizeof e->id, "line %d", *line);
        char *semi = strchr(p, ';');
        if (semi)
            *semi = '\0';
        size_t tl = strlen(p);
        while (tl && isspace((unsigned char)p[tl - 1]))
            tl--;
        if (tl >= sizeof e->text) {
            snprintf(err, errlen, "%s:%d: position longer than %zu characters", path, *line, sizeof e->text - 1);
            return -1;
        }
        memcpy(e->text, p, tl);
        e->text[tl] = '\0';
        char perr[ERROR_TEXT_MAX];
        if (position_parse(e->text, &e->pos, perr, sizeof perr) < 0) {
            snprintf(err, errlen, "%s:%d: %s", path, *line, perr);
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
    return 0;
}
