/* The one adapter between a backend's native core and the neutral Backend
 * interface (backend.h).  It owns what every backend used to write for
 * itself: the growable history of made moves (native move, undo record and
 * neutral move per ply), the scratch list generate() fills, the depth rule
 * and the error policy.  Nothing here runs per perft node. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "move_text.h"
#include "position_text.h"
#include "registry.h"

/* Records in the history are laid out at this alignment, enough for any
 * native move or undo type. */
enum { RECORD_ALIGN = 16, HISTORY_INITIAL = 64 };

typedef struct Instance {
    const Backend *backend;
    const BackendCore *core;
    void *state;
    unsigned char *scratch; /* move_capacity native moves, for generate */

    /* One record per made move: the neutral move, then the native move at
     * native_offset, then the undo record at undo_offset. */
    unsigned char *history;
    size_t native_offset, undo_offset, record_size;
    size_t made, capacity;
} Instance;

static size_t align_up(size_t n)
{
    return (n + RECORD_ALIGN - 1) / RECORD_ALIGN * RECORD_ALIGN;
}

_Noreturn void backend_fail(const Backend *backend, const char *operation, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "perft: %s %s backend: %s: ", game_name(backend->game), backend->name, operation);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(BACKEND_CONTRACT_EXIT);
}

_Noreturn void backend_hash_verify_failed(ZobristKey key, int depth, uint64_t stored, uint64_t recomputed)
{
    fprintf(stderr,
            "perft: --hash-verify: the table's count for key %016llx%016llx at depth %d is %llu, the unhashed perft "
            "counts %llu\n",
            (unsigned long long)key.hi, (unsigned long long)key.lo, depth, (unsigned long long)stored,
            (unsigned long long)recomputed);
    exit(BACKEND_CONTRACT_EXIT);
}

_Noreturn void backend_hash_verify_stats_failed(Game game, ZobristKey key, int depth, const PerftStats *stored,
                                                const PerftStats *recomputed)
{
    int c = perft_stats_first_difference_in(game, stored, recomputed);
    fprintf(stderr,
            "perft: --hash-verify: the table's %s for key %016llx%016llx at depth %d is %llu, the unhashed "
            "statistics count %llu\n",
            perft_stats_name(game, c), (unsigned long long)key.hi, (unsigned long long)key.lo, depth,
            (unsigned long long)stored->count[c], (unsigned long long)recomputed->count[c]);
    exit(BACKEND_CONTRACT_EXIT);
}

#ifdef BACKEND_DEBUG
void backend_debug_failed(const char *where, const char *what)
{
    fprintf(stderr, "perft: backend invariant broken at %s: %s\n", where, what);
    exit(BACKEND_CONTRACT_EXIT);
}
#endif

/* The current position as text, for error messages. */
static void describe_position(const Instance *in, char *out, size_t outlen)
{
    Position pos;
    in->core->save(in->state, &pos);
    position_format(&pos, out, outlen);
}

static void debug_check(const Instance *in, const char *operation)
{
#ifdef BACKEND_DEBUG
    if (!in->core->check)
        return;
    const char *what = in->core->check(in->state);
    if (what)
        backend_fail(in->backend, operation, "invariant broken: %s", what);
#else
    (void)in;
    (void)operation;
#endif
}

void *backend_adapter_create(const Backend *self)
{
    const BackendCore *core = self->core;
    Instance *in = calloc(1, sizeof *in);
    if (!in)
        return NULL;
    in->backend = self;
    in->core = core;
    in->native_offset = align_up(sizeof(Move));
    in->undo_offset = in->native_offset + align_up(core->move_size);
    in->record_size = in->undo_offset + align_up(core->undo_size);
    in->state = core->create();
    in->scratch = malloc((size_t)core->move_capacity * core->move_size);
    in->capacity = HISTORY_INITIAL;
    in->history = malloc(in->capacity * in->record_size);
    if (!in->state || !in->scratch || !in->history) {
        backend_adapter_destroy(in);
        return NULL;
    }
    return in;
}

void backend_adapter_destroy(void *instance)
{
    Instance *in = instance;
    if (!in)
        return;
    in->core->destroy(in->state);
    free(in->scratch);
    free(in->history);
    free(in);
}

void backend_adapter_load(void *instance, const Position *pos)
{
    Instance *in = instance;
    in->core->load(in->state, pos);
    in->made = 0;
    debug_check(in, "load");
}

void backend_adapter_save(const void *instance, Position *pos)
{
    const Instance *in = instance;
    in->core->save(in->state, pos);
}

/* The native moves into the scratch list; loud when a position has more
 * legal moves than the neutral interface promises room for. */
static int generate_native(Instance *in)
{
    int count = in->core->generate(in->state, in->scratch);
    if (count > MAX_MOVES || count > in->core->move_capacity) {
        char text[POSITION_TEXT_MAX];
        describe_position(in, text, sizeof text);
        backend_fail(in->backend, "generate", "%d legal moves, more than the %d the interface holds, in %s", count,
                     MAX_MOVES, text);
    }
    return count;
}

int backend_adapter_generate(void *instance, Move *moves)
{
    Instance *in = instance;
    int count = generate_native(in);
    for (int i = 0; i < count; i++)
        moves[i] = in->core->encode(in->state, in->scratch + (size_t)i * in->core->move_size);
#ifdef BACKEND_DEBUG
    int counted = in->core->count(in->state);
    if (counted != count)
        backend_fail(in->backend, "count", "counts %d legal moves where generate finds %d", counted, count);
#endif
    return count;
}

