/* Chess960 (Fischer Random) and Double Fischer Random start positions by
 * number.
 *
 * The 960 back-rank arrangements are numbered 0-959 as Reinhard Scharnagl
 * numbered them (the numbering the chessprogramming wiki and engines use):
 * 518 is the orthodox RNBQKBNR, 0 is BBQNNRKR.  A Chess960 start puts one
 * arrangement on both sides; a Double Fischer Random start gives White
 * arrangement `white` and Black arrangement `black` (960 x 960 starts). */
#ifndef GEN_CORE_CHESS960_START_H
#define GEN_CORE_CHESS960_START_H

#include <stddef.h>

#include "position.h"

enum { CHESS960_ARRANGEMENTS = 960, CHESS960_ORTHODOX = 518 };

/* The pieces of arrangement `number` on files a-h; -1 when the number is
 * not 0-959. */
int chess960_back_rank(int number, Kind rank[C_WIDTH]);

/* The start position with White's arrangement `white` and Black's `black`,
 * pawns on ranks 2 and 7, White to move, both rights of each side held
 * and written in Shredder-FEN (HAha, the form engines' Chess960 modes
 * print); -1, position untouched, when a number is not 0-959. */
int chess960_start_position(int white, int black, Position *pos);

/* A start position by number, as a POSITION may be written:
 *   chess960:N    arrangement N (0-959) on both sides; chess960:518 is the
 *                 orthodox start (castling written HAha);
 *   dfrc:W,B      White's arrangement W and Black's B (each 0-959);
 *   dfrc:N        the same pair numbered N = W * 960 + B (0-921599), so
 *                 dfrc:N for N = 961 * K is chess960:K.
 * Returns 1 when `text` (white space around it aside) starts with neither
 * "chess960:" nor "dfrc:", 0 with the position, or -1 with one line in err
 * naming the text and what is wrong (a number out of range, not digits). */
int chess960_start_parse(const char *text, Position *pos, char *err, size_t errlen);

#endif
