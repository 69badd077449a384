/* Legal Quaternity moves from bitboards: the general generator, for the
 * nodes the common-node path (bitboard_common.c) leaves to it (several
 * kings or none, check, and when listing or visiting, a pawn before its
 * promotion edge).
 *
 * The usual single-king scheme, generalised to several enemy controllers
 * at once: all active enemies (other controller, not frozen) count as one
 * side, so checks, pins and attacked squares are found once for all of
 * them.  Along each of the king's four lines (in 12-bit line form, see
 * bitboard_attacks.h) an enemy slider seen directly gives check, and a
 * friend seen first with an enemy slider right behind it is pinned.
 * Only enemy knights, kings and pawns standing close to the king (usually
 * none) can attack it or a square it may step to; their attacks are
 * gathered into one danger set per node (bitboard_attacks.h).
 *
 * Not in check (nearly always), every man moves to any target square
 * (empty, or an enemy that is not a king): pawns as whole sets by shifts,
 * knights by table, sliders line by line in 12 bits (counted by ray
 * fills, bitboard_rays.h), and counting is popcount.  A pinned man keeps
 * to its pin line.  In check, non-king moves must land on the evasion
 * mask (the checker or a square between it and the king); pinned men
 * cannot help.  The king never goes to an attacked
 * square, tested with the king lifted off the board (line by line, or
 * against one map of the enemy sliders' attacks when it has several
 * targets).
 *
 * A controller with several kings (it moves assimilated armies) is rare,
 * and its legality is not a single-king question (one king may shield
 * another), so it takes the simple road: pseudo-legal moves, each that
 * may change a king's safety (a king's move, one leaving or landing on a
 * king's line that holds an enemy slider of its kind, any while a king is
 * attacked) made on a copy and kept if no king of the mover is attacked
 * afterwards.  With no king at all every pseudo-legal move is legal. */
#include "bitboard_movegen.h"

#include <stddef.h>

#include "bitboard_attacks.h"
#include "bitboard_pawn_steps.h"
#include "bitboard_rays.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* A shift by a board step without the board mask: every caller intersects
 * the result with empty or capturable squares, which lie on the board, and
 * sideways steps off the board land in padding (bb144.h). */
ALWAYS_INLINE QbbSet shift(QbbSet a, int step)
{
    return step > 0 ? qbb_shl(a, (unsigned)step) : qbb_shr(a, (unsigned)-step);
}

typedef struct Pin {
    uint8_t square, line, orientation;
    uint16_t ray; /* 12-bit: the squares from the king (excluded) to the pinner */
} Pin;

/* What stands against the king: checkers, and men pinned to it. */
typedef struct KingSafety {
    QbbSet danger;        /* squares that enemy knights, pawns, kings attack */
    QbbSet near_checkers; /* knights, pawns, kings giving check */
    int line_checks;      /* sliders giving check */
    QbbSet evasion;       /* filled only when in check */
    QbbSet pinned;
    int pin_count;
    Pin pins[8];
} KingSafety;

/* What a generator run needs besides the position. */
typedef struct Frame {
    const QbbState *s;
    QbbMove *list; /* NULL: count only */
    int n;
    int mover;
    QbbTally tally; /* count only: the target sets' members, added to n at the end */
    QbbSet empty, capturable, targets;
    QbbSides sides;
} Frame;

ALWAYS_INLINE void add_moves_from(Frame *f, int from, QbbSet to_set)
{
    if (!f->list) {
        f->tally = qbb_tally_add(f->tally, to_set);
        return;
    }
    Piece piece = f->s->board[from];
    int to;
    QBB_FOR_EACH(to, to_set)
    f->list[f->n++] = qbb_move(from, to, piece, piece);
}

/* Moves from `from` onto the line positions in `to_bits`. */
ALWAYS_INLINE void add_line_moves(Frame *f, int from, int line, unsigned to_bits)
{
    if (!f->list) {
        f->n += __builtin_popcount(to_bits);
        return;
    }
    Piece piece = f->s->board[from];
    for (; to_bits; to_bits &= to_bits - 1)
        f->list[f->n++] = qbb_move(from, qbb_line_squares[line][__builtin_ctz(to_bits)], piece, piece);
}

