/* A PGN game played from its start, move by move, on a built-in backend:
 * the positions along it, for the runs that count them (--pgn FILE's
 * suite).  Each move is read as SAN (or UCI text) as everywhere moves are
 * read (session.c), so a game plays here as it does in the walk. */
#ifndef GEN_PERFT_PGN_PLAY_H
#define GEN_PERFT_PGN_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "backend.h"
#include "pgn.h"
#include "position.h"

/* What a run does with one position of a game: `ply` plies from its start,
 * reached by `move` (the movetext's SAN; NULL at the start).  0 goes on;
 * anything else stops the game and is pgn_play's return. */
typedef int (*PgnVisit)(void *context, int ply, const char *move, const Position *pos);

/* Plays `g` (read from `path`, for the messages) on `backend`, a chess
 * backend.  `visit` (may be NULL: the game is only checked) sees every
 * position along the game, its start included, when `every_ply`, else the
 * final position alone.  Returns 0, visit's first non-zero return, or -1
 * with one line in err naming the file, the game, its line, the ply and
 * the move ("PGN f.pgn game 6 (line 22): ply 3 'Nc4': no knight can go to
 * c4, in FEN"). */
int pgn_play(const PgnGame *g, const char *path, const Backend *backend, bool every_ply, PgnVisit visit, void *context,
             char *err, size_t errlen);

#endif
