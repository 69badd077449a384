#include "output_board.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "square_text.h"

static const char *const CHESS_SIDES[] = {"white", "black"};
static const char *const ARMY_NAMES[] = {"white", "red", "black", "green"};
static const char ARMY_LETTERS[] = "wrbg";
static const char KIND_LETTERS[] = " PNBRQK";
static const char STATE_MARKS[] = " ^v><*"; /* QFEN's (gen/quaternity/RULES.md#qfen) */
/* Chess's symbols, by kind: the white ones, then the black ones. */
static const char *const SYMBOLS[2][7] = {{" ", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
                                          {" ", "\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a"}};

/* Colours (ANSI): the light and dark squares, and each side's or army's
 * men. */
#define RESET "\033[0m"
static const char LIGHT[] = "\033[48;5;180m", DARK[] = "\033[48;5;137m";
static const char *const CHESS_INK[] = {"\033[1;97m", "\033[1;30m"};
static const char *const ARMY_INK[] = {"\033[1;97m", "\033[1;31m", "\033[1;30m", "\033[1;32m"};

/* One square, two characters wide for chess, three for Quaternity. */
static void put_square(FILE *out, const Position *pos, int square, BoardStyle style)
{
    int width = game_width(pos->game);
    Piece man = pos->board[square];
    Kind kind = PIECE_KIND(man);
    int army = PIECE_ARMY(man);
    bool light = (square / width + square % width) % 2 == 1;
    if (style.color)
        fprintf(out, "%s%s", light ? LIGHT : DARK,
                kind ? (pos->game == GAME_CHESS ? CHESS_INK[army & 1] : ARMY_INK[army]) : "");
    if (pos->game == GAME_CHESS) {
        if (!kind)
            fputs(style.color ? "  " : " .", out);
        else if (style.unicode)
            fprintf(out, " %s", SYMBOLS[army & 1][kind]);
        else
            fprintf(out, " %c", army == CHESS_WHITE ? KIND_LETTERS[kind] : KIND_LETTERS[kind] + ('a' - 'A'));
    } else if (!kind) {
        fputs(style.color ? "    " : "  . ", out);
    } else {
        /* An army's letter, the man (a letter, or the filled symbol), and a
         * pawn's commitment mark. */
        char mark = kind == PAWN ? STATE_MARKS[PIECE_PAWN_STATE(man)] : ' ';
        if (style.unicode)
            fprintf(out, " %c%s%c", ARMY_LETTERS[army], SYMBOLS[1][kind], mark);
        else
            fprintf(out, " %c%c%c", ARMY_LETTERS[army], KIND_LETTERS[kind], mark);
    }
    if (style.color)
        fputs(RESET, out);
}

static void put_files(FILE *out, Game game)
{
    int width = game_width(game);
    fputs(width > 9 ? "    " : "   ", out);
    for (int f = 0; f < width; f++)
        fprintf(out, game == GAME_CHESS ? " %c" : "  %c ", 'a' + f);
    fputc('\n', out);
}

static void put_board(FILE *out, const Position *pos, BoardStyle style)
{
    int width = game_width(pos->game);
    for (int rank = width - 1; rank >= 0; rank--) {
        fprintf(out, width > 9 ? "%3d " : "%2d ", rank + 1);
        for (int file = 0; file < width; file++)
            put_square(out, pos, rank * width + file, style);
        fputc('\n', out);
    }
    put_files(out, pos->game);
}

static void chess_state(FILE *out, const Position *pos)
{
    fprintf(out, "to move: %s\n", CHESS_SIDES[pos->turn & 1]);
    fputs("castling:", out);
    if (!pos->castling)
        fputs(" none", out);
    for (int right = 0; right < CASTLE_RIGHTS; right++) {
        if (!(pos->castling & (1u << right)))
            continue;
        int side = right / 2;
        char rook[4];
        square_format(GAME_CHESS, (side ? 7 * C_WIDTH : 0) + pos->castling_rook[right], rook);
        fprintf(out, "%s %s %s (rook %s)", pos->castling & ((1u << right) - 1) ? "," : "", CHESS_SIDES[side],
                right % 2 ? "queen side" : "king side", rook);
    }
    fputc('\n', out);
    char ep[8] = "none";
    if (pos->ep_square >= 0)
        square_format(GAME_CHESS, pos->ep_square, ep);
    fprintf(out, "en passant: %s\n", ep);
    fprintf(out, "halfmove clock %d, move %d\n", pos->halfmove_clock, pos->fullmove_number);
}

static void quaternity_state(FILE *out, const Position *pos)
{
    fprintf(out, "to move: %s (controller %c)\n", ARMY_NAMES[pos->turn], ARMY_LETTERS[pos->turn]);
    fputs("controllers:", out);
    for (int a = 0; a < 4; a++)
        fprintf(out, " %s by %s%s", ARMY_NAMES[a], ARMY_NAMES[pos->controller[a]], a < 3 ? "," : "\n");
    fputs("frozen:", out);
    if (!pos->frozen)
        fputs(" none", out);
    for (int a = 0; a < 4; a++)
        if (pos->frozen & (1u << a))
            fprintf(out, " %s", ARMY_NAMES[a]);
    fputc('\n', out);
    int uncommitted = 0;
    for (int sq = 0; sq < Q_SQUARES; sq++)
        uncommitted += PIECE_KIND(pos->board[sq]) == PAWN && PIECE_PAWN_STATE(pos->board[sq]) == PAWN_UNCOMMITTED;
    fprintf(out,
            "pawns: ^ up, v down, > right, < left (committed), * uncommitted (both forward ways open: %d on the "
            "board)\n",
            uncommitted);
}

void output_board(FILE *out, const Position *pos, BoardStyle style)
{
    put_board(out, pos, style);
    if (pos->game == GAME_CHESS)
        chess_state(out, pos);
    else
        quaternity_state(out, pos);
}

BoardStyle output_board_style(const RunSettings *s, FILE *out)
{
    const char *no_color = getenv("NO_COLOR");
    bool color =
        s->color == COLOR_ALWAYS || (s->color == COLOR_AUTO && isatty(fileno(out)) == 1 && !(no_color && no_color[0]));
    return (BoardStyle){.unicode = s->board == BOARD_UNICODE, .color = color};
}
