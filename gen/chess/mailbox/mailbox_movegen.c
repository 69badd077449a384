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
    CmbRelation r = cmb_relation(target, slider);
    return (r.reach & CMB_REACH(kind)) && first_piece(board, target, r.step) == slider;
}

/* Whether `side` attacks `square`.  Kept out of line: it is called from
 * five places, and inlining it into each measured slower.  Aligned to 64
 * bytes, which aligns this file's code as a whole: without it the
 * generator's speed followed where the linker happened to put it (the same
 * code measured 0.92x and 1.0x of dbbe7b9's perft 6 with bulk counting in
 * two builds that differed only in another backend). */
static __attribute__((noinline, aligned(64))) bool attacked(const CmbState *s, int square, int side)
{
    const uint8_t *board = s->board;
    /* A pawn of `side` attacks from one rank behind, seen from its side. */
    int behind = side == CHESS_WHITE ? -10 : 10;
    uint8_t pawn = (uint8_t)(PAWN | CMB_SIDE_FLAG(side));
    if (board[square + behind - 1] == pawn || board[square + behind + 1] == pawn)
        return true;
    if (cmb_relation(cmb_king(s, side), square).reach & CMB_REACH(KING))
        return true;
    for (int i = 0; i < s->count[side][KNIGHT]; i++)
        if (cmb_relation(s->squares[side][KNIGHT][i], square).reach & CMB_REACH(KNIGHT))
            return true;
    for (int kind = BISHOP; kind <= QUEEN; kind++)
        for (int i = 0; i < s->count[side][kind]; i++)
            if (slider_attacks(board, s->squares[side][kind][i], kind, square))
                return true;
    return false;
}

static ALWAYS_INLINE void find_threats(const CmbState *s, Threats *t)
{
    const uint8_t *board = s->board;
    int us = s->side, them = us ^ 1;
    int king = cmb_king(s, us);
    uint8_t own = CMB_SIDE_FLAG(us);
    t->checks = 0;
    t->evasions = 0;
    t->pinned = 0;
    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < s->count[them][kind]; i++) {
            int slider = s->squares[them][kind][i];
            CmbRelation r = cmb_relation(king, slider);
            if (!(r.reach & CMB_REACH(kind)))
                continue;
            int blocker = first_piece(board, king, r.step);
            if (blocker == slider) {
                t->checks++;
                for (int sq = king + r.step; sq != slider; sq += r.step)
                    t->evasions |= cmb_bit(sq);
                t->evasions |= cmb_bit(slider);
            } else if ((board[blocker] & own) && first_piece(board, blocker, r.step) == slider) {
                t->pinned |= cmb_bit(blocker);
            }
        }
    }
    for (int i = 0; i < s->count[them][KNIGHT]; i++) {
        int knight = s->squares[them][KNIGHT][i];
        if (cmb_relation(knight, king).reach & CMB_REACH(KNIGHT)) {
            t->checks++;
            t->evasions |= cmb_bit(knight);
        }
    }
    int ahead = us == CHESS_WHITE ? 10 : -10;
    uint8_t enemy_pawn = (uint8_t)(PAWN | CMB_SIDE_FLAG(them));
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        int sq = king + ahead + side_step;
        if (board[sq] == enemy_pawn) {
            t->checks++;
            t->evasions |= cmb_bit(sq);
        }
    }
}

/* The direction a pinned piece on `square` may still move along (and its
 * opposite). */
static ALWAYS_INLINE int pin_step(const CmbState *s, int square)
{
    return cmb_relation(cmb_king(s, s->side), square).step;
}

/* Pins are rare: test the set before looking the square up. */
static ALWAYS_INLINE bool is_pinned(uint64_t pinned, int square)
{
    return pinned && (pinned & cmb_bit(square));
}

/* Where moves go: stored in `moves`, or, when the caller only wants the
 * count (perft's last ply with bulk counting), just counted.  The
 * generator is inlined once per mode, so the counting copy stores
 * nothing. */
typedef struct MoveSink {
    CmbMove *moves;
    int count;
} MoveSink;

