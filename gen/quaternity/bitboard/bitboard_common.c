/* The common node: its legal moves counted or listed straight from the
 * sets.
 *
 * Nearly every node of a perft is one king, not in check, and no pawn
 * next to its promotion edge (a pinned man, pawn or slider, keeps to his
 * pin line here too; when counting, the mover may
 * move several armies; their pawns are counted army by army).  There the moves need no Frame
 * and no KingSafety record: they are target sets (counted by popcount, or
 * walked to write moves), with every piece of legality work skipped when
 * the sets show it cannot matter.  Any other node goes to the general
 * generator (bitboard_movegen.c), which handles everything.  The random
 * differential run checks the count against the list and the list against
 * the other backends at every node (gen/perft/random_games.c), the suites
 * check perft counts with and without bulk counting.
 *
 * - Near danger: enemy knights, pawns and kings matter only within a 7 x 7
 *   box round the king; one test of that box usually skips the whole part.
 * - King lines: an enemy slider seen directly is a check (general path);
 *   a friend first with an enemy slider right behind it is pinned.
 * - Pawns, army by army: all its pawns that step in
 *   direction d1 (committed to d1 or uncommitted) shift together, as do
 *   those of d2; the captures are three shifts (d1 + d2 of both sets, d1 -
 *   d2 of the first, d2 - d1 of the second), since a pawn's sideways capture
 *   steps are exactly its forward step plus or minus the other direction's.
 *   The sets are disjoint, so five popcounts count every pawn move, and
 *   each set's landing piece is one byte: a step or side capture along d1
 *   leaves (or makes) a pawn committed to d1, the main diagonal capture
 *   leaves the pawn as it was.
 * - Sliders: each line's reach minus the blocked positions (bitboard_attacks.h).
 * - The king: a target on its own line, when empty, is safe from sliders
 *   along that line (a slider there would be giving check), so that line is
 *   tested only for captures (king_target_attacked). */
#include <stddef.h>

#include "backend.h"
#include "bitboard_attacks.h"
#include "bitboard_movegen.h"
#include "bitboard_pawn_steps.h"
#include "bitboard_rays.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* One step in pawn direction d (a constant): a rank or file step of
 * bb144.h, one or two vector operations.  What leaves the board is lost or
 * lands in padding, for the caller's intersection. */
ALWAYS_INLINE QbbSet step_toward(QbbSet a, int d)
{
    switch (d) {
    case QBB_DIR_UP: return qbb_north(a, 1);
    case QBB_DIR_DOWN: return qbb_south(a, 1);
    case QBB_DIR_RIGHT: return qbb_east(a, 1);
    default: return qbb_west(a, 1);
    }
}

/* A capture step: forward in d, sideways in `side` (d ^ 1 is the
 * direction opposite d). */
ALWAYS_INLINE QbbSet step_toward2(QbbSet a, int d, int side)
{
    return step_toward(step_toward(a, d), side);
}

/* Where the moves of a node are visited rather than listed: the state
 * they are made on, and what is done with each made move (a constant in
 * each instance, qbb_visit_leaves and qbb_visit_counts). */
typedef struct QbbVisit {
    QbbState *s;
    bool count;     /* count the made position's legal moves (bulk counting's depth 2) */
    uint64_t total; /* their sum */
} QbbVisit;

/* The made move, whole in memory: a leaf that the barrier keeps the
 * compiler from folding into its unmake, or (bulk counting) a position
 * whose legal moves are counted. */
ALWAYS_INLINE void visited(QbbVisit *v)
{
    if (v->count)
        v->total += (uint64_t)qbb_count(v->s);
    else
        __asm__ volatile("" : : "m"(*v->s));
}

/* What a visited move is known to be where it is generated: onto an
 * empty square, onto a man, or either (the board tells). */
enum { VISIT_QUIET, VISIT_CAPTURE, VISIT_EITHER };

/* A leaf of the perft without bulk counting, visited where it is
 * generated (qbb_visit_leaves): the move made on the state, whole in
 * memory, and unmade from the values held in registers, with no list, no
 * QbbSaved record and the next turn known once per node
 * (results/experiments/2026-12-06-quaternity-bitboard-speed/steps.md, step 5).
 * A make per move kind: the caller passes the kind sets the man leaves and
 * lands in when it knows them (-1: looked up) and whether the target is
 * empty (`kind`), so a quiet move reads no board byte for a victim and no
 * capture branch is guessed
 * (results/experiments/2026-12-07-quaternity-bitboard-speed-3/steps.md, step 1). */
