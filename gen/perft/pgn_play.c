#include "pgn_play.h"

#include <stdio.h>
#include <string.h>

#include "position_text.h"
#include "report.h"
#include "session.h"

/* The game's start: its FEN tag (or chess's start), a chess position. */
static int game_start(const PgnGame *g, const char *path, Position *start, char *err, size_t errlen)
{
    char why[ERROR_TEXT_MAX];
    if (position_parse(g->start, start, why, sizeof why) < 0) {
        snprintf(err, errlen, "PGN %s game %d (line %d): the FEN tag: %s", path, g->number, g->line, why);
        return -1;
    }
    if (start->game != GAME_CHESS) {
        snprintf(err, errlen, "PGN %s game %d (line %d): the FEN tag is a Quaternity position (PGN is chess's)", path,
                 g->number, g->line);
        return -1;
    }
    return 0;
}

int pgn_play(const PgnGame *g, const char *path, const Backend *backend, bool every_ply, PgnVisit visit, void *context,
             char *err, size_t errlen)
{
    Position pos;
    Session session;
    char why[ERROR_TEXT_MAX];
    if (game_start(g, path, &pos, err, errlen) < 0)
        return -1;
    if (session_open(&session, backend, &pos, why, sizeof why) < 0) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    int status = visit && every_ply ? visit(context, 0, NULL, &pos) : 0;
    const char *p = g->moves, *last = NULL;
    char move[32];
    int ply = 0;
    while (status == 0 && *(p += strspn(p, " "))) {
        size_t n = strcspn(p, " ");
        snprintf(move, sizeof move, "%.*s", (int)(n < sizeof move ? n : sizeof move - 1), p);
        p += n;
        ply++;
        /* One move at a time: session.c numbers it 1, here it is the game's ply. */
        if (session_play(&session, move, why, sizeof why) < 0) {
            const char *text = strncmp(why, "move 1 ", 7) == 0 ? why + 7 : why;
            snprintf(err, errlen, "PGN %s game %d (line %d): ply %d %s", path, g->number, g->line, ply, text);
            status = -1;
            break;
        }
        last = move;
        if (visit && every_ply) {
            backend->save(session.state, &pos);
            status = visit(context, ply, move, &pos);
        }
    }
    if (status == 0 && visit && !every_ply) {
        backend->save(session.state, &pos);
        status = visit(context, ply, last, &pos);
    }
    session_close(&session);
    return status;
}
