/* Scharnagl's numbering of the Chess960 arrangements (chess960_start.h):
 * the number's digits in a mixed radix place, in turn, the light-square
 * bishop (4 ways), the dark-square bishop (4), the queen on one of the six
 * squares left (6), the two knights on two of the five left (10), and the
 * rook, king and rook on the last three, in that order. */
#include "chess960_start.h"

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
