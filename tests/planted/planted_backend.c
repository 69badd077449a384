#include "planted_backend.h"

#include <stdio.h>
#include <string.h>

#include "../../gen/quaternity/quaternity_stats.h"
#include "move_text.h"
#include "position_text.h"
#include "registry.h"
#include "session.h"

/* One bug per game: where and which move. */
typedef struct PlantedBug {
    bool planted;
    Position at;
    Move drop;
    bool misclassify; /* chess --stats: at `at`, the leaves' direct checks counted as discovered */
} PlantedBug;

static PlantedBug planted_bugs[2];

static PlantedBug *bug_of(Game game)
{
    return &planted_bugs[game == GAME_CHESS];
}

/* The real backend behind the planted one. */
static const Backend *inner_backend(Game game)
{
    return backend_find("mailbox", game);
}

/* The position reached from `root` by `path` into the bug of its game,
 * its legal moves into `moves` (room for MAX_MOVES) and their number into
 * *count: the bug, or NULL with a message in err. */
static PlantedBug *bug_position(const char *root, const char *path, Move *moves, int *count, char *err, size_t errlen)
{
    Position position;
    if (position_parse(root, &position, err, errlen) < 0)
        return NULL;
    PlantedBug *bug = bug_of(position.game);
    Session session;
    bool played = session_open(&session, inner_backend(position.game), &position, err, errlen) == 0 &&
                  session_play(&session, path, err, errlen) == 0;
    if (played) {
        session.backend->save(session.state, &bug->at);
        *count = session.backend->generate(session.state, moves);
    }
    session_close(&session);
    return played ? bug : NULL;
}

int planted_bug_set(const char *root, const char *path, const char *drop, Position *at, char *err, size_t errlen)
{
    Move moves[MAX_MOVES];
    int count;
    PlantedBug *bug = bug_position(root, path, moves, &count, err, errlen);
    if (!bug)
        return -1;
    if (move_parse_in(&bug->at, drop, &bug->drop) < 0 || moves_find(moves, count, bug->drop) < 0) {
        snprintf(err, errlen, "planted bug: the move to drop, '%s', is not legal after '%s'", drop, path);
        return -1;
    }
    bug->planted = true;
    if (at)
        *at = bug->at;
    return 0;
}

int planted_misclassify_set(const char *root, const char *path, char *err, size_t errlen)
{
    Move moves[MAX_MOVES];
    int count;
    PlantedBug *bug = bug_position(root, path, moves, &count, err, errlen);
    if (!bug)
        return -1;
    bug->misclassify = true;
    return 0;
}

/* An instance: the real backend's instance, through which every call but
 * generate passes unchanged. */
typedef struct Planted {
    const Backend *inner_backend;
    void *inner;
    const PlantedBug *bug;
} Planted;

static void *planted_create(const Backend *self)
{
    Planted *p = malloc(sizeof *p);
    if (!p)
        return NULL;
    p->inner_backend = inner_backend(self->game);
    p->inner = p->inner_backend->create(p->inner_backend);
    p->bug = bug_of(self->game);
    if (!p->inner) {
        free(p);
        return NULL;
    }
    return p;
}

static void planted_destroy(void *state)
{
    Planted *p = state;
    if (p)
        p->inner_backend->destroy(p->inner);
    free(p);
}

static void planted_load(void *state, const Position *pos)
{
    Planted *p = state;
    p->inner_backend->load(p->inner, pos);
}

static void planted_save(const void *state, Position *pos)
{
    const Planted *p = state;
    p->inner_backend->save(p->inner, pos);
}

static void planted_make(void *state, Move m)
{
    Planted *p = state;
    p->inner_backend->make(p->inner, m);
}

static void planted_unmake(void *state, Move m)
{
    Planted *p = state;
    p->inner_backend->unmake(p->inner, m);
}

/* The real moves, less the dropped one at the planted position. */
static int planted_generate(void *state, Move *moves)
{
    Planted *p = state;
    int count = p->inner_backend->generate(p->inner, moves);
    if (p->bug->planted) {
        Position here;
        p->inner_backend->save(p->inner, &here);
        int i = position_equal(&here, &p->bug->at) ? moves_find(moves, count, p->bug->drop) : -1;
        if (i >= 0)
            moves[i] = moves[--count];
    }
    return count;
}

/* Perft through the planted generator, so that the bug shows at every
 * depth above it as a real generator's would. */
static uint64_t planted_perft(void *state, int depth, bool bulk)
{
    if (depth <= 0)
        return 1;
    Move moves[MAX_MOVES];
    int count = planted_generate(state, moves);
    if (bulk && depth == 1)
        return (uint64_t)count;
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        planted_make(state, moves[i]);
        nodes += planted_perft(state, depth - 1, bulk);
        planted_unmake(state, moves[i]);
    }
    return nodes;
}