static ALWAYS_INLINE void emit(MoveSink *sink, CmbMove move, bool counting)
{
    if (!counting)
        sink->moves[sink->count] = move;
    sink->count++;
}

/* Emits `move` when `wanted`, without a branch: the move is written either
 * way and the count only grows when wanted, so an unpredictable test costs
 * no misprediction.  (The list always has room for one more.) */
static ALWAYS_INLINE void emit_if(MoveSink *sink, CmbMove move, bool wanted, bool counting)
{
    if (!counting)
        sink->moves[sink->count] = move;
    sink->count += wanted;
}

/* Whether a move to `to` may be played: always, or in check only onto the
 * checker or between it and the king. */
static ALWAYS_INLINE bool answers_check(int to, bool evading, uint64_t evasions)
{
    return !evading || (evasions & cmb_bit(to)) != 0;
}

/* Quiet moves and a capture along one ray. */
static ALWAYS_INLINE void slide(const uint8_t *board, MoveSink *sink, int from, int step, uint8_t enemy, bool evading,
                                uint64_t evasions, bool counting)
{
    int to = from + step;
    for (; board[to] == EMPTY; to += step)
        emit_if(sink, CMB_MOVE(from, to, CMB_NORMAL), answers_check(to, evading, evasions), counting);
    emit_if(sink, CMB_MOVE(from, to, CMB_NORMAL), (board[to] & enemy) && answers_check(to, evading, evasions),
            counting);
}

static ALWAYS_INLINE void promotions(MoveSink *sink, int from, int to, bool counting)
{
    emit(sink, CMB_PROMOTION(from, to, QUEEN), counting);
    emit(sink, CMB_PROMOTION(from, to, ROOK), counting);
    emit(sink, CMB_PROMOTION(from, to, BISHOP), counting);
    emit(sink, CMB_PROMOTION(from, to, KNIGHT), counting);
}

/* A pawn that is pinned or about to promote: the rare cases, with
 * branches.  `along` is its pin line's step, 0 if not pinned. */
static void rare_pawn_moves(const CmbState *s, MoveSink *sink, int from, int along, bool evading, uint64_t evasions,
                            bool counting)
{
    const uint8_t *board = s->board;
    int us = s->side;
    uint8_t enemy = CMB_SIDE_FLAG(us ^ 1);
    int ahead = us == CHESS_WHITE ? 10 : -10;
    int home_rank = us == CHESS_WHITE ? CMB_A1 + 10 : CMB_A8 - 10;
    int last_rank = us == CHESS_WHITE ? CMB_A8 : CMB_A1;
    int to = from + ahead;
    bool promotes = (unsigned)(to - last_rank) < 8;
    if (board[to] == EMPTY && (!along || along == ahead || along == -ahead)) {
        if (answers_check(to, evading, evasions)) {
            if (promotes)
                promotions(sink, from, to, counting);
            else
                emit(sink, CMB_MOVE(from, to, CMB_NORMAL), counting);
        }
        int two = to + ahead;
        if ((unsigned)(from - home_rank) < 8 && board[two] == EMPTY && answers_check(two, evading, evasions))
            emit(sink, CMB_MOVE(from, two, CMB_DOUBLE_STEP), counting);
    }
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        int diagonal = ahead + side_step;
        to = from + diagonal;
        if ((board[to] & enemy) && (!along || along == diagonal || along == -diagonal) &&
            answers_check(to, evading, evasions)) {
            if (promotes)
                promotions(sink, from, to, counting);
            else
                emit(sink, CMB_MOVE(from, to, CMB_NORMAL), counting);
        }
    }
}

/* Every move of the pieces other than the king, en passant aside.  Inlined
 * per mode, so the common case (`evading` false) carries no evasion tests. */
