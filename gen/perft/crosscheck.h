/* Cross-checking participants (built-in backends and external engines)
 * against each other.
 *
 * Every participant divides the same position; when their counts differ, the
 * check walks down the first root move whose counts differ, one divide per
 * participant and level, until it reaches the position where the legal move
 * lists themselves differ (or where a participant's count disagrees with its
 * own divide one level down), and reports that position, the path to it and
 * the moves in dispute. */
#ifndef GEN_PERFT_CROSSCHECK_H
#define GEN_PERFT_CROSSCHECK_H

#include <jansson.h>
#include <stdio.h>

#include "backend.h"
#include "participant.h"
#include "position_text.h"

enum { CROSS_PATH_MAX = 4096, CROSS_MAX_PARTICIPANTS = 16 };

typedef enum {
    CROSS_AGREE = 0,
    CROSS_MOVES_DIFFER,      /* the legal move lists differ at `position` */
    CROSS_POSITIONS_DIFFER,  /* same move path, different saved positions (two backends) */
    CROSS_PERFT_INCONSISTENT /* a participant's count disagrees with its own divide below */
} CrossVerdict;

typedef struct CrossReport {
    CrossVerdict verdict;
    const char *first, *second;                 /* the names of the pair that was descended */
    char path[CROSS_PATH_MAX];                  /* moves from the root, space-separated */
    char position[POSITION_TEXT_MAX];           /* where the difference shows (the harness's view) */
    char other_position[POSITION_TEXT_MAX];     /* second's view, for POSITIONS_DIFFER */
    int depth;                                  /* depth remaining at that position */
    char only_first[CROSS_PATH_MAX];            /* moves only `first` has */
    char only_second[CROSS_PATH_MAX];           /* moves only `second` has */
    uint64_t total[CROSS_MAX_PARTICIPANTS];     /* root totals, per participant */
    double seconds[CROSS_MAX_PARTICIPANTS];     /* root divide times, per participant */
    uint64_t counted_above[2], divided_here[2]; /* PERFT_INCONSISTENT: the pair's two counts of `position` */
} CrossReport;

/* How the results are written: text (a divide, or a table and the
 * diagnosis), Stockfish's "move: count" / "Nodes searched: N" divide, or
 * nothing on `out` and everything into a JSON object. */
typedef enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_STOCKFISH } OutputFormat;

/* Divides `pos` (after the moves in `moves`, which may be NULL) to `depth`
 * with each of the `count` participants and, on disagreement, descends.
 * Writes to `out` in `format`; with FORMAT_JSON, adds "divides", "agree"
 * and "disagreement" to `json`.  Returns 0 when all agree, 1 on
 * disagreement, -1 on an error (message in err). */
int crosscheck_participants(const Participant *participants, int count, const Position *pos, const char *moves,
                            int depth, int bulk, OutputFormat format, FILE *out, json_t *json, CrossReport *report,
                            char *err, size_t errlen);

/* The same over built-in backends, text output. */
int crosscheck(const Backend *const *backends, int count, const Position *pos, const char *moves, int depth, int bulk,
               FILE *out, CrossReport *report, char *err, size_t errlen);

/* Prints a divide in `format` (FORMAT_TEXT: perftree's "move count" lines,
 * a blank line and the total; FORMAT_STOCKFISH: "move: count" lines, a blank
 * line and "Nodes searched: N"). */
void divide_print(FILE *out, OutputFormat format, Game game, const DivideEntry *entries, int count, uint64_t total);
/* Its parts: one root move's line, and the blank line with the total. */
void divide_print_move(FILE *out, OutputFormat format, Game game, Move move, uint64_t count);
void divide_print_total(FILE *out, OutputFormat format, uint64_t total);

/* A divide as a JSON object {"moves": {MOVE: COUNT...}, "total": N}. */
json_t *divide_json(Game game, const DivideEntry *entries, int count, uint64_t total);

#endif
