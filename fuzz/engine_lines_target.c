/* Fuzz target: what external engines print, read by the harness's engine
 * parsers (gen/perft/engine_protocol.c) without any process around them.
 *
 * Byte 0 picks the game; the rest is split into lines.  The first line is
 * also parsed as an --engine specification (its name terminated, its
 * command inside it, a declared game one of the games).  Every line goes
 * through both the UCI and the perftree line parsers: a move line must
 * name squares of the game and a promotion kind or none, and printing what
 * was parsed in the engine's own form must parse back to the same move and
 * count; a total must print and parse back too; a count called out of
 * range must have at least as many digits as 2^128 - 1 (39).  With the
 * statistics fields allowed, whatever follows a line's count goes through
 * the fields parser: taken, its columns hold no more than the count and
 * nodes is the count; refused, it says why on one line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine_protocol.h"
#include "fuzz_support.h"
#include "move_text.h"

typedef EngineLine (*LineParser)(Game game, const char *line, Move *move, PerftCount *count);

static void check_line(Game game, LineParser parse, const char *form, const char *line)
{
    Move move;
    PerftCount count;
    EngineLine kind = parse(game, line, &move, &count);
    char printed[64];
    if (kind == ENGINE_LINE_MOVE) {
        if (move.from >= game_squares(game) || move.to >= game_squares(game) || move.promotion > QUEEN ||
            move.promotion == PAWN)
            fuzz_fail("%s line '%s' gives the move %d-%d promoting to %d", form, line, move.from, move.to,
                      move.promotion);
        char text[MOVE_TEXT_MAX];
        move_format(game, move, text);
        snprintf(printed, sizeof printed, strcmp(form, "uci") == 0 ? "%s: %s" : "%s %s", text, PERFT_COUNT_TEXT(count));
    } else if (kind == ENGINE_LINE_TOTAL) {
        snprintf(printed, sizeof printed, strcmp(form, "uci") == 0 ? "Nodes searched: %s" : "%s",
                 PERFT_COUNT_TEXT(count));
    } else if (kind == ENGINE_LINE_OUT_OF_RANGE) {
        size_t longest = 0;
        for (const char *p = line; *p; p++) {
            size_t n = strspn(p, "0123456789");
            longest = n > longest ? n : longest;
            p += n ? n - 1 : 0;
        }
        if (longest < 39)
            fuzz_fail("%s line '%s' is called out of range with at most %zu digits in a row", form, line, longest);
        return;
    } else {
        return;
    }
    Move again_move;
    PerftCount again_count;
    EngineLine again = parse(game, printed, &again_move, &again_count);
    if (again != kind || again_count != count || (kind == ENGINE_LINE_MOVE && !move_equal(again_move, move)))
        fuzz_fail("%s line '%s' parsed, printed as '%s', does not parse back the same", form, line, printed);
}

typedef EngineLine (*FieldsParser)(Game game, const char *line, Move *move, PerftCount *count, const char **fields);

static void check_fields(Game game, FieldsParser parse, const char *form, const char *line)
{
    Move move;
    PerftCount count;
    const char *fields;
    EngineLine kind = parse(game, line, &move, &count, &fields);
    if (fields < line || fields > line + strlen(line))
        fuzz_fail("%s line '%s': its fields point outside it", form, line);
    if (kind != ENGINE_LINE_MOVE && kind != ENGINE_LINE_TOTAL)
        return;
    PerftStats stats;
    char what[256] = "";
    if (engine_parse_stats(game, fields, count, &stats, what, sizeof what) == 0) {
        if (stats.count[STATS_NODES] != count)
            fuzz_fail("%s line '%s': nodes is not the count", form, line);
        for (int c = 0; c < STATS_COLUMNS; c++)
            if (stats.count[c] > count)
                fuzz_fail("%s line '%s': %s above the count", form, line, perft_stats_name(game, c));
    } else if (!what[0] || strchr(what, '\n')) {
        fuzz_fail("%s line '%s': statistics refused without a one-line reason", form, line);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    Game game = data[0] & 1 ? GAME_CHESS : GAME_QUATERNITY;
    char *text = fuzz_copy_text(data + 1, size - 1);
    char *first_end = strchr(text, '\n');
    size_t first_len = first_end ? (size_t)(first_end - text) : strlen(text);
    char *spec_text = strndup(text, first_len);
    EngineSpec spec;
    char err[256];
    if (engine_spec_parse(spec_text, &spec, err, sizeof err) == 0) {
        if (!memchr(spec.name, '\0', sizeof spec.name) || !spec.command || spec.command < spec_text ||
            spec.command > spec_text + first_len || (spec.game_declared && spec.game >= GAME_COUNT))
            fuzz_fail("--engine '%s' parsed to a name or command out of bounds", spec_text);
    } else if (!err[0]) {
        fuzz_fail("--engine '%s' rejected without a message", spec_text);
    }
    free(spec_text);
    for (char *line = text; line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        check_line(game, engine_parse_uci_line, "uci", line);
        check_line(game, engine_parse_perftree_line, "perftree", line);
        check_fields(game, engine_parse_uci_line_fields, "uci", line);
        check_fields(game, engine_parse_perftree_line_fields, "perftree", line);
        line = next;
    }
    free(text);
    return 0;
}
