/* Loading and saving the bitboard position, and the piece-to-sets table. */
#include "bitboard_state.h"

#include <pthread.h>
#include <string.h>

uint8_t qbb_piece_sets[256][2];

static void init_piece_sets(void)
{
    for (int p = 0; p < 256; p++) {
        uint8_t first = SET_NONE, second = SET_NONE;
        int army = PIECE_ARMY((Piece)p);
        PawnState state = PIECE_PAWN_STATE((Piece)p);
        switch (PIECE_KIND((Piece)p)) {
        case PAWN:
            if (state == PAWN_UNCOMMITTED)
                first = (uint8_t)(SET_UNCOMMITTED + army);
            else if (state >= PAWN_UP && state <= PAWN_LEFT)
                first = (uint8_t)(SET_PAWNS + state - PAWN_UP);
            break;
        case KNIGHT: first = SET_KNIGHTS; break;
        case BISHOP: first = SET_BISHOP_LIKE; break;
        case ROOK: first = SET_ROOK_LIKE; break;
        case QUEEN:
            first = SET_ROOK_LIKE;
            second = SET_BISHOP_LIKE;
            break;
        case KING: first = SET_KINGS; break;
        default: break;
        }
        qbb_piece_sets[p][0] = first;
        qbb_piece_sets[p][1] = second;
    }
}

void qbb_state_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    bitboard_tables_init();
    pthread_once(&once, init_piece_sets);
}

void qbb_state_load(QbbState *s, const Position *pos)
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
        int index = bb_from_neutral(sq);
        s->board[index] = p;
        qbb_toggle_piece(s, p, index);
    }
}

void qbb_state_save(const QbbState *s, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->turn = s->turn;
    pos->frozen = s->frozen;
    pos->ep_square = -1;
    for (int a = 0; a < 4; a++)
        pos->controller[a] = s->controller[a];
    for (int sq = 0; sq < Q_SQUARES; sq++)
        pos->board[sq] = s->board[bb_from_neutral(sq)];
}
