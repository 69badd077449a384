/* Legal move generation on the padded board (see padded_movegen.h).
 *
 * King safety walks each of the king's eight lines to its first man (the
 * guard bytes end every walk) and lets the square-difference tables of
 * padded_layout.h answer the rest with one lookup each: does the man found
 * attack the king from that difference, whatever it is (delta_attack: a
 * pawn one step away in the right direction, a king, a slider of the right
 * kind at any distance); which line is a friend pinned along; does a move's
 * destination lie between a king and its checker (delta_step and
 * delta_distance); does a pinned man's move stay on its line (delta_line).
 * An earlier version found checks and pins from the enemy piece lists
 * (a delta_attack lookup per enemy slider, a walk only when aligned); in
 * the crowded opening that measured slower than these short walks (opening
 * perft 5; no result file kept).
 *
 * One generator body serves both entry points: compiled once storing moves
 * and once only counting them.  The counter adds up pawn and knight moves
 * without branches and counts a slider's empty squares without storing
 * them. */
#include "padded_movegen.h"

#include <stdbool.h>
#include <stddef.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "padded_pawns.h"

/* One check: `checker` attacks `king`.  A move to t resolves it when t is
 * the checker's square or lies between them (same unit step from the king,
 * nearer); knight checks have step 0 and distance 0, so only capture helps. */
typedef struct CheckLine {
    int king, checker, step, distance;
} CheckLine;

/* Per king: 8 lines and 8 knight jumps; at most three of the mover's
 * kings face enemies. */
enum { MAX_CHECK_LINES = 3 * 16, MAX_PINS = 3 * 8 };

typedef struct Safety {
    int check_count;
    bool double_check; /* some king has two checkers: only kings may move */
    int pin_count;
    CheckLine checks[MAX_CHECK_LINES];
    uint16_t pinned[MAX_PINS];
} Safety;

static inline bool resolves(const CheckLine *c, int t)
{
    return t == c->checker || (qpd_delta_step(c->king, t) == c->step && qpd_delta_distance(c->king, t) < c->distance);
}

/* Whether a move to t resolves every check on kings other than `king`
 * (pass -1 for a man that is not a king). */
static inline bool resolves_all(const Safety *g, int king, int t)
{
    for (int i = 0; i < g->check_count; i++)
        if (g->checks[i].king != king && !resolves(&g->checks[i], t))
            return false;
    return true;
}

/* The first occupied square (man or guard) from sq + step on. */
static inline int first_occupied(const uint8_t *b, int sq, int step)
{
    sq += step;
    while (b[sq] == EMPTY)
        sq += step;
    return sq;
}

/* Along a rank the padded board is contiguous, and a guard byte lies at
 * most 12 squares east or west of any square, so one 16-byte comparison
 * finds the first man or guard that way: no loop, no branch to mispredict.
 * The 16 bytes stay inside the array (a1 - 16 = 32, l12 + 16 = 328). */
static inline int first_occupied_east(const uint8_t *b, int sq)
{
#ifdef __SSE2__
    __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(b + sq + 1));
    unsigned empty = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128()));
    return sq + 1 + __builtin_ctz(~empty);
#else
    return first_occupied(b, sq, QPD_STEP_E);
#endif
}

static inline int first_occupied_west(const uint8_t *b, int sq)
{
#ifdef __SSE2__
    __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(b + sq - 16));
    unsigned empty = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128()));
    return sq - 1 - __builtin_clz(~empty << 16); /* bit 15 is b[sq - 1] */
#else
    return first_occupied(b, sq, -QPD_STEP_E);
#endif
}

/* The first occupied square from sq in direction j (0..7). */
static inline int ray_end(const uint8_t *b, int sq, int j)
{
    if (j == 0)
        return first_occupied_east(b, sq);
    if (j == 4)
        return first_occupied_west(b, sq);
    return first_occupied(b, sq, qpd_step[j]);
}

static inline void add_check(Safety *g, int king, int checker, int step, int distance)
{
    g->checks[g->check_count++] = (CheckLine){king, checker, step, distance};
}