ALWAYS_INLINE void visit_leaf_as(QbbVisit *v, int from, int to, Piece placed, Piece moved, int left, int landed,
                                 int kind)
{
    QbbState *s = v->s;
    int turn = s->turn;
    if (left < 0)
        left = qbb_piece_set[moved];
    if (landed < 0)
        landed = qbb_piece_set[placed];
    Piece captured = kind == VISIT_QUIET ? EMPTY : s->board[to];
    QbbSet f = qbb_square_sets[from], t = qbb_square_sets[to], both = qbb_or(f, t);
    QbbSet *controller = &s->by_controller[turn & 3];
    QbbSet old_controller = *controller, old_occupied = s->occupied, old_left = s->sets[left];
    QbbSet old_landed = s->sets[landed];
    *controller = qbb_xor(old_controller, both);
    if (left == landed) {
        s->sets[left] = qbb_xor(old_left, both);
    } else {
        s->sets[left] = qbb_xor(old_left, f);
        s->sets[landed] = qbb_xor(old_landed, t);
    }
    if (kind == VISIT_CAPTURE || (kind == VISIT_EITHER && captured)) {
        QbbSet *their = &s->by_controller[s->controller[PIECE_ARMY(captured)] & 3];
        QbbSet *victim = &s->sets[qbb_piece_set[captured]];
        QbbSet old_their = *their, old_victim = *victim;
        *their = qbb_xor(old_their, t);
        *victim = qbb_xor(old_victim, t);
        s->occupied = qbb_xor(old_occupied, f);
        s->board[from] = EMPTY;
        s->board[to] = placed;
        s->turn = s->next_turn[turn];
        BACKEND_DEBUG_CHECK(qbb_check, s);
        visited(v);
        *victim = old_victim;
        *their = old_their;
    } else {
        s->occupied = qbb_xor(old_occupied, both);
        s->board[from] = EMPTY;
        s->board[to] = placed;
        s->turn = s->next_turn[turn];
        BACKEND_DEBUG_CHECK(qbb_check, s);
        visited(v);
    }
    s->occupied = old_occupied;
    s->sets[landed] = old_landed;
    s->sets[left] = old_left;
    *controller = old_controller;
    s->board[from] = moved;
    s->board[to] = captured;
    s->turn = turn;
    BACKEND_DEBUG_CHECK(qbb_check, s);
}

/* One man's visited moves (a knight, a slider, the king: the man stays
 * in his kind set), the man lifted once for all of them: his square
 * emptied on the board, the turn passed on, and his controller's set, his
 * kind set and `occupied` held in registers, so a move is the three sets
 * stored with his target added, one board byte, the leaf, and the three
 * stored back (results/experiments/2026-12-07-quaternity-bitboard-speed-3/steps.md,
 * step 6).  Between visit_man_begin and visit_man_end the state is whole
 * in memory only inside each move. */
typedef struct VisitMan {
    QbbSet controller, kind, occupied; /* the node's, restored after each move */
    QbbSet *controller_set, *kind_set;
    int from, turn;
    Piece piece;
} VisitMan;

ALWAYS_INLINE void visit_man_begin(QbbVisit *v, VisitMan *m, int from, int kind_set)
{
    QbbState *s = v->s;
    m->from = from;
    m->turn = s->turn;
    m->piece = s->board[from];
    m->controller_set = &s->by_controller[m->turn & 3];
    m->kind_set = &s->sets[kind_set];
    m->controller = *m->controller_set;
    m->kind = *m->kind_set;
    m->occupied = s->occupied;
    s->board[from] = EMPTY;
    s->turn = s->next_turn[m->turn];
}

ALWAYS_INLINE void visit_man_end(QbbVisit *v, VisitMan *m)
{
    QbbState *s = v->s;
    s->board[m->from] = m->piece;
    s->turn = m->turn;
    BACKEND_DEBUG_CHECK(qbb_check, s);
}

/* The man's move onto the empty square `to`. */
ALWAYS_INLINE void visit_man_quiet(QbbVisit *v, const VisitMan *m, int to)
{
    QbbState *s = v->s;
    QbbSet both = qbb_or(qbb_square_sets[m->from], qbb_square_sets[to]);
    *m->controller_set = qbb_xor(m->controller, both);
    *m->kind_set = qbb_xor(m->kind, both);
    s->occupied = qbb_xor(m->occupied, both);
    s->board[to] = m->piece;
    BACKEND_DEBUG_CHECK(qbb_check, s);
    visited(v);
    *m->controller_set = m->controller;
    *m->kind_set = m->kind;
    s->occupied = m->occupied;
    s->board[to] = EMPTY;
}

/* The man's capture on `to`. */
ALWAYS_INLINE void visit_man_capture(QbbVisit *v, const VisitMan *m, int to)
{
    QbbState *s = v->s;
    Piece captured = s->board[to];
    QbbSet f = qbb_square_sets[m->from], t = qbb_square_sets[to], both = qbb_or(f, t);
    QbbSet *their = &s->by_controller[s->controller[PIECE_ARMY(captured)] & 3];
    QbbSet *victim = &s->sets[qbb_piece_set[captured]];
    *m->controller_set = qbb_xor(m->controller, both);
    *m->kind_set = qbb_xor(m->kind, both);
    /* Read after the man's stores: the victim's kind set may be his. */
    QbbSet old_their = *their, old_victim = *victim;
    *their = qbb_xor(old_their, t);
    *victim = qbb_xor(old_victim, t);
    s->occupied = qbb_xor(m->occupied, f);
    s->board[to] = m->piece;
    BACKEND_DEBUG_CHECK(qbb_check, s);
    visited(v);
    *victim = old_victim;
    *their = old_their;
    *m->kind_set = m->kind;
    *m->controller_set = m->controller;
    s->occupied = m->occupied;
    s->board[to] = captured;
}