static ALWAYS_INLINE void piece_moves(const CmbState *s, MoveSink *sink, const Threats *t, bool evading, bool counting)
{
    const uint8_t *board = s->board;
    int us = s->side;
    uint8_t enemy = CMB_SIDE_FLAG(us ^ 1), own_or_guard = CMB_SIDE_FLAG(us) | CMB_GUARD;
    uint64_t pinned = t->pinned, evasions = t->evasions;

    int ahead = us == CHESS_WHITE ? 10 : -10;
    int home_rank = us == CHESS_WHITE ? CMB_A1 + 10 : CMB_A8 - 10; /* first square of the rank pawns start on */
    int seventh_rank = us == CHESS_WHITE ? CMB_A8 - 10 : CMB_A1 + 10;
    for (int i = 0; i < s->count[us][PAWN]; i++) {
        int from = s->squares[us][PAWN][i];
        if (is_pinned(pinned, from) || (unsigned)(from - seventh_rank) < 8) {
            int along = is_pinned(pinned, from) ? pin_step(s, from) : 0;
            rare_pawn_moves(s, sink, from, along, evading, evasions, counting);
            continue;
        }
        int to = from + ahead, two = to + ahead;
        bool step = board[to] == EMPTY;
        emit_if(sink, CMB_MOVE(from, to, CMB_NORMAL), step && answers_check(to, evading, evasions), counting);
        emit_if(sink, CMB_MOVE(from, two, CMB_DOUBLE_STEP),
                step && (unsigned)(from - home_rank) < 8 && board[two] == EMPTY &&
                    answers_check(two, evading, evasions),
                counting);
        emit_if(sink, CMB_MOVE(from, to - 1, CMB_NORMAL),
                (board[to - 1] & enemy) && answers_check(to - 1, evading, evasions), counting);
        emit_if(sink, CMB_MOVE(from, to + 1, CMB_NORMAL),
                (board[to + 1] & enemy) && answers_check(to + 1, evading, evasions), counting);
    }

    for (int i = 0; i < s->count[us][KNIGHT]; i++) {
        int from = s->squares[us][KNIGHT][i];
        if (is_pinned(pinned, from))
            continue; /* a knight always leaves its pin line */
        for (int j = 0; j < 8; j++) {
            int to = from + KNIGHT_JUMPS[j];
            emit_if(sink, CMB_MOVE(from, to, CMB_NORMAL),
                    !(board[to] & own_or_guard) && answers_check(to, evading, evasions), counting);
        }
    }

    for (int kind = BISHOP; kind <= QUEEN; kind++) {
        for (int i = 0; i < s->count[us][kind]; i++) {
            int from = s->squares[us][kind][i];
            if (is_pinned(pinned, from)) {
                CmbRelation pin = cmb_relation(cmb_king(s, us), from);
                if (pin.reach & CMB_REACH(kind)) {
                    slide(board, sink, from, pin.step, enemy, evading, evasions, counting);
                    slide(board, sink, from, -pin.step, enemy, evading, evasions, counting);
                }
                continue;
            }
            if (kind != ROOK)
                for (int j = 0; j < 4; j++)
                    slide(board, sink, from, DIAGONAL[j], enemy, evading, evasions, counting);
            if (kind != BISHOP)
                for (int j = 0; j < 4; j++)
                    slide(board, sink, from, ORTHOGONAL[j], enemy, evading, evasions, counting);
        }
    }
}

/* The king's steps, and which directions proved safe (bit j for
 * KING_STEPS[j]); castling reuses the answers for the squares next to the
 * king. */
static ALWAYS_INLINE unsigned king_moves(CmbState *s, MoveSink *sink, bool counting)
{
    int us = s->side, them = us ^ 1;
    int king = cmb_king(s, us);
    uint8_t own_or_guard = CMB_SIDE_FLAG(us) | CMB_GUARD;
    unsigned safe = 0;
    /* Lift the king so that a slider checking along a line also covers the
     * square behind it. */
    uint8_t piece = s->board[king];
    s->board[king] = EMPTY;
    for (int j = 0; j < 8; j++) {
        int to = king + KING_STEPS[j];
        if (!(s->board[to] & own_or_guard) && !attacked(s, to, them)) {
            safe |= 1u << j;
            emit(sink, CMB_MOVE(king, to, CMB_NORMAL), counting);
        }
    }
    s->board[king] = piece;
    return safe;
}

