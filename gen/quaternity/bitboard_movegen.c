/* Legal Quaternity moves from bitboards.
 *
 * The usual single-king scheme, generalised to several enemy controllers
 * at once: all active enemies (other controller, not frozen) are one set,
 * so checkers, pins and attacked squares are found once for all of them.
 * From the king's square we look along each of its four lines: enemy
 * sliders seen directly give check (the evasion mask becomes the ray up
 * to the checker), and friends seen first with an enemy slider behind
 * them are pinned (their moves keep to the ray).  Pawns then move as
 * whole sets by shifts, pieces by attack sets, and counting is popcount.
 *
 * A controller with several kings (it moves assimilated armies) is rare
 * and its legality is not a single-king question (one king may shield
 * another), so it takes the simple road: pseudo-legal moves, each made on
 * a copy and kept if no king of the mover is attacked afterwards.  With
 * no king at all every pseudo-legal move is legal. */
#include "bitboard_movegen.h"

#include "bitboard_attacks.h"

/* The forward directions of each army's uncommitted pawns. */
static const uint8_t army_forward[4][2] = {
    {DIR_UP, DIR_RIGHT}, {DIR_DOWN, DIR_RIGHT}, {DIR_DOWN, DIR_LEFT}, {DIR_UP, DIR_LEFT}};

/* The sideways step of a pawn moving in direction d. */
static inline int side_step(int d) { return d <= DIR_DOWN ? 1 : BB_RANK_BITS; }

/* Men pinned to the (one) king, each with the ray it may still move on. */
typedef struct Pins {
    Bb144 pinned;
    int count;
    int square[8];
    Bb144 ray[8];
} Pins;

/* What a generator run needs besides the position. */
typedef struct Frame {
    const QbbState *s;
    QbbMove *list; /* NULL: count only */
    int n;
    Bb144 empty, capturable, targets;
} Frame;

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE void add_moves_from(Frame *f, int from, Bb144 to_set)
{
    if (!f->list) {
        f->n += bb_count(to_set);
        return;
    }
    Piece piece = f->s->board[from];
    int to;
    for (BbIter it = bb_iter(to_set); bb_next(&it, &to);)
        f->list[f->n++] = qbb_move(from, to, piece, piece);
}

/* Pawn moves landing on `to_set`, each from `to - step`.  `placed` is the
 * pawn after the move (EMPTY: unchanged); on `edge` it promotes instead. */
