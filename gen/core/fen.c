/* FEN: the orthodox chess position text, six fields or the four-field EPD
 * form (clocks omitted).  Validation follows gen/chess/RULES.md#fen: a position that
 * no legal game could hand a move generator is rejected, never repaired. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "square_text.h"
#include "text_fields.h"

static const char PIECE_LETTERS[] = " PNBRQK"; /* indexed by Kind, white upper-case */

static Piece piece_at(const Position *pos, int file, int rank)
{
    if (file < 0 || file >= C_WIDTH || rank < 0 || rank >= C_WIDTH)
        return EMPTY;
    return pos->board[rank * C_WIDTH + file];
}

static bool is(Piece p, int army, Kind kind)
{
    return p != EMPTY && PIECE_ARMY(p) == army && PIECE_KIND(p) == kind;
}

/* Whether `army` attacks the square: a plain scan, used once per parsed
 * position, never during search. */
static bool attacked(const Position *pos, int square, int army)
{
    static const int KNIGHT_JUMPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int KING_STEPS[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    int f = square % C_WIDTH, r = square / C_WIDTH;
    int pawn_rank = army == CHESS_WHITE ? r - 1 : r + 1;
    if (is(piece_at(pos, f - 1, pawn_rank), army, PAWN) || is(piece_at(pos, f + 1, pawn_rank), army, PAWN))
        return true;
    for (int i = 0; i < 8; i++) {
        if (is(piece_at(pos, f + KNIGHT_JUMPS[i][0], r + KNIGHT_JUMPS[i][1]), army, KNIGHT))
            return true;
        if (is(piece_at(pos, f + KING_STEPS[i][0], r + KING_STEPS[i][1]), army, KING))
            return true;
        Kind slider = (KING_STEPS[i][0] && KING_STEPS[i][1]) ? BISHOP : ROOK;
        int x = f + KING_STEPS[i][0], y = r + KING_STEPS[i][1];
        while (x >= 0 && x < C_WIDTH && y >= 0 && y < C_WIDTH) {
            Piece p = piece_at(pos, x, y);
            if (p != EMPTY) {
                if (is(p, army, slider) || is(p, army, QUEEN))
                    return true;
                break;
            }
            x += KING_STEPS[i][0];
            y += KING_STEPS[i][1];
        }
    }
    return false;
}

bool fen_side_in_check(const Position *pos)
{
    for (int square = 0; square < C_SQUARES; square++)
        if (is(pos->board[square], pos->turn, KING))
            return attacked(pos, square, 1 - pos->turn);
    return false;
}

static int parse_board(const char *board, size_t len, Position *pos, int king_square[2], char *err, size_t errlen)
{
    int rank = C_WIDTH - 1, file = 0;
    king_square[0] = king_square[1] = -1;
    for (size_t i = 0; i <= len; i++) {
        char c = i < len ? board[i] : '\0';
        if (c == '/' || c == '\0') {
            if (file != C_WIDTH)
                return text_fail(err, errlen, "FEN", "rank %d has %d squares, expected 8", rank + 1, file);
            if (c == '\0')
                break;
            if (--rank < 0)
                return text_fail(err, errlen, "FEN", "board has more than 8 ranks");
            file = 0;
            continue;
        }
        if (isdigit((unsigned char)c)) {
            /* One digit per run of empty squares: "16" is neither sixteen
             * nor a canonical 1 + 6. */
            if (i > 0 && isdigit((unsigned char)board[i - 1]))
                return text_fail(err, errlen, "FEN",
                                 "rank %d: two digits in a row ('%c%c'); a run of empty squares is one digit", rank + 1,
                                 board[i - 1], c);
            if (c < '1' || c > '8')
                return text_fail(err, errlen, "FEN", "rank %d, file %c: empty-square count '%c' is not 1 to 8",
                                 rank + 1, 'a' + (file < C_WIDTH ? file : C_WIDTH - 1), c);
            if (file + (c - '0') > C_WIDTH)
                return text_fail(err, errlen, "FEN", "rank %d: more than 8 squares (at '%c', file %c)", rank + 1, c,
                                 'a' + file);
            file += c - '0';
            continue;
        }
        if (file >= C_WIDTH)
            return text_fail(err, errlen, "FEN", "rank %d: more than 8 squares (at '%c')", rank + 1, c);
        const char *kp = strchr(PIECE_LETTERS + 1, toupper((unsigned char)c));
        if (!kp || !isalpha((unsigned char)c))
            return text_fail(err, errlen, "FEN", "rank %d, file %c: unknown piece letter '%c'", rank + 1, 'a' + file,
                             c);
        int army = isupper((unsigned char)c) ? CHESS_WHITE : CHESS_BLACK;
        Kind kind = (Kind)(kp - PIECE_LETTERS);
        if (kind == PAWN && (rank == 0 || rank == C_WIDTH - 1))
            return text_fail(err, errlen, "FEN", "rank %d, file %c: a pawn cannot stand on rank %d", rank + 1,
                             'a' + file, rank + 1);
        int square = rank * C_WIDTH + file;
        if (kind == KING) {
            if (king_square[army] >= 0)
                return text_fail(err, errlen, "FEN", "rank %d, file %c: %s has a second king", rank + 1, 'a' + file,
                                 army ? "black" : "white");
            king_square[army] = square;
        }
        pos->board[square] = PIECE_MAKE(army, kind, kind == PAWN ? (army ? PAWN_DOWN : PAWN_UP) : PAWN_NONE);
        file++;
    }
    if (rank != 0)
        return text_fail(err, errlen, "FEN", "board has %d ranks, expected 8", C_WIDTH - rank);
    for (int a = 0; a < 2; a++)
        if (king_square[a] < 0)
            return text_fail(err, errlen, "FEN", "%s has no king", a ? "black" : "white");
    return 0;
}

/* The castling field, in any of its three forms: FEN's KQkq (standard
 * chess), X-FEN (K and Q meaning the outermost rook on that side of the
 * king, a file letter an inner one) and Shredder-FEN (the rooks' files, as
 * in HAha), for any placement of king and rooks on the back ranks, each side
 * its own (Double Fischer Random).  Each right names a rook of its side on
 * its back rank on one side of that side's king, which stands on its back
 * rank too; a side has at most one right on each side of its king.  The
 * letters' form and order are kept (castling_letters) so that the position
 * prints back as it was given. */
static int parse_castling(const char *s, size_t len, Position *pos, const int king_square[2], char *err, size_t errlen)
{
    if (len == 1 && s[0] == '-')
        return 0;
    bool only_kqkq = true;
    for (size_t i = 0; i < len; i++)
        only_kqkq &= s[i] != '\0' && strchr("KQkq", s[i]) != NULL;
    int next = 0; /* only_kqkq: the KQkq index the next letter may have */
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        bool kqkq = c != '\0' && strchr("KQkq", c) != NULL;
        bool file_letter = (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
        if (!kqkq && !file_letter)
            return text_fail(
                err, errlen, "FEN",
                "castling field '%.*s': '%c' is not one of K Q k q, a file letter A-H or a-h, or a lone '-'", (int)len,
                s, c);
        int side = isupper((unsigned char)c) ? CHESS_WHITE : CHESS_BLACK;
        const char *who = side == CHESS_WHITE ? "white" : "black";
        int back_rank = side == CHESS_WHITE ? 0 : C_WIDTH - 1;
        if (only_kqkq) {
            int index = (int)(strchr("KQkq", c) - "KQkq");
            if (index < next)
                return text_fail(err, errlen, "FEN",
                                 "castling field '%.*s': letters must be distinct and in the order KQkq", (int)len, s);
            next = index + 1;
        }
        int king = king_square[side];
        if (king / C_WIDTH != back_rank)
            return text_fail(err, errlen, "FEN",
                             "castling field '%.*s': right '%c' needs the %s king on rank %d, not on %c%d", (int)len, s,
                             c, who, back_rank + 1, 'a' + king % C_WIDTH, king / C_WIDTH + 1);
        int king_file = king % C_WIDTH, file;
        bool king_side;
        if (kqkq) {
            king_side = toupper((unsigned char)c) == 'K';
            file = position_outermost_rook(pos, side, king_file, king_side);
            if (file < 0)
                return text_fail(
                    err, errlen, "FEN",
                    "castling field '%.*s': right '%c' needs a %s rook on rank %d on the %s-side of the king on %c%d",
                    (int)len, s, c, who, back_rank + 1, king_side ? "h" : "a", 'a' + king_file, back_rank + 1);
        } else {
            file = tolower((unsigned char)c) - 'a';
            if (file == king_file)
                return text_fail(err, errlen, "FEN",
                                 "castling field '%.*s': right '%c' names the %s king's own square %c%d, not a rook's",
                                 (int)len, s, c, who, 'a' + file, back_rank + 1);
            if (!is(pos->board[back_rank * C_WIDTH + file], side, ROOK))
                return text_fail(err, errlen, "FEN", "castling field '%.*s': right '%c' needs a %s rook on %c%d",
                                 (int)len, s, c, who, 'a' + file, back_rank + 1);
            king_side = file > king_file;
        }
        int right = 2 * side + !king_side;
        if (pos->castling & (1u << right))
            return text_fail(err, errlen, "FEN",
                             "castling field '%.*s': letters must be distinct: two name %s's %s-side right", (int)len,
                             s, who, king_side ? "king" : "queen");
        if (side == CHESS_WHITE && (pos->castling & (CASTLE_BK | CASTLE_BQ)))
            return text_fail(err, errlen, "FEN", "castling field '%.*s': white's letters must come before black's",
                             (int)len, s);
        if (king_side && (pos->castling & (1u << (right + 1))))
            pos->castling_letters |= (uint8_t)CASTLE_LETTER_Q_FIRST(side);
        pos->castling |= (uint8_t)(1u << right);
        pos->castling_rook[right] = (uint8_t)file;
        if (file_letter)
            pos->castling_letters |= (uint8_t)CASTLE_LETTER_FILE(right);
    }
    return 0;
}

static int parse_en_passant(const char *s, size_t len, Position *pos, char *err, size_t errlen)
{
    pos->ep_square = -1;
    if (len == 1 && s[0] == '-')
        return 0;
    const char *p = s;
    int square = square_parse(GAME_CHESS, &p);
    if (square < 0 || (size_t)(p - s) != len)
        return text_fail(err, errlen, "FEN", "en passant field '%.*s' is not '-' or a square", (int)len, s);
    int want_rank = pos->turn == CHESS_WHITE ? 5 : 2; /* rank 6 or 3, zero-based */
    if (square / C_WIDTH != want_rank)
        return text_fail(err, errlen, "FEN", "en passant square %.*s must be on rank %d with %s to move", (int)len, s,
                         want_rank + 1, pos->turn ? "black" : "white");
    /* The pawn that just stepped twice stands beyond the square, and both the
     * square and the one it left are empty. */
    int step = pos->turn == CHESS_WHITE ? -C_WIDTH : C_WIDTH;
    if (pos->board[square] != EMPTY || pos->board[square - step] != EMPTY ||
        !is(pos->board[square + step], !pos->turn, PAWN))
        return text_fail(err, errlen, "FEN", "en passant square %.*s does not follow a double pawn step", (int)len, s);
    pos->ep_square = square;
    return 0;
}

/* A clock: decimal digits only, from `min` to POSITION_CLOCK_MAX. */
static int parse_counter(const char *s, size_t len, int min, int *out)
{
    long value = 0;
    if (len == 0)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        value = value * 10 + (s[i] - '0');
        if (value > POSITION_CLOCK_MAX)
            return -1;
    }
    *out = (int)value;
    return value >= min ? 0 : -1;
}

