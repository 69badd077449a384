/* Move text (gen/quaternity/RULES.md#move-text, gen/chess/RULES.md#move-text,
 * UCI style): from-square, to-square, then a lower-case promotion letter:
 * "d4e5", "d11e12q", "e1g1", "e7e8n". */
#ifndef GEN_CORE_MOVE_TEXT_H
#define GEN_CORE_MOVE_TEXT_H

#include "position.h"

enum { MOVE_TEXT_MAX = 8 };

void move_format(Game game, Move move, char out[MOVE_TEXT_MAX]);

/* Parses the whole of `text` as a move's form (it may still be illegal);
 * 0 on success, -1 if it is not move text. */
int move_parse(Game game, const char *text, Move *move);

/* Sorts moves by the byte order of their text, the order divide prints.
 * At most MAX_MOVES moves (a generated list); more is a bug and aborts. */
void moves_sort(Game game, Move *moves, int count);

/* Index of `move` in the list, or -1. */
int moves_find(const Move *moves, int count, Move move);

#endif
