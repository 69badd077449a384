/* A PGN suite's games, rows, disagreements and summary, in text and JSON
 * (run_pgn_suite.h computes them; the speed table is output_speed.h's). */
#ifndef GEN_PERFT_OUTPUT_PGN_SUITE_H
#define GEN_PERFT_OUTPUT_PGN_SUITE_H

#include "count_policy.h"
#include "crosscheck.h"
#include "output.h"
#include "output_speed.h"
#include "participants.h"
#include "pgn.h"
#include "run_results.h"

/* One (position, depth) of a game: what its rows name. */
typedef struct PgnCount {
    const PgnGame *game;
    const char *game_name; /* pgn_game_name's */
    int ply;               /* from the game's start */
    const char *move;      /* the SAN that reached it, NULL at the start */
    const char *position;  /* its text */
    int depth;
} PgnCount;

/* Text: the rows' heading; `name_width` is the participant column's. */
void output_pgn_suite_heading(Output *o, int name_width);
/* A game about to be counted: text, a line naming it; JSON, an entry of
 * "games". */
void output_pgn_suite_game(Output *o, const PgnGame *g, const char *name, bool chess960);
/* Participant p's count of c: text, a row ("agree" or "DIFFER", as all
 * the participants' counts of c do); JSON, an entry of "checks". */
void output_pgn_suite_check(Output *o, const PgnCount *c, const Participant *p, const Divide *d, bool agree,
                            int name_width);
/* p's count of c stopped past --max-nodes `budget`: skipped. */
void output_pgn_suite_past_budget(Output *o, const PgnCount *c, const Participant *p, const Divide *d, uint64_t budget,
                                  int name_width);
/* The participants' disagreement on c: text, the game, ply and position,
 * then the diagnosis; JSON, an entry of "disagreements". */
void output_pgn_suite_disagreement(Output *o, const PgnCount *c, const CrossReport *r);
/* The closing line (what was counted, compared and skipped), on stderr
 * how many games were in Chess960 notation, then the speed table of
 * `rows`. */
void output_pgn_suite_end(Output *o, const RunSettings *s, const CountPolicy *policy, const PgnSuiteTotals *t,
                          const SpeedRow *rows, int nrows);
/* The run stopped by a signal: `message` says where (text, and JSON's
 * "interrupted"). */
void output_pgn_suite_interrupted(Output *o, const char *message);

#endif
