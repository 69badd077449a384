/* The Quaternity bitboard position: piece sets plus a mailbox, and the
 * incremental make/unmake that keeps them in step.
 *
 * Sets are kept by what the move generator asks, not by piece letter:
 * men by controller (friend and enemy tests), knights, kings, "rook-like"
 * (rooks and queens) and "bishop-like" (bishops and queens: a queen is in
 * both, so slider code never special-cases it), committed pawns by
 * direction (all armies together: an up pawn moves the same whatever its
 * colour) and uncommitted pawns by army (their two forward directions are
 * the army's).  The mailbox `board` (indexed like the sets, padding empty)
 * answers "what stands here" for captures and for save().
 *
 * Pawns are also kept by the direction they attack in: an uncommitted pawn
 * attacks like a pawn of each of its two forward directions, so it sits in
 * two of those sets, and "which enemy pawns attack this square" is four
 * table lookups whatever the armies.
 *
 * Beside the 144-bit sets the position keeps rotated copies, one 64-bit
 * word per line (the 70 lines of bitboard_tables.h): 12 bits of the line's
 * occupied squares, then 12 bits per controller of the squares it may not
 * land on (its men, every king, and phantom bits past the end of a short
 * line so that no reach runs off it), plus 12 bits per line of the sliders
 * that attack along it.  Make/unmake pay one XOR per line through the
 * square (and one more per slider line); in exchange a slider's targets
 * along a line, and whether it checks or pins, are a table lookup and a
 * few 12-bit operations, with no gathering of bits.  (Measured: the first
 * version gathered line occupancy from the 144-bit sets with three PEXTs
 * per line; the rotated words made bulk perft about 1.2x faster.)
 *
 * A move is 32 bits: from, to (QbbSet indexes), the piece placed on `to`
 * (which carries a promotion or a pawn's new commitment) and the piece
 * moved; unmake needs besides only the captured piece and the turn
 * (QbbUndo).  Controllers and frozen controllers never change during a
 * search, so the turn order is a table filled at load. */
#ifndef GEN_QUATERNITY_BITBOARD_STATE_H
#define GEN_QUATERNITY_BITBOARD_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "bb144.h"
#include "bitboard_tables.h"
#include "position.h"

typedef uint32_t QbbMove;

static inline QbbMove qbb_move(int from, int to, Piece placed, Piece moved)
{
    return (QbbMove)from | (QbbMove)to << 8 | (QbbMove)placed << 16 | (QbbMove)moved << 24;
}
static inline int qbb_from(QbbMove m)
{
    return (int)(m & 0xFF);
}
static inline int qbb_to(QbbMove m)
{
    return (int)((m >> 8) & 0xFF);
}
static inline Piece qbb_placed(QbbMove m)
{
    return (Piece)(m >> 16);
}
static inline Piece qbb_moved(QbbMove m)
{
    return (Piece)(m >> 24);
}

/* Indexes into QbbState.sets. */
enum {
    QBB_SET_KNIGHTS,
    QBB_SET_KINGS,
    QBB_SET_ROOK_LIKE,
    QBB_SET_BISHOP_LIKE,
    QBB_SET_PAWNS,                                       /* + direction: committed pawns, QBB_DIR_COUNT sets */
    QBB_SET_UNCOMMITTED = QBB_SET_PAWNS + QBB_DIR_COUNT, /* + army: 4 sets */
    QBB_SET_PAWN_ATTACKS = QBB_SET_UNCOMMITTED + 4,      /* + direction: pawns attacking as such */
    QBB_SET_COUNT = QBB_SET_PAWN_ATTACKS + QBB_DIR_COUNT
};

/* The rotated sets of one line, packed in a word: 12 bits of occupied
 * squares, then 12 bits per controller of the squares that controller may
 * not land on (its men, every king, phantoms past the line's end). */
enum { QBB_LINE_FIELD = 12 };
#define QBB_LINE_FIELD_MASK 0xFFFu
/* The pattern of one man: occupied, and his controller's field. */
#define QBB_LINE_MAN(controller) (UINT64_C(1) | UINT64_C(1) << (QBB_LINE_FIELD * ((controller) + 1)))
/* A king or phantom: occupied, and in every controller's field. */
#define QBB_LINE_EVERYONE UINT64_C(0x1001001001001)

static inline unsigned qbb_line_occupied(uint64_t line_men)
{
    return (unsigned)line_men & QBB_LINE_FIELD_MASK;
}
static inline unsigned qbb_line_blocked_for(uint64_t line_men, int controller)
{
    return (unsigned)(line_men >> (QBB_LINE_FIELD * (controller + 1))) & QBB_LINE_FIELD_MASK;
}

/* What unmake needs besides the move. */
typedef struct QbbUndo {
    Piece captured; /* EMPTY if none */
    uint8_t turn;   /* the controller that made the move */
} QbbUndo;

/* A bound on the moves (legal or pseudo-legal) one position can have, so
 * that no move list overflows: a move onto a square comes from the
 * nearest man in one of the 8 directions or from one of the knight
 * squares, once, or four times for a pawn promoting, which happens only on
 * an edge.  Interior squares: 100 * (8 + 8); edge squares but corners:
 * 40 * (5 * 4 + 4); corners: 4 * (3 * 4 + 2). */
enum { QBB_MAX_MOVES = 100 * 16 + 40 * 24 + 4 * 14 };

typedef struct QbbState {
    QbbSet occupied;
    QbbSet by_controller[4];
    QbbSet sets[QBB_SET_COUNT];
    uint64_t line_men[QBB_LINE_COUNT];     /* packed rotated sets, above */
    uint16_t line_sliders[QBB_LINE_COUNT]; /* men of controllers not frozen that slide along the line */
    Piece board[QBB_BITS];
    int turn;
    uint8_t controller[4]; /* controller of each army */
    uint8_t frozen;        /* bit c: controller c is frozen */
    uint8_t next_turn[4];  /* turn order, from quaternity_next_turn() */
    uint8_t armies_of[4];  /* bit a: army a is moved by controller c */
} QbbState;