int fen_parse(const char *text, Position *pos, char *err, size_t errlen)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_CHESS;
    pos->ep_square = -1;
    pos->fullmove_number = 1;
    TextFields f;
    if (text_fields_split(text, &f) < 0 || f.count > 6)
        return text_fail(err, errlen, "FEN", "more than six fields");
    if (f.count != 4 && f.count != 6)
        return text_fail(err, errlen, "FEN", "%d fields; expected 6 (or 4, without the clocks)", f.count);
    int king_square[2];
    if (parse_board(f.start[0], f.len[0], pos, king_square, err, errlen) < 0)
        return -1;
    if (f.len[1] != 1 || (f.start[1][0] != 'w' && f.start[1][0] != 'b'))
        return text_fail(err, errlen, "FEN", "side to move '%.*s' must be 'w' or 'b'", (int)f.len[1], f.start[1]);
    pos->turn = f.start[1][0] == 'w' ? CHESS_WHITE : CHESS_BLACK;
    if (parse_castling(f.start[2], f.len[2], pos, king_square, err, errlen) < 0 ||
        parse_en_passant(f.start[3], f.len[3], pos, err, errlen) < 0)
        return -1;
    if (f.count == 6) {
        if (parse_counter(f.start[4], f.len[4], 0, &pos->halfmove_clock) < 0)
            return text_fail(err, errlen, "FEN", "halfmove clock '%.*s' is not a number from 0 to %d", (int)f.len[4],
                             f.start[4], POSITION_CLOCK_MAX);
        if (parse_counter(f.start[5], f.len[5], 1, &pos->fullmove_number) < 0)
            return text_fail(err, errlen, "FEN", "fullmove number '%.*s' is not a number from 1 to %d", (int)f.len[5],
                             f.start[5], POSITION_CLOCK_MAX);
    }
    int waiting = !pos->turn;
    if (attacked(pos, king_square[waiting], pos->turn))
        return text_fail(err, errlen, "FEN", "the side not to move (%s) is in check", waiting ? "black" : "white");
    return 0;
}