/* A group of pawn moves visited together: every pawn of `from_set`
 * (one kind set, `left`, each the piece `moved`) stepping by `step` onto
 * `to_set`, landing as `placed` in kind set `landed`; all quiet or all
 * captures (`kind`).  As visit_man_*: the turn passed on once, the
 * controller's set, `occupied` and the two kind sets held in registers
 * (results/experiments/2026-12-07-quaternity-bitboard-speed-3/steps.md,
 * step 9). */
ALWAYS_INLINE int visit_pawn_group(QbbVisit *v, QbbSet to_set, int step, Piece moved, Piece placed, int left,
                                   int landed, int kind)
{
    if (qbb_none(to_set))
        return 0;
    QbbState *s = v->s;
    int turn = s->turn, n = 0, to;
    QbbSet *controller_set = &s->by_controller[turn & 3];
    QbbSet controller = *controller_set, occupied = s->occupied, left_set = s->sets[left], landed_set = s->sets[landed];
    s->turn = s->next_turn[turn];
    QBB_FOR_EACH(to, to_set)
    {
        int from = to - step;
        QbbSet f = qbb_square_sets[from], t = qbb_square_sets[to], both = qbb_or(f, t);
        *controller_set = qbb_xor(controller, both);
        if (left == landed) {
            s->sets[left] = qbb_xor(left_set, both);
        } else {
            s->sets[left] = qbb_xor(left_set, f);
            s->sets[landed] = qbb_xor(landed_set, t);
        }
        s->board[from] = EMPTY;
        if (kind == VISIT_CAPTURE) {
            Piece captured = s->board[to];
            QbbSet *their = &s->by_controller[s->controller[PIECE_ARMY(captured)] & 3];
            QbbSet *victim = &s->sets[qbb_piece_set[captured]];
            /* Read after the pawn's stores: the victim may share a set. */
            QbbSet old_their = *their, old_victim = *victim;
            *their = qbb_xor(old_their, t);
            *victim = qbb_xor(old_victim, t);
            s->occupied = qbb_xor(occupied, f);
            s->board[to] = placed;
            BACKEND_DEBUG_CHECK(qbb_check, s);
            visited(v);
            *victim = old_victim;
            *their = old_their;
            s->board[to] = captured;
        } else {
            s->occupied = qbb_xor(occupied, both);
            s->board[to] = placed;
            BACKEND_DEBUG_CHECK(qbb_check, s);
            visited(v);
            s->board[to] = EMPTY;
        }
        s->sets[landed] = landed_set;
        s->sets[left] = left_set;
        *controller_set = controller;
        s->occupied = occupied;
        s->board[from] = moved;
        n++;
    }
    s->turn = turn;
    BACKEND_DEBUG_CHECK(qbb_check, s);
    return n;
}

/* A move written to list[n], or visited as a leaf when `leaves` is the
 * state (list is NULL then), with what the caller knows of it
 * (visit_leaf_as). */
ALWAYS_INLINE void emit_as(QbbMove *list, int n, QbbVisit *leaves, int from, int to, Piece placed, Piece moved,
                           int left, int landed, int kind)
{
    if (leaves)
        visit_leaf_as(leaves, from, to, placed, moved, left, landed, kind);
    else
        list[n] = qbb_move(from, to, placed, moved);
}

ALWAYS_INLINE void emit(QbbMove *list, int n, QbbVisit *leaves, int from, int to, Piece placed, Piece moved)
{
    emit_as(list, n, leaves, from, to, placed, moved, -1, -1, VISIT_EITHER);
}

/* The list position n, or NULL when visiting. */
#define AT (list ? list + n : NULL)

/* Pawn moves onto `to_set`, each from `to - step`, landing as `placed`
 * (EMPTY: as it was). */
ALWAYS_INLINE int list_pawn_moves(const QbbState *s, QbbMove *list, QbbVisit *leaves, QbbSet to_set, int step,
                                  Piece placed, int kind)
{
    int n = 0, to;
    QBB_FOR_EACH(to, to_set)
    {
        Piece moved = s->board[to - step];
        emit_as(list, n++, leaves, to - step, to, placed ? placed : moved, moved, -1, -1, kind);
    }
    return n;
}

/* The pawn moves of the army with forward directions d1, d2 among
 * `movers`, counted (list NULL) or written, or -1 when a pawn stands
 * before an edge, so may promote (then the general path takes the node).
 * An army's pawns are committed to its own directions only (qfen.c
 * refuses others, and moves keep it so). */
