/* Scharnagl's numbering of the Chess960 arrangements (chess960_start.h):
 * the number's digits in a mixed radix place, in turn, the light-square
 * bishop (4 ways), the dark-square bishop (4), the queen on one of the six
 * squares left (6), the two knights on two of the five left (10), and the
 * rook, king and rook on the last three, in that order. */
#include "chess960_start.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

int chess960_back_rank(int number, Kind rank[C_WIDTH])
{
    /* Which two of the five squares left the knights take, per digit. */
    static const int KNIGHTS[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
    if (number < 0 || number >= CHESS960_ARRANGEMENTS)
        return -1;
    for (int file = 0; file < C_WIDTH; file++)
        rank[file] = EMPTY;
    rank[2 * (number % 4) + 1] = BISHOP; /* b, d, f, h: the light squares */
    number /= 4;
    rank[2 * (number % 4)] = BISHOP; /* a, c, e, g */
    number /= 4;
    int queen = number % 6, knights = number / 6;
    int free_files[C_WIDTH], open_count = 0;
    for (int file = 0; file < C_WIDTH; file++)
        if (rank[file] == EMPTY)
            free_files[open_count++] = file;
    rank[free_files[queen]] = QUEEN;
    open_count = 0;
    for (int file = 0; file < C_WIDTH; file++)
        if (rank[file] == EMPTY)
            free_files[open_count++] = file;
    rank[free_files[KNIGHTS[knights][0]]] = KNIGHT;
    rank[free_files[KNIGHTS[knights][1]]] = KNIGHT;
    static const Kind REST[3] = {ROOK, KING, ROOK};
    for (int file = 0, i = 0; file < C_WIDTH; file++)
        if (rank[file] == EMPTY)
            rank[file] = REST[i++];
    return 0;
}

int chess960_start_position(int white, int black, Position *pos)
{
    Kind ranks[2][C_WIDTH];
    if (chess960_back_rank(white, ranks[CHESS_WHITE]) < 0 || chess960_back_rank(black, ranks[CHESS_BLACK]) < 0)
        return -1;
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    pos->turn = CHESS_WHITE;
    pos->ep_square = -1;
    pos->fullmove_number = 1;
    for (int side = CHESS_WHITE; side <= CHESS_BLACK; side++) {
        int back = side == CHESS_WHITE ? 0 : 7, pawns = side == CHESS_WHITE ? 1 : 6;
        bool king_seen = false;
        for (int file = 0; file < C_WIDTH; file++) {
            Kind kind = ranks[side][file];
            pos->board[back * C_WIDTH + file] = PIECE_MAKE(side, kind, PAWN_NONE);
            pos->board[pawns * C_WIDTH + file] = PIECE_MAKE(side, PAWN, side == CHESS_WHITE ? PAWN_UP : PAWN_DOWN);
            king_seen |= kind == KING;
            if (kind == ROOK) {
                /* The rook before the king castles on the queen side. */
                int right = 2 * side + !king_seen;
                pos->castling |= (uint8_t)(1u << right);
                pos->castling_rook[right] = (uint8_t)file;
                pos->castling_letters |= (uint8_t)CASTLE_LETTER_FILE(right);
            }
        }
    }
    return 0;
}

/* Digits only, at most `max`; the number, or -1.  *p moves past them. */
static long start_number(const char **p, long max)
{
    long v = 0;
    const char *start = *p;
    for (; isdigit((unsigned char)**p); (*p)++) {
        v = v * 10 + (**p - '0');
        if (v > max)
            v = max + 1; /* out of range, however many digits follow */
    }
    return *p == start ? -1 : v;
}

int chess960_start_parse(const char *text, Position *pos, char *err, size_t errlen)
{
    while (isspace((unsigned char)*text))
        text++;
    size_t length = strlen(text);
    while (length && isspace((unsigned char)text[length - 1]))
        length--;
    bool dfrc = strncmp(text, "dfrc:", 5) == 0;
    if (!dfrc && strncmp(text, "chess960:", 9) != 0)
        return 1;
    const char *p = text + (dfrc ? 5 : 9), *end = text + length;
    long max = dfrc ? (long)CHESS960_ARRANGEMENTS * CHESS960_ARRANGEMENTS - 1 : CHESS960_ARRANGEMENTS - 1;
    long first = start_number(&p, max), second = -1;
    bool pair = dfrc && p < end && *p == ',';
    if (pair) {
        p++;
        max = CHESS960_ARRANGEMENTS - 1;
        second = start_number(&p, max);
    }
    const char *form = !dfrc  ? "chess960:N with N from 0 to 959"
                       : pair ? "dfrc:W,B with W and B from 0 to 959"
                              : "dfrc:W,B or dfrc:N with N from 0 to 921599";
    if (first < 0 || (pair && second < 0) || p != end) {
        snprintf(err, errlen, "position '%.*s' is not %s", (int)length, text, form);
        return -1;
    }
    if (first > (pair ? CHESS960_ARRANGEMENTS - 1 : max) || second > max) {
        snprintf(err, errlen, "position '%.*s': out of range (%s)", (int)length, text, form);
        return -1;
    }
    long white = !dfrc ? first : pair ? first : first / CHESS960_ARRANGEMENTS;
    long black = !dfrc ? first : pair ? second : first % CHESS960_ARRANGEMENTS;
    return chess960_start_position((int)white, (int)black, pos);
}
