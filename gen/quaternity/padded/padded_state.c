/* Loading a neutral Position into the padded board and saving it back, and
 * the per-controller relation tables that load precomputes. */
#include "padded_state.h"

#include <string.h>

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

void qpd_state_load(QpdState *s, const Position *pos)
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
    s->history_length = 0;
}

void qpd_state_save(const QpdState *s, Position *pos)
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
