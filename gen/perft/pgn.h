/* PGN games read for their start and main line: the tag pairs (FEN, and
 * Variant "Chess960"; the others are read and left), the movetext's SAN
 * kept as written; move numbers, comments ({...} and ; to the end of the
 * line), variations (nested), numeric annotation glyphs ($1), % escape
 * lines and the result are skipped.  A game ends at its result, at the
 * next game's tags, or at the end of the file.  The moves are checked
 * where they are played (session.c reads SAN; pgn_play.h plays a game). */
#ifndef GEN_PERFT_PGN_H
#define GEN_PERFT_PGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "position_text.h"

enum { PGN_MOVES_MAX = 1 << 16 };

typedef struct PgnGame {
    int number;                    /* 1-based in the file */
    int line;                      /* of its first tag or move */
    char start[POSITION_TEXT_MAX]; /* the FEN tag, or chess's start */
    bool chess960;                 /* Variant "Chess960" (or "Fischerandom") */
    /* The tags that name the game, "" when absent or "?". */
    char event[64], round[16], white[64], black[64];
    char moves[PGN_MOVES_MAX]; /* the main line's SAN, blank-separated */
    int plies;
} PgnGame;

/* The next game of `file` (`path` names it in messages; *line and
 * *number count lines and games, 0 before the first): 1, 0 at the end of
 * the file, -1 with one line in err naming the file, game and line. */
int pgn_next(FILE *file, const char *path, int *line, int *number, PgnGame *g, char *err, size_t errlen);

/* What names game `g` in a report: its number, then the tags that name it,
 * "game 2 (Anderssen - Kieseritzky, London, round 1)", or "game 2" alone. */
void pgn_game_name(const PgnGame *g, char *out, size_t size);

#endif
