/* Legal Quaternity moves from bitboards.
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
 * knights by table, sliders line by line in 12 bits, and counting is
 * popcount.  A pinned man keeps to its pin line.  In check, non-king moves
 * must land on the evasion mask (the checker or a square between it and
 * the king); pinned men cannot help.  The king never goes to an attacked
 * square, tested with the king lifted off the board.
 *
 * A controller with several kings (it moves assimilated armies) is rare,
 * and its legality is not a single-king question (one king may shield
 * another), so it takes the simple road: pseudo-legal moves, each made on
 * a copy and kept if no king of the mover is attacked afterwards.  With
 * no king at all every pseudo-legal move is legal. */
#include "bitboard_movegen.h"

#include "bitboard_attacks.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Bit step of a pawn direction, its sideways step, and its promotion edge;
 * constants once inlined. */
ALWAYS_INLINE int dir_step(int d)
{
    return d == DIR_UP ? BB_RANK_BITS : d == DIR_DOWN ? -BB_RANK_BITS : d == DIR_RIGHT ? 1 : -1;
}
ALWAYS_INLINE int side_step(int d)
{
    return d <= DIR_DOWN ? 1 : BB_RANK_BITS;
}

#define FILE_A_BITS UINT64_C(0x0001000100010001)
ALWAYS_INLINE Bb144 promotion_edge(int d)
{
    switch (d) {
    case DIR_UP: return bb_make(0, 0, UINT64_C(0x0FFF) << 48);
    case DIR_DOWN: return bb_make(0x0FFF, 0, 0);
    case DIR_RIGHT: return bb_make(FILE_A_BITS << 11, FILE_A_BITS << 11, FILE_A_BITS << 11);
    default: return bb_make(FILE_A_BITS, FILE_A_BITS, FILE_A_BITS);
    }
}

/* A shift by a board step without the board mask: every caller intersects
 * the result with empty or capturable squares, which lie on the board, and
 * sideways steps off the board land in padding (bb144.h). */
ALWAYS_INLINE Bb144 shift(Bb144 a, int step)
{
    return step > 0 ? bb_shl(a, (unsigned)step) : bb_shr(a, (unsigned)-step);
}

typedef struct Pin {
    uint8_t square, line, orientation;
    uint16_t ray; /* 12-bit: the squares from the king (excluded) to the pinner */
} Pin;

/* What stands against the king: checkers, and men pinned to it. */
typedef struct KingSafety {
    Bb144 danger;        /* squares that enemy knights, pawns, kings attack */
    Bb144 near_checkers; /* knights, pawns, kings giving check */
    int line_checks;     /* sliders giving check */
    Bb144 evasion;       /* filled only when in check */
    Bb144 pinned;
    int pin_count;
    Pin pins[8];
} KingSafety;

/* What a generator run needs besides the position. */
typedef struct Frame {
    const QbbState *s;
    QbbMove *list; /* NULL: count only */
    int n;
    int mover;
    Bb144 empty, capturable, targets;
} Frame;

ALWAYS_INLINE void add_moves_from(Frame *f, int from, Bb144 to_set)
{
    if (!f->list) {
        f->n += bb_count(to_set);
        return;
    }
    Piece piece = f->s->board[from];
    int to;
    BB_FOR_EACH(to, to_set)
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
        f->list[f->n++] = qbb_move(from, bb_line_squares[line][__builtin_ctz(to_bits)], piece, piece);
}

/* The positions a slider on `sq` may move to along orientation o: its
 * reach minus the mover's line set (friends, kings, phantoms). */
ALWAYS_INLINE unsigned line_targets(const Frame *f, int sq, int o, int *line)
{
    const QbbState *s = f->s;
    BbSquareLine at = bb_square_lines[sq][o];
    *line = at.line;
    uint64_t men = s->line_men[at.line];
    return bb_reach12(qbb_line_occupied(men), at.pos) & ~qbb_line_blocked_for(men, f->mover);
}

ALWAYS_INLINE void add_slider_line(Frame *f, int sq, int o)
{
    int line;
    unsigned to_bits = line_targets(f, sq, o, &line);
    add_line_moves(f, sq, line, to_bits);
}

/* The same, while in check: only onto the evasion mask. */
ALWAYS_INLINE void add_slider_evasions(Frame *f, int sq, int o1, int o2, Bb144 evasion)
{
    int line1, line2;
    unsigned bits1 = line_targets(f, sq, o1, &line1), bits2 = line_targets(f, sq, o2, &line2);
    Bb144 to_set = bb_or(bb_line_deposit(line1, bits1), bb_line_deposit(line2, bits2));
    add_moves_from(f, sq, bb_and(to_set, evasion));
}

/* The squares one step before the promotion edge: a pawn that can
 * promote stands there. */
