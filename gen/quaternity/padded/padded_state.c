/* Loading a neutral Position into the padded board and saving it back, the
 * per-controller relation tables that load precomputes, and the debug check
 * that the board and the piece lists still agree. */
#include "padded_state.h"

#include <string.h>

#include "../turn_order.h"
#include "padded_pawns.h"

/* The attack classes a man of this byte threatens, were it hostile. */
static uint32_t threat_of(uint8_t cell)
{
    switch (PIECE_KIND(cell)) {
    case PAWN: return qpd_pawn_rules_of(cell)->threat;
    case KNIGHT: return QPD_ATTACK_KNIGHT;
    case BISHOP: return 0xAA | QPD_ATTACK_SLIDE_DIAGONAL; /* adjacent NE, NW, SW, SE */
    case ROOK: return 0x55 | QPD_ATTACK_SLIDE_ORTHOGONAL; /* adjacent E, N, W, S */
    case QUEEN: return QPD_ATTACK_ADJACENT_ALL | QPD_ATTACK_SLIDE_DIAGONAL | QPD_ATTACK_SLIDE_ORTHOGONAL;
    case KING: return QPD_ATTACK_ADJACENT_ALL;
    default: return 0;
    }
}

static void build_relations(QpdState *s)
{
    for (int c = 0; c < 4; c++)
        for (int cell = 0; cell < 256; cell++) {
            uint32_t r = 0;
            Kind kind = PIECE_KIND(cell);
            bool is_man = cell != EMPTY && cell != QPD_GUARD && kind >= PAWN && kind <= KING;
            if (is_man && (kind != PAWN || PIECE_PAWN_STATE(cell) >= PAWN_UP) &&
                PIECE_PAWN_STATE(cell) <= PAWN_UNCOMMITTED) {
                int owner = s->controller[PIECE_ARMY(cell)];
                if (owner == c) {
                    r = QPD_RELATION_FRIEND;
                } else {
                    if (kind != KING)
                        r |= QPD_RELATION_CAPTURABLE | QPD_RELATION_TARGET;
                    if (!(s->frozen & (1u << owner)))
                        r |= threat_of((uint8_t)cell);
                }
            }
            s->relation[c][cell] = r;
        }
    for (int c = 0; c < 4; c++)
        s->relation[c][EMPTY] = QPD_RELATION_TARGET;
}

void qpd_load(QpdState *s, const Position *pos)
{
    memset(s->board, QPD_GUARD, sizeof s->board);
    memset(s->slot, 0, sizeof s->slot);
    memset(s->allowed, QPD_LINE_ANY, sizeof s->allowed);
    memset(s->count, 0, sizeof s->count);
    for (int n = 0; n < Q_SQUARES; n++) {
        Piece p = pos->board[n];
        int sq = qpd_tables.pad_of[n];
        s->board[sq] = p;
        if (p == EMPTY)
            continue;
        int a = PIECE_ARMY(p), list = qpd_list_of(p);
        s->slot[sq] = s->count[a][list];
        s->list[a][list][s->count[a][list]++] = (uint16_t)sq;
    }
    s->turn = pos->turn;
    memcpy(s->controller, pos->controller, 4);
    s->frozen = pos->frozen;
    for (int c = 0; c < 4; c++) {
        s->next_turn[c] = (uint8_t)quaternity_next_turn(pos, c);
        s->armies_of[c] = 0;
        for (int a = 0; a < 4; a++)
            if (pos->controller[a] == c)
                s->armies_of[c] |= (uint8_t)(1u << a);
    }
    build_relations(s);
}

void qpd_save(const QpdState *s, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->ep_square = -1;
    for (int n = 0; n < Q_SQUARES; n++)
        pos->board[n] = s->board[qpd_tables.pad_of[n]];
    pos->turn = s->turn;
    memcpy(pos->controller, s->controller, 4);
    pos->frozen = s->frozen;
}

/* Whether cell is a man (not EMPTY, not a guard) with a pawn state that fits
 * its kind: the only bytes a board square may hold besides EMPTY. */
static bool valid_man(uint8_t cell)
{
    Kind kind = PIECE_KIND(cell);
    if (cell == EMPTY || cell == QPD_GUARD || kind < PAWN || kind > KING)
        return false;
    PawnState state = PIECE_PAWN_STATE(cell);
    return kind == PAWN ? state >= PAWN_UP && state <= PAWN_UNCOMMITTED : state == PAWN_NONE;
}

const char *qpd_check(const QpdState *s)
{
    if (s->turn < 0 || s->turn > 3)
        return "turn is not a controller";
    int men = 0;
    for (int sq = 0; sq < QPD_SIZE; sq++) {
        bool on_board = qpd_tables.neutral_of[sq] != 0xFF;
        uint8_t cell = s->board[sq];
        if (!on_board && cell != QPD_GUARD)
            return "a guard square does not hold QPD_GUARD";
        if (on_board && cell != EMPTY && !valid_man(cell))
            return "a board square holds a byte that is no man";
        if (s->allowed[sq] != QPD_LINE_ANY)
            return "allowed[] not reset to QPD_LINE_ANY between generations";
        men += on_board && cell != EMPTY;
    }
    int listed = 0;
    for (int a = 0; a < 4; a++) {
        /* The generator reads each army's king from list slot 0 only. */
        if (s->count[a][QPD_LIST_KING] > 1)
            return "an army has more than one king";
        for (int l = 0; l < QPD_LISTS; l++)
            for (int i = 0; i < s->count[a][l]; i++) {
                int sq = s->list[a][l][i];
                if (sq >= QPD_SIZE || qpd_tables.neutral_of[sq] == 0xFF)
                    return "a piece list holds a square off the board";
                uint8_t cell = s->board[sq];
                if (cell == EMPTY || !valid_man(cell) || PIECE_ARMY(cell) != a || qpd_list_of(cell) != l)
                    return "a piece list entry does not match the man on its square";
                if (s->slot[sq] != i)
                    return "slot[] does not give a man's index in its list";
                listed++;
            }
    }
    if (listed != men)
        return "the board has men the piece lists do not hold";
    return NULL;
}