ALWAYS_INLINE int army_pawns(const QbbState *s, QbbMove *list, QbbVisit *leaves, int army, int d1, int d2,
                             QbbSet movers, QbbSet quiet, QbbSet captures, bool committed1, bool committed2)
{
    QbbSet uncommitted = s->sets[QBB_SET_UNCOMMITTED + army];
    QbbSet along1 = qbb_and(qbb_or(committed1 ? s->sets[QBB_SET_PAWNS + d1] : qbb_empty(), uncommitted), movers);
    QbbSet along2 = qbb_and(qbb_or(committed2 ? s->sets[QBB_SET_PAWNS + d2] : qbb_empty(), uncommitted), movers);
    QbbSet both = qbb_or(along1, along2);
    /* Any pawn before either edge: a list leaves it to the general path (a
     * few that could not promote go too); a count adds the promotions. */
    bool may_promote = qbb_any(qbb_and(both, qbb_or(qbb_before_edge(d1), qbb_before_edge(d2))));
    if ((list || leaves) && may_promote)
        return -1;
    int s1 = qbb_pawn_step(d1), s2 = qbb_pawn_step(d2), n = 0;
    if (leaves) {
        /* Visited by kind: the committed pawns of each direction and the
         * uncommitted apart, so that each group's piece and kind sets are
         * known (visit_pawn_group). */
        Piece p1 = PIECE_MAKE(army, PAWN, PAWN_UP + d1), p2 = PIECE_MAKE(army, PAWN, PAWN_UP + d2);
        Piece pu = PIECE_MAKE(army, PAWN, PAWN_UNCOMMITTED);
        int k1 = QBB_SET_PAWNS + d1, k2 = QBB_SET_PAWNS + d2, ku = QBB_SET_UNCOMMITTED + army;
        QbbSet c1 = qbb_andnot(along1, uncommitted), c2 = qbb_andnot(along2, uncommitted);
        QbbSet u = qbb_and(along1, uncommitted);
        n += visit_pawn_group(leaves, qbb_and(step_toward(c1, d1), quiet), s1, p1, p1, k1, k1, VISIT_QUIET);
        n += visit_pawn_group(leaves, qbb_and(step_toward(u, d1), quiet), s1, pu, p1, ku, k1, VISIT_QUIET);
        n += visit_pawn_group(leaves, qbb_and(step_toward(c2, d2), quiet), s2, p2, p2, k2, k2, VISIT_QUIET);
        n += visit_pawn_group(leaves, qbb_and(step_toward(u, d2), quiet), s2, pu, p2, ku, k2, VISIT_QUIET);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(c1, d1, d2), captures), s1 + s2, p1, p1, k1, k1,
                              VISIT_CAPTURE);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(c2, d1, d2), captures), s1 + s2, p2, p2, k2, k2,
                              VISIT_CAPTURE);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(u, d1, d2), captures), s1 + s2, pu, pu, ku, ku,
                              VISIT_CAPTURE);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(c1, d1, d2 ^ 1), captures), s1 - s2, p1, p1, k1, k1,
                              VISIT_CAPTURE);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(u, d1, d2 ^ 1), captures), s1 - s2, pu, p1, ku, k1,
                              VISIT_CAPTURE);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(c2, d2, d1 ^ 1), captures), s2 - s1, p2, p2, k2, k2,
                              VISIT_CAPTURE);
        n += visit_pawn_group(leaves, qbb_and(step_toward2(u, d2, d1 ^ 1), captures), s2 - s1, pu, p2, ku, k2,
                              VISIT_CAPTURE);
        return n;
    }
    if (list) {
        Piece to_d1 = PIECE_MAKE(army, PAWN, PAWN_UP + d1), to_d2 = PIECE_MAKE(army, PAWN, PAWN_UP + d2);
        n += list_pawn_moves(s, AT, leaves, qbb_and(step_toward(along1, d1), quiet), s1, to_d1, VISIT_QUIET);
        n += list_pawn_moves(s, AT, leaves, qbb_and(step_toward(along2, d2), quiet), s2, to_d2, VISIT_QUIET);
        n += list_pawn_moves(s, AT, leaves, qbb_and(step_toward2(both, d1, d2), captures), s1 + s2, EMPTY,
                             VISIT_CAPTURE);
        n += list_pawn_moves(s, AT, leaves, qbb_and(step_toward2(along1, d1, d2 ^ 1), captures), s1 - s2, to_d1,
                             VISIT_CAPTURE);
        n += list_pawn_moves(s, AT, leaves, qbb_and(step_toward2(along2, d2, d1 ^ 1), captures), s2 - s1, to_d2,
                             VISIT_CAPTURE);
        return n;
    }
    QbbTally t = qbb_tally_zero();
    QbbSet push1 = qbb_and(step_toward(along1, d1), quiet), push2 = qbb_and(step_toward(along2, d2), quiet);
    QbbSet side1 = qbb_and(step_toward2(along1, d1, d2 ^ 1), captures);
    QbbSet side2 = qbb_and(step_toward2(along2, d2, d1 ^ 1), captures);
    /* Pushes land on empty squares, captures on men: a push and a capture
     * set are disjoint, so each such pair is one tally (three for five;
     * results/experiments/2026-12-07-quaternity-bitboard-speed-4/steps.md,
     * step 4). */
    t = qbb_tally_add(t, qbb_or(push1, qbb_and(step_toward2(both, d1, d2), captures)));
    t = qbb_tally_add(t, qbb_or(push2, side1));
    t = qbb_tally_add(t, side2);
    if (!may_promote)
        return qbb_tally_total(t);
    /* A move onto its direction's edge promotes: three more moves each (as
     * the general generator's add_pawn_moves).  The main diagonal capture
     * lands on d1's edge for a pawn moving along d1 (committed or not), on
     * d2's for one moving along d2: each landing square has one pawn. */
    QbbSet edge1 = qbb_promotion_edge(d1), edge2 = qbb_promotion_edge(d2);
    QbbSet main_promotions = qbb_and(
        qbb_or(qbb_and(step_toward2(along1, d1, d2), edge1), qbb_and(step_toward2(along2, d1, d2), edge2)), captures);
    QbbTally p = qbb_tally_zero();
    p = qbb_tally_add(p, qbb_and(qbb_or(push1, side1), edge1));
    p = qbb_tally_add(p, qbb_and(qbb_or(push2, side2), edge2));
    p = qbb_tally_add(p, main_promotions);
    return qbb_tally_total(t) + 3 * qbb_tally_total(p);
}

