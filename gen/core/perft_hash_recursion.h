/* The hashed perft recursion, written once and compiled into each backend's
 * core file, after the backend's native functions and before BACKEND_CORE:
 *
 *   #define PH_BACKEND cmb, CmbState, CmbMove, CmbUndo, CMB_MAX_MOVES, CHESS_ZOBRIST
 *   #include "perft_hash_recursion.h"
 *
 * PH_BACKEND names the prefix, the native state, move and undo types, the
 * moves generate() may write, and the game's keying: the prefix of six
 * macros its game folder's zobrist.h defines (this header names no game):
 *   KEYING_GAME                     the game (names its statistics' columns)
 *   KEYING_POSITION(pos, ep_out)    the key of a neutral position, and in
 *                                   *ep_out the en passant key it leaves out
 *   KEYING_PIECE(square, piece)     a piece's key in lo, KEYING_PIECE2 in hi
 *   KEYING_MOVE_SQUARES(piece_at, state, move, moving, squares)
 *                                   the squares a move may change (at most 4)
 *   KEYING_CHILD_EP_OUT(piece_at, child, move, moving)
 *                                   the en passant key the child leaves out
 * piece_at is the backend's PREFIX_piece_at.  The recursion calls the
 * backend's native functions by the BACKEND_CORE naming scheme
 * (PREFIX_generate, _make, _unmake, _encode, _save, _perft) and two more the
 * backend writes for it: PREFIX_piece_at(state, square), the neutral Piece
 * on a neutral square, and PREFIX_state_key(state), the key's non-piece
 * part.  It defines PREFIX_key and PREFIX_perft_hashed.  PH_MIN_DEPTH may be
 * defined first (below); so may PH_STATS, for a backend that counts
 * statistics (PREFIX_perft_stats): it then defines PREFIX_perft_stats_hashed
 * too, for BACKEND_CORE_WITH_STATS.
 *
 * The key is not kept by make and unmake, so the unhashed perft pays
 * nothing for it.  It is 128 bits (zobrist_key.h): lo from the game's
 * piece keys and the backend's state key, hi from the second piece keys
 * and a mix of lo's state part.  A game may leave part of the state key out
 * where it cannot change a count (chess: an en passant square no pawn can
 * capture onto, gen/chess/zobrist.h); backends keep the whole state key, so
 * the recursion takes that part out (ep_out).  The hashed recursion computes the key of the
 * position it starts from (PREFIX_key, from the neutral position) and updates it per move from the squares the move may
 * change, read before and after make.  It searches only the plies where a child is probed (depth >= 3) and hands each
 * depth-2 node that misses to the backend's own perft, so the leaves run at the unhashed speed. */
#ifndef PH_BACKEND
#error "define PH_BACKEND before including perft_hash_recursion.h"
#endif

#define PH_ARG_PREFIX(prefix, state, move, undo, capacity, keying) prefix
#define PH_ARG_STATE(prefix, state, move, undo, capacity, keying) state
#define PH_ARG_MOVE(prefix, state, move, undo, capacity, keying) move
#define PH_ARG_UNDO(prefix, state, move, undo, capacity, keying) undo
#define PH_ARG_CAPACITY(prefix, state, move, undo, capacity, keying) capacity
#define PH_ARG_KEYING(prefix, state, move, undo, capacity, keying) keying
#define PH_APPLY(f, args) f(args)
#define PH_PREFIX PH_APPLY(PH_ARG_PREFIX, PH_BACKEND)
#define PH_STATE PH_APPLY(PH_ARG_STATE, PH_BACKEND)
#define PH_MOVE PH_APPLY(PH_ARG_MOVE, PH_BACKEND)
#define PH_UNDO PH_APPLY(PH_ARG_UNDO, PH_BACKEND)
#define PH_CAPACITY PH_APPLY(PH_ARG_CAPACITY, PH_BACKEND)
#define PH_KEYING_PREFIX PH_APPLY(PH_ARG_KEYING, PH_BACKEND)

#define PH_CAT2(a, b) a##b
#define PH_CAT(a, b) PH_CAT2(a, b)
#define PH_FN(name) PH_CAT(PH_PREFIX, name)
#define PH_GENERATE(s, moves) PH_FN(_generate)(s, moves)
#define PH_MAKE(s, move, undo) PH_FN(_make)(s, move, undo)
#define PH_UNMAKE(s, move, undo) PH_FN(_unmake)(s, move, undo)
#define PH_ENCODE(s, move) PH_FN(_encode)(s, move)
#define PH_SAVE(s, pos) PH_FN(_save)(s, pos)
#define PH_PERFT(s, depth, bulk) PH_FN(_perft)(s, depth, bulk)
#define PH_PIECE_AT(s, square) PH_FN(_piece_at)(s, square)
#define PH_STATE_KEY(s) PH_FN(_state_key)(s)
#define PH_KEYING(name) PH_CAT(PH_KEYING_PREFIX, name)

