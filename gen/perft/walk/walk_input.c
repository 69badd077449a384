#include "walk/walk_input.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <editline/readline.h> /* libedit's (BSD licence) GNU readline interface */

#include "output_walk.h"
#include "walk/walk_interrupt.h"

/* libedit's way to read a key.  A Ctrl-C that came before libedit put the
 * terminal in its own mode (the prompt already shown, the kernel still
 * echoing "^C") reaches only the walk's handler and no read: seen here,
 * it ends the line as one that came while libedit read would. */
static int read_key(FILE *in)
{
    if (walk_interrupted())
        return EOF;
    unsigned char key;
    return read(fileno(in), &key, 1) == 1 ? key : EOF;
}

void walk_input_open(WalkInput *w, FILE *in, FILE *out)
{
    *w = (WalkInput){.in = in, .out = out, .terminal = isatty(fileno(in)) == 1};
    if (w->terminal) {
        rl_instream = in;
        rl_outstream = out;
        rl_getc_function = read_key;
        using_history();
    }
}

void walk_input_close(WalkInput *w)
{
    free(w->line);
    w->line = NULL;
    if (w->terminal)
        clear_history();
}

/* A terminal's line, edited with libedit, kept in the history when it is
 * not blank. */
static int read_edited(WalkInput *w)
{
    walk_interrupt_stops_reads(true);
    char *line = readline(output_walk_prompt());
    walk_interrupt_stops_reads(false);
    if (!line && walk_interrupted())
        return 3; /* Ctrl-C at the prompt: the line is dropped, the walk goes on */
    if (!line)
        return 0; /* Ctrl-D */
    size_t n = strlen(line);
    if (n + 1 > w->size) {
        char *bigger = realloc(w->line, n + 1);
        if (!bigger) {
            free(line);
            return -1;
        }
        w->line = bigger;
        w->size = n + 1;
    }
    memcpy(w->line, line, n + 1);
    if (line[strspn(line, " \t")])
        add_history(line);
    free(line);
    return n >= WALK_LINE_MAX ? 2 : 1;
}

int walk_input_read(WalkInput *w)
{
    if (w->terminal)
        return read_edited(w);
    ssize_t n = getline(&w->line, &w->size, w->in);
    if (n < 0)
        return ferror(w->in) ? -1 : 0;
    while (n > 0 && (w->line[n - 1] == '\n' || w->line[n - 1] == '\r'))
        w->line[--n] = '\0';
    return n >= WALK_LINE_MAX || strlen(w->line) != (size_t)n ? 2 : 1;
}