static size_t write_fen_man(Piece man, char *out)
{
    char c = PIECE_LETTERS[PIECE_KIND(man)];
    out[0] = PIECE_ARMY(man) == CHESS_WHITE ? c : (char)tolower((unsigned char)c);
    return 1;
}

/* The castling field as it was given: each right as K, Q, k or q, or as
 * its rook's file letter (position_castling_by_file), in the order given; '-'
 * when no right is held. */
static size_t castling_field_format(const Position *pos, char *out)
{
    size_t n = 0;
    for (int side = CHESS_WHITE; side <= CHESS_BLACK; side++) {
        bool queen_first = pos->castling_letters & CASTLE_LETTER_Q_FIRST(side);
        for (int i = 0; i < 2; i++) {
            int right = 2 * side + (queen_first ? 1 - i : i);
            if (!(pos->castling & (1u << right)))
                continue;
            char letter =
                position_castling_by_file(pos, right) ? (char)('A' + pos->castling_rook[right]) : "KQ"[right % 2];
            out[n++] = side == CHESS_WHITE ? letter : (char)tolower((unsigned char)letter);
        }
    }
    if (n == 0)
        out[n++] = '-';
    return n;
}

void fen_format(const Position *pos, char *out, size_t outlen)
{
    char buf[POSITION_TEXT_MAX];
    size_t n = board_field_format(pos, write_fen_man, buf);
    buf[n++] = ' ';
    buf[n++] = pos->turn == CHESS_WHITE ? 'w' : 'b';
    buf[n++] = ' ';
    n += castling_field_format(pos, buf + n);
    buf[n++] = ' ';
    if (pos->ep_square < 0) {
        buf[n++] = '-';
    } else {
        char sq[4];
        square_format(GAME_CHESS, pos->ep_square, sq);
        n += (size_t)sprintf(buf + n, "%s", sq);
    }
    snprintf(buf + n, sizeof buf - n, " %d %d", pos->halfmove_clock, pos->fullmove_number);
    snprintf(out, outlen, "%s", buf);
}