/* Finds the checkers of the king on k and narrows allowed[] for the men
 * pinned against it: one walk along each of the eight lines, which stops
 * at the first man and, if that is a friend, goes on to the next. */
static inline void scan_king(QpdState *s, const uint32_t *rel, int k, Safety *g)
{
    const uint8_t *b = s->board;
    int before = g->check_count;
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
        int step = qpd_step[j];
        int sq = ray_end(b, k, j);
        uint32_t r = rel[b[sq]];
        if (r & qpd_delta_attack(sq, k)) {
            add_check(g, k, sq, step, qpd_delta_distance(k, sq));
        } else if (r & QPD_RELATION_FRIEND) {
            int beyond = ray_end(b, sq, j);
            if (rel[b[beyond]] & qpd_delta_attack(beyond, k)) {
                s->allowed[sq] &= qpd_direction_line[j];
                g->pinned[g->pin_count++] = (uint16_t)sq;
            }
        }
    }
    for (int j = 0; j < 8; j++) {
        int sq = k + qpd_knight_step[j];
        if (rel[b[sq]] & QPD_ATTACK_KNIGHT)
            add_check(g, k, sq, 0, 0);
    }
    if (g->check_count - before > 1)
        g->double_check = true;
}

/* Whether an enemy man attacks square t: the first man on each line, and
 * the eight knight squares. */
static inline bool attacked(const uint8_t *b, const uint32_t *rel, int t)
{
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
        int sq = ray_end(b, t, j);
        if (rel[b[sq]] & qpd_delta_attack(sq, t))
            return true;
    }
    for (int j = 0; j < 8; j++)
        if (rel[b[t + qpd_knight_step[j]]] & QPD_ATTACK_KNIGHT)
            return true;
    return false;
}

#define EMIT(from_, to_, piece_)                                                                                       \
    do {                                                                                                               \
        if (!count_only)                                                                                               \
            out[n] = (QpdMove){(uint16_t)(from_), (uint16_t)(to_), (uint8_t)(piece_)};                                 \
        n++;                                                                                                           \
    } while (0)

