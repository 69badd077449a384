/* The walk's lines: from a pipe or a file as they come; from a terminal
 * through libedit, with a prompt, line editing and the session's history
 * (the up arrow brings back a command). */
#ifndef GEN_PERFT_WALK_WALK_INPUT_H
#define GEN_PERFT_WALK_WALK_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A line longer than this is refused whole. */
enum { WALK_LINE_MAX = 1 << 16 };

typedef struct WalkInput {
    FILE *in, *out;
    bool terminal; /* `in` is a terminal: prompts, no end-of-answer marks */
    char *line;    /* the last line read */
    size_t size;
} WalkInput;

void walk_input_open(WalkInput *w, FILE *in, FILE *out);
void walk_input_close(WalkInput *w);

/* The next line, without its end of line, in w->line: 1, 0 at the end of
 * input, -1 on a read error; a line longer than WALK_LINE_MAX - 1 or
 * holding a NUL byte is 2 (read to its end, to be refused); a Ctrl-C at a
 * terminal's prompt is 3 (the line dropped). */
int walk_input_read(WalkInput *w);

#endif
