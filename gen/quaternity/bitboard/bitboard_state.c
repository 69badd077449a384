/* Loading and saving the bitboard position, and the piece-to-sets table. */
#include "bitboard_state.h"
#include "run_once.h"

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
    qbb_tables_init();
    RUN_ONCE(init_piece_sets);
}

static int line_length(int line)
{
    const QbbLine *l = &qbb_lines[line];
    return __builtin_popcountll(l->mask[0]) + __builtin_popcountll(l->mask[1]) + __builtin_popcountll(l->mask[2]);
}

uint64_t qbb_line_phantoms(int line)
{
    uint64_t past_end = 0xFFFu & ~((1u << line_length(line)) - 1);
    return past_end * QBB_LINE_EVERYONE;
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
    /* Positions past the end of a short line hold a phantom man of every
     * controller: a reach stops at the first of them and never lands there
     * (it is a friend, whoever moves), so 12-bit answers need no length
     * mask.  Make and unmake never touch these bits. */
    for (int line = 0; line < QBB_LINE_COUNT; line++)
        s->line_men[line] = qbb_line_phantoms(line);
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

/* The sets one piece belongs to, from its byte alone: written apart from
 * qbb_toggle_on (and qbb_pawn_sets) so that check() does not share its
 * mistakes. */
static bool in_set(Piece p, int set)
{
    Kind kind = PIECE_KIND(p);
    int state = (int)PIECE_PAWN_STATE(p), army = PIECE_ARMY(p);
    switch (set) {
    case QBB_SET_KNIGHTS: return kind == KNIGHT;
    case QBB_SET_KINGS: return kind == KING;
    case QBB_SET_ROOK_LIKE: return kind == ROOK || kind == QUEEN;
    case QBB_SET_BISHOP_LIKE: return kind == BISHOP || kind == QUEEN;
    default: break;
    }
    if (kind != PAWN)
        return false;
    if (set < QBB_SET_UNCOMMITTED)
        return state == PAWN_UP + (set - QBB_SET_PAWNS);
    if (set < QBB_SET_PAWN_ATTACKS)
        return state == PAWN_UNCOMMITTED && army == set - QBB_SET_UNCOMMITTED;
    int d = set - QBB_SET_PAWN_ATTACKS;
    if (state == PAWN_UNCOMMITTED)
        return qbb_army_forward[army][0] == d || qbb_army_forward[army][1] == d;
    return state == PAWN_UP + d;
}

static bool slides_along(Piece p, int orientation)
{
    Kind kind = PIECE_KIND(p);
    if (kind == QUEEN)
        return true;
    return kind == (orientation <= QBB_LINE_FILE ? ROOK : BISHOP);
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
    uint64_t line_men[QBB_LINE_COUNT];
    uint16_t line_sliders[QBB_LINE_COUNT] = {0};
    for (int line = 0; line < QBB_LINE_COUNT; line++)
        line_men[line] = qbb_line_phantoms(line);
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
        if (!p)
            continue;
        bool king = PIECE_KIND(p) == KING;
        bool attacks = !((s->frozen >> controller) & 1);
        for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
            QbbSquareLine at = qbb_square_lines[sq][o];
            line_men[at.line] ^= (king ? QBB_LINE_EVERYONE : QBB_LINE_MAN(controller)) << at.pos;
            if (attacks && slides_along(p, o))
                line_sliders[at.line] ^= (uint16_t)(1u << at.pos);
        }
    }
    for (int line = 0; line < QBB_LINE_COUNT; line++) {
        if (s->line_men[line] != line_men[line])
            return "a line word disagrees with the mailbox";
        if (s->line_sliders[line] != line_sliders[line])
            return "a line's sliders disagree with the mailbox";
    }
    return NULL;
}