ALWAYS_INLINE Bb144 before_edge(int d)
{
    switch (d) {
    case DIR_UP: return bb_make(0, 0, UINT64_C(0x0FFF) << 32);
    case DIR_DOWN: return bb_make(UINT64_C(0x0FFF) << 16, 0, 0);
    case DIR_RIGHT: return bb_make(FILE_A_BITS << 10, FILE_A_BITS << 10, FILE_A_BITS << 10);
    default: return bb_make(FILE_A_BITS << 1, FILE_A_BITS << 1, FILE_A_BITS << 1);
    }
}

/* Pawn moves landing on `to_set`, each from `to - step`.  `placed` is the
 * pawn after the move (EMPTY: unchanged); on `edge` it promotes instead,
 * which is looked at only when `may_promote` (some pawn stood next to the
 * edge): rare, and otherwise skipped. */
ALWAYS_INLINE void add_pawn_moves(Frame *f, Bb144 to_set, int step, Bb144 edge, bool may_promote, Piece placed)
{
    if (!f->list) {
        f->n += bb_count(to_set);
        if (may_promote)
            f->n += 3 * bb_count(bb_and(to_set, edge));
        return;
    }
    int to;
    BB_FOR_EACH(to, to_set)
    {
        int from = to - step;
        Piece moved = f->s->board[from];
        if (may_promote && bb_test(edge, to)) {
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
ALWAYS_INLINE void add_directed_pawns(Frame *f, Bb144 pawns, int d, Bb144 quiet, Bb144 captures)
{
    int forward = dir_step(d), side = side_step(d);
    Bb144 edge = promotion_edge(d);
    bool may_promote = bb_any(bb_and(pawns, before_edge(d)));
    add_pawn_moves(f, bb_and(shift(pawns, forward), quiet), forward, edge, may_promote, EMPTY);
    add_pawn_moves(f, bb_and(shift(pawns, forward + side), captures), forward + side, edge, may_promote, EMPTY);
    add_pawn_moves(f, bb_and(shift(pawns, forward - side), captures), forward - side, edge, may_promote, EMPTY);
}

/* Uncommitted pawns of one army: a push commits to its direction; the
 * capture along the main diagonal (one step in each forward direction)
 * keeps them uncommitted; a side capture commits to the one forward
 * direction it contains, from the landing square. */
ALWAYS_INLINE void add_uncommitted_pawns_of(Frame *f, Bb144 pawns, int army, int d1, int d2, Bb144 quiet,
                                            Bb144 captures)
{
    int s1 = dir_step(d1), s2 = dir_step(d2);
    Bb144 edge1 = promotion_edge(d1), edge2 = promotion_edge(d2);
    bool promote1 = bb_any(bb_and(pawns, before_edge(d1))), promote2 = bb_any(bb_and(pawns, before_edge(d2)));
    Piece to_d1 = PIECE_MAKE(army, PAWN, PAWN_UP + d1), to_d2 = PIECE_MAKE(army, PAWN, PAWN_UP + d2);
    add_pawn_moves(f, bb_and(shift(pawns, s1), quiet), s1, edge1, promote1, to_d1);
    add_pawn_moves(f, bb_and(shift(pawns, s2), quiet), s2, edge2, promote2, to_d2);
    add_pawn_moves(f, bb_and(shift(pawns, s1 + s2), captures), s1 + s2, bb_or(edge1, edge2), promote1 || promote2,
                   EMPTY);
    add_pawn_moves(f, bb_and(shift(pawns, s1 - s2), captures), s1 - s2, edge1, promote1, to_d1);
    add_pawn_moves(f, bb_and(shift(pawns, s2 - s1), captures), s2 - s1, edge2, promote2, to_d2);
}

/* Dispatch on the army so that each copy has constant directions. */
ALWAYS_INLINE void add_uncommitted_pawns(Frame *f, Bb144 pawns, int army, Bb144 quiet, Bb144 captures)
{
    switch (army) {
    case ARMY_WHITE: add_uncommitted_pawns_of(f, pawns, ARMY_WHITE, DIR_UP, DIR_RIGHT, quiet, captures); break;
    case ARMY_RED: add_uncommitted_pawns_of(f, pawns, ARMY_RED, DIR_DOWN, DIR_RIGHT, quiet, captures); break;
    case ARMY_BLACK: add_uncommitted_pawns_of(f, pawns, ARMY_BLACK, DIR_DOWN, DIR_LEFT, quiet, captures); break;
    default: add_uncommitted_pawns_of(f, pawns, ARMY_GREEN, DIR_UP, DIR_LEFT, quiet, captures); break;
    }
}

/* The pawns among `movers`, pushing onto `quiet` and capturing onto
 * `captures`. */
ALWAYS_INLINE void add_pawns(Frame *f, Bb144 movers, Bb144 quiet, Bb144 captures)
{
    const QbbState *s = f->s;
    /* Written out so that each direction's shifts are constants. */
    Bb144 up = bb_and(s->sets[SET_PAWNS + DIR_UP], movers), down = bb_and(s->sets[SET_PAWNS + DIR_DOWN], movers);
    Bb144 right = bb_and(s->sets[SET_PAWNS + DIR_RIGHT], movers), left = bb_and(s->sets[SET_PAWNS + DIR_LEFT], movers);
    if (bb_any(up))
        add_directed_pawns(f, up, DIR_UP, quiet, captures);
    if (bb_any(down))
        add_directed_pawns(f, down, DIR_DOWN, quiet, captures);
    if (bb_any(right))
        add_directed_pawns(f, right, DIR_RIGHT, quiet, captures);
    if (bb_any(left))
        add_directed_pawns(f, left, DIR_LEFT, quiet, captures);
    for (unsigned armies = s->armies_of[f->mover]; armies; armies &= armies - 1) {
        int army = __builtin_ctz(armies);
        Bb144 pawns = bb_and(s->sets[SET_UNCOMMITTED + army], movers);
        if (bb_any(pawns))
            add_uncommitted_pawns(f, pawns, army, quiet, captures);
    }
}

/* One pinned pawn: it keeps to its pin line. */
ALWAYS_INLINE void add_pinned_pawn(Frame *f, const Pin *pin)
{
    Piece piece = f->s->board[pin->square];
    Bb144 one = bb_square(pin->square), ray = bb_line_deposit(pin->line, pin->ray);
    Bb144 quiet = bb_and(f->empty, ray), captures = bb_and(f->capturable, ray);
    if (PIECE_PAWN_STATE(piece) == PAWN_UNCOMMITTED)
        add_uncommitted_pawns(f, one, PIECE_ARMY(piece), quiet, captures);
    else
        add_directed_pawns(f, one, PIECE_PAWN_STATE(piece) - PAWN_UP, quiet, captures);
}

/* Every man but the king, not in check.  A pinned slider moves only along
 * its pin line, where its reach already stops at the king and the pinner. */
ALWAYS_INLINE void add_men(Frame *f, Bb144 friends, const KingSafety *safety)
{
    const QbbState *s = f->s;
    Bb144 free_men = bb_andnot(friends, safety->pinned);
    int from;
    add_pawns(f, free_men, f->empty, f->capturable);
    BB_FOR_EACH(from, bb_and(s->sets[SET_KNIGHTS], free_men))
    add_moves_from(f, from, bb_and(bb_knight_attacks[from], f->targets));
    BB_FOR_EACH(from, bb_and(s->sets[SET_ROOK_LIKE], free_men))
    {
        add_slider_line(f, from, LINE_RANK);
        add_slider_line(f, from, LINE_FILE);
    }
    BB_FOR_EACH(from, bb_and(s->sets[SET_BISHOP_LIKE], free_men))
    {
        add_slider_line(f, from, LINE_DIAGONAL);
        add_slider_line(f, from, LINE_ANTI_DIAGONAL);
    }
    for (int i = 0; i < safety->pin_count; i++) {
        const Pin *pin = &safety->pins[i];
        Kind kind = PIECE_KIND(s->board[pin->square]);
        bool rook_line = pin->orientation <= LINE_FILE;
        if (kind == PAWN)
            add_pinned_pawn(f, pin);
        else if (kind == QUEEN || kind == (rook_line ? ROOK : BISHOP))
            add_slider_line(f, pin->square, pin->orientation);
    }
}

/* Every man but the king, in (single) check: onto the evasion mask only. */
static void add_evasions(Frame *f, Bb144 friends, const KingSafety *safety)
{
    const QbbState *s = f->s;
    Bb144 free_men = bb_andnot(friends, safety->pinned), evasion = safety->evasion;
    int from;
    add_pawns(f, free_men, bb_and(f->empty, evasion), bb_and(f->capturable, evasion));
    for (BbIter it = bb_iter(bb_and(s->sets[SET_KNIGHTS], free_men)); bb_next(&it, &from);)
        add_moves_from(f, from, bb_and(bb_knight_attacks[from], bb_and(f->targets, evasion)));
    for (BbIter it = bb_iter(bb_and(s->sets[SET_ROOK_LIKE], free_men)); bb_next(&it, &from);)
        add_slider_evasions(f, from, LINE_RANK, LINE_FILE, evasion);
    for (BbIter it = bb_iter(bb_and(s->sets[SET_BISHOP_LIKE], free_men)); bb_next(&it, &from);)
        add_slider_evasions(f, from, LINE_DIAGONAL, LINE_ANTI_DIAGONAL, evasion);
}

/* Checks and pins against the king on `ksq`. */
ALWAYS_INLINE void find_king_safety(const QbbState *s, int mover, Bb144 enemies, int ksq, KingSafety *k)
{
    k->danger = qbb_near_danger(s, enemies, ksq);
    k->near_checkers = bb_test(k->danger, ksq) ? qbb_near_attackers(s, enemies, ksq) : bb_empty();
    k->line_checks = 0;
    k->pinned = bb_empty();
    k->pin_count = 0;
    Bb144 check_rays = bb_empty();
    for (int o = 0; o < LINE_ORIENTATIONS; o++) {
        BbSquareLine at = bb_square_lines[ksq][o];
        unsigned sliders = qbb_enemy_sliders_on_line(s, mover, at.line);
        if (!sliders)
            continue;
        uint64_t men = s->line_men[at.line];
        unsigned occupancy = qbb_line_occupied(men);
        unsigned reach = bb_reach12(occupancy, at.pos);
        unsigned above = 0xFFFu << (at.pos + 1), below = (1u << at.pos) - 1;
        for (unsigned hits = reach & sliders; hits; hits &= hits - 1) {
            unsigned side = (unsigned)__builtin_ctz(hits) > at.pos ? above : below;
            check_rays = bb_or(check_rays, bb_line_deposit(at.line, reach & side));
            k->line_checks++;
        }
        /* The first men seen that the mover may not land on: friends (and
         * kings or phantoms, which x-ray into nothing that matters). */
        unsigned friends = reach & qbb_line_blocked_for(men, mover);
        if (!friends)
            continue;
        unsigned xray = bb_reach12(occupancy & ~friends, at.pos);
        for (unsigned pinners = xray & ~reach & sliders; pinners; pinners &= pinners - 1) {
            unsigned side = (unsigned)__builtin_ctz(pinners) > at.pos ? above : below;
            Pin *pin = &k->pins[k->pin_count++];
            pin->square = bb_line_squares[at.line][__builtin_ctz(friends & side)];
            pin->line = at.line;
            pin->orientation = (uint8_t)o;
            pin->ray = (uint16_t)(xray & side);
            bb_toggle(&k->pinned, pin->square);
        }
    }
    int checks = k->line_checks + bb_count(k->near_checkers);
    if (checks == 1)
        k->evasion = bb_or(check_rays, k->near_checkers);
    else
        k->evasion = checks ? bb_empty() : bb_board();
}

ALWAYS_INLINE void frame_init(Frame *f, const QbbState *s, QbbMove *list, int mover, Bb144 friends)
{
    f->s = s;
    f->list = list;
    f->n = 0;
    f->mover = mover;
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
    frame_init(&f, s, pseudo, mover, friends);
    KingSafety none = {.pinned = bb_empty(), .pin_count = 0};
    add_men(&f, friends, &none);
    int ksq;
    for (BbIter it = bb_iter(my_kings); bb_next(&it, &ksq);)
        add_moves_from(&f, ksq, bb_and(bb_king_attacks[ksq], f.targets));

    QbbState trial = *s;
    int kept = 0;
    for (int i = 0; i < f.n; i++) {
        Piece captured = qbb_make(&trial, pseudo[i]);
        Bb144 enemies = qbb_active_enemies(&trial, mover);
        bool safe = true;
        for (BbIter it = bb_iter(bb_and(trial.sets[SET_KINGS], trial.by_controller[mover]));
             safe && bb_next(&it, &ksq);)
            safe = !qbb_attacked(&trial, mover, enemies, ksq, ksq);
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
    frame_init(&f, s, list, mover, friends);
    if (bb_none(my_kings)) {
        KingSafety none = {.pinned = bb_empty(), .pin_count = 0};
        add_men(&f, friends, &none);
        return f.n;
    }

    int ksq = bb_first(my_kings);
    Bb144 enemies = qbb_active_enemies(s, mover);
    KingSafety safety;
    find_king_safety(s, mover, enemies, ksq, &safety);
    if (safety.line_checks == 0 && bb_none(safety.near_checkers))
        add_men(&f, friends, &safety);
    else if (bb_any(safety.evasion))
        add_evasions(&f, friends, &safety);

    /* The king: its target squares must not be attacked once it has left
     * its square (a slider's ray through it would reach them). */
    int to;
    Bb144 king_targets = bb_andnot(bb_and(bb_king_attacks[ksq], f.targets), safety.danger);
    BB_FOR_EACH(to, king_targets)
    if (!qbb_slider_attacked(s, mover, to, ksq)) {
        if (list)
            list[f.n] = qbb_move(ksq, to, s->board[ksq], s->board[ksq]);
        f.n++;
    }
    return f.n;
}

int qbb_generate(const QbbState *s, QbbMove *list)
{
    return generate(s, list);
}

int qbb_count(const QbbState *s)
{
    return generate(s, NULL);
}