/* Whether an enemy rook or queen would see the king on `king_to` along the
 * rank once the castling rook has left `rook_from` (the king's own square
 * is vacated too).  Only for a rook that stood beyond the destination
 * (CmbCastle.rook_shields); rare. */
static __attribute__((noinline)) bool rank_exposed(const CmbState *s, const CmbCastle *c, int them)
{
    int step = c->rook_from < c->king_to ? -1 : 1;
    uint8_t rook = (uint8_t)(ROOK | CMB_SIDE_FLAG(them)), queen = (uint8_t)(QUEEN | CMB_SIDE_FLAG(them));
    for (int sq = c->king_to + step;; sq += step) {
        uint8_t code = s->board[sq];
        if (sq == c->rook_from || sq == c->king_from || code == EMPTY)
            continue;
        return code == rook || code == queen;
    }
}

/* Castling by the Chess960 rule (castling.h), when not in check: the right
 * (which implies king and rook at home), the squares of both paths empty,
 * the squares the king crosses and lands on not attacked.  A square next to
 * the king was already tested as a king step (with the king lifted, which
 * changes nothing when it is not in check) unless its own piece stood there.
 * The move is the king taking its own rook. */
static ALWAYS_INLINE void castling_moves(const CmbState *s, MoveSink *sink, unsigned safe_steps, bool counting)
{
    const uint8_t *board = s->board;
    int us = s->side, them = us ^ 1;
    for (int r = 2 * us; r < 2 * us + 2; r++) {
        if (!(s->castling & (1u << r)))
            continue;
        const CmbCastle *c = &s->castles[r];
        /* Nearest the king first: the square most often taken. */
        for (int i = 0; i < c->empty_count; i++)
            if (board[c->empty[i]] != EMPTY)
                goto next_right;
        for (int i = 0; i < c->path_count; i++) {
            int step = c->path_step[i];
            bool safe =
                step >= 0 && board[c->path[i]] == EMPTY ? (safe_steps >> step) & 1 : !attacked(s, c->path[i], them);
            if (!safe)
                goto next_right;
        }
        if (!c->rook_shields || !rank_exposed(s, c, them))
            emit(sink, CMB_MOVE(c->king_from, c->rook_from, CMB_CASTLE), counting);
    next_right:;
    }
}

/* En passant takes two pieces off one line at once (the rank case that
 * exposes the king), so each capture is played on the board and the king
 * tested.  Rare, so never inlined. */
static void en_passant_moves(CmbState *s, MoveSink *sink, bool counting)
{
    int us = s->side, them = us ^ 1;
    int target = s->ep_square;
    int victim = target + (us == CHESS_WHITE ? -10 : 10);
    uint8_t pawn = (uint8_t)(PAWN | CMB_SIDE_FLAG(us));
    uint8_t *board = s->board;
    for (int side_step = -1; side_step <= 1; side_step += 2) {
        int from = victim + side_step;
        if (board[from] != pawn)
            continue;
        uint8_t captured = board[victim];
        board[from] = EMPTY;
        board[victim] = EMPTY;
        board[target] = pawn;
        bool legal = !attacked(s, cmb_king(s, us), them);
        board[target] = EMPTY;
        board[victim] = captured;
        board[from] = pawn;
        if (legal)
            emit(sink, CMB_MOVE(from, target, CMB_EN_PASSANT), counting);
    }
}

static ALWAYS_INLINE int legal_moves(CmbState *s, CmbMove *moves, bool counting)
{
    Threats t;
    find_threats(s, &t);
    MoveSink sink = {moves, 0};
    unsigned safe_steps = king_moves(s, &sink, counting);
    if (t.checks > 1)
        return sink.count;
    if (t.checks) {
        piece_moves(s, &sink, &t, true, counting);
    } else {
        piece_moves(s, &sink, &t, false, counting);
        if (s->castling)
            castling_moves(s, &sink, safe_steps, counting);
    }
    if (s->ep_square)
        en_passant_moves(s, &sink, counting);
    return sink.count;
}

int cmb_generate(CmbState *s, CmbMove *moves)
{
    return legal_moves(s, moves, false);
}

int cmb_count(CmbState *s)
{
    return legal_moves(s, NULL, true);
}
