#include "move_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "castling.h"
#include "square_text.h"

static const char PROMOTION_LETTERS[] = "  nbrq"; /* indexed by Kind */

/* Where the king of a castling lands, in the standard notation: its
 * destination when that is two files or more away, else the rook. */
static int standard_castling_target(Move move)
{
    int king_to = castling_king_to(move.from, move.to);
    int files = abs((king_to & 7) - (move.from & 7));
    return files >= 2 ? king_to : move.to;
}

void move_format(Game game, Move move, char out[MOVE_TEXT_MAX])
{
    move_format_as(game, move, MOVE_NOTATION_STANDARD, out);
}

void move_format_as(Game game, Move move, MoveNotation notation, char out[MOVE_TEXT_MAX])
{
    char from[4], to[4];
    int target =
        move_is_castling(move) && notation == MOVE_NOTATION_STANDARD ? standard_castling_target(move) : move.to;
    square_format(game, move.from, from);
    square_format(game, target, to);
    if (move.promotion && !move_is_castling(move))
        snprintf(out, MOVE_TEXT_MAX, "%s%s%c", from, to, PROMOTION_LETTERS[move.promotion]);
    else
        snprintf(out, MOVE_TEXT_MAX, "%s%s", from, to);
}

int move_parse(Game game, const char *text, Move *move)
{
    const char *p = text;
    int from = square_parse(game, &p);
    int to = from < 0 ? -1 : square_parse(game, &p);
    if (to < 0)
        return -1;
    move->from = (uint8_t)from;
    move->to = (uint8_t)to;
    move->promotion = EMPTY;
    if (*p) {
        /* Either case: perftree documents "a7b8Q", Stockfish reads it and
         * engines may write it. */
        const char *k = strchr(PROMOTION_LETTERS + 2, tolower((unsigned char)*p));
        if (!k || p[1])
            return -1;
        move->promotion = (uint8_t)(k - PROMOTION_LETTERS);
    }
    return 0;
}

MoveNotation move_notation_for(const Position *pos)
{
    return pos->game == GAME_CHESS && castling_is_chess960(pos) ? MOVE_NOTATION_CHESS960 : MOVE_NOTATION_STANDARD;
}

Move move_in_position(const Position *pos, Move move)
{
    if (pos->game != GAME_CHESS || move.promotion != EMPTY || move.from >= C_SQUARES || move.to >= C_SQUARES)
        return move;
    Piece king = pos->board[move.from];
    int side = pos->turn, back_rank = side == CHESS_WHITE ? 0 : 7;
    if (PIECE_KIND(king) != KING || (int)PIECE_ARMY(king) != side || move.from / C_WIDTH != back_rank ||
        move.to / C_WIDTH != back_rank)
        return move;
    for (int r = 2 * side; r < 2 * side + 2; r++) {
        if (!(pos->castling & (1u << r)))
            continue;
        int rook = back_rank * C_WIDTH + pos->castling_rook[r];
        int king_to = castling_king_to(move.from, rook);
        bool takes_rook = move.to == rook;
        bool to_destination = move.to == king_to && abs((king_to & 7) - (move.from & 7)) >= 2;
        if (takes_rook || to_destination)
            return (Move){move.from, (uint8_t)rook, MOVE_CASTLING};
    }
    return move;
}

int move_parse_in(const Position *pos, const char *text, Move *move)
{
    if (move_parse(pos->game, text, move) < 0)
        return -1;
    *move = move_in_position(pos, *move);
    return 0;
}

MoveRead move_read(Game game, const Move *legal, int count, const char *text, Move *move)
{
    Move parsed;
    if (move_parse(game, text, &parsed) < 0)
        return MOVE_READ_NOT_TEXT;
    char given[MOVE_TEXT_MAX];
    move_format(game, parsed, given); /* as the formatter spells it */
    int found = -1;
    for (int i = 0; i < count; i++) {
        char standard[MOVE_TEXT_MAX], chess960[MOVE_TEXT_MAX];
        move_format_as(game, legal[i], MOVE_NOTATION_STANDARD, standard);
        move_format_as(game, legal[i], MOVE_NOTATION_CHESS960, chess960);
        if (strcmp(given, standard) != 0 && strcmp(given, chess960) != 0)
            continue;
        if (found >= 0 && !move_equal(legal[found], legal[i]))
            return MOVE_READ_AMBIGUOUS;
        found = i;
    }
    if (found < 0)
        return MOVE_READ_NOT_LEGAL;
    *move = legal[found];
    return MOVE_READ_OK;
}

/* A move's text packed big-endian into one word, zero-padded: comparing
 * keys as integers compares the texts byte by byte, as strcmp does. */
static uint64_t text_key(Game game, MoveNotation notation, Move move)
{
    char text[MOVE_TEXT_MAX] = {0};
    move_format_as(game, move, notation, text);
    uint64_t key = 0;
    for (int i = 0; i < MOVE_TEXT_MAX; i++)
        key = key << 8 | (unsigned char)text[i];
    return key;
}

typedef struct KeyedMove {
    uint64_t key;
    Move move;
} KeyedMove;

static int compare_keys(const void *a, const void *b)
{
    uint64_t x = ((const KeyedMove *)a)->key, y = ((const KeyedMove *)b)->key;
    return (x > y) - (x < y);
}

void moves_sort(Game game, Move *moves, int count)
{
    moves_sort_as(game, MOVE_NOTATION_STANDARD, moves, count);
}

void moves_sort_as(Game game, MoveNotation notation, Move *moves, int count)
{
    /* Each text is formatted once, not once per comparison, and the game
     * travels with the keys rather than in a global. */
    KeyedMove keyed[MAX_MOVES];
    if (count < 0 || count > MAX_MOVES) {
        fprintf(stderr, "moves_sort: %d moves, more than MAX_MOVES (%d)\n", count, MAX_MOVES);
        abort();
    }
    for (int i = 0; i < count; i++)
        keyed[i] = (KeyedMove){text_key(game, notation, moves[i]), moves[i]};
    qsort(keyed, (size_t)count, sizeof *keyed, compare_keys);
    for (int i = 0; i < count; i++)
        moves[i] = keyed[i].move;
}

int moves_find(const Move *moves, int count, Move move)
{
    for (int i = 0; i < count; i++)
        if (move_equal(moves[i], move))
            return i;
    return -1;
}