/* The positions a slider on `sq` may move to along orientation o: its
 * reach minus the blocked positions (friends, kings, past the end). */
ALWAYS_INLINE unsigned line_targets(const Frame *f, int sq, int o, int *line)
{
    QbbSquareLine at = qbb_square_lines[sq][o];
    *line = at.line;
    unsigned occupancy = qbb_gather_on(f->s->occupied, o, at.line);
    return qbb_reach12(occupancy, at.pos) & ~qbb_blocked_on(&f->sides, o, at.line);
}

ALWAYS_INLINE void add_slider_line(Frame *f, int sq, int o)
{
    int line;
    unsigned to_bits = line_targets(f, sq, o, &line);
    add_line_moves(f, sq, line, to_bits);
}

/* The same, while in check: only onto the evasion mask. */
ALWAYS_INLINE void add_slider_evasions(Frame *f, int sq, int o1, int o2, QbbSet evasion)
{
    int line1, line2;
    unsigned bits1 = line_targets(f, sq, o1, &line1), bits2 = line_targets(f, sq, o2, &line2);
    QbbSet to_set = qbb_or(qbb_line_deposit(line1, bits1), qbb_line_deposit(line2, bits2));
    add_moves_from(f, sq, qbb_and(to_set, evasion));
}

/* Pawn moves landing on `to_set`, each from `to - step`.  `placed` is the
 * pawn after the move (EMPTY: unchanged); on `edge` it promotes instead,
 * which is looked at only when `may_promote` (some pawn stood next to the
 * edge): rare, and otherwise skipped. */
