/* The two faces of a move generator.
 *
 * BackendCore is what a backend exports: only what is native to it, in its
 * own move type and its own undo record.  Backend is what the harness, the
 * tests and the benchmarks call: neutral positions and neutral moves.  One
 * shared adapter (backend_adapter.c) builds every Backend from a core, so
 * the history of made moves, the depth rule and the error policy exist once.
 *
 * The grain of Backend is coarse on purpose: the harness calls it per
 * position (load, generate, make, unmake) or per search (perft), never per
 * node, so each core runs its own perft recursion with direct calls and
 * inlined code.  An instance owns all its state, so threads can run one
 * instance each without locks.
 *
 * Error policy: a broken contract (unmake with nothing made, a move that
 * does not decode, an allocation failure) prints one line naming the
 * backend and the operation and exits with BACKEND_CONTRACT_EXIT.  Moves
 * typed by a user are checked against generate() at the text boundary
 * (session_play); past it, the adapter trusts that make() is given legal
 * moves and decodes them without generating. */
#ifndef GEN_CORE_BACKEND_H
#define GEN_CORE_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "perft_hash.h"
#include "perft_stats.h"
#include "position.h"

/* The exit status of a broken backend contract (EX_SOFTWARE). */
enum { BACKEND_CONTRACT_EXIT = 70 };

/* What a backend implements.  `state` is the backend's own instance;
 * `move` and `moves` point at its native moves (move_size bytes each) and
 * `undo` at its native undo record (undo_size bytes). */
typedef struct BackendCore {
    size_t move_size;  /* sizeof the native move */
    size_t undo_size;  /* sizeof what unmake needs besides the move (0: nothing) */
    int move_capacity; /* native moves generate() may write for one position */

    /* A new instance (tables initialised once, idempotently); NULL when out
     * of memory.  destroy takes NULL too. */
    void *(*create)(void);
    void (*destroy)(void *state);

    /* Load a position that shared code has already validated; write the
     * current one back in neutral form.  save(load(p)) == p for every field
     * the game uses. */
    void (*load)(void *state, const Position *pos);
    void (*save)(const void *state, Position *pos);

    /* The legal moves of the side (controller) on turn, in any order, into
     * `moves` (room for move_capacity); returns how many.  count returns the
     * same number without writing the moves. */
    int (*generate)(void *state, void *moves);
    int (*count)(void *state);

    /* Make a legal native move, filling `undo`; unmake the last move made,
     * given the same move and undo. */
    void (*make)(void *state, const void *move, void *undo);
    void (*unmake)(void *state, const void *move, const void *undo);

    /* The native move for a neutral one, from the board and the move's
     * squares, without generating; false when the squares cannot be a move
     * here (no man of the side on turn on `from`, say).  Given a legal
     * neutral move it must produce the move generate() would. */
    bool (*decode)(const void *state, Move move, void *native);
    /* The neutral form of a native move of the current position. */
    Move (*encode)(const void *state, const void *native);

    /* Perft from the current position, depth >= 1 (the adapter answers
     * depth 0); bulk: count the last ply's legal moves instead of making
     * them.  The position is unchanged afterwards. */
    uint64_t (*perft)(void *state, int depth, bool bulk);

    /* The position's 128-bit Zobrist key (gen/GAME/zobrist.h, zobrist_key.h: equal positions
     * have equal keys), and perft with a shared table of counts
     * (perft_hash.h), depth >= 1, table not NULL; both come from
     * perft_hash_recursion.h. */
    ZobristKey (*key)(const void *state);
    uint64_t (*perft_hashed)(void *state, int depth, bool bulk, PerftHash *table);

    /* Debug builds: NULL when the instance's redundant state agrees with
     * itself (sets and board, piece lists and board, keys), else a short
     * description of the first disagreement.  May be NULL (nothing
     * redundant to check). */
    const char *(*check)(const void *state);

    /* Optional, NULL when the backend counts none (BACKEND_CORE leaves it
     * NULL, BACKEND_CORE_WITH_STATS sets it): the statistics
     * (perft_stats.h) of the leaves `depth` >= 1 plies down, written to
     * *out.  Its own recursion, apart from perft's: every last-ply move is
     * made and classified (no bulk counting).  The position is unchanged
     * afterwards. */
    void (*perft_stats)(void *state, int depth, PerftStats *out);
    /* The same with a table made for statistics (perft_hash.h), depth >= 1;
     * from perft_hash_recursion.h with PH_STATS.  Set with perft_stats. */
    void (*perft_stats_hashed)(void *state, int depth, PerftHash *table, PerftStats *out);
} BackendCore;

