/* QFEN: the Quaternity position text of gen/quaternity/RULES.md#qfen.
 *
 *     BOARD TURN [CONTROLLERS [FROZEN]]
 *
 * The parser reads the board rank by rank (rank 12 first), then checks the
 * whole-position rules that section lists.  Each error message names the field
 * and, on the board, the rank and file (and character) at fault. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "qfen.h"
#include "square_text.h"
#include "text_fields.h"

static const char ARMY_LETTERS[] = "wrbg";
static const char KIND_LETTERS[] = " PNBRQK"; /* indexed by Kind */
static const char STATE_MARKS[] = " ^v><*";   /* indexed by PawnState */

/* The pawn states each army may have: its two forward directions and, for
 * advanced central pawns, uncommitted. */
static const PawnState ARMY_PAWN_STATES[4][3] = {
    [ARMY_WHITE] = {PAWN_UP, PAWN_RIGHT, PAWN_UNCOMMITTED},
    [ARMY_RED] = {PAWN_DOWN, PAWN_RIGHT, PAWN_UNCOMMITTED},
    [ARMY_BLACK] = {PAWN_DOWN, PAWN_LEFT, PAWN_UNCOMMITTED},
    [ARMY_GREEN] = {PAWN_UP, PAWN_LEFT, PAWN_UNCOMMITTED},
};

static int army_of_letter(char c)
{
    const char *p = c ? strchr(ARMY_LETTERS, c) : NULL;
    return p ? (int)(p - ARMY_LETTERS) : -1;
}

static bool on_main_diagonal(int army, int file, int rank)
{
    if (army == ARMY_WHITE || army == ARMY_BLACK)
        return file == rank;
    return file + rank == Q_WIDTH - 1;
}

/* Whether a pawn of this army and state stands on an edge it promotes on. */
static bool on_promotion_edge(int army, PawnState state, int file, int rank)
{
    const int last = Q_WIDTH - 1;
    switch (state) {
    case PAWN_UP: return rank == last;
    case PAWN_DOWN: return rank == 0;
    case PAWN_RIGHT: return file == last;
    case PAWN_LEFT: return file == 0;
    case PAWN_UNCOMMITTED:
        for (int i = 0; i < 2; i++)
            if (on_promotion_edge(army, ARMY_PAWN_STATES[army][i], file, rank))
                return true;
        return false;
    default: return false;
    }
}

static int parse_board(const char *board, size_t len, Position *pos, char *err, size_t errlen)
{
    int rank = Q_WIDTH - 1, file = 0;
    int king_count[4] = {0};
    for (size_t i = 0; i <= len; i++) {
        char c = i < len ? board[i] : '\0';
        if (c == '/' || c == '\0') {
            if (file != Q_WIDTH)
                return text_fail(err, errlen, "QFEN", "rank %d has %d squares, expected 12", rank + 1, file);
            if (c == '\0')
                break;
            if (--rank < 0)
                return text_fail(err, errlen, "QFEN", "board has more than 12 ranks (extra '/' at character %zu)",
                                 i + 1);
            file = 0;
            continue;
        }
        if (isdigit((unsigned char)c)) {
            size_t start = i;
            int run = 0;
            while (i < len && isdigit((unsigned char)board[i]) && run <= 99)
                run = run * 10 + (board[i++] - '0');
            i--;
            if (board[start] == '0' || run > Q_WIDTH)
                return text_fail(err, errlen, "QFEN", "rank %d, file %c: empty-square count '%.*s' is not 1 to 12",
                                 rank + 1, 'a' + (file < Q_WIDTH ? file : Q_WIDTH - 1), (int)(i - start + 1),
                                 board + start);
            if (file + run > Q_WIDTH)
                return text_fail(err, errlen, "QFEN", "rank %d: more than 12 squares (empty run '%.*s' at file %c)",
                                 rank + 1, (int)(i - start + 1), board + start, 'a' + file);
            file += run;
            continue;
        }
        if (file >= Q_WIDTH)
            return text_fail(err, errlen, "QFEN", "rank %d: more than 12 squares (at character '%c')", rank + 1, c);
        int army = army_of_letter(c);
        if (army < 0)
            return text_fail(err, errlen, "QFEN",
                             "rank %d, file %c: unexpected character '%c' (want an army letter w r b g or a digit)",
                             rank + 1, 'a' + file, c);
        char k = i + 1 < len ? board[i + 1] : '\0';
        const char *kp = k && k != ' ' ? strchr(KIND_LETTERS + 1, k) : NULL;
        if (!kp)
            return text_fail(err, errlen, "QFEN",
                             "rank %d, file %c: army '%c' must be followed by a piece letter K Q R B N P, not '%c'",
                             rank + 1, 'a' + file, c, k ? k : ' ');
        Kind kind = (Kind)(kp - KIND_LETTERS);
        i++;
        PawnState state = PAWN_NONE;
        if (kind == PAWN) {
            char m = i + 1 < len ? board[i + 1] : '\0';
            const char *mp = m && m != ' ' ? strchr(STATE_MARKS + 1, m) : NULL;
            if (!mp)
                return text_fail(err, errlen, "QFEN",
                                 "rank %d, file %c: pawn '%c%c' needs a state mark ^ v > < *, not '%c'", rank + 1,
                                 'a' + file, c, k, m ? m : ' ');
            state = (PawnState)(mp - STATE_MARKS);
            i++;
            if (state != ARMY_PAWN_STATES[army][0] && state != ARMY_PAWN_STATES[army][1] &&
                state != ARMY_PAWN_STATES[army][2])
                return text_fail(err, errlen, "QFEN", "rank %d, file %c: pawn mark '%c' does not belong to army '%c'",
                                 rank + 1, 'a' + file, m, c);
            if (state == PAWN_UNCOMMITTED && !on_main_diagonal(army, file, rank))
                return text_fail(err, errlen, "QFEN",
                                 "rank %d, file %c: uncommitted pawn '%c%c*' is off its main diagonal", rank + 1,
                                 'a' + file, c, k);
            if (on_promotion_edge(army, state, file, rank))
                return text_fail(err, errlen, "QFEN",
                                 "rank %d, file %c: pawn '%c%c%c' stands on the edge it promotes on", rank + 1,
                                 'a' + file, c, k, m);
        }
        if (kind == KING && ++king_count[army] > 1)
            return text_fail(err, errlen, "QFEN", "rank %d, file %c: army '%c' has a second king", rank + 1, 'a' + file,
                             c);
        pos->board[rank * Q_WIDTH + file] = PIECE_MAKE(army, kind, state);
        file++;
    }
    if (rank != 0)
        return text_fail(err, errlen, "QFEN", "board has %d ranks, expected 12", Q_WIDTH - rank);
    return 0;
}

