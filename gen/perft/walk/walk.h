/* bin/perft --walk: the tree walked by hand, over the participants of a
 * divide (-b, --engine, --engine-option; counted as a divide counts: bulk,
 * -t threads, the --hash table), both games, Chess960 and DFRC.
 *
 * A command a line (help lists them; output_walk.h what each answers):
 * set the root (fen, position) and the moves from it (moves, move/child,
 * back/parent, root), the depth from the root (depth: perftree's, so a
 * move in leaves one ply fewer below), then divide (every participant's
 * count of every move, the differing rows marked), diff (those rows only),
 * descend (the cross-check's descent from here to the first diverging
 * position, which the walk then stands at), board, engines (add or drop a
 * participant).  perftree's command names are aliases.
 *
 * Every refusal is one line ("error: ...") and the walk goes on; when
 * standard input is not a terminal every other answer ends with "ok", so a
 * script reads up to it; on a terminal a prompt is shown instead.  Ctrl-C
 * stops the count under way (walk_interrupt.h) and the walk goes on; quit,
 * exit or the end of input leave. */
#ifndef GEN_PERFT_WALK_WALK_H
#define GEN_PERFT_WALK_WALK_H

#include <stdio.h>

#include "settings.h"

/* The walk on `in` and `out` from s's position, moves and depth until quit
 * or the end of input.  The exit status (report.h): 0, EXIT_USAGE when it
 * cannot start (an engine that does not), EXIT_OUTPUT when `out` cannot be
 * written. */
int walk_run(const RunSettings *s, FILE *in, FILE *out, FILE *err);

#endif
