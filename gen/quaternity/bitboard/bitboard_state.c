/* Loading and saving the bitboard position, the piece-to-set table and the
 * consistency check of debug builds. */
#include "bitboard_state.h"
#include "../turn_order.h"
#include "run_once.h"

#include <string.h>

uint8_t qbb_piece_set[256];
QbbSet qbb_square_sets[QBB_BITS];

static void init_piece_sets(void)
{
    for (int p = 0; p < 256; p++) {
        Kind kind = PIECE_KIND((Piece)p);
        PawnState state = PIECE_PAWN_STATE((Piece)p);
        switch (kind) {
        case KNIGHT: qbb_piece_set[p] = QBB_SET_KNIGHTS; break;
        case KING: qbb_piece_set[p] = QBB_SET_KINGS; break;
        case ROOK: qbb_piece_set[p] = QBB_SET_ROOKS; break;
        case BISHOP: qbb_piece_set[p] = QBB_SET_BISHOPS; break;
        case QUEEN: qbb_piece_set[p] = QBB_SET_QUEENS; break;
        case PAWN:
            if (state == PAWN_UNCOMMITTED)
                qbb_piece_set[p] = (uint8_t)(QBB_SET_UNCOMMITTED + PIECE_ARMY((Piece)p));
            else if (state >= PAWN_UP && state <= PAWN_LEFT)
                qbb_piece_set[p] = (uint8_t)(QBB_SET_PAWNS + state - PAWN_UP);
            break;
        default: break; /* no such man: loading refuses it (qfen.c) */
        }
    }
    for (int sq = 0; sq < QBB_BITS; sq++)
        qbb_square_sets[sq] = qbb_file(sq) < 12 ? qbb_square(sq) : qbb_empty();
}

void qbb_state_tables_init(void)
{
    qbb_tables_init();
    RUN_ONCE(init_piece_sets);
}

void qbb_load(QbbState *s, const Position *pos)
{
    memset(s, 0, sizeof *s);
    s->turn = pos->turn;
    s->frozen = pos->frozen;
    for (int a = 0; a < 4; a++) {
        s->controller[a] = pos->controller[a];
        s->armies_of[pos->controller[a]] |= (uint8_t)(1u << a);
    }
    for (int c = 0; c < 4; c++)
        s->next_turn[c] = (uint8_t)quaternity_next_turn(pos, c);
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        Piece p = pos->board[sq];
        if (p == EMPTY)
            continue;
        int index = qbb_from_neutral(sq);
        s->board[index] = p;
        qbb_toggle_piece(s, p, index);
    }
}

void qbb_save(const QbbState *s, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->turn = s->turn;
    pos->frozen = s->frozen;
    pos->ep_square = -1;
    for (int a = 0; a < 4; a++)
        pos->controller[a] = s->controller[a];
    for (int sq = 0; sq < Q_SQUARES; sq++)
        pos->board[sq] = s->board[qbb_from_neutral(sq)];
}

/* The kind set one piece belongs to, from its byte alone: written apart
 * from qbb_piece_set so that check() does not share its mistakes. */
static bool in_set(Piece p, int set)
{
    Kind kind = PIECE_KIND(p);
    int state = (int)PIECE_PAWN_STATE(p), army = PIECE_ARMY(p);
    switch (set) {
    case QBB_SET_KNIGHTS: return kind == KNIGHT;
    case QBB_SET_KINGS: return kind == KING;
    case QBB_SET_ROOKS: return kind == ROOK;
    case QBB_SET_BISHOPS: return kind == BISHOP;
    case QBB_SET_QUEENS: return kind == QUEEN;
    default: break;
    }
    if (kind != PAWN)
        return false;
    if (set < QBB_SET_UNCOMMITTED)
        return state == PAWN_UP + (set - QBB_SET_PAWNS);
    return state == PAWN_UNCOMMITTED && army == set - QBB_SET_UNCOMMITTED;
}

const char *qbb_check(const QbbState *s)
{
    if (s->turn < 0 || s->turn > 3)
        return "turn out of range";
    QbbSet any = s->occupied;
    for (int c = 0; c < 4; c++)
        any = qbb_or(any, s->by_controller[c]);
    for (int set = 0; set < QBB_SET_COUNT; set++)
        any = qbb_or(any, s->sets[set]);
    if (qbb_any(qbb_andnot(any, qbb_board())))
        return "a set holds a padding bit";
    for (int sq = 0; sq < QBB_BITS; sq++) {
        Piece p = s->board[sq];
        if (qbb_file(sq) >= 12) {
            if (p != EMPTY)
                return "a man on a padding square of the mailbox";
            continue;
        }
        if (p != EMPTY && (PIECE_KIND(p) == EMPTY || PIECE_KIND(p) > KING))
            return "a bad piece byte in the mailbox";
        if (qbb_test(s->occupied, sq) != (p != EMPTY))
            return "occupied set disagrees with the mailbox";
        int controller = p ? s->controller[PIECE_ARMY(p)] : -1;
        for (int c = 0; c < 4; c++)
            if (qbb_test(s->by_controller[c], sq) != (c == controller))
                return "a controller's set disagrees with the mailbox";
        for (int set = 0; set < QBB_SET_COUNT; set++)
            if (qbb_test(s->sets[set], sq) != (p && in_set(p, set)))
                return "a piece set disagrees with the mailbox";
    }
    return NULL;
}