static unsigned char *record_at(const Instance *in, size_t ply)
{
    return in->history + ply * in->record_size;
}

#ifdef BACKEND_DEBUG
/* Debug builds hold the decoded move against the generated one: the move
 * must be legal, and making either must give the same position. */
static void debug_check_decoded(Instance *in, Move move, const unsigned char *decoded)
{
    const BackendCore *core = in->core;
    char text[MOVE_TEXT_MAX];
    move_format(in->backend->game, move, text);
    Move back = core->encode(in->state, decoded);
    if (!move_equal(back, move))
        backend_fail(in->backend, "decode", "%s decodes to a move that encodes differently", text);
    int count = generate_native(in);
    const unsigned char *generated = NULL;
    for (int i = 0; i < count && !generated; i++)
        if (move_equal(core->encode(in->state, in->scratch + (size_t)i * core->move_size), move))
            generated = in->scratch + (size_t)i * core->move_size;
    if (!generated)
        backend_fail(in->backend, "make", "%s is not a legal move here", text);
    _Alignas(RECORD_ALIGN) unsigned char undo[256];
    if (core->undo_size > sizeof undo)
        return; /* too large to check here; the round-trip tests still do */
    Position by_decoded, by_generated;
    core->make(in->state, decoded, undo);
    core->save(in->state, &by_decoded);
    core->unmake(in->state, decoded, undo);
    core->make(in->state, generated, undo);
    core->save(in->state, &by_generated);
    core->unmake(in->state, generated, undo);
    if (!position_equal(&by_decoded, &by_generated))
        backend_fail(in->backend, "decode", "%s decodes to a move that differs from the generated one", text);
}
#endif

void backend_adapter_make(void *instance, Move move)
{
    Instance *in = instance;
    if (in->made == in->capacity) {
        size_t capacity = 2 * in->capacity;
        unsigned char *grown = realloc(in->history, capacity * in->record_size);
        if (!grown)
            backend_fail(in->backend, "make", "out of memory for a history of %zu moves", capacity);
        in->history = grown;
        in->capacity = capacity;
    }
    unsigned char *record = record_at(in, in->made);
    unsigned char *native = record + in->native_offset;
    if (!in->core->decode(in->state, move, native)) {
        char text[MOVE_TEXT_MAX], where[POSITION_TEXT_MAX];
        move_format(in->backend->game, move, text);
        describe_position(in, where, sizeof where);
        backend_fail(in->backend, "make", "%s is not a move in %s", text, where);
    }
#ifdef BACKEND_DEBUG
    debug_check_decoded(in, move, native);
#endif
    memcpy(record, &move, sizeof move);
    in->core->make(in->state, native, record + in->undo_offset);
    in->made++;
    debug_check(in, "make");
}

void backend_adapter_unmake(void *instance, Move move)
{
    Instance *in = instance;
    char text[MOVE_TEXT_MAX];
    if (in->made == 0) {
        move_format(in->backend->game, move, text);
        backend_fail(in->backend, "unmake", "unmake of %s with no move made", text);
    }
    unsigned char *record = record_at(in, in->made - 1);
    Move last;
    memcpy(&last, record, sizeof last);
    if (!move_equal(last, move)) {
        char made[MOVE_TEXT_MAX];
        move_format(in->backend->game, move, text);
        move_format(in->backend->game, last, made);
        backend_fail(in->backend, "unmake", "unmake of %s, but the last move made was %s", text, made);
    }
    in->core->unmake(in->state, record + in->native_offset, record + in->undo_offset);
    in->made--;
    debug_check(in, "unmake");
}

uint64_t backend_adapter_perft(void *instance, int depth, bool bulk)
{
    Instance *in = instance;
    if (depth <= 0)
        return 1;
    uint64_t nodes = in->core->perft(in->state, depth, bulk != 0);
    debug_check(in, "perft");
    return nodes;
}

uint64_t backend_adapter_perft_hashed(void *instance, int depth, bool bulk, PerftHash *table)
{
    Instance *in = instance;
    if (!table)
        return backend_adapter_perft(instance, depth, bulk);
    if (depth <= 0)
        return 1;
    uint64_t nodes = in->core->perft_hashed(in->state, depth, bulk != 0, table);
    debug_check(in, "perft");
    return nodes;
}

ZobristKey backend_adapter_key(const void *instance)
{
    const Instance *in = instance;
    return in->core->key(in->state);
}

bool backend_adapter_perft_stats(void *instance, int depth, PerftStats *out)
{
    Instance *in = instance;
    if (!in->core->perft_stats)
        return false;
    if (depth <= 0) {
        *out = (PerftStats){.count[STATS_NODES] = 1};
        return true;
    }
    in->core->perft_stats(in->state, depth, out);
    debug_check(in, "perft statistics");
    return true;
}

bool backend_adapter_perft_stats_hashed(void *instance, int depth, PerftHash *table, PerftStats *out)
{
    Instance *in = instance;
    if (!table || depth <= 0 || !in->core->perft_stats_hashed || !perft_hash_holds_stats(table))
        return backend_adapter_perft_stats(instance, depth, out);
    in->core->perft_stats_hashed(in->state, depth, table, out);
    debug_check(in, "hashed perft statistics");
    return true;
}