ALWAYS_INLINE void add_pawn_moves(Frame *f, QbbSet to_set, int step, QbbSet edge, bool may_promote, Piece placed)
{
    if (!f->list) {
        f->tally = qbb_tally_add(f->tally, to_set);
        if (may_promote)
            f->n += 3 * qbb_popcount(qbb_and(to_set, edge));
        return;
    }
    int to;
    QBB_FOR_EACH(to, to_set)
    {
        int from = to - step;
        Piece moved = f->s->board[from];
        if (may_promote && qbb_test(edge, to)) {
            static const Kind promotions[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
            for (int k = 0; k < 4; k++)
                f->list[f->n++] = qbb_move(from, to, PIECE_MAKE(PIECE_ARMY(moved), promotions[k], PAWN_NONE), moved);
        } else {
            f->list[f->n++] = qbb_move(from, to, placed ? placed : moved, moved);
        }
    }
}

/* Committed pawns of direction d in `pawns`: pushes onto `quiet`,
 * captures onto `captures`. */
ALWAYS_INLINE void add_directed_pawns(Frame *f, QbbSet pawns, int d, QbbSet quiet, QbbSet captures)
{
    int forward = qbb_pawn_step(d), side = qbb_pawn_side_step(d);
    QbbSet edge = qbb_promotion_edge(d);
    bool may_promote = qbb_any(qbb_and(pawns, qbb_before_edge(d)));
    add_pawn_moves(f, qbb_and(shift(pawns, forward), quiet), forward, edge, may_promote, EMPTY);
    add_pawn_moves(f, qbb_and(shift(pawns, forward + side), captures), forward + side, edge, may_promote, EMPTY);
    add_pawn_moves(f, qbb_and(shift(pawns, forward - side), captures), forward - side, edge, may_promote, EMPTY);
}

/* Uncommitted pawns of one army: a push commits to its direction; the
 * capture along the main diagonal (one step in each forward direction)
 * keeps them uncommitted; a side capture commits to the one forward
 * direction it contains, from the landing square. */
ALWAYS_INLINE void add_uncommitted_pawns_of(Frame *f, QbbSet pawns, int army, int d1, int d2, QbbSet quiet,
                                            QbbSet captures)
{
    int s1 = qbb_pawn_step(d1), s2 = qbb_pawn_step(d2);
    QbbSet edge1 = qbb_promotion_edge(d1), edge2 = qbb_promotion_edge(d2);
    bool promote1 = qbb_any(qbb_and(pawns, qbb_before_edge(d1))),
         promote2 = qbb_any(qbb_and(pawns, qbb_before_edge(d2)));
    Piece to_d1 = PIECE_MAKE(army, PAWN, PAWN_UP + d1), to_d2 = PIECE_MAKE(army, PAWN, PAWN_UP + d2);
    add_pawn_moves(f, qbb_and(shift(pawns, s1), quiet), s1, edge1, promote1, to_d1);
    add_pawn_moves(f, qbb_and(shift(pawns, s2), quiet), s2, edge2, promote2, to_d2);
    add_pawn_moves(f, qbb_and(shift(pawns, s1 + s2), captures), s1 + s2, qbb_or(edge1, edge2), promote1 || promote2,
                   EMPTY);
    add_pawn_moves(f, qbb_and(shift(pawns, s1 - s2), captures), s1 - s2, edge1, promote1, to_d1);
    add_pawn_moves(f, qbb_and(shift(pawns, s2 - s1), captures), s2 - s1, edge2, promote2, to_d2);
}

/* Dispatch on the army so that each copy has constant directions. */
ALWAYS_INLINE void add_uncommitted_pawns(Frame *f, QbbSet pawns, int army, QbbSet quiet, QbbSet captures)
{
    switch (army) {
    case ARMY_WHITE: add_uncommitted_pawns_of(f, pawns, ARMY_WHITE, QBB_DIR_UP, QBB_DIR_RIGHT, quiet, captures); break;
    case ARMY_RED: add_uncommitted_pawns_of(f, pawns, ARMY_RED, QBB_DIR_DOWN, QBB_DIR_RIGHT, quiet, captures); break;
    case ARMY_BLACK: add_uncommitted_pawns_of(f, pawns, ARMY_BLACK, QBB_DIR_DOWN, QBB_DIR_LEFT, quiet, captures); break;
    default: add_uncommitted_pawns_of(f, pawns, ARMY_GREEN, QBB_DIR_UP, QBB_DIR_LEFT, quiet, captures); break;
    }
}

/* The pawns among `movers`, pushing onto `quiet` and capturing onto
 * `captures`. */
ALWAYS_INLINE void add_pawns(Frame *f, QbbSet movers, QbbSet quiet, QbbSet captures)
{
    const QbbState *s = f->s;
    /* Written out so that each direction's shifts are constants. */
    QbbSet up = qbb_and(s->sets[QBB_SET_PAWNS + QBB_DIR_UP], movers),
           down = qbb_and(s->sets[QBB_SET_PAWNS + QBB_DIR_DOWN], movers);
    QbbSet right = qbb_and(s->sets[QBB_SET_PAWNS + QBB_DIR_RIGHT], movers),
           left = qbb_and(s->sets[QBB_SET_PAWNS + QBB_DIR_LEFT], movers);
    if (qbb_any(up))
        add_directed_pawns(f, up, QBB_DIR_UP, quiet, captures);
    if (qbb_any(down))
        add_directed_pawns(f, down, QBB_DIR_DOWN, quiet, captures);
    if (qbb_any(right))
        add_directed_pawns(f, right, QBB_DIR_RIGHT, quiet, captures);
    if (qbb_any(left))
        add_directed_pawns(f, left, QBB_DIR_LEFT, quiet, captures);
    for (unsigned armies = s->armies_of[f->mover]; armies; armies &= armies - 1) {
        int army = __builtin_ctz(armies);
        QbbSet pawns = qbb_and(s->sets[QBB_SET_UNCOMMITTED + army], movers);
        if (qbb_any(pawns))
            add_uncommitted_pawns(f, pawns, army, quiet, captures);
    }
}

/* One pinned pawn: it keeps to its pin line. */
ALWAYS_INLINE void add_pinned_pawn(Frame *f, const Pin *pin)
{
    Piece piece = f->s->board[pin->square];
    QbbSet one = qbb_square(pin->square), ray = qbb_line_deposit(pin->line, pin->ray);
    QbbSet quiet = qbb_and(f->empty, ray), captures = qbb_and(f->capturable, ray);
    if (PIECE_PAWN_STATE(piece) == PAWN_UNCOMMITTED)
        add_uncommitted_pawns(f, one, PIECE_ARMY(piece), quiet, captures);
    else
        add_directed_pawns(f, one, PIECE_PAWN_STATE(piece) - PAWN_UP, quiet, captures);
}

/* Every man but the king, not in check.  A pinned slider moves only along
 * its pin line, where its reach already stops at the king and the pinner. */
ALWAYS_INLINE void add_men(Frame *f, QbbSet friends, const KingSafety *safety)
{
    const QbbState *s = f->s;
    QbbSet free_men = qbb_andnot(friends, safety->pinned);
    int from;
    add_pawns(f, free_men, f->empty, f->capturable);
    QBB_FOR_EACH(from, qbb_and(s->sets[QBB_SET_KNIGHTS], free_men))
    add_moves_from(f, from, qbb_and(qbb_knight_attacks[from], f->targets));
    QbbSet rook_like = qbb_and(qbb_sliders_for(s, QBB_LINE_RANK), free_men);
    QbbSet bishop_like = qbb_and(qbb_sliders_for(s, QBB_LINE_DIAGONAL), free_men);
    if (!f->list) {
        f->n += qbb_count_slider_rays(rook_like, bishop_like, f->empty, f->targets);
    } else {
        QBB_FOR_EACH(from, rook_like)
        {
            add_slider_line(f, from, QBB_LINE_RANK);
            add_slider_line(f, from, QBB_LINE_FILE);
        }
        QBB_FOR_EACH(from, bishop_like)
        {
            add_slider_line(f, from, QBB_LINE_DIAGONAL);
            add_slider_line(f, from, QBB_LINE_ANTI_DIAGONAL);
        }
    }
    for (int i = 0; i < safety->pin_count; i++) {
        const Pin *pin = &safety->pins[i];
        Kind kind = PIECE_KIND(s->board[pin->square]);
        bool rook_line = pin->orientation <= QBB_LINE_FILE;
        if (kind == PAWN)
            add_pinned_pawn(f, pin);
        else if (kind == QUEEN || kind == (rook_line ? ROOK : BISHOP))
            add_slider_line(f, pin->square, pin->orientation);
    }
}

/* Every man but the king, in (single) check: onto the evasion mask only. */
static void add_evasions(Frame *f, QbbSet friends, const KingSafety *safety)
{
    const QbbState *s = f->s;
    QbbSet free_men = qbb_andnot(friends, safety->pinned), evasion = safety->evasion;
    int from;
    add_pawns(f, free_men, qbb_and(f->empty, evasion), qbb_and(f->capturable, evasion));
    for (QbbIter it = qbb_iter(qbb_and(s->sets[QBB_SET_KNIGHTS], free_men)); qbb_next(&it, &from);)
        add_moves_from(f, from, qbb_and(qbb_knight_attacks[from], qbb_and(f->targets, evasion)));
    QbbSet rook_like = qbb_and(qbb_sliders_for(s, QBB_LINE_RANK), free_men);
    QbbSet bishop_like = qbb_and(qbb_sliders_for(s, QBB_LINE_DIAGONAL), free_men);
    /* Counted, the sliders' evasions are their ray fills onto the mask
     * (steps.md of results/experiments/2026-12-06-quaternity-bitboard-speed, step 6). */
    if (!f->list) {
        f->n += qbb_count_slider_rays(rook_like, bishop_like, f->empty, qbb_and(f->targets, evasion));
        return;
    }
    for (QbbIter it = qbb_iter(rook_like); qbb_next(&it, &from);)
        add_slider_evasions(f, from, QBB_LINE_RANK, QBB_LINE_FILE, evasion);
    for (QbbIter it = qbb_iter(bishop_like); qbb_next(&it, &from);)
        add_slider_evasions(f, from, QBB_LINE_DIAGONAL, QBB_LINE_ANTI_DIAGONAL, evasion);
}

/* Checks and pins against the king on `ksq`. */
ALWAYS_INLINE void find_king_safety(const QbbState *s, const QbbSides *sides, int ksq, KingSafety *k)
{
    k->danger = qbb_near_danger(s, sides->enemies, ksq);
    k->near_checkers = qbb_test(k->danger, ksq) ? qbb_near_attackers(s, sides->enemies, ksq) : qbb_empty();
    k->line_checks = 0;
    k->pinned = qbb_empty();
    k->pin_count = 0;
    QbbSet check_rays = qbb_empty();
    for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
        QbbSquareLine at = qbb_square_lines[ksq][o];
        unsigned sliders = qbb_enemy_sliders_on(sides, o, at.line);
        if (!sliders)
            continue;
        unsigned occupancy = qbb_gather_on(s->occupied, o, at.line);
        unsigned reach = qbb_reach12(occupancy, at.pos);
        unsigned above = 0xFFFu << (at.pos + 1), below = (1u << at.pos) - 1;
        for (unsigned hits = reach & sliders; hits; hits &= hits - 1) {
            unsigned side = (unsigned)__builtin_ctz(hits) > at.pos ? above : below;
            check_rays = qbb_or(check_rays, qbb_line_deposit(at.line, reach & side));
            k->line_checks++;
        }
        /* The first men seen that the mover may not land on: friends (and
         * kings, or the line's end, which x-ray into nothing that matters). */
        unsigned friends = reach & qbb_blocked_on(sides, o, at.line);
        if (!friends)
            continue;
        unsigned xray = qbb_reach12(occupancy & ~friends, at.pos);
        for (unsigned pinners = xray & ~reach & sliders; pinners; pinners &= pinners - 1) {
            unsigned side = (unsigned)__builtin_ctz(pinners) > at.pos ? above : below;
            Pin *pin = &k->pins[k->pin_count++];
            pin->square = qbb_line_squares[at.line][__builtin_ctz(friends & side)];
            pin->line = at.line;
            pin->orientation = (uint8_t)o;
            pin->ray = (uint16_t)(xray & side);
            qbb_toggle(&k->pinned, pin->square);
        }
    }
    int checks = k->line_checks + qbb_popcount(k->near_checkers);
    if (checks == 1)
        k->evasion = qbb_or(check_rays, k->near_checkers);
    else
        k->evasion = checks ? qbb_empty() : qbb_board();
}