#include <stdio.h>
#include <stdlib.h>

#include "backend.h"
#include "perft_hash.h"

#define PH_KEY_FN PH_CAT(PH_PREFIX, _key_ep)
#define PH_KEY_PUBLIC_FN PH_CAT(PH_PREFIX, _key)
#define PH_HASHED_FN PH_CAT(PH_PREFIX, _perft_hashed)

/* The shallowest depth probed: by default 2, as a depth-1 count is cheaper
 * than a probe; a backend may define it to 1. */
#ifndef PH_MIN_DEPTH
#define PH_MIN_DEPTH 2
#endif

/* The key from the neutral position: not on the hot path (once per search,
 * and after every make in debug builds). */
static ZobristKey PH_KEY_FN(const PH_STATE *s, uint64_t *ep_out)
{
    Position pos;
    PH_SAVE(s, &pos);
    return PH_KEYING(_POSITION)(&pos, ep_out);
}

static ZobristKey PH_KEY_PUBLIC_FN(const PH_STATE *s)
{
    uint64_t ep_out;
    return PH_KEY_FN(s, &ep_out);
}

typedef struct PhSearch {
    PerftHash *table;
    bool bulk;
    PH_MOVE *lists; /* PH_CAPACITY moves per ply */
    PerftHashCounts counts;
} PhSearch;

/* The pieces on a move's squares, into the key: before make takes them
 * out, after make puts the new ones in. */
static inline ZobristKey ph_squares_key(const PH_STATE *s, const uint8_t *squares, int n)
{
    ZobristKey key = {0, 0};
    for (int i = 0; i < n; i++) {
        Piece p = PH_PIECE_AT(s, squares[i]);
        key.lo ^= PH_KEYING(_PIECE)(squares[i], p);
        key.hi ^= PH_KEYING(_PIECE2)(squares[i], p);
    }
    return key;
}

/* The key of s without its state part (key's lo lacks ep_out). */
static inline ZobristKey ph_parent_key(const PH_STATE *s, ZobristKey key, uint64_t ep_out)
{
    uint64_t state_before = PH_STATE_KEY(s) ^ ep_out;
    return (ZobristKey){key.lo ^ state_before, key.hi ^ zobrist_second_state(state_before)};
}

/* Makes `move` and returns the child's key from its parent's key without
 * its state part (ph_parent_key), from the squares the move may change,
 * read before and after make; the part of the child's state key left out
 * into *child_ep_out. */
static inline ZobristKey ph_make_keyed(PH_STATE *s, PH_MOVE move, PH_UNDO *undo, ZobristKey parent,
                                       uint64_t *child_ep_out)
{
    uint8_t squares[4];
    Move m = PH_ENCODE(s, move);
    Piece moving = PH_PIECE_AT(s, m.from);
    int n = PH_KEYING(_MOVE_SQUARES)(PH_FN(_piece_at), s, m, moving, squares);
    ZobristKey before = ph_squares_key(s, squares, n);
    PH_MAKE(s, move, undo);
    ZobristKey after = ph_squares_key(s, squares, n);
    *child_ep_out = PH_KEYING(_CHILD_EP_OUT)(PH_FN(_piece_at), s, m, moving);
    uint64_t state_after = PH_STATE_KEY(s) ^ *child_ep_out;
    ZobristKey child = {parent.lo ^ before.lo ^ after.lo ^ state_after,
                        parent.hi ^ before.hi ^ after.hi ^ zobrist_second_state(state_after)};
#ifdef BACKEND_DEBUG
    uint64_t debug_ep_out;
    if (!zobrist_key_equal(child, PH_KEY_FN(s, &debug_ep_out)) || debug_ep_out != *child_ep_out)
        backend_debug_failed(__FILE__, "the incremental Zobrist key differs from the position's key");
#endif
    return child;
}

/* depth >= PH_MIN_DEPTH; key is the key of s, whose lo lacks the state
 * key's ep_out; ply indexes the move lists. */
static uint64_t ph_search(PhSearch *search, PH_STATE *s, ZobristKey key, uint64_t ep_out, int depth, int ply)
{
    uint64_t nodes;
    search->counts.probes++;
    if (perft_hash_probe(search->table, key, depth, &nodes)) {
        search->counts.hits++;
        if (perft_hash_sampled(search->table, key)) {
            search->counts.verified++;
            uint64_t again = PH_PERFT(s, depth, search->bulk);
            if (again != nodes)
                backend_hash_verify_failed(key, depth, nodes, again);
        }
        return nodes;
    }
    if (depth == PH_MIN_DEPTH) {
        nodes = PH_PERFT(s, depth, search->bulk);
    } else {
        PH_MOVE *moves = search->lists + (size_t)ply * PH_CAPACITY;
        int count = PH_GENERATE(s, moves);
        ZobristKey parent = ph_parent_key(s, key, ep_out);
        nodes = 0;
        for (int i = 0; i < count; i++) {
            PH_UNDO undo;
            uint64_t child_ep_out;
            ZobristKey child = ph_make_keyed(s, moves[i], &undo, parent, &child_ep_out);
            nodes += ph_search(search, s, child, child_ep_out, depth - 1, ply + 1);
            PH_UNMAKE(s, moves[i], &undo);
        }
    }
    search->counts.stores++;
    perft_hash_store(search->table, key, depth, nodes);
    return nodes;
}

