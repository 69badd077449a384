/* A position as a diagram, for people: chess's 8 x 8 and Quaternity's
 * 12 x 12 with its four armies, rank 1 at the bottom, and under it what
 * the board cannot show: the side or controller to move, castling rights
 * and their rooks, the en passant square, the clocks; Quaternity's
 * controllers, frozen controllers and the pawns' commitments. */
#ifndef GEN_PERFT_OUTPUT_BOARD_H
#define GEN_PERFT_OUTPUT_BOARD_H

#include <stdbool.h>
#include <stdio.h>

#include "position.h"
#include "settings.h"

typedef struct BoardStyle {
    bool unicode; /* chess's piece symbols instead of letters */
    bool color;   /* ANSI colours: squares, sides and armies (a terminal's) */
} BoardStyle;

void output_board(FILE *out, const Position *pos, BoardStyle style);

/* The style of s's --board and --color for diagrams written to `out`:
 * colour with --color always, or with auto when `out` is a terminal and
 * NO_COLOR is not set to a text (no-color.org). */
BoardStyle output_board_style(const RunSettings *s, FILE *out);

#endif
