#include "san.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "move_text.h"

static const char *const KIND_NAMES[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};

static Kind kind_of_letter(char c)
{
    const char *letters = "PNBRQK";
    const char *p = c ? strchr(letters, c) : NULL;
    return p ? (Kind)(PAWN + (p - letters)) : EMPTY;
}

/* Castling, O-O or O-O-O (zeros too): 1 king side, 2 queen side, 0 not. */
static int castling_side(const char *t)
{
    if (strcmp(t, "O-O") == 0 || strcmp(t, "0-0") == 0)
        return 1;
    if (strcmp(t, "O-O-O") == 0 || strcmp(t, "0-0-0") == 0)
        return 2;
    return 0;
}

static SanRead castling(const Move *legal, int count, int side, const char *text, Move *move, char *why, size_t whylen)
{
    for (int i = 0; i < count; i++)
        if (move_is_castling(legal[i]) && (legal[i].to % C_WIDTH > legal[i].from % C_WIDTH) == (side == 1)) {
            *move = legal[i];
            return SAN_OK;
        }
    snprintf(why, whylen, "'%s': no castling on the %s side is legal here", text, side == 1 ? "king's" : "queen's");
    return SAN_NOT_LEGAL;
}

SanRead san_read(const Position *pos, const Move *legal, int count, const char *text, Move *move, char *why,
                 size_t whylen)
{
    char t[16];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof t)
        return SAN_NOT_SAN;
    memcpy(t, text, n + 1);
    while (n > 0 && strchr("+#!?", t[n - 1])) /* check, mate and annotation marks */
        t[--n] = '\0';
    int side = castling_side(t);
    if (side)
        return castling(legal, count, side, text, move, why, whylen);
    Kind piece = PAWN, promotion = EMPTY;
    size_t i = 0;
    if (kind_of_letter(t[0]) > PAWN)
        piece = kind_of_letter(t[i++]);
    /* A promotion: "=Q" or a bare "Q" after the rank. */
    if (n >= 2 && t[n - 2] == '=' && kind_of_letter(t[n - 1]) > PAWN && kind_of_letter(t[n - 1]) < KING)
        promotion = kind_of_letter(t[n - 1]), t[n -= 2] = '\0';
    else if (n >= 3 && piece == PAWN && t[n - 2] >= '1' && t[n - 2] <= '8' && kind_of_letter(t[n - 1]) > PAWN &&
             kind_of_letter(t[n - 1]) < KING)
        promotion = kind_of_letter(t[n - 1]), t[--n] = '\0';
    if (n < i + 2 || t[n - 2] < 'a' || t[n - 2] > 'h' || t[n - 1] < '1' || t[n - 1] > '8')
        return SAN_NOT_SAN;
    int to = (t[n - 1] - '1') * C_WIDTH + (t[n - 2] - 'a');
    int from_file = -1, from_rank = -1;
    bool capture = false;
    for (size_t k = i; k < n - 2; k++) { /* [file][rank][x], in that order */
        char c = t[k];
        if (c >= 'a' && c <= 'h' && from_file < 0 && from_rank < 0 && !capture)
            from_file = c - 'a';
        else if (c >= '1' && c <= '8' && from_rank < 0 && !capture)
            from_rank = c - '1';
        else if (c == 'x' && !capture)
            capture = true;
        else
            return SAN_NOT_SAN;
    }
    if (piece == PAWN && (capture ? from_file < 0 : from_file >= 0 || from_rank >= 0))
        return SAN_NOT_SAN; /* a pawn's capture names its file, its push nothing more */
    if (piece == PAWN && !capture)
        from_file = to % C_WIDTH;
    int found = 0;
    Move first = {0}, second = {0};
    bool needs_promotion = false;
    for (int k = 0; k < count; k++) {
        Move m = legal[k];
        if (move_is_castling(m) || m.to != to || PIECE_KIND(pos->board[m.from]) != piece ||
            (from_file >= 0 && m.from % C_WIDTH != from_file) || (from_rank >= 0 && m.from / C_WIDTH != from_rank))
            continue;
        if (m.promotion != promotion) {
            needs_promotion |= promotion == EMPTY && m.promotion != EMPTY;
            continue;
        }
        if (found++ == 0)
            first = m;
        else if (found == 2)
            second = m;
    }
    char square[4] = {(char)('a' + to % C_WIDTH), (char)('1' + to / C_WIDTH), '\0'};
    if (found == 1) {
        *move = first;
        return SAN_OK;
    }
    if (found > 1) {
        char a[MOVE_TEXT_MAX], b[MOVE_TEXT_MAX];
        move_format(GAME_CHESS, first, a);
        move_format(GAME_CHESS, second, b);
        snprintf(why, whylen, "'%s' names %s and %s: add the file or the rank the %s comes from", text, a, b,
                 KIND_NAMES[piece]);
        return SAN_AMBIGUOUS;
    }
    if (needs_promotion)
        snprintf(why, whylen, "'%s' needs a promotion piece: %s=Q, =R, =B or =N", text, t);
    else
        snprintf(why, whylen, "'%s': no %s can go to %s%s", text, KIND_NAMES[piece], square,
                 from_file >= 0 || from_rank >= 0 ? " from where it says" : "");
    return SAN_NOT_LEGAL;
}
