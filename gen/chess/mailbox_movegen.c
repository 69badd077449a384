/* Legal move generation on the mailbox board.
 *
 * Moves are made legal as they are generated, not by trying them: first
 * the enemy sliders, knights and pawns are checked against our king (the
 * piece lists make this a handful of table lookups), which yields the
 * checking pieces and our pinned pieces.  Then a pinned piece moves only
 * along its pin line, in check every move but the king's must capture the
 * checker or block, in double check only the king moves, and the king moves
 * only to squares the enemy does not attack with the king lifted off the
 * board.  Only en passant, which removes two pieces from one line, is tried
 * on the board and tested. */
#include "mailbox.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

static const int KNIGHT_JUMPS[8] = {21, 19, 12, 8, -8, -12, -19, -21};
static const int KING_STEPS[8] = {11, 10, 9, 1, -1, -9, -10, -11};
static const int ORTHOGONAL[4] = {10, 1, -1, -10};
static const int DIAGONAL[4] = {11, 9, -9, -11};

/* What the enemy does to our king before we move. */
typedef struct Threats {
    int checks;        /* checking pieces */
    uint64_t evasions; /* with one check: the squares (neutral bits) that capture or block it */
    uint64_t pinned;   /* our pieces pinned to the king (neutral bits) */
} Threats;

/* Walks from `from` along `step` to the first square that is not empty. */
static ALWAYS_INLINE int first_piece(const uint8_t *board, int from, int step)
{
    int sq = from + step;
    while (board[sq] == EMPTY)
        sq += step;
    return sq;
}

/* Whether an enemy slider of `kind` on `slider` attacks `target` along a
 * clear line. */
static ALWAYS_INLINE bool slider_attacks(const uint8_t *board, int slider, int kind, int target)
{
    MbRelation r = mb_relation(target, slider);
    return (r.reach & MB_REACH(kind)) && first_piece(board, target, r.step) == slider;
}

bool mailbox_attacked(const MailboxChess *s, int square, int side)
{
    const uint8_t *board = s->board;
    /* A pawn of `side` attacks from one rank behind, seen from its side. */
    int behind = side == CHESS_WHITE ? -10 : 10;
    uint8_t pawn = (uint8_t)(PAWN | MB_SIDE_FLAG(side));
    if (board[square + behind - 1] == pawn || board[square + behind + 1] == pawn)
        return true;
    if (mb_relation(mb_king(s, side), square).reach & MB_REACH(KING))
        return true;
    for (int i = 0; i < s->count[side][KNIGHT]; i++)
        if (mb_relation(s->squares[side][KNIGHT][i], square).reach & MB_REACH(KNIGHT))
            return true;
    for (int kind = BISHOP; kind <= QUEEN; kind++)
        for (int i = 0; i < s->count[side][kind]; i++)
            if (slider_attacks(board, s->squares[side][kind][i], kind, square))
                return true;
    return false;
}

static ALWAYS_INLINE void find_threats(const MailboxChess *s, Threats *t)
{
    const uint8_t *board = s->board;
    int us = s->side, them = us ^ 1;
    int king = mb_king(s, us);
    uint8_t own = MB_SIDE_FLAG(us);
    t->checks = 0;
    t->evasions = 0;
    t->pinned = 0;
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < s->count[them][kind]; i++) {
            int slider = s->squares[them][kind][i];
            MbRelation r = mb_relation(king, slider);
            if (!(r.reach & MB_REACH(kind)))
                continue;
            int blocker = first_piece(board, king, r.step);
            if (blocker == slider) {
                t->checks++;
                for (int sq = king + r.step; sq != slider; sq += r.step)
                    t->evasions |= mb_bit(sq);
                t->evasions |= mb_bit(slider);
            } else if ((board[blocker] & own) && first_piece(board, blocker, r.step) == slider) {
                t->pinned |= mb_bit(blocker);
            }
        }
    }
    for (int i = 0; i < s->count[them][KNIGHT]; i++) {
        int knight = s->squares[them][KNIGHT][i];
        if (mb_relation(knight, king).reach & MB_REACH(KNIGHT)) {
            t->checks++;
            t->evasions |= mb_bit(knight);
        }
    }
    int ahead = us == CHESS_WHITE ? 10 : -10;
    uint8_t enemy_pawn = (uint8_t)(PAWN | MB_SIDE_FLAG(them));
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        int sq = king + ahead + side_step;
        if (board[sq] == enemy_pawn) {
            t->checks++;
            t->evasions |= mb_bit(sq);
        }
    }
}

