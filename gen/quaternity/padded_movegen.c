/* Legal move generation on the padded board (see padded_movegen.h).
 *
 * One generator body serves both entry points: compiled once storing moves
 * and once only counting them, so the counter's slider loops reduce to
 * counting empty squares. */
#include "padded_movegen.h"

#include <stdbool.h>
#include <stddef.h>

#include "padded_pawns.h"

/* One check: `checker` attacks `king`.  A move to t resolves it when t is
 * the checker's square or lies between them (same unit step from the king,
 * nearer); knight checks have step 0 and distance 0, so only capture helps. */
typedef struct CheckLine {
    int king, checker, step, distance;
} CheckLine;

/* Per kings: 8 rays and 8 knight jumps; at most three kings face enemies. */
enum { MAX_CHECK_LINES = 48, MAX_PINS = 32 };

typedef struct Safety {
    int check_count;
    bool double_check; /* some king has two checkers: only kings may move */
    int pin_count;
    CheckLine checks[MAX_CHECK_LINES];
    uint16_t pinned[MAX_PINS];
} Safety;

static inline bool resolves(const CheckLine *c, int t)
{
    return t == c->checker || (pad_delta_step(c->king, t) == c->step && pad_delta_distance(c->king, t) < c->distance);
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

/* Finds the checkers of the king on k and narrows allowed[] for the men
 * pinned against it. */
static inline void scan_king(PadState *s, const uint32_t *rel, int k, Safety *g)
{
    const uint8_t *b = s->board;
    int checkers = 0;
    for (int j = 0; j < 8; j++) {
        int step = pad_step[j];
        int sq = k + step;
        while (b[sq] == EMPTY)
            sq += step;
        uint32_t r = rel[b[sq]];
        if (r & pad_delta_attack(sq, k)) {
            g->checks[g->check_count++] = (CheckLine){k, sq, step, pad_delta_distance(k, sq)};
            checkers++;
        } else if (r & RELATION_FRIEND) {
            int beyond = sq + step;
            while (b[beyond] == EMPTY)
                beyond += step;
            if (rel[b[beyond]] & pad_delta_attack(beyond, k)) {
                s->allowed[sq] &= pad_direction_line[j];
                g->pinned[g->pin_count++] = (uint16_t)sq;
            }
        }
    }
    for (int j = 0; j < 8; j++) {
        int sq = k + pad_knight_step[j];
        if (rel[b[sq]] & ATTACK_KNIGHT) {
            g->checks[g->check_count++] = (CheckLine){k, sq, 0, 0};
            checkers++;
        }
    }
    if (checkers > 1)
        g->double_check = true;
}

/* Whether an enemy of the relation table `rel` attacks square t. */
static inline bool attacked(const uint8_t *b, const uint32_t *rel, int t)
{
    for (int j = 0; j < 8; j++) {
        int step = pad_step[j];
        int sq = t + step;
        while (b[sq] == EMPTY)
            sq += step;
        if (rel[b[sq]] & pad_delta_attack(sq, t))
            return true;
    }
    for (int j = 0; j < 8; j++)
        if (rel[b[t + pad_knight_step[j]]] & ATTACK_KNIGHT)
            return true;
    return false;
}

#define EMIT(from_, to_, piece_)                                                                                       \
    do {                                                                                                               \
        if (!count_only)                                                                                               \
            out[n] = (PadMove){(uint16_t)(from_), (uint16_t)(to_), (uint8_t)(piece_)};                                 \
        n++;                                                                                                           \
    } while (0)

static const uint8_t PROMOTION_KINDS[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

static inline int emit_pawn_step(PadMove *out, int n, bool count_only, int f, int t, const PawnStep *step)
{
    if (pad_tables.square_edges[t] & step->promote_edges) {
        int army = PIECE_ARMY(step->after);
        for (int i = 0; i < 4; i++)
            EMIT(f, t, PIECE_MAKE(army, PROMOTION_KINDS[i], PAWN_NONE));
    } else {
        EMIT(f, t, step->after);
    }
    return n;
}

/* Moves of the non-king man `cell` on f.  When `filtered`, each move must
 * keep to the lines in `allowed` and resolve every check in g. */
static inline __attribute__((always_inline)) int generate_man(const PadState *s, const uint32_t *rel, int f,
                                                              uint8_t cell, unsigned allowed, const Safety *g,
                                                              PadMove *out, int n, bool filtered, bool count_only)
{
    const uint8_t *b = s->board;
    int first = 0, stride = 1;
    switch (PIECE_KIND(cell)) {
    case PAWN: {
        const PawnRules *r = pawn_rules_of(cell);
        for (int i = 0; i < r->quiet_count; i++) {
            int t = f + r->quiet[i].delta;
            if (b[t] != EMPTY)
                continue;
            if (filtered && (!(allowed & pad_delta_line(f, t)) || !resolves_all(g, -1, t)))
                continue;
            n = emit_pawn_step(out, n, count_only, f, t, &r->quiet[i]);
        }
        for (int i = 0; i < r->capture_count; i++) {
            int t = f + r->capture[i].delta;
            if (!(rel[b[t]] & RELATION_CAPTURABLE))
                continue;
            if (filtered && (!(allowed & pad_delta_line(f, t)) || !resolves_all(g, -1, t)))
                continue;
            n = emit_pawn_step(out, n, count_only, f, t, &r->capture[i]);
        }
        return n;
    }
    case KNIGHT:
        if (filtered && !(allowed & LINE_KNIGHT))
            return n;
        for (int j = 0; j < 8; j++) {
            int t = f + pad_knight_step[j];
            uint8_t target = b[t];
            if (target != EMPTY && !(rel[target] & RELATION_CAPTURABLE))
                continue;
            if (filtered && !resolves_all(g, -1, t))
                continue;
            EMIT(f, t, cell);
        }
        return n;
    case BISHOP: first = 1, stride = 2; break;
    case ROOK: first = 0, stride = 2; break;
    case QUEEN: first = 0, stride = 1; break;
    default: return n;
    }
    for (int j = first; j < 8; j += stride) {
        if (filtered && !(allowed & pad_direction_line[j]))
            continue;
        int step = pad_step[j];
        int t = f + step;
        for (; b[t] == EMPTY; t += step)
            if (!filtered || resolves_all(g, -1, t))
                EMIT(f, t, cell);
        if ((rel[b[t]] & RELATION_CAPTURABLE) && (!filtered || resolves_all(g, -1, t)))
            EMIT(f, t, cell);
    }
    return n;
}

/* Moves of the king on k: to squares no enemy attacks once the king has
 * left k, keeping to its pin line if it shields another king, and
 * resolving the checks on the other kings. */
static inline __attribute__((always_inline)) int generate_king(PadState *s, const uint32_t *rel, int k, const Safety *g,
                                                               PadMove *out, int n, bool count_only)
{
    uint8_t *b = s->board;
    uint8_t king = b[k];
    unsigned allowed = s->allowed[k];
    b[k] = EMPTY;
    for (int j = 0; j < 8; j++) {
        int t = k + pad_step[j];
        uint8_t target = b[t];
        if (target != EMPTY && !(rel[target] & RELATION_CAPTURABLE))
            continue;
        if (!(allowed & pad_direction_line[j]) || !resolves_all(g, k, t) || attacked(b, rel, t))
            continue;
        EMIT(k, t, king);
    }
    b[k] = king;
    return n;
}

static inline __attribute__((always_inline)) int generate_all(PadState *s, PadMove *out, bool count_only)
{
    const uint32_t *rel = s->relation[s->turn];
    unsigned armies = s->armies_of[s->turn];
    Safety g;
    g.check_count = 0;
    g.pin_count = 0;
    g.double_check = false;
    for (int a = 0; a < 4; a++)
        if ((armies & s->has_king) & (1u << a))
            scan_king(s, rel, s->list[a][0], &g);

    int n = 0;
    if (!g.double_check) {
        bool in_check = g.check_count > 0;
        for (int a = 0; a < 4; a++) {
            if (!(armies & (1u << a)))
                continue;
            const uint16_t *list = s->list[a];
            int count = s->count[a];
            for (int i = (s->has_king >> a) & 1; i < count; i++) {
                int f = list[i];
                uint8_t cell = s->board[f];
                unsigned allowed = s->allowed[f];
                if (!in_check && allowed == LINE_ANY)
                    n = generate_man(s, rel, f, cell, allowed, &g, out, n, false, count_only);
                else
                    n = generate_man(s, rel, f, cell, allowed, &g, out, n, true, count_only);
            }
        }
    }
    for (int a = 0; a < 4; a++)
        if ((armies & s->has_king) & (1u << a))
            n = generate_king(s, rel, s->list[a][0], &g, out, n, count_only);

    for (int i = 0; i < g.pin_count; i++)
        s->allowed[g.pinned[i]] = LINE_ANY;
    return n;
}

int padded_generate(PadState *s, PadMove *out)
{
    return generate_all(s, out, false);
}

int padded_count(PadState *s)
{
    return generate_all(s, NULL, true);
}