ALWAYS_INLINE void frame_init(Frame *f, const QbbState *s, QbbMove *list, int mover)
{
    qbb_sides(s, mover, &f->sides);
    f->s = s;
    f->list = list;
    f->n = 0;
    f->mover = mover;
    f->tally = qbb_tally_zero();
    f->empty = qbb_andnot(qbb_board(), s->occupied);
    f->capturable = qbb_andnot(s->occupied, f->sides.blocked);
    f->targets = qbb_or(f->empty, f->capturable);
}

/* Moves of a controller with several kings while one of them is
 * attacked: pseudo-legal moves, those that may change a king's safety
 * tried on a copy of the position. */
static int generate_several_kings_in_check(const QbbState *s, QbbMove *list)
{
    int mover = s->turn;
    QbbSet friends = s->by_controller[mover];
    QbbSet my_kings = qbb_and(s->sets[QBB_SET_KINGS], friends);
    QbbMove pseudo[QBB_MAX_MOVES];
    Frame f;
    frame_init(&f, s, pseudo, mover);
    KingSafety none = {.pinned = qbb_empty(), .pin_count = 0};
    add_men(&f, friends, &none);
    int ksq;
    for (QbbIter it = qbb_iter(my_kings); qbb_next(&it, &ksq);)
        add_moves_from(&f, ksq, qbb_and(qbb_king_attacks[ksq], f.targets));

    /* A move of a man that is not a king changes no king's safety unless
     * it leaves or lands on a line from that king to an enemy slider that
     * moves along it: the enemies' men do not move, and a capture only
     * removes one.  So only king moves, moves touching such a line, and
     * every move while a king is attacked are tried on the copy. */
    QbbSet watched = qbb_empty();
    bool attacked_now = false;
    for (QbbIter it = qbb_iter(my_kings); qbb_next(&it, &ksq);) {
        attacked_now = attacked_now || qbb_attacked(s, &f.sides, ksq, ksq);
        for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
            QbbSet line = qbb_line_sets[qbb_square_lines[ksq][o].line];
            if (qbb_any(qbb_and(line, f.sides.sliders[o >> 1])))
                watched = qbb_or(watched, line);
        }
    }
    QbbState trial = *s;
    int kept = 0;
    for (int i = 0; i < f.n; i++) {
        int from = qbb_from(pseudo[i]), to = qbb_to(pseudo[i]);
        if (!attacked_now && PIECE_KIND(qbb_moved(pseudo[i])) != KING && !qbb_test(watched, from) &&
            !qbb_test(watched, to)) {
            if (list)
                list[kept] = pseudo[i];
            kept++;
            continue;
        }
        Piece captured = qbb_make_move(&trial, pseudo[i]);
        QbbSides sides;
        qbb_sides(&trial, mover, &sides);
        bool safe = true;
        for (QbbIter it = qbb_iter(qbb_and(trial.sets[QBB_SET_KINGS], trial.by_controller[mover]));
             safe && qbb_next(&it, &ksq);)
            safe = !qbb_attacked(&trial, &sides, ksq, ksq);
        qbb_unmake_move(&trial, pseudo[i], captured, mover);
        if (safe) {
            if (list)
                list[kept] = pseudo[i];
            kept++;
        }
    }
    return kept;
}

