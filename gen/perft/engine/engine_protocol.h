/* The text an external engine speaks, parsed without any process around it
 * (so these parsers can be fuzzed alone): --engine specifications, the lines
 * of a UCI `go perft` answer, the lines of a perftree-contract answer. */
#ifndef GEN_PERFT_ENGINE_PROTOCOL_H
#define GEN_PERFT_ENGINE_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perft_count.h"
#include "perft_stats.h"
#include "position.h"

typedef enum { ENGINE_UCI, ENGINE_PERFTREE } EngineProtocol;

enum { ENGINE_NAME_MAX = 48 };

typedef struct EngineSpec {
    EngineProtocol protocol;
    char name[ENGINE_NAME_MAX]; /* given (NAME=...) or derived from the command */
    bool game_declared;         /* GAME: was given */
    Game game;                  /* the game declared, when it was */
    const char *command;        /* points into the specification */
} EngineSpec;

/* Parses "[NAME=][GAME:]uci:COMMAND" or "[NAME=][GAME:]perftree:COMMAND",
 * GAME being chess or quaternity (the game of the positions the engine is
 * asked about; participants.h says what an undeclared one plays).  Without a NAME
 * the name is the command's program (its first word's last path component,
 * past sh, python3 and the like: "uci:/usr/games/stockfish" is "stockfish",
 * "perftree:python3 tests/engines/drop.py" is "drop.py").  0, or -1 with a
 * message. */
int engine_spec_parse(const char *spec, EngineSpec *out, char *err, size_t errlen);

typedef enum {
    ENGINE_LINE_MOVE,         /* a root move and its count */
    ENGINE_LINE_TOTAL,        /* the total: "Nodes searched: N" (UCI), a bare number (perftree) */
    ENGINE_LINE_BLANK,        /* nothing but blanks */
    ENGINE_LINE_INFO,         /* UCI "info ..." lines, which engines may print at any time */
    ENGINE_LINE_OUT_OF_RANGE, /* a move line or total whose count is past 2^128 - 1 */
    ENGINE_LINE_MALFORMED     /* anything else */
} EngineLine;

/* One line of a UCI `go perft` answer: "e2e4: 20", "Nodes searched: 400",
 * a blank or an "info" line.  The move must be move text of `game`, its
 * promotion letter in either case (e7e8Q); a count is digits only. */
EngineLine engine_parse_uci_line(Game game, const char *line, Move *move, PerftCount *count);

/* One line of a perftree answer: "e2e4 20", a blank line, "400". */
EngineLine engine_parse_perftree_line(Game game, const char *line, Move *move, PerftCount *count);

/* The same two with statistics allowed after a move line's or the total's
 * count (gen/perft/README.md, "Statistics"): *fields points at what
 * follows the count, "" when nothing does, for engine_parse_stats. */
EngineLine engine_parse_uci_line_fields(Game game, const char *line, Move *move, PerftCount *count,
                                        const char **fields);
EngineLine engine_parse_perftree_line_fields(Game game, const char *line, Move *move, PerftCount *count,
                                             const char **fields);

/* Room for engine_stats_request's text (every column's name and a comma). */
enum { ENGINE_STATS_REQUEST_MAX = 1024 };

/* The columns of `game` an engine is asked for, comma-separated in the
 * order perft_stats.h gives them, nodes left out (the count is the
 * nodes): the value of PERFT_STATS and of the UCI option PerftStats. */
void engine_stats_request(Game game, char *out, size_t size);

/* Statistics fields "NAME=VALUE ..." (blank-separated), NAME a column's
 * name in `game` as perft_stats_name gives it other than nodes, VALUE
 * decimal digits up to 2^64 - 1, every column of engine_stats_request once,
 * in any order.  `nodes` is the line's count (the nodes column).  0, or -1
 * with what is wrong (naming the field) in `what`. */
int engine_parse_stats(Game game, const char *fields, PerftCount nodes, PerftStats *out, char *what, size_t size);

#endif