/* ---- Statistics (--stats), chess: the planted generator's leaves,
 * classified from the neutral board as gen/chess/RULES.md#perft-statistics
 * defines the columns.  A test-only classifier, kept apart from every
 * backend's: with nothing planted its counts must equal theirs, which
 * tests/stats_cli.c checks before it trusts a planted run. ---- */

/* Whether a knight, king, bishop, rook or queen on `from` attacks `target`
 * on a board `width` squares wide (a slider: the squares between empty). */
static bool piece_attacks(const Position *p, int width, int from, int target)
{
    Kind k = PIECE_KIND(p->board[from]);
    int df = target % width - from % width, dr = target / width - from / width;
    int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
    switch (k) {
    case KNIGHT: return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case KING: return adf <= 1 && adr <= 1 && (adf || adr);
    case BISHOP:
    case ROOK:
    case QUEEN: {
        bool straight = df == 0 || dr == 0, diagonal = adf == adr;
        if ((!straight && !diagonal) || (adf == 0 && adr == 0) || (straight && k == BISHOP) ||
            (diagonal && !straight && k == ROOK))
            return false;
        int step = ((dr > 0) - (dr < 0)) * width + (df > 0) - (df < 0);
        for (int sq = from + step; sq != target; sq += step)
            if (p->board[sq] != EMPTY)
                return false;
        return true;
    }
    default: return false;
    }
}

/* Whether the piece on `from` attacks `target` on the neutral chess board. */
static bool chess_attacks(const Position *p, int from, int target)
{
    Piece piece = p->board[from];
    if (PIECE_KIND(piece) != PAWN)
        return piece_attacks(p, C_WIDTH, from, target);
    int df = target % C_WIDTH - from % C_WIDTH, dr = target / C_WIDTH - from / C_WIDTH;
    return (df == 1 || df == -1) && dr == (PIECE_ARMY(piece) == CHESS_WHITE ? 1 : -1);
}

/* Counts the leaf `move` from `before` reaches (the instance stands there). */
static void chess_leaf(void *state, const Position *before, Move move, PerftStats *out)
{
    Position after;
    planted_save(state, &after);
    unsigned kind = 0;
    int destination = move.to; /* where a checker would stand directly */
    if (move_is_castling(move)) {
        kind = STATS_MOVE_CASTLE;
        destination = move.from / C_WIDTH * C_WIDTH + (move.to > move.from ? 5 : 3); /* the rook's f or d file */
    } else {
        bool en_passant = PIECE_KIND(before->board[move.from]) == PAWN && move.to == before->ep_square &&
                          move.from % C_WIDTH != move.to % C_WIDTH && before->board[move.to] == EMPTY;
        if (en_passant)
            kind = STATS_MOVE_CAPTURE | STATS_MOVE_EN_PASSANT;
        else if (before->board[move.to] != EMPTY)
            kind = STATS_MOVE_CAPTURE;
        if (move.promotion != EMPTY)
            kind |= STATS_MOVE_PROMOTION;
    }
    int king = -1;
    for (int sq = 0; sq < C_SQUARES; sq++)
        if (PIECE_KIND(after.board[sq]) == KING && PIECE_ARMY(after.board[sq]) == after.turn)
            king = sq;
    const Planted *planted = state;
    bool misclassify = planted->bug->misclassify && position_equal(before, &planted->bug->at);
    int checkers = 0;
    bool direct = false;
    for (int sq = 0; sq < C_SQUARES && king >= 0; sq++)
        if (after.board[sq] != EMPTY && PIECE_ARMY(after.board[sq]) != after.turn && chess_attacks(&after, sq, king)) {
            checkers++;
            direct |= sq == destination && !misclassify;
        }
    Move replies[MAX_MOVES];
    perft_stats_leaf(out, kind, checkers, direct, planted_generate(state, replies) > 0);
}

/* ---- Statistics, Quaternity: the same from the neutral board, as
 * gen/quaternity/RULES.md#perft-statistics defines the columns; test-only
 * too, and checked against the three backends the same way
 * (tests/quaternity_stats.c). ---- */

/* Whether a Quaternity pawn on `from` attacks `target`: its capture
 * squares (gen/quaternity/RULES.md#pawns), three for an uncommitted one. */