/* One pinned man of a controller with several kings, onto `allowed`
 * only (the squares every pin on him leaves him). */
static void add_pinned_man(Frame *f, int sq, QbbSet allowed)
{
    Piece piece = f->s->board[sq];
    switch (PIECE_KIND(piece)) {
    case PAWN: {
        QbbSet one = qbb_square(sq), quiet = qbb_and(f->empty, allowed), captures = qbb_and(f->capturable, allowed);
        if (PIECE_PAWN_STATE(piece) == PAWN_UNCOMMITTED)
            add_uncommitted_pawns(f, one, PIECE_ARMY(piece), quiet, captures);
        else
            add_directed_pawns(f, one, PIECE_PAWN_STATE(piece) - PAWN_UP, quiet, captures);
        break;
    }
    case KNIGHT: add_moves_from(f, sq, qbb_and(qbb_knight_attacks[sq], qbb_and(f->targets, allowed))); break;
    case ROOK: add_slider_evasions(f, sq, QBB_LINE_RANK, QBB_LINE_FILE, allowed); break;
    case BISHOP: add_slider_evasions(f, sq, QBB_LINE_DIAGONAL, QBB_LINE_ANTI_DIAGONAL, allowed); break;
    case QUEEN:
        add_slider_evasions(f, sq, QBB_LINE_RANK, QBB_LINE_FILE, allowed);
        add_slider_evasions(f, sq, QBB_LINE_DIAGONAL, QBB_LINE_ANTI_DIAGONAL, allowed);
        break;
    default: break;
    }
}