/* A search from depth >= PH_MIN_DEPTH: lists for the plies searched, depths
 * PH_MIN_DEPTH + 1 and up. */
static PhSearch ph_search_start(PerftHash *table, bool bulk, int depth)
{
    int plies = depth - PH_MIN_DEPTH;
    PhSearch search = {.table = table, .bulk = bulk};
    search.lists = plies > 0 ? malloc((size_t)plies * PH_CAPACITY * sizeof(PH_MOVE)) : NULL;
    if (plies > 0 && !search.lists) {
        fprintf(stderr, "perft: out of memory for the hashed perft's move lists of %d plies\n", plies);
        exit(BACKEND_CONTRACT_EXIT);
    }
    return search;
}

static void ph_search_end(PhSearch *search)
{
    free(search->lists);
    perft_hash_add_counts(search->table, &search->counts);
}

/* BackendCore.perft_hashed: depth >= 1, table not NULL. */
static uint64_t PH_HASHED_FN(PH_STATE *s, int depth, bool bulk, PerftHash *table)
{
    if (depth < PH_MIN_DEPTH)
        return PH_PERFT(s, depth, bulk);
    PhSearch search = ph_search_start(table, bulk, depth);
    uint64_t ep_out;
    ZobristKey key = PH_KEY_FN(s, &ep_out);
    uint64_t nodes = ph_search(&search, s, key, ep_out, depth, 0);
    ph_search_end(&search);
    return nodes;
}

#ifdef PH_STATS
/* The statistics (perft_stats.h) with a table made for them: the same walk,
 * every column stored and added; a depth-PH_MIN_DEPTH node that misses goes
 * to the backend's own statistics recursion (PREFIX_perft_stats), so every
 * leaf is still made and classified by the backend.  The statistics of a
 * position do not depend on an en passant square no pawn can capture onto
 * either, so the key leaves it out as for counts. */
#define PH_STATS_FN PH_CAT(PH_PREFIX, _perft_stats_hashed)
#define PH_BACKEND_STATS(s, depth, out) PH_FN(_perft_stats)(s, depth, out)

static void ph_stats_search(PhSearch *search, PH_STATE *s, ZobristKey key, uint64_t ep_out, int depth, int ply,
                            PerftStats *out)
{
    PerftStats here;
    search->counts.probes++;
    if (perft_hash_probe_stats(search->table, key, depth, &here)) {
        search->counts.hits++;
        if (perft_hash_sampled(search->table, key)) {
            search->counts.verified++;
            PerftStats again;
            PH_BACKEND_STATS(s, depth, &again);
            if (!perft_stats_equal(&again, &here))
                backend_hash_verify_stats_failed(PH_KEYING(_GAME), key, depth, &here, &again);
        }
        perft_stats_add(out, &here);
        return;
    }
    if (depth == PH_MIN_DEPTH) {
        PH_BACKEND_STATS(s, depth, &here);
    } else {
        here = (PerftStats){{0}};
        PH_MOVE *moves = search->lists + (size_t)ply * PH_CAPACITY;
        int count = PH_GENERATE(s, moves);
        ZobristKey parent = ph_parent_key(s, key, ep_out);
        for (int i = 0; i < count; i++) {
            PH_UNDO undo;
            uint64_t child_ep_out;
            ZobristKey child = ph_make_keyed(s, moves[i], &undo, parent, &child_ep_out);
            ph_stats_search(search, s, child, child_ep_out, depth - 1, ply + 1, &here);
            PH_UNMAKE(s, moves[i], &undo);
        }
    }
    search->counts.stores++;
    perft_hash_store_stats(search->table, key, depth, &here);
    perft_stats_add(out, &here);
}

/* BackendCore.perft_stats_hashed: depth >= 1, a table made for statistics. */
static void PH_STATS_FN(PH_STATE *s, int depth, PerftHash *table, PerftStats *out)
{
    *out = (PerftStats){{0}};
    if (depth < PH_MIN_DEPTH) {
        PH_BACKEND_STATS(s, depth, out);
        return;
    }
    PhSearch search = ph_search_start(table, false, depth);
    uint64_t ep_out;
    ZobristKey key = PH_KEY_FN(s, &ep_out);
    ph_stats_search(&search, s, key, ep_out, depth, 0, out);
    ph_search_end(&search);
}

#undef PH_STATS_FN
#undef PH_BACKEND_STATS
#undef PH_STATS
#endif

#undef PH_MIN_DEPTH
#undef PH_KEY_FN
#undef PH_KEY_PUBLIC_FN
#undef PH_HASHED_FN
