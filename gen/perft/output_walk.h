/* What bin/perft --walk (walk/) answers on standard output, a command at a
 * time: the walk's state (root, path, position, depth), divides as one
 * table of every participant with the differing rows marked, the
 * descent's diagnosis, the participants, help, refusals ("error: ...", one
 * line) and, when standard input is not a terminal, the "ok" that ends an
 * answer. */
#ifndef GEN_PERFT_OUTPUT_WALK_H
#define GEN_PERFT_OUTPUT_WALK_H

#include <stdbool.h>
#include <stdio.h>

#include "crosscheck.h"
#include "divide.h"
#include "output_board.h"
#include "participants.h"

/* Where the walk stands, as `state` answers it. */
typedef struct WalkState {
    const char *root;     /* the root's text */
    const char *path;     /* the moves from the root, "" at the root */
    const char *position; /* the position after them */
    int plies;            /* moves in path */
    int depth;            /* the divide's depth from the root (perftree's) */
    MoveNotation notation;
} WalkState;

/* root, moves, position and depth lines: "depth 3 (2 below here)". */
void output_walk_state(FILE *out, const WalkState *w);
/* One line: "fen TEXT", "moves ...", "depth N": what a command without its
 * argument answers (perftree's fen, moves and depth). */
void output_walk_value(FILE *out, const char *name, const char *value);
/* The participants' divides of here at `depth` below it: a header of
 * their names, a row per move (every move any of them has; "-" where one
 * lacks it; "<- differs" after a row whose counts are not all equal), the
 * totals, and a verdict line: "agree" or "differ: N of M moves".  With
 * `only_differing` (diff) the rows that agree are left out. */
void output_walk_divides(FILE *out, Game game, MoveNotation notation, const Participant *ps, const Divide *ds,
                         int count, int depth, bool only_differing);
/* The descent's finding (the report output_divide.h prints for a divide,
 * with its diagram when `boards`), or "agree" when there was none. */
void output_walk_report(FILE *out, FILE *err, const CrossReport *r, bool boards, BoardStyle style);
/* One line per participant: "NAME backend GAME" or "NAME engine GAME SPEC",
 * and those of the other game marked "(not at this position)". */
void output_walk_participant(FILE *out, const char *name, const char *kind, Game game, const char *spec, bool here);
void output_walk_help(FILE *out);
/* "error: TEXT" (escaped): one line, which also ends the answer. */
void output_walk_refusal(FILE *out, const char *text);
/* The end of an answer that was not refused: "ok", when standard input is
 * not a terminal (a script reads up to it). */
void output_walk_ok(FILE *out, bool marked);
/* The prompt, which the line editor shows on a terminal only (walk_input.c). */
const char *output_walk_prompt(void);
/* A line dropped by Ctrl-C at the prompt: the next prompt on a line of
 * its own. */
void output_walk_cancelled(FILE *out);
/* Flushes an answer: false when `out` cannot be written. */
bool output_walk_flush(FILE *out);

#endif