/* Dispatch on the army so that each copy has constant shifts.  The
 * committed pawns of a direction are counted with the first of the mover's
 * armies that has it (`counted`: the directions done): committed pawns
 * carry no army in the sets, and two armies may share a direction. */
ALWAYS_INLINE int pawn_moves(const QbbState *s, QbbMove *list, QbbVisit *leaves, int army, QbbSet movers, QbbSet quiet,
                             QbbSet captures, unsigned *counted)
{
    int d1 = qbb_army_forward[army][0], d2 = qbb_army_forward[army][1];
    bool committed1 = !((*counted >> d1) & 1), committed2 = !((*counted >> d2) & 1);
    *counted |= 1u << d1 | 1u << d2;
    switch (army) {
    case ARMY_WHITE:
        return army_pawns(s, list, leaves, army, QBB_DIR_UP, QBB_DIR_RIGHT, movers, quiet, captures, committed1,
                          committed2);
    case ARMY_RED:
        return army_pawns(s, list, leaves, army, QBB_DIR_DOWN, QBB_DIR_RIGHT, movers, quiet, captures, committed1,
                          committed2);
    case ARMY_BLACK:
        return army_pawns(s, list, leaves, army, QBB_DIR_DOWN, QBB_DIR_LEFT, movers, quiet, captures, committed1,
                          committed2);
    default:
        return army_pawns(s, list, leaves, army, QBB_DIR_UP, QBB_DIR_LEFT, movers, quiet, captures, committed1,
                          committed2);
    }
}

/* The moves of a slider on `sq` along orientation o, counted or written.
 * When both its neighbours on the line are blocked (a man boxed in by his
 * own side, common in the opening) there are none, seen from the sets
 * alone; for a rank the gathering is as cheap as that test. */
ALWAYS_INLINE int line_moves(const QbbState *s, const QbbSides *sides, QbbSet targets, QbbMove *list, QbbVisit *leaves,
                             int sq, int o)
{
    QbbSquareLine at = qbb_square_lines[sq][o];
    if (o != QBB_LINE_RANK && qbb_none(qbb_and(qbb_and(qbb_king_attacks[sq], qbb_line_sets[at.line]), targets)))
        return 0;
    unsigned occupancy = qbb_gather_on(s->occupied, o, at.line);
    unsigned to_bits = qbb_reach12(occupancy, at.pos) & ~qbb_blocked_on(sides, o, at.line);
    if (!list && !leaves)
        return __builtin_popcount(to_bits);
    Piece piece = s->board[sq];
    int n = 0;
    if (leaves) {
        /* Visited: the empty targets, then the men (the occupancy bits). */
        unsigned quiet = to_bits & ~occupancy, men = to_bits & occupancy;
        VisitMan m;
        visit_man_begin(leaves, &m, sq, qbb_piece_set[piece]);
        for (; quiet; quiet &= quiet - 1, n++)
            visit_man_quiet(leaves, &m, qbb_line_squares[at.line][__builtin_ctz(quiet)]);
        for (; men; men &= men - 1, n++)
            visit_man_capture(leaves, &m, qbb_line_squares[at.line][__builtin_ctz(men)]);
        visit_man_end(leaves, &m);
        return n;
    }
    for (; to_bits; to_bits &= to_bits - 1)
        emit(list, n++, leaves, sq, qbb_line_squares[at.line][__builtin_ctz(to_bits)], piece, piece);
    return n;
}

/* Moves of a man of kind set `kind_set` from `from` onto `to_set`,
 * counted or written, or visited: first onto the `empty` squares, then
 * onto men. */
