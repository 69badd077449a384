/* The orthodox chess bitboard backend's native core (backend.h): the
 * instance is the current CbbPosition with its castling (CbbState); make
 * is copy-make, so the undo
 * record is the whole position before the move (80 bytes) and unmake
 * copies it back.  perft never touches undo records: it keeps each child
 * on the C stack.  load, save, decode, encode and check live in
 * bitboard_position.c, generate and count in bitboard_movegen.h. */
#include <stdlib.h>

#include "../zobrist.h"
#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"

static void cbb_make(CbbState *s, CbbMove m, CbbPosition *before)
{
    *before = s->pos;
    cbb_copy_make(before, &s->pos, m, &s->castling);
}

static void cbb_unmake(CbbState *s, CbbMove m, const CbbPosition *before)
{
    (void)m; /* the position before the move says everything */
    s->pos = *before;
}

static int cbb_generate(const CbbState *s, CbbMove *moves)
{
    return cbb_generate_moves(&s->pos, &s->castling, moves);
}

static int cbb_count(const CbbState *s)
{
    return (int)cbb_count_moves(&s->pos, &s->castling);
}

/* The neutral piece on a neutral square (pawn state left out: the chess key
 * does not read it), for the hashed recursion's key updates. */
static inline Piece cbb_piece_at(const CbbState *s, int square)
{
    const CbbPosition *p = &s->pos;
    CbbBitboard bit = (CbbBitboard)1 << square;
    if (!((p->color[CBB_WHITE] | p->color[CBB_BLACK]) & bit))
        return EMPTY;
    int kind = CBB_PAWN;
    while (kind < CBB_KING && !(p->kind[kind] & bit))
        kind++;
    return PIECE_MAKE((p->color[CBB_BLACK] & bit) ? CHESS_BLACK : CHESS_WHITE, kind + PAWN, 0);
}

static inline uint64_t cbb_state_key(const CbbState *s)
{
    return chess_zobrist_state(s->pos.side, s->castling_keys[s->pos.castling], s->pos.ep_square);
}

#define PH_BACKEND cbb, CbbState, CbbMove, CbbPosition, CBB_MAX_MOVES, 1
#include "perft_hash_recursion.h"

BACKEND_CORE(cbb, CbbState, CbbMove, CbbPosition, CBB_MAX_MOVES, cbb_tables_init, NULL);

const Backend chess_bitboard_backend = BACKEND_FROM_CORE(
    cbb_core, "bitboard", GAME_CHESS,
    CBB_SLIDER_PEXT ? "64-bit bitboards, PEXT slider lookups, legal generation with pin and check masks, copy-make"
                    : "64-bit bitboards, magic slider lookups, legal generation with pin and check masks, "
                      "copy-make");