/* The direction a pinned piece on `square` may still move along (and its
 * opposite). */
static ALWAYS_INLINE int pin_step(const MailboxChess *s, int square)
{
    return mb_relation(mb_king(s, s->side), square).step;
}

/* Quiet moves and a capture along one ray; `evading` keeps only squares in
 * `evasions`. */
static ALWAYS_INLINE MbMove *slide(const uint8_t *board, MbMove *out, int from, int step, uint8_t enemy, bool evading,
                                   uint64_t evasions)
{
    int to = from + step;
    for (; board[to] == EMPTY; to += step)
        if (!evading || (evasions & mb_bit(to)))
            *out++ = MB_MOVE(from, to, MB_NORMAL);
    if ((board[to] & enemy) && (!evading || (evasions & mb_bit(to))))
        *out++ = MB_MOVE(from, to, MB_NORMAL);
    return out;
}

static ALWAYS_INLINE MbMove *add_pawn_move(MbMove *out, int from, int to, bool promotes)
{
    if (promotes) {
        *out++ = MB_PROMOTION(from, to, QUEEN);
        *out++ = MB_PROMOTION(from, to, ROOK);
        *out++ = MB_PROMOTION(from, to, BISHOP);
        *out++ = MB_PROMOTION(from, to, KNIGHT);
    } else {
        *out++ = MB_MOVE(from, to, MB_NORMAL);
    }
    return out;
}

/* Every move of the pieces other than the king, en passant aside.  Inlined
 * twice, so the common case (`evading` false) carries no evasion tests. */
static ALWAYS_INLINE MbMove *piece_moves(const MailboxChess *s, MbMove *out, const Threats *t, bool evading)
{
    const uint8_t *board = s->board;
    int us = s->side;
    uint8_t enemy = MB_SIDE_FLAG(us ^ 1), own_or_guard = MB_SIDE_FLAG(us) | MB_GUARD;
    uint64_t pinned = t->pinned, evasions = t->evasions;

    int ahead = us == CHESS_WHITE ? 10 : -10;
    int double_rank = us == CHESS_WHITE ? MB_A1 + 10 : MB_A8 - 10; /* first square of the pawns' home rank */
    int last_rank = us == CHESS_WHITE ? MB_A8 : MB_A1;
    for (int i = 0; i < s->count[us][PAWN]; i++) {
        int from = s->squares[us][PAWN][i];
        int along = (pinned & mb_bit(from)) ? pin_step(s, from) : 0;
        int to = from + ahead;
        bool promotes = (unsigned)(to - last_rank) < 8;
        if (board[to] == EMPTY && (!along || along == ahead || along == -ahead)) {
            if (!evading || (evasions & mb_bit(to)))
                out = add_pawn_move(out, from, to, promotes);
            int two = to + ahead;
            if ((unsigned)(from - double_rank) < 8 && board[two] == EMPTY && (!evading || (evasions & mb_bit(two))))
                *out++ = MB_MOVE(from, two, MB_DOUBLE_STEP);
        }
        for (int side_step = -1; side_step <= 1; side_step += 2) {
            int diagonal = ahead + side_step;
            to = from + diagonal;
            if ((board[to] & enemy) && (!along || along == diagonal || along == -diagonal) &&
                (!evading || (evasions & mb_bit(to))))
                out = add_pawn_move(out, from, to, promotes);
        }
    }

    for (int i = 0; i < s->count[us][KNIGHT]; i++) {
        int from = s->squares[us][KNIGHT][i];
        if (pinned & mb_bit(from))
            continue; /* a knight always leaves its pin line */
        for (int j = 0; j < 8; j++) {
            int to = from + KNIGHT_JUMPS[j];
            if (!(board[to] & own_or_guard) && (!evading || (evasions & mb_bit(to))))
                *out++ = MB_MOVE(from, to, MB_NORMAL);
        }
    }

    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < s->count[us][kind]; i++) {
            int from = s->squares[us][kind][i];
            if (pinned & mb_bit(from)) {
                int along = pin_step(s, from);
                MbRelation r = mb_relation(mb_king(s, us), from);
                if (r.reach & MB_REACH(kind)) {
                    out = slide(board, out, from, along, enemy, evading, evasions);
                    out = slide(board, out, from, -along, enemy, evading, evasions);
                }
                continue;
            }
            if (kind != ROOK)
                for (int j = 0; j < 4; j++)
                    out = slide(board, out, from, DIAGONAL[j], enemy, evading, evasions);
            if (kind != BISHOP)
                for (int j = 0; j < 4; j++)
                    out = slide(board, out, from, ORTHOGONAL[j], enemy, evading, evasions);
        }
    }
    return out;
}

