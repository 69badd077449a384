#include "engine/engine_protocol.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digits.h"
#include "move_text.h"
#include "registry.h"

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Interpreters and wrappers whose next word names the engine better. */
static bool launcher(const char *word, size_t n)
{
    static const char *const names[] = {"sh",   "bash", "dash", "env",  "exec",    "python", "python3",
                                        "perl", "ruby", "node", "nice", "taskset", NULL};
    for (int i = 0; names[i]; i++)
        if (strlen(names[i]) == n && strncmp(names[i], word, n) == 0)
            return true;
    return false;
}

static void derive_name(const char *command, char *name, size_t size)
{
    const char *chosen = NULL;
    size_t chosen_n = 0;
    for (const char *p = command; *p;) {
        p += strspn(p, " \t");
        size_t n = strcspn(p, " \t");
        if (n == 0)
            break;
        const char *base = p; /* the word's last path component */
        for (size_t i = 0; i + 1 < n; i++)
            if (p[i] == '/')
                base = p + i + 1;
        size_t base_n = n - (size_t)(base - p);
        if (!chosen || launcher(chosen, chosen_n)) {
            if (!chosen || p[0] != '-') {
                chosen = base;
                chosen_n = base_n;
            }
        } else {
            break;
        }
        p += n;
    }
    snprintf(name, size, "%.*s", (int)(chosen_n < size ? chosen_n : size - 1), chosen ? chosen : "");
    for (char *c = name; *c; c++) /* a name for reports and JSON: printable ASCII */
        if (*c < '!' || *c > '~')
            *c = '_';
    if (!name[0])
        snprintf(name, size, "engine");
}

/* "chess:" or "quaternity:" at the start of `text`: its length, and the game. */
static size_t game_prefix(const char *text, Game *game)
{
    for (int g = 0; g < GAME_COUNT; g++) {
        size_t n = strlen(game_name((Game)g));
        if (strncmp(text, game_name((Game)g), n) == 0 && text[n] == ':') {
            *game = (Game)g;
            return n + 1;
        }
    }
    return 0;
}

