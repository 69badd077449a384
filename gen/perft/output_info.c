#include "output_info.h"

#include <string.h>

#include "data_dir.h"
#include "options.h"
#include "registry.h"
#include "version.h"

void output_usage(Output *o, const char *divide_only)
{
    /* GNU's form ("Usage:", "  or:"), which help2man reads into the
     * manual page's synopsis. */
    if (divide_only)
        output_text(o, "Usage: %s [OPTIONS] DEPTH \"POSITION\" [\"MOVES\"]\n", divide_only);
    else
        output_text(o, "%s",
                    "Usage: perft [OPTIONS] DEPTH \"POSITION\" [\"MOVES\"]\n"
                    "  or:  perft [OPTIONS] --suite FILE [--max-depth N] [--max-nodes N]\n"
                    "  or:  perft [OPTIONS] --pgn FILE [--every-ply] [--max-depth N] [--max-nodes N]\n"
                    "  or:  perft [OPTIONS] --random GAMES [--seed S] [--plies N] [--from FILE | --random-start SET]\n"
                    "  or:  perft [-b NAME] [-t N] [--hash MIB] --uci\n"
                    "  or:  perft [OPTIONS] --walk [DEPTH \"POSITION\" [\"MOVES\"] | --pgn FILE]\n");
    output_text(o, "%s",
                "\n"
                "POSITION is QFEN (Quaternity), FEN (chess; Shredder-FEN and X-FEN castling\n"
                "too), or a start by number: chess960:N (0-959, 518 the orthodox start),\n"
                "dfrc:W,B or dfrc:N (N = W * 960 + B).  MOVES are space-separated move\n"
                "texts (d4e5, d11e12q, e1g1 or e1h1; for chess SAN too: Nf3, exd6, O-O)\n"
                "played before counting.  Divide prints \"move count\" per root move,\n"
                "sorted, a blank line and the total; timing and nodes per second go to\n"
                "stderr.  Castling is printed as the king's move (e1g1), or as the king\n"
                "taking its rook (e1h1) for a Chess960 position (castling in file\n"
                "letters, or king and rooks off their standard squares) and with\n"
                "--chess960.\n"
                "\n"
                "Options may come before or after the arguments.  A value follows its\n"
                "option (-b NAME, --backend NAME) or is attached (-bNAME, --backend=NAME);\n"
                "long options may be shortened to any unambiguous prefix; \"--\" ends the\n"
                "options.  An option that does not apply to the mode is an error.\n"
                "\n");
    const OptionRow *row;
    for (int i = 0; (row = options_row(i)); i++) {
        char head[64];
        int n = snprintf(head, sizeof head, "  %s%c%s--%s%s%s", row->letter ? "-" : "", row->letter ? row->letter : ' ',
                         row->letter ? ", " : "  ", row->name, row->value ? "=" : "", row->value ? row->value : "");
        if (!row->letter) /* "      --name": no letter, no comma */
            memmove(head + 2, head + 3, strlen(head + 3) + 1), n--;
        const char *help = row->help;
        output_text(o, "%s", head);
        if (n >= 21) { /* two blanks at least before the text: help2man's rule */
            output_text(o, "\n");
            n = 0;
        }
        for (bool first = true; *help; first = false) {
            size_t length = strcspn(help, "\n");
            output_text(o, "%*s%.*s\n", first ? 22 - n : 22, "", (int)length, help);
            help += length + (help[length] == '\n');
        }
    }
    output_text(o, "%s",
                "\nEngines (the adapter contract; gen/perft/README.md has all of it):\n"
                "  perftree:COMMAND  one process per query: /bin/sh -c 'COMMAND \"$@\"' sh DEPTH\n"
                "                    POSITION MOVES, DEPTH from 1, POSITION a FEN of six\n"
                "                    fields (or QFEN), MOVES the moves played from it\n"
                "                    (an empty argument when none); it prints \"MOVE COUNT\"\n"
                "                    per root move, a blank line and the total, exit 0\n"
                "  uci:COMMAND       one process: uci, setoption per --engine-option,\n"
                "                    isready; per query \"position fen FEN [moves ...]\" and\n"
                "                    \"go perft DEPTH\", answered by \"MOVE: COUNT\" lines and\n"
                "                    \"Nodes searched: N\"; quit.  The fast path for long\n"
                "                    random runs\n"
                "  Moves: e2e4, e7e8q or e7e8Q, castling as the king's move (e1g1) or as\n"
                "  the king taking its rook (e1h1), Quaternity d11e12q; sent in the run's\n"
                "  notation, a UCI engine with UCI_Chess960 set for Chess960 notation.\n"
                "  Each query may take --engine-timeout seconds.  An\n"
                "  engine is asked only about its game's positions (GAME: in --engine).\n"
                "  A move listed twice or a count other than 1 at depth 1 is a finding\n"
                "  (exit 1), not a protocol failure.\n");
    output_text(o, "%s",
                "\nExit status: 0 agreed and checked, 1 a disagreement or a failed check, 2 a\n"
                "usage or input error or an engine's failure, 70 a backend's broken\n"
                "contract, 74 standard output not written, 130/143 interrupted.\n");
}

void output_version(Output *o, const char *program)
{
    output_text(o, "%s %s\n", program, version_text());
    char build[512];
    version_build_text(build, sizeof build);
    output_text(o, "build: %s\n", build);
    char dir[DATA_DIR_MAX], err[DATA_DIR_MAX * 2 + 128];
    if (data_dir_positions(dir, sizeof dir, err, sizeof err) == 0)
        output_text(o, "position suites: %s\n", dir);
    else
        output_text(o, "position suites: %s\n", err);
}

void output_backends(Output *o)
{
    for (int k = 0; backend_registry[k]; k++)
        output_text(o, "%-10s %-11s %s%s\n", backend_registry[k]->name, game_name(backend_registry[k]->game),
                    backend_registry[k]->summary,
                    strcmp(backend_registry[k]->name, DEFAULT_BACKEND) == 0 ? " (default)" : "");
}