/* The sets of each pawn: its moving set (direction or army) and one or
 * two attack-direction sets (two for an uncommitted pawn). */
extern uint8_t qbb_pawn_sets[256][3];

void qbb_state_tables_init(void);
void qbb_load(QbbState *s, const Position *pos);
void qbb_save(const QbbState *s, Position *pos);
/* NULL when every set, line word and the turn agree with the mailbox;
 * else the first disagreement (debug builds, BACKEND_DEBUG_CHECK). */
const char *qbb_check(const QbbState *s);

/* The phantom bits of a line (bitboard_state.c): every position past its
 * end, in each of its fields. */
uint64_t qbb_line_phantoms(int line);

static inline void qbb_toggle_sliders(QbbState *s, const QbbSquareLine *at, int first, int last)
{
    for (int o = first; o <= last; o++)
        s->line_sliders[at[o].line] ^= (uint16_t)(1u << at[o].pos);
}

/* Adds or removes `piece` on `sq` (and, when `both`, on `sq2` too: a man
 * moving without changing, which shares the work) in every set it belongs
 * to.  Kings go into every controller's line field: in line form
 * "blocked" means "a square no move of that controller may land on", and
 * no move lands on a king.  Frozen men stay out of the line sliders: they
 * attack nothing. */
static inline __attribute__((always_inline)) void qbb_toggle_on(QbbState *s, Piece piece, int sq, int sq2, bool both)
{
    int controller = s->controller[PIECE_ARMY(piece)];
    const QbbSquareLine *at = qbb_square_lines[sq], *at2 = qbb_square_lines[sq2];
    Kind kind = PIECE_KIND(piece);
    uint64_t pattern = kind == KING ? QBB_LINE_EVERYONE : QBB_LINE_MAN(controller);
    bool attacks = !((s->frozen >> controller) & 1);
    qbb_toggle_two(&s->occupied, sq, sq2, both);
    qbb_toggle_two(&s->by_controller[controller], sq, sq2, both);
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        s->line_men[at[o].line] ^= pattern << at[o].pos;
        if (both)
            s->line_men[at2[o].line] ^= pattern << at2[o].pos;
    }
    int first = QBB_LINE_RANK, last = QBB_LINE_ANTI_DIAGONAL;
    switch (kind) {
    case KING: qbb_toggle_two(&s->sets[QBB_SET_KINGS], sq, sq2, both); return;
    case PAWN:
        qbb_toggle_two(&s->sets[qbb_pawn_sets[piece][0]], sq, sq2, both);
        qbb_toggle_two(&s->sets[qbb_pawn_sets[piece][1]], sq, sq2, both);
        if (PIECE_PAWN_STATE(piece) == PAWN_UNCOMMITTED)
            qbb_toggle_two(&s->sets[qbb_pawn_sets[piece][2]], sq, sq2, both);
        return;
    case KNIGHT: qbb_toggle_two(&s->sets[QBB_SET_KNIGHTS], sq, sq2, both); return;
    case BISHOP:
        qbb_toggle_two(&s->sets[QBB_SET_BISHOP_LIKE], sq, sq2, both);
        first = QBB_LINE_DIAGONAL;
        break;
    case ROOK:
        qbb_toggle_two(&s->sets[QBB_SET_ROOK_LIKE], sq, sq2, both);
        last = QBB_LINE_FILE;
        break;
    default: /* queen */
        qbb_toggle_two(&s->sets[QBB_SET_ROOK_LIKE], sq, sq2, both);
        qbb_toggle_two(&s->sets[QBB_SET_BISHOP_LIKE], sq, sq2, both);
        break;
    }
    if (attacks) {
        qbb_toggle_sliders(s, at, first, last);
        if (both)
            qbb_toggle_sliders(s, at2, first, last);
    }
}

static inline void qbb_toggle_piece(QbbState *s, Piece piece, int sq)
{
    qbb_toggle_on(s, piece, sq, sq, false);
}

/* Moves or unmoves `m`'s man between its squares (the capture, if any, is
 * toggled on `to` separately).  Not forced inline (see qbb_popcount). */
static inline void qbb_toggle_move(QbbState *s, QbbMove m)
{
    int from = qbb_from(m), to = qbb_to(m);
    if (qbb_placed(m) == qbb_moved(m)) {
        qbb_toggle_on(s, qbb_moved(m), from, to, true);
    } else {
        qbb_toggle_piece(s, qbb_moved(m), from);
        qbb_toggle_piece(s, qbb_placed(m), to);
    }
}

/* Makes `m` and returns the captured piece (EMPTY if none) for unmake. */
static inline Piece qbb_make_move(QbbState *s, QbbMove m)
{
    int to = qbb_to(m);
    Piece captured = s->board[to];
    if (captured)
        qbb_toggle_piece(s, captured, to);
    qbb_toggle_move(s, m);
    s->board[qbb_from(m)] = EMPTY;
    s->board[to] = qbb_placed(m);
    s->turn = s->next_turn[s->turn];
    return captured;
}

static inline void qbb_unmake_move(QbbState *s, QbbMove m, Piece captured, int turn)
{
    int to = qbb_to(m);
    qbb_toggle_move(s, m);
    if (captured)
        qbb_toggle_piece(s, captured, to);
    s->board[qbb_from(m)] = qbb_moved(m);
    s->board[to] = captured;
    s->turn = turn;
}

#endif
