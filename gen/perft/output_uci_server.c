#include "output_uci_server.h"

#include <stdlib.h>

#include "perft_hash.h"
#include "report.h"
#include "version.h"

void output_uci_server_greeting(FILE *out)
{
    fprintf(out, "perft %s, the Quaternity and chess perft suite as a UCI engine (go perft DEPTH)\n", version_text());
}

void output_uci_server_id(FILE *out, const UciOptions *o)
{
    fprintf(out, "id name perft %s\n", version_text());
    fputs("id author the Quaternity and chess perft suite\n", out);
    char vars[256];
    uci_server_backend_names(" var ", " var ", vars, sizeof vars);
    fprintf(out, "option name Backend type combo default %s%s\n", o->backend, vars);
    fprintf(out, "option name Threads type spin default %d min 1 max %d\n", o->threads, UCI_THREADS_MAX);
    fprintf(out, "option name Hash type spin default %d min 0 max %d\n", o->hash_mib, PERFT_HASH_MAX_MIB);
    fprintf(out, "option name UCI_Chess960 type check default %s\n", o->chess960 ? "true" : "false");
    fputs("uciok\n", out);
}

void output_uci_server_readyok(FILE *out)
{
    fputs("readyok\n", out);
}

void output_uci_server_null_move(FILE *out)
{
    fputs("bestmove 0000\n", out);
}

void output_uci_server_divide(FILE *out, Game game, const Divide *d, MoveNotation notation)
{
    for (int i = 0; i < d->count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format_as(game, d->entries[i].move, notation, text);
        fprintf(out, "%s: %s\n", text, PERFT_COUNT_TEXT(d->entries[i].count));
    }
    fprintf(out, "\nNodes searched: %s\n\n", PERFT_COUNT_TEXT(d->total));
}

void output_uci_server_error(FILE *out, const char *text)
{
    char *escaped = report_escaped(text);
    fprintf(out, "info string error: %s\n", escaped ? escaped : "(out of memory)");
    free(escaped);
}

void output_uci_server_nothing_to_do(FILE *out, const char *command)
{
    fprintf(out,
            "info string %s: nothing to do: this engine only counts, and go perft answers before the next command is "
            "read\n",
            command);
}

bool output_uci_server_flush(FILE *out)
{
    return fflush(out) == 0 && !ferror(out);
}