/* The BackendCore of a backend whose native functions follow the naming
 * scheme PREFIX_load, PREFIX_save, PREFIX_generate, PREFIX_count,
 * PREFIX_make, PREFIX_unmake, PREFIX_decode, PREFIX_encode, PREFIX_perft,
 * PREFIX_key, PREFIX_perft_hashed and PREFIX_check, each typed on the backend's own State, NativeMove and Undo
 * (const where BackendCore says const: the compiler warns when a thunk
 * would drop it); make, unmake and encode take the native move by value.
 * An instance is a zeroed State (allocated with its alignment); tables_init (or NULL) runs before each
 * create and must be idempotent (RUN_ONCE), release (or NULL) frees what a
 * State owns.  Defines `static const BackendCore PREFIX_core`, whose thunks
 * only turn the untyped pointers into the native ones. */
/* clang-format off */
#define BACKEND_CORE(prefix, State, NativeMove, Undo, capacity, tables_init, release)                                           \
    BACKEND_CORE_STATS_FN(prefix, State, NativeMove, Undo, capacity, tables_init, release, NULL, NULL)
/* The same for a backend that also counts statistics: PREFIX_perft_stats,
 * typed on its State, becomes the core's perft_stats, and
 * PREFIX_perft_stats_hashed (perft_hash_recursion.h with PH_STATS) its
 * perft_stats_hashed. */