ALWAYS_INLINE void add_pawn_moves(Frame *f, Bb144 to_set, int step, Bb144 edge, Piece placed)
{
    if (!f->list) {
        f->n += bb_count(bb_andnot(to_set, edge)) + 4 * bb_count(bb_and(to_set, edge));
        return;
    }
    int to;
    for (BbIter it = bb_iter(to_set); bb_next(&it, &to);) {
        int from = to - step;
        Piece moved = f->s->board[from];
        if (bb_test(edge, to)) {
            static const Kind promotions[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
            for (int k = 0; k < 4; k++)
                f->list[f->n++] = qbb_move(from, to, PIECE_MAKE(PIECE_ARMY(moved), promotions[k], PAWN_NONE), moved);
        } else {
            f->list[f->n++] = qbb_move(from, to, placed ? placed : moved, moved);
        }
    }
}

/* Committed pawns of direction d in `pawns`, landing only on `allowed`. */
ALWAYS_INLINE void add_directed_pawns(Frame *f, Bb144 pawns, int d, Bb144 allowed)
{
    int forward = bb_dir_step[d], side = side_step(d);
    Bb144 edge = bb_promotion_edge[d];
    Bb144 captures = bb_and(f->capturable, allowed);
    add_pawn_moves(f, bb_and(bb_step(pawns, forward), bb_and(f->empty, allowed)), forward, edge, EMPTY);
    add_pawn_moves(f, bb_and(bb_step(pawns, forward + side), captures), forward + side, edge, EMPTY);
    add_pawn_moves(f, bb_and(bb_step(pawns, forward - side), captures), forward - side, edge, EMPTY);
}

/* Uncommitted pawns of one army: a push commits to its direction; the
 * capture along the main diagonal (one step in each forward direction)
 * keeps them uncommitted; a side capture commits to the one forward
 * direction it contains, from the landing square. */
ALWAYS_INLINE void add_uncommitted_pawns(Frame *f, Bb144 pawns, int army, Bb144 allowed)
{
    int d1 = army_forward[army][0], d2 = army_forward[army][1];
    int s1 = bb_dir_step[d1], s2 = bb_dir_step[d2];
    Bb144 edge1 = bb_promotion_edge[d1], edge2 = bb_promotion_edge[d2];
    Piece to_d1 = PIECE_MAKE(army, PAWN, PAWN_UP + d1), to_d2 = PIECE_MAKE(army, PAWN, PAWN_UP + d2);
    Bb144 quiet = bb_and(f->empty, allowed), captures = bb_and(f->capturable, allowed);
    add_pawn_moves(f, bb_and(bb_step(pawns, s1), quiet), s1, edge1, to_d1);
    add_pawn_moves(f, bb_and(bb_step(pawns, s2), quiet), s2, edge2, to_d2);
    add_pawn_moves(f, bb_and(bb_step(pawns, s1 + s2), captures), s1 + s2, bb_or(edge1, edge2), EMPTY);
    add_pawn_moves(f, bb_and(bb_step(pawns, s1 - s2), captures), s1 - s2, edge1, to_d1);
    add_pawn_moves(f, bb_and(bb_step(pawns, s2 - s1), captures), s2 - s1, edge2, to_d2);
}

/* Every man of the mover except kings, moving only onto `allowed`, pinned
 * men only along their rays. */
ALWAYS_INLINE void add_men(Frame *f, Bb144 friends, Bb144 allowed, const Pins *pins)
{
    const QbbState *s = f->s;
    Bb144 free_men = bb_andnot(friends, pins->pinned);
    Bb144 targets = bb_and(f->targets, allowed);
    int from;

    for (int d = 0; d < DIR_COUNT; d++) {
        Bb144 pawns = bb_and(s->sets[SET_PAWNS + d], free_men);
        if (bb_any(pawns))
            add_directed_pawns(f, pawns, d, allowed);
    }
    for (unsigned armies = s->armies_of[s->turn]; armies; armies &= armies - 1) {
        int army = __builtin_ctz(armies);
        Bb144 pawns = bb_and(s->sets[SET_UNCOMMITTED + army], free_men);
        if (bb_any(pawns))
            add_uncommitted_pawns(f, pawns, army, allowed);
    }
    for (BbIter it = bb_iter(bb_and(s->sets[SET_KNIGHTS], free_men)); bb_next(&it, &from);)
        add_moves_from(f, from, bb_and(bb_knight_attacks[from], targets));
    for (BbIter it = bb_iter(bb_and(s->sets[SET_ROOK_LIKE], free_men)); bb_next(&it, &from);)
        add_moves_from(f, from, bb_and(bb_rook_reach(s->occupied, from), targets));
    for (BbIter it = bb_iter(bb_and(s->sets[SET_BISHOP_LIKE], free_men)); bb_next(&it, &from);)
        add_moves_from(f, from, bb_and(bb_bishop_reach(s->occupied, from), targets));

    /* Pinned men: a knight never moves; the rest keep to the pin ray. */
    for (int i = 0; i < pins->count; i++) {
        int sq = pins->square[i];
        Piece piece = s->board[sq];
        Bb144 ray = bb_and(pins->ray[i], allowed), one = bb_square(sq);
        switch (PIECE_KIND(piece)) {
        case PAWN:
            if (PIECE_PAWN_STATE(piece) == PAWN_UNCOMMITTED)
                add_uncommitted_pawns(f, one, PIECE_ARMY(piece), ray);
            else
                add_directed_pawns(f, one, PIECE_PAWN_STATE(piece) - PAWN_UP, ray);
            break;
        case BISHOP: add_moves_from(f, sq, bb_and(bb_bishop_reach(s->occupied, sq), bb_and(f->targets, ray))); break;
        case ROOK: add_moves_from(f, sq, bb_and(bb_rook_reach(s->occupied, sq), bb_and(f->targets, ray))); break;
        case QUEEN:
            add_moves_from(f, sq,
                           bb_and(bb_or(bb_rook_reach(s->occupied, sq), bb_bishop_reach(s->occupied, sq)),
                                  bb_and(f->targets, ray)));
            break;
        default: break;
        }
    }
}

/* Checkers of the king on `ksq` and the men pinned to it; returns the mask
 * non-king moves must land on (empty in double check). */
ALWAYS_INLINE Bb144 king_constraints(const QbbState *s, const Enemies *e, int ksq, Bb144 friends, Pins *pins)
{
    Bb144 occupied = s->occupied;
    Bb144 checkers = bb_or(bb_and(bb_knight_attacks[ksq], e->knights), bb_and(bb_king_attacks[ksq], e->kings));
    for (int d = 0; d < DIR_COUNT; d++)
        checkers = bb_or(checkers, bb_and(bb_pawn_attackers[d][ksq], e->pawns[d]));
    Bb144 check_rays = bb_empty();
    pins->pinned = bb_empty();
    pins->count = 0;
    for (int o = 0; o < LINE_ORIENTATIONS; o++) {
        Bb144 sliders = o <= LINE_FILE ? e->rook_like : e->bishop_like;
        const BbLine *line = &bb_lines[bb_square_lines[ksq][o].line];
        if (!((line->mask[0] & sliders.w[0]) | (line->mask[1] & sliders.w[1]) | (line->mask[2] & sliders.w[2])))
            continue;
        Bb144 reach = bb_reach(occupied, ksq, o);
        Bb144 hits = bb_and(reach, sliders);
        int sq;
        for (BbIter it = bb_iter(hits); bb_next(&it, &sq);)
            check_rays = bb_or(check_rays, bb_and(reach, sq > ksq ? bb_above[ksq] : bb_below[ksq]));
        checkers = bb_or(checkers, hits);
        Bb144 blockers = bb_and(reach, friends);
        if (bb_none(blockers))
            continue;
        Bb144 xray = bb_reach(bb_andnot(occupied, blockers), ksq, o);
        Bb144 pinners = bb_and(bb_andnot(xray, reach), sliders);
        for (BbIter it = bb_iter(pinners); bb_next(&it, &sq);) {
            Bb144 side = sq > ksq ? bb_above[ksq] : bb_below[ksq];
            Bb144 pinned = bb_and(blockers, side);
            pins->pinned = bb_or(pins->pinned, pinned);
            pins->square[pins->count] = bb_first(pinned);
            pins->ray[pins->count] = bb_and(xray, side);
            pins->count++;
        }
    }
    if (bb_none(checkers))
        return bb_board();
    if (bb_several(checkers))
        return bb_empty();
    return bb_or(checkers, check_rays);
}

ALWAYS_INLINE void frame_init(Frame *f, const QbbState *s, QbbMove *list, Bb144 friends)
{
    f->s = s;
    f->list = list;
    f->n = 0;
    f->empty = bb_andnot(bb_board(), s->occupied);
    f->capturable = bb_andnot(bb_andnot(s->occupied, friends), s->sets[SET_KINGS]);
    f->targets = bb_or(f->empty, f->capturable);
}

/* Moves of a controller with several kings: pseudo-legal moves, each
 * tried on a copy of the position. */
static int generate_several_kings(const QbbState *s, QbbMove *list)
{
    int mover = s->turn;
    Bb144 friends = s->by_controller[mover];
    Bb144 my_kings = bb_and(s->sets[SET_KINGS], friends);
    QbbMove pseudo[MAX_MOVES];
    Frame f;
    frame_init(&f, s, pseudo, friends);
    Pins no_pins = {.pinned = bb_empty(), .count = 0};
    add_men(&f, friends, bb_board(), &no_pins);
    int ksq;
    for (BbIter it = bb_iter(my_kings); bb_next(&it, &ksq);)
        add_moves_from(&f, ksq, bb_and(bb_king_attacks[ksq], f.targets));

    QbbState trial = *s;
    int kept = 0;
    for (int i = 0; i < f.n; i++) {
        Piece captured = qbb_make(&trial, pseudo[i]);
        Enemies e = qbb_enemies(&trial, mover);
        bool safe = true;
        for (BbIter it = bb_iter(bb_and(trial.sets[SET_KINGS], trial.by_controller[mover])); safe && bb_next(&it, &ksq);)
            safe = !qbb_attacked(&e, trial.occupied, ksq);
        qbb_unmake(&trial, pseudo[i], captured, mover);
        if (safe) {
            if (list)
                list[kept] = pseudo[i];
            kept++;
        }
    }
    return kept;
}

ALWAYS_INLINE int generate(const QbbState *s, QbbMove *list)
{
    int mover = s->turn;
    Bb144 friends = s->by_controller[mover];
    Bb144 my_kings = bb_and(s->sets[SET_KINGS], friends);
    if (bb_several(my_kings))
        return generate_several_kings(s, list);

    Frame f;
    frame_init(&f, s, list, friends);
    if (bb_none(my_kings)) {
        Pins no_pins = {.pinned = bb_empty(), .count = 0};
        add_men(&f, friends, bb_board(), &no_pins);
        return f.n;
    }

    int ksq = bb_first(my_kings);
    Enemies e = qbb_enemies(s, mover);
    Pins pins;
    Bb144 evasion = king_constraints(s, &e, ksq, friends, &pins);
    if (bb_any(evasion))
        add_men(&f, friends, evasion, &pins);

    /* The king: its target squares must not be attacked once it has left
     * its square (a slider's ray through it would reach them). */
    Bb144 without_king = bb_xor(s->occupied, my_kings);
    Bb144 king_to = bb_and(bb_king_attacks[ksq], f.targets);
    int to;
    for (BbIter it = bb_iter(king_to); bb_next(&it, &to);)
        if (!qbb_attacked(&e, without_king, to)) {
            if (list)
                list[f.n] = qbb_move(ksq, to, s->board[ksq], s->board[ksq]);
            f.n++;
        }
    return f.n;
}

int qbb_generate(const QbbState *s, QbbMove *list) { return generate(s, list); }

int qbb_count(const QbbState *s) { return generate(s, NULL); }
