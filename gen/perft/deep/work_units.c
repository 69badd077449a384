#include "deep/work_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"

/* A position as units tell them apart: the squares of its game, side or
 * controller to move, Quaternity's controllers and frozen set, the castling
 * rights with the rook file of each right held, and the en passant square
 * where a capture may use it; no clocks (they do not change a perft count)
 * and no notation.  Bytes, so equal positions compare equal with memcmp and
 * hash alike, and cheap: the text (FEN) that told them apart before cost
 * ~14,000 instructions per unit in sprintf (callgrind, Kiwipete perft 4). */
/* 13 bytes of fields, the key padded with zeros to whole 8-byte words (key_hash). */
enum { KEY_FIELDS = 16, UNIT_KEY_SIZE = MAX_SQUARES + KEY_FIELDS };
typedef struct UnitKey {
    unsigned char bytes[UNIT_KEY_SIZE];
} UnitKey;

/* While collecting: each unit's uses as a list through `next`, flattened
 * into WorkUnits.uses at the end; positions found by their key in an
 * open-addressing table. */
typedef struct Collector {
    const Backend *b;
    void *instance;
    Game game;
    WorkUnits *u;
    struct Use {
        int root;
        uint64_t lines;
        size_t next; /* SIZE_MAX: the last */
    } * uses;
    size_t use_count, use_capacity;
    size_t *head, *tail; /* per unit */
    UnitKey *keys;       /* per unit (positions only) */
    size_t *slots;       /* the table: unit index + 1, 0 empty */
    size_t slot_count;
    size_t moves_capacity, head_capacity, tail_capacity, keys_capacity;
} Collector;

static int grow(void **array, size_t *capacity, size_t need, size_t size)
{
    if (need <= *capacity)
        return 0;
    size_t n = *capacity ? *capacity : 256;
    while (n < need)
        n *= 2;
    void *p = realloc(*array, n * size);
    if (!p)
        return -1;
    *array = p;
    *capacity = n;
    return 0;
}

/* Eight bytes at a time, each word multiplied in and its high bits folded
 * down (the table takes the low bits): byte at a time, this hash was most of
 * a small count's split (results/experiments/2026-12-06-suite-profile/). */
static uint64_t key_hash(const UnitKey *key)
{
    _Static_assert(UNIT_KEY_SIZE % 8 == 0, "the key is hashed a word at a time");
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < UNIT_KEY_SIZE; i += 8) {
        uint64_t word;
        memcpy(&word, key->bytes + i, sizeof word);
        h = (h ^ word) * 0x9e3779b97f4a7c15ull;
        h ^= h >> 29;
    }
    return h;
}

/* Doubles the table when it is half full; -1 when out of memory. */
static int table_room(Collector *c)
{
    if (2 * (c->u->count + 1) <= c->slot_count)
        return 0;
    size_t n = c->slot_count ? 2 * c->slot_count : 1024;
    size_t *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < c->slot_count; i++)
        if (c->slots[i]) {
            size_t k = key_hash(&c->keys[c->slots[i] - 1]) & (n - 1);
            while (slots[k])
                k = (k + 1) & (n - 1);
            slots[k] = c->slots[i];
        }
    free(c->slots);
    c->slots = slots;
    c->slot_count = n;
    return 0;
}

/* Chess: whether a pawn of the side to move stands beside the pawn that
 * stepped to give the en passant square (the rule chess_zobrist_ep_keyed
 * keys it by), so that positions differing only in a square no capture can
 * use are one unit. */
static bool ep_usable(const Position *pos)
{
    int ep = pos->ep_square;
    if (pos->game != GAME_CHESS || ep < 0 || ep >= C_SQUARES)
        return false;
    int stepped = ep + (pos->turn ? 8 : -8), file = stepped & 7;
    for (int d = -1; d <= 1; d += 2) {
        Piece p = file + d >= 0 && file + d < 8 ? pos->board[stepped + d] : EMPTY;
        if (p != EMPTY && PIECE_KIND(p) == PAWN && PIECE_ARMY(p) == pos->turn)
            return true;
    }
    return false;
}

static UnitKey unit_key(const Position *pos)
{
    UnitKey key = {{0}};
    int squares = game_squares(pos->game);
    memcpy(key.bytes, pos->board, (size_t)squares * sizeof *pos->board);
    unsigned char *f = key.bytes + MAX_SQUARES;
    f[0] = (unsigned char)pos->game;
    f[1] = (unsigned char)pos->turn;
    memcpy(f + 2, pos->controller, 4);
    f[6] = pos->frozen;
    f[7] = pos->castling;
    for (int r = 0; r < CASTLE_RIGHTS; r++)
        f[8 + r] = pos->castling & (1u << r) ? pos->castling_rook[r] : 0;
    f[12] = ep_usable(pos) ? (unsigned char)pos->ep_square : 0xff;
    return key;
}

