/* The orthodox chess bitboard backend's native core (backend.h): the
 * instance is the current CbbPosition with its castling and move clocks
 * (CbbState); make is copy-make, so the undo record is the whole position
 * before the move with the clocks (72 bytes) and unmake copies it back.
 * perft never touches undo records: it keeps each child on the C stack.
 * load, save, decode, encode and check live in bitboard_position.c,
 * generate and count in bitboard_movegen.h. */
#include <stdlib.h>

#include "../zobrist.h"
#include "backend.h"
#include "bitboard_movegen.h"
#include "bitboard_perft.h"

typedef struct CbbUndo {
    CbbPosition pos;
    int32_t halfmove_clock, fullmove_number;
} CbbUndo;

static void cbb_make(CbbState *s, CbbMove m, CbbUndo *before)
{
    before->pos = s->pos;
    before->halfmove_clock = s->halfmove_clock;
    before->fullmove_number = s->fullmove_number;
    bool capture = (s->pos.color[s->pos.side ^ 1] & cbb_bit(m.to)) != 0;
    s->halfmove_clock = (m.piece == CBB_PAWN || capture) ? 0 : s->halfmove_clock + 1;
    s->fullmove_number += s->pos.side; /* counts up after black's move */
    cbb_copy_make(&before->pos, &s->pos, m, &s->castling);
}

static void cbb_unmake(CbbState *s, CbbMove m, const CbbUndo *before)
{
    (void)m; /* the position before the move says everything */
    s->pos = before->pos;
    s->halfmove_clock = before->halfmove_clock;
    s->fullmove_number = before->fullmove_number;
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

#define PH_BACKEND cbb, CbbState, CbbMove, CbbUndo, CBB_MAX_MOVES, CHESS_ZOBRIST
#define PH_STATS /* and the statistics with a table */
#include "perft_hash_recursion.h"

BACKEND_CORE_WITH_STATS(cbb, CbbState, CbbMove, CbbUndo, CBB_MAX_MOVES, cbb_tables_init, NULL);

const Backend chess_bitboard_backend = BACKEND_FROM_CORE(
    cbb_core, "bitboard", GAME_CHESS,
    CBB_SLIDER_PEXT ? "64-bit bitboards, PEXT slider lookups, legal generation with pin and check masks, copy-make"
                    : "64-bit bitboards, magic slider lookups, legal generation with pin and check masks, "
                      "copy-make");