static const uint8_t PROMOTION_KINDS[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

static inline bool promotes(int t, const QpdPawnStep *step)
{
    return (qpd_tables.square_edges[t] & step->promote_edges) != 0;
}

static inline int emit_pawn_step(QpdMove *out, int n, bool count_only, int f, int t, const QpdPawnStep *step)
{
    if (promotes(t, step)) {
        int army = PIECE_ARMY(step->after);
        for (int i = 0; i < 4; i++)
            EMIT(f, t, PIECE_MAKE(army, PROMOTION_KINDS[i], PAWN_NONE));
    } else {
        EMIT(f, t, step->after);
    }
    return n;
}

static inline unsigned flag(uint32_t relation, int shift)
{
    return (relation >> shift) & 1;
}

/* An uncommitted pawn's moves, counted without branches: every table entry
 * is tested, the unused ones land on the pawn itself and count zero. */
static inline int count_uncommitted_pawn(const uint8_t *b, const uint32_t *rel, int f)
{
    const QpdPawnRules *r = qpd_pawn_rules_of(b[f]);
    int n = 0;
    for (int i = 0; i < 2; i++) {
        int t = f + r->quiet[i].delta;
        n += (b[t] == EMPTY) * (promotes(t, &r->quiet[i]) ? 4 : 1);
    }
    for (int i = 0; i < 3; i++) {
        int t = f + r->capture[i].delta;
        n += (int)flag(rel[b[t]], QPD_RELATION_CAPTURE_SHIFT) * (promotes(t, &r->capture[i]) ? 4 : 1);
    }
    return n;
}

/* Moves of the man `cell` on f (not a king) that keep to the lines in
 * `allowed` and resolve every check in g: the general, slower path, for
 * pinned men and positions in check. */
static inline __attribute__((always_inline)) int generate_guarded(const QpdState *s, const uint32_t *rel, int f,
                                                                  const Safety *g, QpdMove *out, int n, bool count_only)
{
    const uint8_t *b = s->board;
    uint8_t cell = b[f];
    unsigned allowed = s->allowed[f];
    int first = 0, stride = 1;
    switch (PIECE_KIND(cell)) {
    case PAWN: {
        const QpdPawnRules *r = qpd_pawn_rules_of(cell);
        for (int i = 0; i < r->quiet_count; i++) {
            int t = f + r->quiet[i].delta;
            if (b[t] == EMPTY && (allowed & qpd_delta_line(f, t)) && resolves_all(g, -1, t))
                n = emit_pawn_step(out, n, count_only, f, t, &r->quiet[i]);
        }
        for (int i = 0; i < r->capture_count; i++) {
            int t = f + r->capture[i].delta;
            if ((rel[b[t]] & QPD_RELATION_CAPTURABLE) && (allowed & qpd_delta_line(f, t)) && resolves_all(g, -1, t))
                n = emit_pawn_step(out, n, count_only, f, t, &r->capture[i]);
        }
        return n;
    }
    case KNIGHT:
        if (!(allowed & QPD_LINE_KNIGHT))
            return n;
        for (int j = 0; j < 8; j++) {
            int t = f + qpd_knight_step[j];
            if ((rel[b[t]] & QPD_RELATION_TARGET) && resolves_all(g, -1, t))
                EMIT(f, t, cell);
        }
        return n;
    case BISHOP: first = 1, stride = 2; break;
    case ROOK: first = 0, stride = 2; break;
    case QUEEN: first = 0, stride = 1; break;
    default: return n;
    }
    for (int j = first; j < 8; j += stride) {
        if (!(allowed & qpd_direction_line[j]))
            continue;
        int step = qpd_step[j];
        int t = f + step;
        for (; b[t] == EMPTY; t += step)
            if (resolves_all(g, -1, t))
                EMIT(f, t, cell);
        if ((rel[b[t]] & QPD_RELATION_CAPTURABLE) && resolves_all(g, -1, t))
            EMIT(f, t, cell);
    }
    return n;
}

/* Slider moves from f in directions first, first + stride, ...  The
 * counter needs no loop at all along a rank. */
static inline __attribute__((always_inline)) int generate_slides(const uint8_t *b, const uint32_t *rel, int f,
                                                                 int first, int stride, QpdMove *out, int n,
                                                                 bool count_only)
{
    uint8_t cell = b[f];
#pragma GCC unroll 8
    for (int j = first; j < 8; j += stride) {
        int step = qpd_step[j];
        int t;
        if (!count_only) {
            t = ray_end(b, f, j);
            for (int x = f + step; x != t; x += step)
                EMIT(f, x, cell);
        } else if (j == 0) {
            t = first_occupied_east(b, f);
            n += t - f - 1;
        } else if (j == 4) {
            t = first_occupied_west(b, f);
            n += f - t - 1;
        } else {
            for (t = f + step; b[t] == EMPTY; t += step)
                n++;
        }
        if (count_only)
            n += (int)flag(rel[b[t]], QPD_RELATION_CAPTURE_SHIFT);
        else if (rel[b[t]] & QPD_RELATION_CAPTURABLE)
            EMIT(f, t, cell);
    }
    return n;
}

/* The forward step, the sideways step to its capture squares, and the
 * promotion edge of a directed pawn, by PawnState. */
static const int PAWN_FORWARD[5] = {
    [PAWN_UP] = QPD_STEP_N, [PAWN_DOWN] = -QPD_STEP_N, [PAWN_RIGHT] = QPD_STEP_E, [PAWN_LEFT] = -QPD_STEP_E};
static const int PAWN_SIDE[5] = {
    [PAWN_UP] = QPD_STEP_E, [PAWN_DOWN] = QPD_STEP_E, [PAWN_RIGHT] = QPD_STEP_N, [PAWN_LEFT] = QPD_STEP_N};

/* Moves of the unpinned pawns moving in direction `state` (not in check):
 * one quiet step and two captures, all on the line one step ahead, so
 * they promote together or not at all. */
static inline __attribute__((always_inline)) int generate_directed_pawns(QpdState *s, const uint32_t *rel, int a,
                                                                         PawnState state, const Safety *g, QpdMove *out,
                                                                         int n, bool count_only)
{
    const uint8_t *b = s->board;
    const uint16_t *pawns = s->list[a][state - 1];
    const int forward = PAWN_FORWARD[state], side = PAWN_SIDE[state];
    const unsigned edge = qpd_edge_bit(state);
    for (int i = 0, count = s->count[a][state - 1]; i < count; i++) {
        int f = pawns[i];
        if (s->allowed[f] != QPD_LINE_ANY) {
            n = generate_guarded(s, rel, f, g, out, n, count_only);
            continue;
        }
        int t = f + forward;
        bool promote = (qpd_tables.square_edges[t] & edge) != 0;
        if (count_only) {
            int targets = (b[t] == EMPTY) + (int)flag(rel[b[t + side]], QPD_RELATION_CAPTURE_SHIFT) +
                          (int)flag(rel[b[t - side]], QPD_RELATION_CAPTURE_SHIFT);
            n += targets << (2 * promote);
            continue;
        }
        const QpdPawnRules *r = qpd_pawn_rules_of(b[f]);
        if (b[t] == EMPTY)
            n = emit_pawn_step(out, n, count_only, f, t, &r->quiet[0]);
        for (int c = 0; c < 2; c++)
            if (rel[b[f + r->capture[c].delta]] & QPD_RELATION_CAPTURABLE)
                n = emit_pawn_step(out, n, count_only, f, f + r->capture[c].delta, &r->capture[c]);
    }
    return n;
}

/* Each army's two pawn directions: along its files, then along its ranks. */
static const PawnState ARMY_PAWN_DIRECTIONS[4][2] = {
    [ARMY_WHITE] = {PAWN_UP, PAWN_RIGHT},
    [ARMY_RED] = {PAWN_DOWN, PAWN_RIGHT},
    [ARMY_BLACK] = {PAWN_DOWN, PAWN_LEFT},
    [ARMY_GREEN] = {PAWN_UP, PAWN_LEFT},
};

/* Moves of the non-king men of army a. */
static inline __attribute__((always_inline)) int generate_army(QpdState *s, const uint32_t *rel, int a, const Safety *g,
                                                               bool in_check, QpdMove *out, int n, bool count_only)
{
    const uint8_t *b = s->board;
    if (in_check) {
        for (int list = 0; list < QPD_LIST_KING; list++)
            for (int i = 0; i < s->count[a][list]; i++)
                n = generate_guarded(s, rel, s->list[a][list][i], g, out, n, count_only);
        return n;
    }
    for (int d = 0; d < 2; d++)
        n = generate_directed_pawns(s, rel, a, ARMY_PAWN_DIRECTIONS[a][d], g, out, n, count_only);

    const uint16_t *pawns = s->list[a][QPD_LIST_PAWN_UNCOMMITTED];
    for (int i = 0, count = s->count[a][QPD_LIST_PAWN_UNCOMMITTED]; i < count; i++) {
        int f = pawns[i];
        if (s->allowed[f] != QPD_LINE_ANY) {
            n = generate_guarded(s, rel, f, g, out, n, count_only);
        } else if (count_only) {
            n += count_uncommitted_pawn(b, rel, f);
        } else {
            const QpdPawnRules *r = qpd_pawn_rules_of(b[f]);
            for (int q = 0; q < r->quiet_count; q++)
                if (b[f + r->quiet[q].delta] == EMPTY)
                    n = emit_pawn_step(out, n, count_only, f, f + r->quiet[q].delta, &r->quiet[q]);
            for (int c = 0; c < r->capture_count; c++)
                if (rel[b[f + r->capture[c].delta]] & QPD_RELATION_CAPTURABLE)
                    n = emit_pawn_step(out, n, count_only, f, f + r->capture[c].delta, &r->capture[c]);
        }
    }
    const uint16_t *knights = s->list[a][QPD_LIST_KNIGHT];
    for (int i = 0, count = s->count[a][QPD_LIST_KNIGHT]; i < count; i++) {
        int f = knights[i];
        if (s->allowed[f] != QPD_LINE_ANY)
            continue; /* a pinned knight cannot move */
        for (int j = 0; j < 8; j++) {
            int t = f + qpd_knight_step[j];
            if (count_only)
                n += (int)flag(rel[b[t]], QPD_RELATION_TARGET_SHIFT);
            else if (rel[b[t]] & QPD_RELATION_TARGET)
                EMIT(f, t, b[f]);
        }
    }
    static const int FIRST[QPD_LISTS] = {[QPD_LIST_BISHOP] = 1, [QPD_LIST_ROOK] = 0, [QPD_LIST_QUEEN] = 0};
    static const int STRIDE[QPD_LISTS] = {[QPD_LIST_BISHOP] = 2, [QPD_LIST_ROOK] = 2, [QPD_LIST_QUEEN] = 1};
#pragma GCC unroll 3
    for (int list = QPD_LIST_BISHOP; list <= QPD_LIST_QUEEN; list++) {
        const uint16_t *sliders = s->list[a][list];
        for (int i = 0, count = s->count[a][list]; i < count; i++) {
            int f = sliders[i];
            if (s->allowed[f] != QPD_LINE_ANY)
                n = generate_guarded(s, rel, f, g, out, n, count_only);
            else
                n = generate_slides(b, rel, f, FIRST[list], STRIDE[list], out, n, count_only);
        }
    }
    return n;
}

/* Moves of the king on k: to squares no enemy attacks once the king has
 * left k, keeping to its pin line if it shields another king, and
 * resolving the checks on the other kings. */
static inline __attribute__((always_inline)) int generate_king(QpdState *s, const uint32_t *rel, int k, const Safety *g,
                                                               QpdMove *out, int n, bool count_only)
{
    uint8_t *b = s->board;
    uint8_t king = b[k];
    unsigned allowed = s->allowed[k];
    b[k] = EMPTY;
    for (int j = 0; j < 8; j++) {
        int t = k + qpd_step[j];
        if (!(rel[b[t]] & QPD_RELATION_TARGET) || !(allowed & qpd_direction_line[j]) || !resolves_all(g, k, t) ||
            attacked(b, rel, t))
            continue;
        EMIT(k, t, king);
    }
    b[k] = king;
    return n;
}

static inline __attribute__((always_inline)) int generate_all(QpdState *s, QpdMove *out, bool count_only)
{
    const uint32_t *rel = s->relation[s->turn];
    unsigned armies = s->armies_of[s->turn];
    Safety g;
    g.check_count = 0;
    g.pin_count = 0;
    g.double_check = false;
    for (int a = 0; a < 4; a++)
        if ((armies & (1u << a)) && s->count[a][QPD_LIST_KING])
            scan_king(s, rel, s->list[a][QPD_LIST_KING][0], &g);

    int n = 0;
    if (!g.double_check)
        for (int a = 0; a < 4; a++)
            if (armies & (1u << a))
                n = generate_army(s, rel, a, &g, g.check_count > 0, out, n, count_only);
    for (int a = 0; a < 4; a++)
        if ((armies & (1u << a)) && s->count[a][QPD_LIST_KING])
            n = generate_king(s, rel, s->list[a][QPD_LIST_KING][0], &g, out, n, count_only);

    for (int i = 0; i < g.pin_count; i++)
        s->allowed[g.pinned[i]] = QPD_LINE_ANY;
    return n;
}

int qpd_generate(QpdState *s, QpdMove *out)
{
    return generate_all(s, out, false);
}

int qpd_count(QpdState *s)
{
    return generate_all(s, NULL, true);
}