int engine_spec_parse(const char *spec, EngineSpec *out, char *err, size_t errlen)
{
    static const char FORM[] = "is not [NAME=][GAME:]uci:COMMAND or [NAME=][GAME:]perftree:COMMAND (GAME: chess or "
                               "quaternity)";
    const char *rest = spec;
    out->name[0] = '\0';
    out->game_declared = false;
    Game game;
    if (!starts_with(spec, "uci:") && !starts_with(spec, "perftree:") && !game_prefix(spec, &game)) {
        size_t n = strspn(spec, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");
        if (n == 0 || spec[n] != '=' || n >= sizeof out->name) {
            snprintf(err, errlen, "--engine '%s' %s", spec, FORM);
            return -1;
        }
        snprintf(out->name, sizeof out->name, "%.*s", (int)n, spec);
        rest = spec + n + 1;
    }
    size_t declared = game_prefix(rest, &game);
    if (declared) {
        out->game_declared = true;
        out->game = game;
        rest += declared;
    }
    if (starts_with(rest, "uci:"))
        out->protocol = ENGINE_UCI, out->command = rest + 4;
    else if (starts_with(rest, "perftree:"))
        out->protocol = ENGINE_PERFTREE, out->command = rest + 9;
    else {
        snprintf(err, errlen, "--engine '%s' %s", spec, FORM);
        return -1;
    }
    if (strspn(out->command, " \t") == strlen(out->command)) {
        snprintf(err, errlen, "--engine '%s' has no command", spec);
        return -1;
    }
    if (!out->name[0])
        derive_name(out->command, out->name, sizeof out->name);
    return 0;
}

/* A count: digits only, blanks around it allowed, and when `fields` is not
 * NULL anything after it (*fields pointing there, "" when nothing).
 * ENGINE_LINE_TOTAL for a number, ENGINE_LINE_OUT_OF_RANGE for a number
 * past 2^128 - 1, ENGINE_LINE_MALFORMED for anything else. */
static EngineLine parse_count(const char *text, PerftCount *count, const char **fields)
{
    text += strspn(text, " \t");
    size_t n = strcspn(text, " \t");
    const char *rest = text + n + strspn(text + n, " \t");
    if (*rest != '\0' && !fields)
        return ENGINE_LINE_MALFORMED;
    if (fields)
        *fields = rest;
    switch (perft_count_parse(text, n, count)) {
    case PERFT_COUNT_OK: return ENGINE_LINE_TOTAL;
    case PERFT_COUNT_TOO_LARGE: return ENGINE_LINE_OUT_OF_RANGE;
    default: return ENGINE_LINE_MALFORMED;
    }
}

static bool blank(const char *line)
{
    return line[strspn(line, " \t")] == '\0';
}

/* A move as engines print it, the `length` bytes of `word`: the game's
 * move text, a promotion letter in either case (e7e8Q).  The one place an
 * engine's moves are read (a position-aware reader, for Chess960's
 * king-takes-rook castling, would take its place).  0, or -1 when it is
 * not a move's form. */
static int engine_move_parse(Game game, const char *word, size_t length, Move *move)
{
    char text[MOVE_TEXT_MAX + 1];
    if (length == 0 || length >= sizeof text)
        return -1;
    memcpy(text, word, length);
    text[length] = '\0';
    /* Engines print promotions in either case (e7e8Q, e7e8q): the letter
     * after the squares only, so that nothing else passes for a move. */
    char *last = &text[length - 1];
    if (length > 4 && strchr("QRBN", *last) && isdigit((unsigned char)last[-1]))
        *last = (char)tolower((unsigned char)*last);
    return move_parse(game, text, move);
}

/* "MOVE<sep>COUNT": the move text up to `sep`, then the count (and the
 * fields, when `fields` is not NULL). */
static EngineLine parse_move_count(Game game, const char *line, const char *sep, Move *move, PerftCount *count,
                                   const char **fields)
{
    line += strspn(line, " \t");
    size_t n = strcspn(line, sep);
    if (n == 0 || !line[n] || engine_move_parse(game, line, n, move) < 0)
        return ENGINE_LINE_MALFORMED;
    EngineLine kind = parse_count(line + n + 1, count, fields);
    return kind == ENGINE_LINE_TOTAL ? ENGINE_LINE_MOVE : kind;
}

EngineLine engine_parse_uci_line_fields(Game game, const char *line, Move *move, PerftCount *count, const char **fields)
{
    if (fields)
        *fields = line + strlen(line); /* none: the empty end of the line itself */
    if (blank(line))
        return ENGINE_LINE_BLANK;
    if (starts_with(line, "info ") || strcmp(line, "info") == 0)
        return ENGINE_LINE_INFO;
    if (starts_with(line, "Nodes searched:"))
        return parse_count(line + strlen("Nodes searched:"), count, fields);
    return parse_move_count(game, line, ":", move, count, fields);
}

EngineLine engine_parse_uci_line(Game game, const char *line, Move *move, PerftCount *count)
{
    return engine_parse_uci_line_fields(game, line, move, count, NULL);
}

EngineLine engine_parse_perftree_line_fields(Game game, const char *line, Move *move, PerftCount *count,
                                             const char **fields)
{
    if (fields)
        *fields = line + strlen(line); /* none: the empty end of the line itself */
    if (blank(line))
        return ENGINE_LINE_BLANK;
    /* A total's count is the line's first word, a move line's the second. */
    PerftCount first;
    if (perft_count_parse(line + strspn(line, " \t"), strcspn(line + strspn(line, " \t"), " \t"), &first) !=
        PERFT_COUNT_NOT_A_NUMBER)
        return parse_count(line, count, fields);
    return parse_move_count(game, line, " \t", move, count, fields);
}

EngineLine engine_parse_perftree_line(Game game, const char *line, Move *move, PerftCount *count)
{
    return engine_parse_perftree_line_fields(game, line, move, count, NULL);
}

void engine_stats_request(Game game, char *out, size_t size)
{
    const PerftStatsColumns *columns = perft_stats_columns(game);
    size_t n = 0;
    out[0] = '\0';
    for (int c = 0; c < columns->count; c++)
        if (c != STATS_NODES && n < size)
            n += (size_t)snprintf(out + n, size - n, "%s%s", n ? "," : "", columns->names[c]);
}

/* The column of `columns` named by the `length` bytes of `name`, or -1. */
static int stats_column_named(const PerftStatsColumns *columns, const char *name, size_t length)
{
    for (int c = 0; c < columns->count; c++)
        if (strlen(columns->names[c]) == length && strncmp(columns->names[c], name, length) == 0)
            return c;
    return -1;
}

int engine_parse_stats(Game game, const char *fields, PerftCount nodes, PerftStats *out, char *what, size_t size)
{
    const PerftStatsColumns *columns = perft_stats_columns(game);
    bool given[STATS_COLUMNS] = {false};
    if (nodes > UINT64_MAX) {
        snprintf(what, size, "statistics of more than 2^64 - 1 leaves (a column holds 64 bits)");
        return -1;
    }
    *out = (PerftStats){.count = {[STATS_NODES] = (uint64_t)nodes}};
    for (const char *p = fields + strspn(fields, " \t"); *p; p += strspn(p, " \t")) {
        int length = (int)strcspn(p, " \t");
        size_t name_length = strcspn(p, "= \t");
        int c = stats_column_named(columns, p, name_length);
        PerftCount value;
        if (p[name_length] != '=') {
            snprintf(what, size, "statistics field '%.*s' is not NAME=VALUE", length, p);
            return -1;
        }
        if (c < 0 || c == STATS_NODES) {
            snprintf(what, size, "statistics field '%.*s': %s", length, p,
                     c == STATS_NODES     ? "nodes is the line's count, not a field"
                     : game == GAME_CHESS ? "no column has that name"
                                          : "no column of Quaternity has that name");
            return -1;
        }
        if (given[c]) {
            snprintf(what, size, "statistics field '%.*s': %s given twice", length, p, columns->names[c]);
            return -1;
        }
        bool number =
            perft_count_parse(p + name_length + 1, (size_t)length - name_length - 1, &value) == PERFT_COUNT_OK;
        if (!number || value > nodes) { /* each column counts some of the leaves */
            snprintf(what, size, "statistics field '%.*s': %s", length, p,
                     number ? "more than the line's count of leaves" : "not a count (decimal digits)");
            return -1;
        }
        given[c] = true;
        out->count[c] = (uint64_t)value;
        p += length;
    }
    for (int c = 0; c < columns->count; c++)
        if (c != STATS_NODES && !given[c]) {
            snprintf(what, size, "statistics without %s (a line with statistics gives every column asked for)",
                     columns->names[c]);
            return -1;
        }
    return 0;
}
