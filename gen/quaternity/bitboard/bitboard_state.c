/* Loading and saving the bitboard position, and the piece-to-sets table. */
#include "bitboard_state.h"

#include <pthread.h>
#include <string.h>

uint8_t qbb_pawn_sets[256][3];

static void init_piece_sets(void)
{
    for (int p = 0; p < 256; p++) {
        int army = PIECE_ARMY((Piece)p);
        PawnState state = PIECE_PAWN_STATE((Piece)p);
        if (PIECE_KIND((Piece)p) != PAWN)
            continue;
        if (state == PAWN_UNCOMMITTED) {
            qbb_pawn_sets[p][0] = (uint8_t)(QBB_SET_UNCOMMITTED + army);
            qbb_pawn_sets[p][1] = (uint8_t)(QBB_SET_PAWN_ATTACKS + qbb_army_forward[army][0]);
            qbb_pawn_sets[p][2] = (uint8_t)(QBB_SET_PAWN_ATTACKS + qbb_army_forward[army][1]);
        } else if (state >= PAWN_UP && state <= PAWN_LEFT) {
            qbb_pawn_sets[p][0] = (uint8_t)(QBB_SET_PAWNS + state - PAWN_UP);
            qbb_pawn_sets[p][1] = (uint8_t)(QBB_SET_PAWN_ATTACKS + state - PAWN_UP);
        }
    }
}

void qbb_state_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    qbb_tables_init();
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
    /* Positions past the end of a short line hold a phantom man of every
     * controller: a reach stops at the first of them and never lands there
     * (it is a friend, whoever moves), so 12-bit answers need no length
     * mask.  Make and unmake never touch these bits. */
    for (int line = 0; line < QBB_LINE_COUNT; line++) {
        int length = __builtin_popcountll(qbb_lines[line].mask[0]) + __builtin_popcountll(qbb_lines[line].mask[1]) +
                     __builtin_popcountll(qbb_lines[line].mask[2]);
        uint64_t phantoms = (0xFFFu & ~((1u << length) - 1));
        s->line_men[line] = phantoms * QBB_LINE_EVERYONE;
    }
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        Piece p = pos->board[sq];
        if (p == EMPTY)
            continue;
        int index = qbb_from_neutral(sq);
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
        pos->board[sq] = s->board[qbb_from_neutral(sq)];
}