#define BACKEND_CORE_WITH_STATS(prefix, State, NativeMove, Undo, capacity, tables_init, release)                                \
    static void prefix##_core_perft_stats(void *s, int d, PerftStats *o) { prefix##_perft_stats(s, d, o); }                     \
    static void prefix##_core_perft_stats_hashed(void *s, int d, PerftHash *t, PerftStats *o)                                   \
    {                                                                                                                           \
        prefix##_perft_stats_hashed(s, d, t, o);                                                                                \
    }                                                                                                                           \
    BACKEND_CORE_STATS_FN(prefix, State, NativeMove, Undo, capacity, tables_init, release, prefix##_core_perft_stats,           \
                          prefix##_core_perft_stats_hashed)
/* What both expand to; `stats` and `stats_hashed` are the core's perft_stats
 * and perft_stats_hashed (or NULL). */
#define BACKEND_CORE_STATS_FN(prefix, State, NativeMove, Undo, capacity, tables_init, release, stats, stats_hashed)                             \
    static void *prefix##_core_create(void)                                                                                     \
    {                                                                                                                           \
        void (*const tables_)(void) = (tables_init);                                                                            \
        if (tables_)                                                                                                            \
            tables_();                                                                                                          \
        /* aligned_alloc: a State may hold over-aligned (vector) fields. */                                                     \
        size_t size_ = (sizeof(State) + _Alignof(State) - 1) / _Alignof(State) * _Alignof(State);                               \
        void *s_ = aligned_alloc(_Alignof(State), size_);                                                                       \
        return s_ ? memset(s_, 0, size_) : NULL;                                                                                \
    }                                                                                                                           \
    static void prefix##_core_destroy(void *s)                                                                                  \
    {                                                                                                                           \
        void (*const release_)(State *) = (release);                                                                            \
        if (s && release_)                                                                                                      \
            release_(s);                                                                                                        \
        free(s);                                                                                                                \
    }                                                                                                                           \
    static void prefix##_core_load(void *s, const Position *p) { prefix##_load(s, p); }                                         \
    static void prefix##_core_save(const void *s, Position *p) { prefix##_save(s, p); }                                         \
    static int prefix##_core_generate(void *s, void *m) { return prefix##_generate(s, m); }                                     \
    static int prefix##_core_count(void *s) { return prefix##_count(s); }                                                       \
    static void prefix##_core_make(void *s, const void *m, void *u) { prefix##_make(s, *(const NativeMove *)m, u); }            \
    static void prefix##_core_unmake(void *s, const void *m, const void *u) { prefix##_unmake(s, *(const NativeMove *)m, u); }  \
    static bool prefix##_core_decode(const void *s, Move m, void *n) { return prefix##_decode(s, m, n); }                       \
    static Move prefix##_core_encode(const void *s, const void *n) { return prefix##_encode(s, *(const NativeMove *)n); }       \
    static uint64_t prefix##_core_perft(void *s, int d, bool b) { return prefix##_perft(s, d, b); }                             \
    static ZobristKey prefix##_core_key(const void *s) { return prefix##_key(s); }                                              \
    static uint64_t prefix##_core_perft_hashed(void *s, int d, bool b, PerftHash *t)                                            \
    {                                                                                                                           \
        return prefix##_perft_hashed(s, d, b, t);                                                                               \
    }                                                                                                                           \
    static const char *prefix##_core_check(const void *s) { return prefix##_check(s); }                                         \
    static const BackendCore prefix##_core = {                                                                                  \
        .move_size = sizeof(NativeMove), .undo_size = sizeof(Undo), .move_capacity = (capacity),                                \
        .create = prefix##_core_create, .destroy = prefix##_core_destroy, .load = prefix##_core_load,                           \
        .save = prefix##_core_save, .generate = prefix##_core_generate, .count = prefix##_core_count,                           \
        .make = prefix##_core_make, .unmake = prefix##_core_unmake, .decode = prefix##_core_decode,                             \
        .encode = prefix##_core_encode, .perft = prefix##_core_perft, .key = prefix##_core_key,                                 \
        .perft_hashed = prefix##_core_perft_hashed, .check = prefix##_core_check, .perft_stats = (stats),                       \
        .perft_stats_hashed = (stats_hashed),                                                                                   \
    }
/* clang-format on */

/* What the harness calls.  The built-in backends are adapters over a
 * BackendCore (BACKEND_FROM_CORE); the interface stays a table of
 * functions so that a test, or an external engine, can stand behind it
 * too. */
typedef struct Backend {
    const char *name;        /* "mailbox", "padded", "bitboard": what -b takes */
    Game game;               /* one entry per (representation, game) */
    const char *summary;     /* one line for --help and reports */
    const BackendCore *core; /* NULL when not built from a core */

    /* A new instance of `self`; NULL on allocation failure. */
    void *(*create)(const struct Backend *self);
    void (*destroy)(void *instance);

    /* Load a position that shared code has already validated (this empties
     * the history of made moves); write the current one back. */
    void (*load)(void *instance, const Position *pos);
    void (*save)(const void *instance, Position *pos);

    /* Legal moves of the side (controller) on turn, in any order; returns
     * the count.  `moves` has room for MAX_MOVES. */
    int (*generate)(void *instance, Move *moves);
    /* Make a legal move (one generate() returns); unmake the last one made,
     * which the caller names again.  Any number of moves may be made. */
    void (*make)(void *instance, Move move);
    void (*unmake)(void *instance, Move move);

    /* Perft from the current position: 1 for depth <= 0; bulk: count the
     * last ply's legal moves instead of making them.  The position is
     * unchanged afterwards. */
    uint64_t (*perft)(void *instance, int depth, bool bulk);

    /* The same count with a shared table of counts (perft_hash.h; NULL:
     * plain perft), which many instances, in many threads, may use at
     * once.  NULL when the backend has no hashed perft. */
    uint64_t (*perft_hashed)(void *instance, int depth, bool bulk, PerftHash *table);
    /* The Zobrist key of the current position (equal positions, equal keys);
     * NULL when the backend has none. */
    ZobristKey (*key)(const void *instance);

    /* The leaf statistics (perft_stats.h) `depth` plies down into *out
     * (depth <= 0: the position itself, one node and nothing else); false,
     * *out untouched, when the backend counts none.  NULL when not built
     * from a core. */
    bool (*perft_stats)(void *instance, int depth, PerftStats *out);
    /* The same with a table made for statistics (perft_hash.h; NULL, or a
     * backend without a hashed one: as perft_stats), which many instances,
     * in many threads, may use at once.  NULL when not built from a core. */
    bool (*perft_stats_hashed)(void *instance, int depth, PerftHash *table, PerftStats *out);
} Backend;