static bool quaternity_pawn_attacks(Piece pawn, int from, int target)
{
    /* Each army's forward rank step (up +1, down -1) and file step (right +1, left -1). */
    static const int FORWARD_RANK[4] = {1, -1, -1, 1}, FORWARD_FILE[4] = {1, 1, -1, -1};
    int dr = target / Q_WIDTH - from / Q_WIDTH, df = target % Q_WIDTH - from % Q_WIDTH;
    int army = PIECE_ARMY(pawn);
    switch (PIECE_PAWN_STATE(pawn)) {
    case PAWN_UP: return dr == 1 && (df == 1 || df == -1);
    case PAWN_DOWN: return dr == -1 && (df == 1 || df == -1);
    case PAWN_RIGHT: return df == 1 && (dr == 1 || dr == -1);
    case PAWN_LEFT: return df == -1 && (dr == 1 || dr == -1);
    case PAWN_UNCOMMITTED: { /* both forward steps, or one forward and the other back */
        int r = FORWARD_RANK[army], f = FORWARD_FILE[army];
        return (dr == r && df == f) || (dr == r && df == -f) || (dr == -r && df == f);
    }
    default: return false;
    }
}

static bool quaternity_attacks(const Position *p, int from, int target)
{
    Piece man = p->board[from];
    return PIECE_KIND(man) == PAWN ? quaternity_pawn_attacks(man, from, target)
                                   : piece_attacks(p, Q_WIDTH, from, target);
}

/* Whether a man of a controller in `attackers` (a bit set) attacks `king`. */
static bool quaternity_attacked_by(const Position *p, unsigned attackers, int king)
{
    for (int sq = 0; sq < Q_SQUARES; sq++)
        if (p->board[sq] != EMPTY && (attackers >> p->controller[PIECE_ARMY(p->board[sq])] & 1) &&
            quaternity_attacks(p, sq, king))
            return true;
    return false;
}

/* Counts the leaf `move` from `before` reaches (the instance stands there). */
static void quaternity_leaf(void *state, const Position *before, Move move, PerftStats *out)
{
    Position after;
    planted_save(state, &after);
    int mover = before->turn;
    QuaternityLeaf leaf = {.capture = before->board[move.to] != EMPTY, .promotion = move.promotion != EMPTY};
    unsigned checked = 0;
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        if (after.board[sq] == EMPTY || after.controller[PIECE_ARMY(after.board[sq])] != mover)
            continue;
        bool hits = false;
        for (int k = 0; k < Q_SQUARES; k++) {
            int owner = after.controller[PIECE_ARMY(after.board[k])];
            if (PIECE_KIND(after.board[k]) == KING && owner != mover && !(after.frozen >> owner & 1) &&
                quaternity_attacks(&after, sq, k)) {
                hits = true;
                checked |= 1u << owner;
            }
        }
        leaf.checkers += hits;
        leaf.direct |= hits && sq == move.to;
    }
    leaf.checked_controllers = __builtin_popcount(checked);
    Move replies[MAX_MOVES];
    leaf.has_moves = planted_generate(state, replies) > 0;
    unsigned enemies = 0xFu & ~(1u << after.turn) & ~after.frozen;
    for (int k = 0; k < Q_SQUARES; k++)
        if (PIECE_KIND(after.board[k]) == KING && after.controller[PIECE_ARMY(after.board[k])] == after.turn)
            leaf.in_check |= quaternity_attacked_by(&after, enemies, k);
    quaternity_stats_leaf(out, &leaf);
}

static void stats_node(void *state, Game game, int depth, PerftStats *out)
{
    Move moves[MAX_MOVES];
    Position before;
    planted_save(state, &before);
    int count = planted_generate(state, moves);
    for (int i = 0; i < count; i++) {
        planted_make(state, moves[i]);
        if (depth > 1)
            stats_node(state, game, depth - 1, out);
        else if (game == GAME_CHESS)
            chess_leaf(state, &before, moves[i], out);
        else
            quaternity_leaf(state, &before, moves[i], out);
        planted_unmake(state, moves[i]);
    }
}

static bool planted_perft_stats(void *state, int depth, PerftStats *out)
{
    Planted *p = state;
    *out = (PerftStats){{0}};
    if (depth <= 0)
        out->count[STATS_NODES] = 1;
    else
        stats_node(state, p->inner_backend->game, depth, out);
    return true;
}

#define PLANTED_BACKEND(game_value)                                                                                    \
    {                                                                                                                  \
        .name = "planted", .game = (game_value), .summary = "test only: the mailbox, less one move at one position",   \
        .create = planted_create, .destroy = planted_destroy, .load = planted_load, .save = planted_save,              \
        .generate = planted_generate, .make = planted_make, .unmake = planted_unmake, .perft = planted_perft,          \
        .perft_stats = planted_perft_stats,                                                                            \
    }

const Backend quaternity_planted_backend = PLANTED_BACKEND(GAME_QUATERNITY);
const Backend chess_planted_backend = PLANTED_BACKEND(GAME_CHESS);
