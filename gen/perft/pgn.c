#include "pgn.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static const char CHESS_START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef struct Reader {
    FILE *file;
    int *line;
    bool at_line_start;
} Reader;

static int next_char(Reader *r)
{
    int c = getc(r->file);
    if (r->at_line_start && c == '%') { /* an escape line: skipped whole */
        while ((c = getc(r->file)) != EOF && c != '\n')
            ;
    }
    if (c == '\n')
        ++*r->line;
    r->at_line_start = c == '\n';
    return c;
}

static void put_back(Reader *r, int c)
{
    if (c == EOF)
        return;
    if (c == '\n')
        --*r->line;
    ungetc(c, r->file);
}

/* A tag that names the game, cut to its field: it names, it is not read. */
static void keep_name(char *field, size_t size, const char *value)
{
    size_t n = strlen(value) < size ? strlen(value) : size - 1;
    memcpy(field, value, n);
    field[n] = '\0';
}

/* A tag pair after its '[': the name and the quoted value. */
static int read_tag(Reader *r, PgnGame *g, const char *path, char *err, size_t errlen)
{
    char name[64] = "", value[POSITION_TEXT_MAX] = "";
    size_t n = 0, v = 0;
    int c, opened = *r->line;
    while ((c = next_char(r)) != EOF && isspace(c))
        ;
    while (c != EOF && (isalnum(c) || c == '_')) {
        if (n + 1 < sizeof name)
            name[n++] = (char)c;
        c = next_char(r);
    }
    name[n] = '\0';
    while (c != EOF && isspace(c))
        c = next_char(r);
    if (c != '"') {
        snprintf(err, errlen, "PGN %s line %d: game %d: tag [%s ...] has no quoted value", path, opened, g->number,
                 name);
        return -1;
    }
    while ((c = next_char(r)) != EOF && c != '"') {
        if (c == '\\')
            c = next_char(r);
        if (c != EOF && v + 1 < sizeof value)
            value[v++] = (char)c;
    }
    value[v] = '\0';
    while (c != EOF && (c = next_char(r)) != EOF && c != ']')
        ;
    if (c == EOF) {
        snprintf(err, errlen, "PGN %s line %d: game %d: tag [%s ...] is not closed", path, opened, g->number, name);
        return -1;
    }
    bool unknown = strcmp(value, "?") == 0 || strcmp(value, "-") == 0;
    if (strcmp(name, "FEN") == 0)
        snprintf(g->start, sizeof g->start, "%s", value);
    else if (strcmp(name, "Event") == 0 && !unknown)
        keep_name(g->event, sizeof g->event, value);
    else if (strcmp(name, "Round") == 0 && !unknown)
        keep_name(g->round, sizeof g->round, value);
    else if (strcmp(name, "White") == 0 && !unknown)
        keep_name(g->white, sizeof g->white, value);
    else if (strcmp(name, "Black") == 0 && !unknown)
        keep_name(g->black, sizeof g->black, value);
    else if (strcmp(name, "Variant") == 0)
        g->chess960 = strcasecmp(value, "Chess960") == 0 || strcasecmp(value, "Fischerandom") == 0;
    return 0;
}

/* Skips a comment or variation up to its `close`, nesting `open`. */
static int skip_to(Reader *r, int open, int close, const char *what, PgnGame *g, const char *path, char *err,
                   size_t errlen)
{
    int depth = 1, c, opened = *r->line;
    while (depth > 0 && (c = next_char(r)) != EOF) {
        if (c == '{' && open != '{' && skip_to(r, '{', '}', "comment", g, path, err, errlen) < 0)
            return -1;
        depth += (c == open) - (c == close);
    }
    if (depth > 0) {
        snprintf(err, errlen, "PGN %s line %d: game %d: a %s opened here is not closed", path, opened, g->number, what);
        return -1;
    }
    return 0;
}

static bool is_result(const char *t)
{
    return strcmp(t, "1-0") == 0 || strcmp(t, "0-1") == 0 || strcmp(t, "1/2-1/2") == 0 || strcmp(t, "*") == 0;
}

int pgn_next(FILE *file, const char *path, int *line, int *number, PgnGame *g, char *err, size_t errlen)
{
    Reader r = {.file = file, .line = line, .at_line_start = true};
    if (*line == 0)
        *line = 1;
    *g = (PgnGame){.number = *number + 1};
    snprintf(g->start, sizeof g->start, "%s", CHESS_START);
    bool started = false, in_moves = false;
    size_t length = 0;
    int c;
    while ((c = next_char(&r)) != EOF) {
        if (isspace(c))
            continue;
        if (!started)
            g->line = *line, started = true;
        if (c == '[') {
            if (in_moves) { /* the next game's tags: this one ended without a result */
                put_back(&r, c);
                break;
            }
            if (read_tag(&r, g, path, err, errlen) < 0)
                return -1;
        } else if (c == '{' || c == '(') {
            if (skip_to(&r, c, c == '{' ? '}' : ')', c == '{' ? "comment" : "variation", g, path, err, errlen) < 0)
                return -1;
        } else if (c == ';') {
            while ((c = next_char(&r)) != EOF && c != '\n')
                ;
        } else if (c == ')' || c == '}') {
            snprintf(err, errlen, "PGN %s line %d: game %d: '%c' closes nothing", path, *line, g->number, c);
            return -1;
        } else {
            char token[64];
            size_t n = 0;
            while (c != EOF && !isspace(c) && !strchr("[]{}();", c)) {
                if (n + 1 < sizeof token)
                    token[n++] = (char)c;
                c = next_char(&r);
            }
            put_back(&r, c);
            token[n] = '\0';
            in_moves = true;
            if (is_result(token))
                break;
            const char *t = token + strspn(token, "0123456789"); /* a move number: "12." "12..." "12.e4" */
            if (t != token && *t == '.')
                t += strspn(t, ".");
            else
                t = token;
            if (!*t || *t == '$')
                continue;
            if (length + strlen(t) + 2 >= sizeof g->moves) {
                snprintf(err, errlen, "PGN %s line %d: game %d: more than %d bytes of moves", path, *line, g->number,
                         PGN_MOVES_MAX - 1);
                return -1;
            }
            length += (size_t)snprintf(g->moves + length, sizeof g->moves - length, "%s%s", length ? " " : "", t);
            g->plies++;
        }
    }
    if (!started)
        return 0;
    *number = g->number;
    return 1;
}

void pgn_game_name(const PgnGame *g, char *out, size_t size)
{
    char players[160] = "", parts[320] = "";
    if (g->white[0] || g->black[0])
        snprintf(players, sizeof players, "%s - %s", g->white[0] ? g->white : "?", g->black[0] ? g->black : "?");
    const char *named[] = {players, g->event};
    for (size_t k = 0; k < sizeof named / sizeof *named; k++)
        if (named[k][0])
            snprintf(parts + strlen(parts), sizeof parts - strlen(parts), "%s%s", parts[0] ? ", " : "", named[k]);
    if (g->round[0])
        snprintf(parts + strlen(parts), sizeof parts - strlen(parts), "%sround %s", parts[0] ? ", " : "", g->round);
    if (parts[0])
        snprintf(out, size, "game %d (%s)", g->number, parts);
    else
        snprintf(out, size, "game %d", g->number);
}