int qfen_parse(const char *text, Position *pos, char *err, size_t errlen)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->ep_square = -1;
    for (int a = 0; a < 4; a++)
        pos->controller[a] = (uint8_t)a;

    TextFields f;
    if (text_fields_split(text, &f) < 0 || f.count > 4)
        return text_fail(err, errlen, "QFEN", "more than four fields (BOARD TURN [CONTROLLERS [FROZEN]])");
    if (f.count < 2)
        return text_fail(err, errlen, "QFEN",
                         f.count ? "missing the TURN field after the board" : "empty position text");

    if (parse_board(f.start[0], f.len[0], pos, err, errlen) < 0)
        return -1;

    if (f.count >= 3) {
        if (f.len[2] != 4)
            return text_fail(err, errlen, "QFEN", "CONTROLLERS field '%.*s' must be four letters from w r b g",
                             (int)f.len[2], f.start[2]);
        for (int a = 0; a < 4; a++) {
            int c = army_of_letter(f.start[2][a]);
            if (c < 0)
                return text_fail(err, errlen, "QFEN",
                                 "CONTROLLERS field, character %d: '%c' is not an army letter w r b g", a + 1,
                                 f.start[2][a]);
            pos->controller[a] = (uint8_t)c;
        }
        for (int a = 0; a < 4; a++)
            if (pos->controller[pos->controller[a]] != pos->controller[a])
                return text_fail(err, errlen, "QFEN",
                                 "CONTROLLERS field, character %d: '%c' does not control its own army", a + 1,
                                 ARMY_LETTERS[pos->controller[a]]);
    }
    if (f.count >= 4 && !(f.len[3] == 1 && f.start[3][0] == '-')) {
        for (size_t i = 0; i < f.len[3]; i++) {
            int c = army_of_letter(f.start[3][i]);
            if (c < 0)
                return text_fail(err, errlen, "QFEN",
                                 "FROZEN field, character %zu: '%c' is not '-' or an army letter w r b g", i + 1,
                                 f.start[3][i]);
            if (pos->frozen & (1u << c))
                return text_fail(err, errlen, "QFEN", "FROZEN field, character %zu: '%c' is listed twice", i + 1,
                                 f.start[3][i]);
            if (pos->controller[c] != c)
                return text_fail(err, errlen, "QFEN", "FROZEN field, character %zu: '%c' is not a controller", i + 1,
                                 f.start[3][i]);
            pos->frozen |= (uint8_t)(1u << c);
        }
    }

    int turn = f.len[1] == 1 ? army_of_letter(f.start[1][0]) : -1;
    if (turn < 0)
        return text_fail(err, errlen, "QFEN", "TURN field '%.*s' must be one letter w r b g", (int)f.len[1],
                         f.start[1]);
    if (pos->controller[turn] != turn)
        return text_fail(err, errlen, "QFEN", "TURN field: '%c' does not control its own army", ARMY_LETTERS[turn]);
    if (pos->frozen & (1u << turn))
        return text_fail(err, errlen, "QFEN", "TURN field: '%c' is frozen", ARMY_LETTERS[turn]);
    pos->turn = turn;
    return 0;
}

static size_t write_qfen_man(Piece man, char *out)
{
    size_t n = 0;
    out[n++] = ARMY_LETTERS[PIECE_ARMY(man)];
    out[n++] = KIND_LETTERS[PIECE_KIND(man)];
    if (PIECE_KIND(man) == PAWN)
        out[n++] = STATE_MARKS[PIECE_PAWN_STATE(man)];
    return n;
}

void qfen_format(const Position *pos, char *out, size_t outlen)
{
    char buf[POSITION_TEXT_MAX];
    size_t n = board_field_format(pos, write_qfen_man, buf);
    buf[n++] = ' ';
    buf[n++] = ARMY_LETTERS[pos->turn];
    bool default_controllers = true;
    for (int a = 0; a < 4; a++)
        default_controllers &= pos->controller[a] == a;
    if (!default_controllers || pos->frozen) {
        buf[n++] = ' ';
        for (int a = 0; a < 4; a++)
            buf[n++] = ARMY_LETTERS[pos->controller[a]];
    }
    if (pos->frozen) {
        buf[n++] = ' ';
        for (int a = 0; a < 4; a++)
            if (pos->frozen & (1u << a))
                buf[n++] = ARMY_LETTERS[a];
    }
    buf[n] = '\0';
    snprintf(out, outlen, "%s", buf);
}
