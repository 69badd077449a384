/* Move text (gen/quaternity/RULES.md#move-text, gen/chess/RULES.md#move-text,
 * UCI style): from-square, to-square, then a lower-case promotion letter:
 * "d4e5", "d11e12q", "e1g1", "e7e8n".
 *
 * Castling (a Move marked MOVE_CASTLING: the king takes its own rook) has
 * two spellings, the notations:
 *   MOVE_NOTATION_STANDARD  the king's move to its destination, "e1g1", as
 *       in standard chess; where the king moves less than two files (only
 *       in Chess960) a king's step would read the same, so there it is
 *       written as in Chess960: every text still names one move;
 *   MOVE_NOTATION_CHESS960  the king takes its rook, "e1h1" (UCI with
 *       UCI_Chess960, and Stockfish's Chess960 mode).
 * Readers accept both wherever the text names one move (move_read). */
#ifndef GEN_CORE_MOVE_TEXT_H
#define GEN_CORE_MOVE_TEXT_H

#include "position.h"

enum { MOVE_TEXT_MAX = 8 };

typedef enum { MOVE_NOTATION_STANDARD = 0, MOVE_NOTATION_CHESS960 = 1 } MoveNotation;

/* The standard notation: standard chess prints as it always has. */
void move_format(Game game, Move move, char out[MOVE_TEXT_MAX]);
void move_format_as(Game game, Move move, MoveNotation notation, char out[MOVE_TEXT_MAX]);

/* The notation a position's moves are written in by default: Chess960 for
 * Chess960 positions (castling.h: castling_is_chess960), else standard. */
MoveNotation move_notation_for(const Position *pos);

/* Parses the whole of `text` as a move's form (it may still be illegal);
 * 0 on success, -1 if it is not move text.  Without the board it cannot
 * know castling: the move has `castling` unset (see move_parse_in). */
int move_parse(Game game, const char *text, Move *move);

/* The move a text read by move_parse means in `pos`, without generating:
 * a king's move onto its own rook of a castling right held, or a king's
 * move of two files or more on its back rank onto the destination of a
 * right held, is that castling; anything else is returned unchanged.  For
 * texts from engines, whose moves are then checked against the backends'. */
Move move_in_position(const Position *pos, Move move);
/* move_parse, then move_in_position. */
int move_parse_in(const Position *pos, const char *text, Move *move);

/* What move_read says of a text. */
typedef enum {
    MOVE_READ_OK = 0,
    MOVE_READ_NOT_TEXT = -1,  /* not move text at all */
    MOVE_READ_NOT_LEGAL = -2, /* names none of the legal moves */
    MOVE_READ_AMBIGUOUS = -3  /* names two of them (no legal position has such a text; kept loud) */
} MoveRead;

/* The one of `legal` (a position's legal moves) that `text` names in
 * either notation: "e1g1" and "e1h1" both name standard castling on the
 * king side.  *move is set on MOVE_READ_OK only. */
MoveRead move_read(Game game, const Move *legal, int count, const char *text, Move *move);

/* Sorts moves by the byte order of their text, the order divide prints.
 * At most MAX_MOVES moves (a generated list); more is a bug and aborts. */
void moves_sort(Game game, Move *moves, int count);
/* The same by the text of `notation` (castling sorts where it is printed). */
void moves_sort_as(Game game, MoveNotation notation, Move *moves, int count);

/* Index of `move` in the list, or -1. */
int moves_find(const Move *moves, int count, Move move);

#endif