/* Moves of a controller with several kings (it moves assimilated armies),
 * legal without trying them: the single-king rules applied to each king
 * (results/experiments/2026-12-06-quaternity-bitboard-speed/steps.md, step 3).  The
 * enemies' men do not move and a capture only removes one of them, so
 * while no king is attacked a move can endanger a king only by
 * - lifting a man pinned to that king off the pin line: each king's pins
 *   are found as one king's are, another own king counting as a friend
 *   (a king pinned to another keeps to the line too), and a man pinned to
 *   several kings keeps to what all their lines leave him;
 * - the king stepping onto an attacked square (near danger and the enemy
 *   sliders' map with him lifted, as for one king).
 * While any king is attacked the moves are tried on a copy
 * (generate_several_kings_in_check): rare, and evasions for several kings
 * at once are no single-king question. */
static int generate_several_kings(const QbbState *s, QbbMove *list)
{
    int mover = s->turn;
    QbbSet friends = s->by_controller[mover];
    QbbSet my_kings = qbb_and(s->sets[QBB_SET_KINGS], friends);
    Frame f;
    frame_init(&f, s, list, mover);
    enum { MOST_KINGS = 4, MOST_PINS = 8 * MOST_KINGS };
    int king_squares[MOST_KINGS], kings = 0, ksq;
    QbbSet danger[MOST_KINGS];
    int pinned_squares[MOST_PINS], pin_count = 0;
    QbbSet pin_rays[MOST_PINS], pinned = qbb_empty();
    for (QbbIter it = qbb_iter(my_kings); qbb_next(&it, &ksq);) {
        KingSafety safety;
        find_king_safety(s, &f.sides, ksq, &safety);
        if (safety.line_checks || qbb_any(safety.near_checkers) || kings == MOST_KINGS)
            return generate_several_kings_in_check(s, list);
        king_squares[kings] = ksq;
        danger[kings++] = safety.danger;
        for (int i = 0; i < safety.pin_count; i++) {
            const Pin *pin = &safety.pins[i];
            if (!qbb_test(friends, pin->square))
                continue;
            pinned = qbb_or(pinned, qbb_square_sets[pin->square]);
            pinned_squares[pin_count] = pin->square;
            pin_rays[pin_count++] = qbb_line_deposit(pin->line, pin->ray);
        }
    }
    /* What the pins leave each pinned man. */
    int pinned_men[MOST_PINS], men = 0;
    QbbSet allowed[MOST_PINS];
    for (int i = 0; i < pin_count; i++) {
        int m = 0;
        while (m < men && pinned_men[m] != pinned_squares[i])
            m++;
        if (m == men) {
            pinned_men[men] = pinned_squares[i];
            allowed[men++] = pin_rays[i];
        } else {
            allowed[m] = qbb_and(allowed[m], pin_rays[i]);
        }
    }
    KingSafety free = {.pinned = pinned, .pin_count = 0};
    add_men(&f, qbb_andnot(friends, my_kings), &free);
    for (int m = 0; m < men; m++)
        if (!qbb_test(my_kings, pinned_men[m]))
            add_pinned_man(&f, pinned_men[m], allowed[m]);
    for (int k = 0; k < kings; k++) {
        ksq = king_squares[k];
        QbbSet to_set = qbb_andnot(qbb_and(qbb_king_attacks[ksq], f.targets), danger[k]);
        for (int m = 0; m < men; m++)
            if (pinned_men[m] == ksq)
                to_set = qbb_and(to_set, allowed[m]);
        if (qbb_any(to_set))
            to_set = qbb_targets_off_slider_map(&f.sides, to_set, f.empty, ksq);
        add_moves_from(&f, ksq, to_set);
    }
    return f.n + qbb_tally_total(f.tally);
}