ALWAYS_INLINE int set_moves(const QbbState *s, QbbMove *list, QbbVisit *leaves, int from, QbbSet to_set, int kind_set,
                            QbbSet empty)
{
    if (!list && !leaves)
        return qbb_popcount(to_set);
    Piece piece = s->board[from];
    int n = 0, to;
    if (leaves) {
        if (qbb_none(to_set))
            return 0;
        VisitMan m;
        visit_man_begin(leaves, &m, from, kind_set);
        QBB_FOR_EACH(to, qbb_and(to_set, empty))
        visit_man_quiet(leaves, &m, to), n++;
        QBB_FOR_EACH(to, qbb_andnot(to_set, empty))
        visit_man_capture(leaves, &m, to), n++;
        visit_man_end(leaves, &m);
        return n;
    }
    QBB_FOR_EACH(to, to_set)
    emit(list, n++, leaves, from, to, piece, piece);
    return n;
}

/* Whether an enemy slider attacks the king's target `to` once the king
 * has left `ksq`.  Along the line the king steps on, an empty target sees
 * what the king sees, and no slider does that (no check): only a capture
 * needs that line, with the king lifted off it. */
ALWAYS_INLINE bool king_target_attacked(const QbbState *s, const QbbSides *sides, int ksq, int to)
{
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[to][o], king = qbb_square_lines[ksq][o];
        if (at.line == king.line && !qbb_test(s->occupied, to))
            continue;
        unsigned sliders = qbb_enemy_sliders_on(sides, o, at.line);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_gather_on(s->occupied, o, at.line);
        if (at.line == king.line)
            occupancy &= ~(1u << king.pos);
        if (qbb_reach12(occupancy, at.pos) & sliders)
            return true;
    }
    return false;
}

/* Pins on one king line (`at`, orientation o; `reach` the king's along
 * it): an enemy slider seen past the first man on either side pins him if
 * he is the mover's (not if he is an enemy or a king); usually none is, so
 * whose he is is asked only then.  Adds each pin after the `pins` kept so
 * far and returns how many. */
ALWAYS_INLINE int line_pins(const QbbState *s, QbbSquareLine at, int o, unsigned occupancy, unsigned reach,
                            unsigned sliders, QbbSet *pinned, int pinned_square[8], int pinned_orientation[8], int pins)
{
    unsigned first = reach & occupancy;
    unsigned pinners = qbb_reach12(occupancy & ~first, at.pos) & sliders;
    for (; pinners; pinners &= pinners - 1) {
        unsigned side = (unsigned)__builtin_ctz(pinners) > at.pos ? 0xFFFu << (at.pos + 1) : (1u << at.pos) - 1;
        int sq = qbb_line_squares[at.line][__builtin_ctz(first & side)];
        if (s->controller[PIECE_ARMY(s->board[sq])] != s->turn)
            continue;
        qbb_toggle(pinned, sq);
        pinned_square[pins] = sq;
        pinned_orientation[pins++] = o;
    }
    return pins;
}

/* The square of the mover's king, with the sides and the near danger
 * round him; -1 unless he has exactly one king and no enemy knight, pawn
 * or king attacks it.  Near danger: enemy knights, pawns and kings matter
 * only within a 7 x 7 box round the king; one test of that box usually
 * skips the whole part. */
ALWAYS_INLINE int one_king_out_of_near_danger(const QbbState *s, QbbSet friends, QbbSides *sides, QbbSet *danger)
{
    QbbSet my_kings = qbb_and(s->sets[QBB_SET_KINGS], friends);
    if (qbb_none(my_kings) || qbb_several(my_kings))
        return -1;
    int ksq = qbb_first(my_kings);
    qbb_sides(s, s->turn, sides);
    *danger = qbb_empty();
    if (qbb_any(qbb_and(sides->enemies, qbb_box7[ksq]))) {
        *danger = qbb_near_danger(s, sides->enemies, ksq);
        if (qbb_test(*danger, ksq))
            return -1;
    }
    return ksq;
}

/* The moves of a pinned pawn on `sq` (pin orientation o): each of its
 * moves is one step, so those that keep the king covered are the ones
 * that land on the pin line, between the king and the pinner or on the
 * pinner.  Its own army's pawn moves with it alone moving and every
 * target off the line taken away; -1 as army_pawns (a list or a visit
 * with a pawn before its edge).  (P07-pins-three-armies: a pawn pinned
 * on its file pushes along it; one pinned across its way has none.) */
ALWAYS_INLINE int pinned_pawn_moves(const QbbState *s, QbbMove *list, QbbVisit *leaves, int sq, int o, QbbSet empty,
                                    QbbSet capturable)
{
    QbbSet line = qbb_line_sets[qbb_square_lines[sq][o].line];
    unsigned counted = 0; /* its army's committed directions not yet counted: both */
    return pawn_moves(s, list, leaves, PIECE_ARMY(s->board[sq]), qbb_square(sq), qbb_and(empty, line),
                      qbb_and(capturable, line), &counted);
}