/* The adapter's functions, for BACKEND_FROM_CORE. */
void *backend_adapter_create(const Backend *self);
void backend_adapter_destroy(void *instance);
void backend_adapter_load(void *instance, const Position *pos);
void backend_adapter_save(const void *instance, Position *pos);
int backend_adapter_generate(void *instance, Move *moves);
void backend_adapter_make(void *instance, Move move);
void backend_adapter_unmake(void *instance, Move move);
uint64_t backend_adapter_perft(void *instance, int depth, bool bulk);
uint64_t backend_adapter_perft_hashed(void *instance, int depth, bool bulk, PerftHash *table);
ZobristKey backend_adapter_key(const void *instance);
bool backend_adapter_perft_stats(void *instance, int depth, PerftStats *out);
bool backend_adapter_perft_stats_hashed(void *instance, int depth, PerftHash *table, PerftStats *out);

/* A registry entry built from a core: one per backend folder, named
 * <game>_<backend>_backend. */
#define BACKEND_FROM_CORE(core_, name_, game_, summary_)                                                               \
    {                                                                                                                  \
        .name = (name_), .game = (game_), .summary = (summary_), .core = &(core_), .create = backend_adapter_create,   \
        .destroy = backend_adapter_destroy, .load = backend_adapter_load, .save = backend_adapter_save,                \
        .generate = backend_adapter_generate, .make = backend_adapter_make, .unmake = backend_adapter_unmake,          \
        .perft = backend_adapter_perft, .perft_hashed = backend_adapter_perft_hashed, .key = backend_adapter_key,      \
        .perft_stats = backend_adapter_perft_stats, .perft_stats_hashed = backend_adapter_perft_stats_hashed,          \
    }

/* The one way a backend reports a broken contract: "perft: GAME BACKEND:
 * OPERATION: message" on stderr, then exit(BACKEND_CONTRACT_EXIT). */
_Noreturn void backend_fail(const Backend *backend, const char *operation, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* The hashed perft's --hash-verify found a recomputed hit that disagrees
 * with the table (perft_hash_recursion.h): one line on stderr, then
 * exit(BACKEND_CONTRACT_EXIT). */
_Noreturn void backend_hash_verify_failed(ZobristKey key, int depth, uint64_t stored, uint64_t recomputed);
/* The same for a table of statistics: the first column of the game's that
 * differs, by its name. */
_Noreturn void backend_hash_verify_stats_failed(Game game, ZobristKey key, int depth, const PerftStats *stored,
                                                const PerftStats *recomputed);

/* Debug builds check a core's invariants after every make and unmake, the
 * core's own recursion included: a core calls BACKEND_DEBUG_CHECK(check_fn,
 * state) there.  Release builds compile it away. */
#ifdef BACKEND_DEBUG
void backend_debug_failed(const char *where, const char *what);
#define BACKEND_DEBUG_CHECK(check_fn, state)                                                                           \
    do {                                                                                                               \
        const char *backend_debug_what_ = (check_fn)(state);                                                           \
        if (backend_debug_what_)                                                                                       \
            backend_debug_failed(__FILE__ ":" BACKEND_DEBUG_STR(__LINE__), backend_debug_what_);                       \
    } while (0)
#define BACKEND_DEBUG_STR(x) BACKEND_DEBUG_STR2(x)
#define BACKEND_DEBUG_STR2(x) #x
#else
#define BACKEND_DEBUG_CHECK(check_fn, state) ((void)0)
#endif

#endif
