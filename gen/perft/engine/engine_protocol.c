#include "engine/engine_protocol.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_text.h"

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
    if (!name[0])
        snprintf(name, size, "engine");
}

int engine_spec_parse(const char *spec, EngineSpec *out, char *err, size_t errlen)
{
    const char *rest = spec;
    out->name[0] = '\0';
    if (!starts_with(spec, "uci:") && !starts_with(spec, "perftree:")) {
        size_t n = strspn(spec, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-");
        if (n == 0 || spec[n] != '=' || n >= sizeof out->name) {
            snprintf(err, errlen, "--engine '%s' is not uci:COMMAND or perftree:COMMAND (optionally NAME=... first)",
                     spec);
            return -1;
        }
        snprintf(out->name, sizeof out->name, "%.*s", (int)n, spec);
        rest = spec + n + 1;
    }
    if (starts_with(rest, "uci:"))
        out->protocol = ENGINE_UCI, out->command = rest + 4;
    else if (starts_with(rest, "perftree:"))
        out->protocol = ENGINE_PERFTREE, out->command = rest + 9;
    else {
        snprintf(err, errlen, "--engine '%s' is not uci:COMMAND or perftree:COMMAND (optionally NAME=... first)", spec);
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

/* A whole unsigned decimal number ending at `end` or at blanks before it. */
static bool parse_count(const char *text, uint64_t *count)
{
    while (*text == ' ' || *text == '\t')
        text++;
    if (!isdigit((unsigned char)*text))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (errno || *end)
        return false;
    *count = v;
    return true;
}

static bool blank(const char *line)
{
    return line[strspn(line, " \t")] == '\0';
}

/* "MOVE<sep>COUNT": the move text up to `sep`, then the count. */
static bool parse_move_count(Game game, const char *line, const char *sep, Move *move, uint64_t *count)
{
    line += strspn(line, " \t");
    size_t n = strcspn(line, sep);
    char word[MOVE_TEXT_MAX + 1];
    if (n == 0 || n >= sizeof word || !line[n])
        return false;
    memcpy(word, line, n);
    word[n] = '\0';
    return move_parse(game, word, move) == 0 && parse_count(line + n + 1, count);
}

EngineLine engine_parse_uci_line(Game game, const char *line, Move *move, uint64_t *count)
{
    if (blank(line))
        return ENGINE_LINE_BLANK;
    if (starts_with(line, "info ") || strcmp(line, "info") == 0)
        return ENGINE_LINE_INFO;
    if (starts_with(line, "Nodes searched:"))
        return parse_count(line + strlen("Nodes searched:"), count) ? ENGINE_LINE_TOTAL : ENGINE_LINE_MALFORMED;
    return parse_move_count(game, line, ":", move, count) ? ENGINE_LINE_MOVE : ENGINE_LINE_MALFORMED;
}

EngineLine engine_parse_perftree_line(Game game, const char *line, Move *move, uint64_t *count)
{
    if (blank(line))
        return ENGINE_LINE_BLANK;
    if (parse_count(line, count))
        return ENGINE_LINE_TOTAL;
    return parse_move_count(game, line, " \t", move, count) ? ENGINE_LINE_MOVE : ENGINE_LINE_MALFORMED;
}