ALWAYS_INLINE int generate(const QbbState *s, QbbMove *list)
{
    int mover = s->turn;
    QbbSet friends = s->by_controller[mover];
    QbbSet my_kings = qbb_and(s->sets[QBB_SET_KINGS], friends);
    if (qbb_several(my_kings))
        return generate_several_kings(s, list);

    Frame f;
    frame_init(&f, s, list, mover);
    if (qbb_none(my_kings)) {
        KingSafety none = {.pinned = qbb_empty(), .pin_count = 0};
        add_men(&f, friends, &none);
        return f.n + qbb_tally_total(f.tally);
    }

    int ksq = qbb_first(my_kings);
    KingSafety safety;
    find_king_safety(s, &f.sides, ksq, &safety);
    if (safety.line_checks == 0 && qbb_none(safety.near_checkers))
        add_men(&f, friends, &safety);
    else if (qbb_any(safety.evasion))
        add_evasions(&f, friends, &safety);

    /* The king: its target squares must not be attacked once it has left
     * its square (a slider's ray through it would reach them). */
    int to;
    QbbSet king_targets = qbb_andnot(qbb_and(qbb_king_attacks[ksq], f.targets), safety.danger);
    if (qbb_popcount(king_targets) >= QBB_KING_TARGETS_FOR_MAP) {
        king_targets = qbb_targets_off_slider_map(&f.sides, king_targets, f.empty, ksq);
        add_moves_from(&f, ksq, king_targets);
        return f.n + qbb_tally_total(f.tally);
    }
    QBB_FOR_EACH(to, king_targets)
    if (!qbb_slider_attacked(s, &f.sides, to, ksq)) {
        if (list)
            list[f.n] = qbb_move(ksq, to, s->board[ksq], s->board[ksq]);
        f.n++;
    }
    return f.n + qbb_tally_total(f.tally);
}

int qbb_generate_general(const QbbState *s, QbbMove *list)
{
    return generate(s, list);
}

int qbb_count_general(const QbbState *s)
{
    return generate(s, NULL);
}
