/* The Quaternity mailbox backend's native core (backend.h): instances,
 * loading and saving the neutral position, decoding neutral moves from the
 * board, and the invariants the debug build checks.  The native move
 * carries the bytes it writes, so make and unmake need only the controller
 * on turn and a list slot besides it (QmbUndo).  None of this is on the
 * perft hot path. */
#include <stdlib.h>
#include <string.h>

#include "../pawn_commitment.h"
#include "../turn_order.h"
#include "../zobrist.h"
#include "mailbox_make.h"

/* What the hashed perft (perft_hash_recursion.h) reads of the state. */
static inline Piece qmb_piece_at(const QmbState *s, int square)
{
    return s->board[square];
}

static inline uint64_t qmb_state_key(const QmbState *s)
{
    return quaternity_zobrist_state(s->turn, s->controller, s->frozen);
}

/* What piece byte p is to controller c (see QmbManClass in mailbox.h). */
static QmbManClass classify(const Position *pos, int c, Piece p)
{
    Kind kind = PIECE_KIND(p);
    if (kind == EMPTY || kind > KING || PIECE_PAWN_STATE(p) > PAWN_UNCOMMITTED)
        return 0; /* bytes no valid position holds */
    int army = PIECE_ARMY(p);
    int owner = pos->controller[army];
    if (owner == c)
        return QMB_MAN_FRIEND;
    QmbManClass cls = kind == KING ? 0 : QMB_MAN_CAPTURABLE;
    if (pos->frozen & (1u << owner))
        return cls;
    switch (kind) {
    case PAWN: {
        uint8_t directions = qmb_tables.pawn_attack_directions[army][PIECE_PAWN_STATE(p)];
        for (int d = QMB_FIRST_DIAGONAL; d < QMB_DIR_COUNT; d++)
            if (directions >> d & 1)
                cls |= (QmbManClass)QMB_MAN_PAWN_ATTACKS(d);
        return cls;
    }
    case KNIGHT: return cls | QMB_MAN_ATTACKS_KNIGHT;
    case BISHOP: return cls | QMB_MAN_ATTACKS_DIAGONAL;
    case ROOK: return cls | QMB_MAN_ATTACKS_ORTHOGONAL;
    case QUEEN: return cls | QMB_MAN_ATTACKS_ORTHOGONAL | QMB_MAN_ATTACKS_DIAGONAL;
    default: return cls | QMB_MAN_ATTACKS_KING;
    }
}

static void qmb_load(QmbState *m, const Position *pos)
{
    memset(m, 0, sizeof *m);
    memcpy(m->board, pos->board, Q_SQUARES);
    memset(m->king_square, QMB_NO_SQUARE, sizeof m->king_square);
    /* The lists start grouped by kind, so that the generator's dispatch on
     * the kind of each man it visits is mostly predicted. */
    for (Kind kind = PAWN; kind <= KING; kind++)
        for (int sq = 0; sq < Q_SQUARES; sq++) {
            Piece p = m->board[sq];
            if (p == EMPTY || PIECE_KIND(p) != kind)
                continue;
            int army = PIECE_ARMY(p);
            m->slot_of[sq] = m->men_count[army];
            m->men[army][m->men_count[army]++] = (uint8_t)sq;
            if (kind == KING)
                m->king_square[army] = (uint8_t)sq;
        }
    m->turn = (uint8_t)pos->turn;
    m->frozen = pos->frozen;
    for (int a = 0; a < 4; a++) {
        m->controller[a] = pos->controller[a];
        m->armies_of[pos->controller[a]] |= (uint8_t)(1u << a);
    }
    for (int c = 0; c < 4; c++) {
        m->next_turn[c] = (uint8_t)quaternity_next_turn(pos, c);
        for (int p = 0; p < 256; p++)
            m->man_class[c][p] = classify(pos, c, (Piece)p);
    }
}

static void qmb_save(const QmbState *m, Position *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->game = GAME_QUATERNITY;
    pos->ep_square = -1;
    memcpy(pos->board, m->board, Q_SQUARES);
    pos->turn = m->turn;
    memcpy(pos->controller, m->controller, 4);
    pos->frozen = m->frozen;
}

/* The search passes moves by address and undo records by value, which GCC
 * keeps in registers best (the other way round measured slower without bulk
 * counting; no result file kept); the core's make and unmake wrap it. */
static void qmb_make(QmbState *m, QmbMove move, QmbUndo *undo)
{
    *undo = qmb_make_move(m, &move);
}

static void qmb_unmake(QmbState *m, QmbMove move, const QmbUndo *undo)
{
    qmb_unmake_move(m, &move, *undo);
}

/* The move is read off the board: what stands on `from` moves, what stands
 * on `to` is captured, and the shared pawn rules say what lands. */
static bool qmb_decode(const QmbState *m, Move move, QmbMove *native)
{
    if (move.from >= Q_SQUARES || move.to >= Q_SQUARES)
        return false;
    Piece moved = m->board[move.from];
    if (!(m->man_class[m->turn][moved] & QMB_MAN_FRIEND))
        return false;
    if (move.promotion != EMPTY && PIECE_KIND(moved) != PAWN)
        return false;
    *native = (QmbMove){
        .from = move.from,
        .to = move.to,
        .moved = moved,
        .placed = quaternity_landing_piece(moved, move.from, move.to, (Kind)move.promotion),
        .captured = m->board[move.to],
    };
    return true;
}

static Move qmb_encode(const QmbState *m, QmbMove move)
{
    (void)m;
    bool promotes = PIECE_KIND(move.moved) == PAWN && PIECE_KIND(move.placed) != PAWN;
    return (Move){move.from, move.to, promotes ? (uint8_t)PIECE_KIND(move.placed) : (uint8_t)EMPTY};
}

const char *qmb_check(const QmbState *m)
{
    if (m->turn >= 4 || !m->armies_of[m->turn])
        return "the controller on turn moves no army";
    int on_board[4] = {0};
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        Piece p = m->board[sq];
        if (p == EMPTY)
            continue;
        int army = PIECE_ARMY(p);
        on_board[army]++;
        /* Every man sits in its army's list at its slot, so the lists hold
         * at least the board's men, each once. */
        if (m->slot_of[sq] >= m->men_count[army] || m->men[army][m->slot_of[sq]] != sq)
            return "a man on the board is not at its slot in its army's list";
        if (PIECE_KIND(p) == KING && m->king_square[army] != sq)
            return "a king stands off its army's king square";
    }
    for (int army = 0; army < 4; army++) {
        if (on_board[army] != m->men_count[army])
            return "an army's list holds more men than the board";
        int k = m->king_square[army];
        if (k != QMB_NO_SQUARE && (k >= Q_SQUARES || m->board[k] != PIECE_MAKE(army, KING, PAWN_NONE)))
            return "a king square holds no king of its army";
    }
    return NULL;
}

/* The hashed perft (perft_hash_recursion.h), with qmb_piece_at and qmb_state_key above. */
#define PH_BACKEND qmb, QmbState, QmbMove, QmbUndo, QMB_MAX_MOVES, QUATERNITY_ZOBRIST
#define PH_STATS /* and the statistics with a table */
#include "perft_hash_recursion.h"

BACKEND_CORE_WITH_STATS(qmb, QmbState, QmbMove, QmbUndo, QMB_MAX_MOVES, qmb_tables_init, NULL);

const Backend quaternity_mailbox_backend =
    BACKEND_FROM_CORE(qmb_core, "mailbox", GAME_QUATERNITY,
                      "144-byte board with per-square ray, leaper and pawn tables; legality from the kings outward");
