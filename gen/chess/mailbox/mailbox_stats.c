/* The mailbox backend's perft statistics (perft_stats.h): a recursion of
 * its own, apart from cmb_perft so that the plain count stays as fast as it
 * was.  Every move of the last ply is made; the leaf is then classified
 * from the mailbox board: which of the mover's pieces attack the enemy king
 * (the piece lists and the difference table, as the generator finds
 * threats), whether one of them stands where the move put it, and whether
 * the side to move has any legal move (cmb_count). */
#include "mailbox.h"
#include "mailbox_make.h"

/* What the move is, read before it is made. */
static unsigned move_kind(const CmbState *s, CmbMove move)
{
    switch (CMB_SPECIAL(move)) {
    case CMB_EN_PASSANT: return STATS_MOVE_CAPTURE | STATS_MOVE_EN_PASSANT;
    case CMB_CASTLE: return STATS_MOVE_CASTLE; /* onto its own rook: no capture */
    case CMB_PROMOTE: return STATS_MOVE_PROMOTION | (s->board[CMB_TO(move)] != EMPTY ? STATS_MOVE_CAPTURE : 0u);
    default: return s->board[CMB_TO(move)] != EMPTY ? STATS_MOVE_CAPTURE : 0u;
    }
}

/* Whether `kind` on `from` attacks `target`: the difference table says
 * whether it could; a slider's line must also be empty in between. */
static bool piece_attacks(const uint8_t *board, int kind, int from, int target)
{
    CmbRelation r = cmb_relation(from, target);
    if (!(r.reach & CMB_REACH(kind)))
        return false;
    if (kind == KNIGHT)
        return true;
    int sq = from + r.step;
    while (sq != target && board[sq] == EMPTY)
        sq += r.step;
    return sq == target;
}

/* Classifies the leaf just reached by `move` of the side not to move now. */
static void count_leaf(CmbState *s, CmbMove move, unsigned kind, PerftStats *out)
{
    int mover = s->side ^ 1;
    int king = cmb_king(s, s->side);
    int placed = CMB_TO(move); /* where the move put the piece that moved */
    if (CMB_SPECIAL(move) == CMB_CASTLE)
        placed = cmb_castle_of(s, mover, CMB_FROM(move), CMB_TO(move))->rook_to;
    int checkers = 0;
    bool direct = false;
    /* A pawn of the mover checks from one rank behind the king, seen from its side. */
    int behind = mover == CHESS_WHITE ? -10 : 10;
    uint8_t pawn = (uint8_t)(PAWN | CMB_SIDE_FLAG(mover));
    for (int side_step = -1; side_step <= 1; side_step += 2)
        if (s->board[king + behind + side_step] == pawn) {
            checkers++;
            direct |= king + behind + side_step == placed;
        }
    for (int k = KNIGHT; k <= QUEEN; k++)
        for (int i = 0; i < s->count[mover][k]; i++) {
            int from = s->squares[mover][k][i];
            if (piece_attacks(s->board, k, from, king)) {
                checkers++;
                direct |= from == placed;
            }
        }
    perft_stats_leaf(out, kind, checkers, direct, cmb_count(s) > 0);
}

static void stats_node(CmbState *s, int depth, PerftStats *out)
{
    CmbMove moves[CMB_MAX_MOVES];
    int count = cmb_generate(s, moves);
    for (int i = 0; i < count; i++) {
        unsigned kind = move_kind(s, moves[i]);
        CmbUndo undo;
        cmb_make(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(cmb_check, s);
        if (depth == 1)
            count_leaf(s, moves[i], kind, out);
        else
            stats_node(s, depth - 1, out);
        cmb_unmake(s, moves[i], &undo);
        BACKEND_DEBUG_CHECK(cmb_check, s);
    }
}

void cmb_perft_stats(CmbState *s, int depth, PerftStats *out)
{
    *out = (PerftStats){{0}};
    stats_node(s, depth, out);
}