/* The common node's moves, written (leaves NULL) or visited as leaves
 * (list NULL, leaves the visit: visit_leaf_as, visit_man_*); -1 when the node is not a
 * common one.  (Counted: common_count below.) */
ALWAYS_INLINE int common_node(const QbbState *s, QbbMove *list, QbbVisit *leaves)
{
    int mover = s->turn;
    unsigned armies = s->armies_of[mover];
    QbbSet friends = s->by_controller[mover];
    QbbSides sides;
    QbbSet danger;
    /* One army: a list's landing piece for a committed pawn is built from
     * the army, which the sets do not tell apart. */
    int ksq = (armies & (armies - 1)) ? -1 : one_king_out_of_near_danger(s, friends, &sides, &danger);
    if (ksq < 0)
        return -1;

    /* Checks and pins along the king's lines.  A pin is kept as its man
     * and orientation. */
    QbbSet pinned = qbb_empty();
    int pinned_square[8], pinned_orientation[8], pins = 0;
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[ksq][o];
        unsigned sliders = qbb_enemy_sliders_on(&sides, o, at.line);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_gather_on(s->occupied, o, at.line);
        unsigned reach = qbb_reach12(occupancy, at.pos);
        if (reach & sliders)
            return -1;
        pins = line_pins(s, at, o, occupancy, reach, sliders, &pinned, pinned_square, pinned_orientation, pins);
    }

    QbbSet empty = qbb_andnot(qbb_board(), s->occupied);
    QbbSet capturable = qbb_andnot(s->occupied, sides.blocked);
    QbbSet targets = qbb_or(empty, capturable);
    QbbSet free_men = qbb_andnot(friends, pinned);

    unsigned counted = 0;
    int n = pawn_moves(s, list, leaves, __builtin_ctz(armies), free_men, empty, capturable, &counted);
    if (n < 0)
        return -1;
    int from;
    QBB_FOR_EACH(from, qbb_and(s->sets[QBB_SET_KNIGHTS], free_men))
    n += set_moves(s, AT, leaves, from, qbb_and(qbb_knight_attacks[from], targets), QBB_SET_KNIGHTS, empty);
    QBB_FOR_EACH(from, qbb_and(qbb_sliders_for(s, QBB_LINE_RANK), free_men))
    {
        n += line_moves(s, &sides, targets, AT, leaves, from, QBB_LINE_RANK);
        n += line_moves(s, &sides, targets, AT, leaves, from, QBB_LINE_FILE);
    }
    QBB_FOR_EACH(from, qbb_and(qbb_sliders_for(s, QBB_LINE_DIAGONAL), free_men))
    {
        n += line_moves(s, &sides, targets, AT, leaves, from, QBB_LINE_DIAGONAL);
        n += line_moves(s, &sides, targets, AT, leaves, from, QBB_LINE_ANTI_DIAGONAL);
    }
    /* A pinned slider moves along its pin line, where its reach stops at
     * the king and the pinner; a pinned pawn may step along it; a pinned
     * knight does not move. */
    for (int i = 0; i < pins; i++) {
        int sq = pinned_square[i], o = pinned_orientation[i];
        Kind kind = PIECE_KIND(s->board[sq]);
        if (kind == QUEEN || kind == (o <= QBB_LINE_FILE ? ROOK : BISHOP))
            n += line_moves(s, &sides, targets, AT, leaves, sq, o);
        if (kind == PAWN) {
            int pawn = pinned_pawn_moves(s, AT, leaves, sq, o, empty, capturable);
            if (pawn < 0)
                return -1;
            n += pawn;
        }
    }

    int to;
    QbbSet king_targets = qbb_andnot(qbb_and(qbb_king_attacks[ksq], targets), danger);
    if (qbb_popcount(king_targets) >= QBB_KING_TARGETS_FOR_MAP) {
        king_targets = qbb_targets_off_slider_map(&sides, king_targets, empty, ksq);
        n += set_moves(s, AT, leaves, ksq, king_targets, QBB_SET_KINGS, empty);
    } else {
        Piece king = s->board[ksq];
        QBB_FOR_EACH(to, king_targets)
        if (!king_target_attacked(s, &sides, ksq, to))
            emit_as(list, n++, leaves, ksq, to, king, king, QBB_SET_KINGS, QBB_SET_KINGS, VISIT_EITHER);
    }
    return n;
}

/* The common node's moves counted, the enemy sliders' attack map first
 * (results/experiments/2026-12-06-quaternity-bitboard-speed/steps.md, step 2): it
 * comes out of the same eight fills as the mover's sliders' moves, and
 * it answers the three questions the king's lines answered before.
 * - Check: the king on the map.  (Near danger as in common_node.)
 * - Pins: a pinned friend is always hit by its pinner's ray, so a king
 *   line is read only when a friend on it is on the map; usually none is.
 *   When a pin is found, the sliders are counted again without the pinned.
 * - The king's steps: not on the map.  With no slider check no ray reaches
 *   the king, so lifting him off his square lengthens no ray.
 * Pawns that may promote are counted here too (army_pawns). */
