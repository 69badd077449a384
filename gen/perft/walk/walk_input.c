#include "walk/walk_input.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output_walk.h"

void walk_input_open(WalkInput *w, FILE *in, FILE *out)
{
    *w = (WalkInput){.in = in, .out = out, .terminal = isatty(fileno(in)) == 1};
}

void walk_input_close(WalkInput *w)
{
    free(w->line);
    w->line = NULL;
}

int walk_input_read(WalkInput *w)
{
    if (w->terminal)
        output_walk_prompt(w->out);
    ssize_t n = getline(&w->line, &w->size, w->in);
    if (n < 0)
        return ferror(w->in) ? -1 : 0;
    while (n > 0 && (w->line[n - 1] == '\n' || w->line[n - 1] == '\r'))
        w->line[--n] = '\0';
    return n >= WALK_LINE_MAX || strlen(w->line) != (size_t)n ? 2 : 1;
}