static MbMove *king_moves(MailboxChess *s, MbMove *out)
{
    int us = s->side, them = us ^ 1;
    int king = mb_king(s, us);
    uint8_t own_or_guard = MB_SIDE_FLAG(us) | MB_GUARD;
    /* Lift the king so that a slider checking along a line also covers the
     * square behind it. */
    uint8_t piece = s->board[king];
    s->board[king] = EMPTY;
    for (int j = 0; j < 8; j++) {
        int to = king + KING_STEPS[j];
        if (!(s->board[to] & own_or_guard) && !mailbox_attacked(s, to, them))
            *out++ = MB_MOVE(king, to, MB_NORMAL);
    }
    s->board[king] = piece;
    return out;
}

/* Castling, when not in check: the rights (which imply king and rook at
 * home), the squares between empty, and the king's path not attacked. */
static MbMove *castling_moves(const MailboxChess *s, MbMove *out)
{
    const uint8_t *board = s->board;
    int us = s->side, them = us ^ 1;
    int base = us == CHESS_WHITE ? 0 : MB_A8 - MB_A1; /* rank 8 is rank 1 moved up */
    uint8_t king_side = us == CHESS_WHITE ? CASTLE_WK : CASTLE_BK;
    uint8_t queen_side = us == CHESS_WHITE ? CASTLE_WQ : CASTLE_BQ;
    if ((s->castling & king_side) && board[MB_F1 + base] == EMPTY && board[MB_G1 + base] == EMPTY &&
        !mailbox_attacked(s, MB_F1 + base, them) && !mailbox_attacked(s, MB_G1 + base, them))
        *out++ = MB_MOVE(MB_E1 + base, MB_G1 + base, MB_CASTLE);
    if ((s->castling & queen_side) && board[MB_D1 + base] == EMPTY && board[MB_C1 + base] == EMPTY &&
        board[MB_B1 + base] == EMPTY && !mailbox_attacked(s, MB_D1 + base, them) &&
        !mailbox_attacked(s, MB_C1 + base, them))
        *out++ = MB_MOVE(MB_E1 + base, MB_C1 + base, MB_CASTLE);
    return out;
}

/* En passant takes two pieces off one line at once (the rank case that
 * exposes the king), so each capture is played on the board and the king
 * tested. */
static MbMove *en_passant_moves(MailboxChess *s, MbMove *out)
{
    if (!s->ep_square)
        return out;
    int us = s->side, them = us ^ 1;
    int target = s->ep_square;
    int victim = target + (us == CHESS_WHITE ? -10 : 10);
    uint8_t pawn = (uint8_t)(PAWN | MB_SIDE_FLAG(us));
    uint8_t *board = s->board;
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        int from = victim + side_step;
        if (board[from] != pawn)
            continue;
        uint8_t captured = board[victim];
        board[from] = EMPTY;
        board[victim] = EMPTY;
        board[target] = pawn;
        bool legal = !mailbox_attacked(s, mb_king(s, us), them);
        board[target] = EMPTY;
        board[victim] = captured;
        board[from] = pawn;
        if (legal)
            *out++ = MB_MOVE(from, target, MB_EN_PASSANT);
    }
    return out;
}

int mailbox_generate(MailboxChess *s, MbMove *moves)
{
    Threats t;
    find_threats(s, &t);
    MbMove *out = king_moves(s, moves);
    if (t.checks > 1)
        return (int)(out - moves);
    if (t.checks)
        out = piece_moves(s, out, &t, true);
    else
        out = castling_moves(s, piece_moves(s, out, &t, false));
    out = en_passant_moves(s, out);
    return (int)(out - moves);
}