/* The unit of the line in `path` (a new one when its position is new). */
static long long unit_of(Collector *c, const Move *path)
{
    WorkUnits *u = c->u;
    UnitKey key;
    size_t slot = 0;
    if (u->positions) {
        Position pos;
        c->b->save(c->instance, &pos);
        key = unit_key(&pos);
        if (table_room(c) < 0)
            return -1;
        slot = key_hash(&key) & (c->slot_count - 1);
        for (; c->slots[slot]; slot = (slot + 1) & (c->slot_count - 1))
            if (memcmp(&c->keys[c->slots[slot] - 1], &key, sizeof key) == 0)
                return (long long)c->slots[slot] - 1;
    }
    size_t i = u->count;
    if (grow((void **)&u->moves, &c->moves_capacity, (i + 1) * (size_t)u->split, sizeof *u->moves) < 0 ||
        grow((void **)&c->head, &c->head_capacity, i + 1, sizeof *c->head) < 0 ||
        grow((void **)&c->tail, &c->tail_capacity, i + 1, sizeof *c->tail) < 0 ||
        (u->positions && grow((void **)&c->keys, &c->keys_capacity, i + 1, sizeof *c->keys) < 0))
        return -1;
    memcpy(u->moves + i * (size_t)u->split, path, sizeof *path * (size_t)u->split);
    c->head[i] = c->tail[i] = SIZE_MAX;
    if (u->positions) {
        c->keys[i] = key;
        c->slots[slot] = i + 1;
    }
    u->count++;
    return (long long)i;
}

/* Adds a line of root move `root` to unit i. */
static int use_add(Collector *c, size_t i, int root)
{
    if (c->tail[i] != SIZE_MAX && c->uses[c->tail[i]].root == root) {
        c->uses[c->tail[i]].lines++;
        return 0;
    }
    if (grow((void **)&c->uses, &c->use_capacity, c->use_count + 1, sizeof *c->uses) < 0)
        return -1;
    size_t k = c->use_count++;
    c->uses[k] = (struct Use){root, 1, SIZE_MAX};
    if (c->tail[i] == SIZE_MAX)
        c->head[i] = k;
    else
        c->uses[c->tail[i]].next = k;
    c->tail[i] = k;
    return 0;
}

/* Every line from the instance's position that completes `path` (ply moves
 * long so far) to u->split plies. */
static int collect(Collector *c, Move *path, int ply, int root)
{
    WorkUnits *u = c->u;
    if (ply == u->split) {
        long long i = unit_of(c, path);
        if (i < 0 || use_add(c, (size_t)i, root) < 0)
            return -1;
        u->lines++;
        return 0;
    }
    Move moves[MAX_MOVES];
    int n = c->b->generate(c->instance, moves);
    moves_sort(c->game, moves, n);
    for (int i = 0; i < n; i++) {
        path[ply] = moves[i];
        c->b->make(c->instance, moves[i]);
        int r = collect(c, path, ply + 1, ply == 0 ? i : root);
        c->b->unmake(c->instance, moves[i]);
        if (r < 0)
            return -1;
    }
    return 0;
}

/* The uses' lists into u->first and u->uses. */
static int flatten(Collector *c)
{
    WorkUnits *u = c->u;
    u->first = malloc(sizeof *u->first * (u->count + 1));
    u->uses = malloc(sizeof *u->uses * (c->use_count + 1));
    if (!u->first || !u->uses)
        return -1;
    size_t n = 0;
    for (size_t i = 0; i < u->count; i++) {
        u->first[i] = n;
        for (size_t k = c->head[i]; k != SIZE_MAX; k = c->uses[k].next)
            u->uses[n++] = (UnitUse){c->uses[k].root, c->uses[k].lines};
    }
    u->first[u->count] = n;
    return 0;
}

static void collector_free(Collector *c)
{
    free(c->keys);
    free(c->slots);
    free(c->uses);
    free(c->head);
    free(c->tail);
    memset(c, 0, sizeof *c);
}

void work_units_free(WorkUnits *u)
{
    free(u->moves);
    free(u->first);
    free(u->uses);
    memset(u, 0, sizeof *u);
}

static int split_at(const Backend *b, void *instance, Game game, int split, bool positions, WorkUnits *u)
{
    work_units_free(u);
    u->split = split;
    u->positions = positions;
    Collector c = {.b = b, .instance = instance, .game = game, .u = u};
    Move path[MAX_DEPTH];
    int r = collect(&c, path, 0, 0) < 0 || flatten(&c) < 0 ? -1 : 0;
    collector_free(&c);
    return r;
}

int work_units_split(const Backend *b, void *instance, Game game, int depth, int split, size_t target, bool positions,
                     WorkUnits *u)
{
    int deepest = work_units_deepest_split(depth);
    for (int s = split ? split : 1; s <= deepest; s++) {
        if (split_at(b, instance, game, s, positions, u) < 0)
            return -1;
        if (split || u->count >= target)
            break;
    }
    return 0;
}

uint64_t work_unit_lines(const WorkUnits *u, size_t i)
{
    uint64_t lines = 0;
    for (size_t k = u->first[i]; k < u->first[i + 1]; k++)
        lines += u->uses[k].lines;
    return lines;
}

void work_unit_text(const WorkUnits *u, Game game, size_t i, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    const Move *moves = work_unit_moves(u, i);
    for (int k = 0; k < u->split && n < size; k++) {
        char mt[MOVE_TEXT_MAX];
        move_format(game, moves[k], mt);
        n += (size_t)snprintf(out + n, size - n, "%s%s", k ? " " : "", mt);
    }
}