ALWAYS_INLINE int common_count(const QbbState *s)
{
    int mover = s->turn;
    unsigned armies = s->armies_of[mover];
    QbbSet friends = s->by_controller[mover];
    QbbSides sides;
    QbbSet danger;
    int ksq = one_king_out_of_near_danger(s, friends, &sides, &danger);
    if (ksq < 0)
        return -1;

    QbbSet empty = qbb_andnot(qbb_board(), s->occupied);
    QbbSet capturable = qbb_andnot(s->occupied, sides.blocked);
    QbbSet targets = qbb_or(empty, capturable);
    QbbSet rook_like = qbb_and(qbb_sliders_for(s, QBB_LINE_RANK), friends);
    QbbSet bishop_like = qbb_and(qbb_sliders_for(s, QBB_LINE_DIAGONAL), friends);
    QbbTally sliders = qbb_tally_zero();
    QbbSet map = qbb_count_with_map(rook_like, bishop_like, sides.sliders[0], sides.sliders[1], empty, targets,
                                    qbb_ray_sources[ksq], &sliders);
    if (qbb_test(map, ksq))
        return -1;

    /* Pins, on the king lines where a friend is hit: usually none of the
     * four is, which one test of their union tells, and the loop ends when
     * the lines read hold every hit friend
     * (results/experiments/2026-12-07-quaternity-bitboard-speed-4/steps.md,
     * step 3). */
    QbbSet hit = qbb_and(qbb_and(map, friends), qbb_square_line_union[ksq]);
    QbbSet pinned = qbb_empty();
    int pinned_square[8], pinned_orientation[8], pins = 0;
    for (int o = 0; o < QBB_LINE_ORIENTATIONS && qbb_any(hit); o++) {
        QbbSquareLine at = qbb_square_lines[ksq][o];
        if (qbb_none(qbb_and(hit, qbb_line_sets[at.line])))
            continue;
        hit = qbb_andnot(hit, qbb_line_sets[at.line]);
        unsigned line_sliders = qbb_gather_on(sides.sliders[o >> 1], o, at.line);
        unsigned occupancy = qbb_gather_on(s->occupied, o, at.line);
        unsigned reach = qbb_reach12(occupancy, at.pos);
        pins = line_pins(s, at, o, occupancy, reach, line_sliders, &pinned, pinned_square, pinned_orientation, pins);
    }

    QbbSet free_men = qbb_andnot(friends, pinned);
    int n = 0;
    unsigned counted = 0;
    for (; armies; armies &= armies - 1) {
        int pawns = pawn_moves(s, NULL, NULL, __builtin_ctz(armies), free_men, empty, capturable, &counted);
        if (pawns < 0)
            return -1;
        n += pawns;
    }
    int from;
    QbbTally t = sliders;
    /* A pinned slider moves along its pin line only, where its reach stops
     * at the king and the pinner (a pinned knight does not move).  The
     * fills counted his moves along each of his lines, and his rays were
     * his alone (rays of one side in one direction never overlap; the
     * others' stop at him either way), so the moves off his pin line are
     * taken back one line each
     * (results/experiments/2026-12-07-quaternity-bitboard-speed-3/steps.md,
     * step 7). */
    for (int i = 0; i < pins; i++) {
        int sq = pinned_square[i], pin = pinned_orientation[i];
        Kind kind = PIECE_KIND(s->board[sq]);
        if (kind == PAWN)
            n += pinned_pawn_moves(s, NULL, NULL, sq, pin, empty, capturable);
        if (kind != QUEEN && kind != ROOK && kind != BISHOP)
            continue;
        for (int o = kind == BISHOP ? QBB_LINE_DIAGONAL : 0; o < (kind == ROOK ? QBB_LINE_DIAGONAL : 4); o++)
            if (o != pin)
                n -= line_moves(s, &sides, targets, NULL, NULL, sq, o);
    }
    QBB_FOR_EACH(from, qbb_and(s->sets[QBB_SET_KNIGHTS], free_men))
    t = qbb_tally_add(t, qbb_and(qbb_knight_attacks[from], targets));
    t = qbb_tally_add(t, qbb_andnot(qbb_and(qbb_king_attacks[ksq], targets), qbb_or(danger, map)));
    return n + qbb_tally_total(t);
}

int qbb_count(const QbbState *s)
{
    int n = common_count(s);
    return n >= 0 ? n : qbb_count_general(s);
}

int qbb_generate(const QbbState *s, QbbMove *list)
{
    int n = common_node(s, list, NULL);
    return n >= 0 ? n : qbb_generate_general(s, list);
}

int qbb_visit_leaves(QbbState *s)
{
    QbbVisit v = {s, false, 0};
    return common_node(s, NULL, &v);
}

int64_t qbb_visit_counts(QbbState *s)
{
    QbbVisit v = {s, true, 0};
    return common_node(s, NULL, &v) < 0 ? -1 : (int64_t)v.total;
}
