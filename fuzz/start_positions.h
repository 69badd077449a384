/* The starting positions of both games, as the fixtures give them: the
 * Quaternity opening of positions/quaternity/reference.epd and the chess
 * initial position of positions/chess/published.epd. */
#ifndef FUZZ_START_POSITIONS_H
#define FUZZ_START_POSITIONS_H

#include "position.h"

static const char *const START_TEXT[GAME_COUNT] = {
    [GAME_QUATERNITY] = "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/"
                        "rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/"
                        "3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w",
    [GAME_CHESS] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
};

#endif
