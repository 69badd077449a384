/* The mailbox backend's read-only tables: square numbering both ways and
 * the relation of two squares by
 * their difference (see mailbox.h).  Built once, before the first instance,
 * under RUN_ONCE; never written again. */
#include <string.h>

#include "mailbox.h"
#include "run_once.h"

CmbTables cmb_tables;

static void add_reach(int diff, uint8_t bits)
{
    cmb_tables.relation[diff + CMB_DIFF_OFFSET].reach |= bits;
}

static void build_relations(void)
{
    static const int KNIGHT_JUMPS[8] = {21, 19, 12, 8, -8, -12, -19, -21};
    static const int ORTHOGONAL[4] = {10, 1, -1, -10};
    static const int DIAGONAL[4] = {11, 9, -9, -11};
    for (int i = 0; i < 8; i++)
        add_reach(KNIGHT_JUMPS[i], CMB_REACH(KNIGHT));
    for (int i = 0; i < 4; i++) {
        add_reach(ORTHOGONAL[i], CMB_REACH(KING));
        add_reach(DIAGONAL[i], CMB_REACH(KING));
        /* Up to seven steps along a line; no difference has two such readings. */
        for (int n = 1; n <= 7; n++) {
            CmbRelation *r = &cmb_tables.relation[ORTHOGONAL[i] * n + CMB_DIFF_OFFSET];
            r->step = (int8_t)ORTHOGONAL[i];
            r->reach |= CMB_REACH(ROOK) | CMB_REACH(QUEEN);
            r = &cmb_tables.relation[DIAGONAL[i] * n + CMB_DIFF_OFFSET];
            r->step = (int8_t)DIAGONAL[i];
            r->reach |= CMB_REACH(BISHOP) | CMB_REACH(QUEEN);
        }
    }
    /* Pawns capture forward: white north (+9, +11), black south. */
    add_reach(9, CMB_REACH_WHITE_PAWN);
    add_reach(11, CMB_REACH_WHITE_PAWN);
    add_reach(-9, CMB_REACH_BLACK_PAWN);
    add_reach(-11, CMB_REACH_BLACK_PAWN);
}

static void build_tables(void)
{
    memset(&cmb_tables, 0, sizeof cmb_tables);
    memset(cmb_tables.sq64, -1, sizeof cmb_tables.sq64);
    for (int sq = 0; sq < C_SQUARES; sq++) {
        int mailbox = 21 + sq % C_WIDTH + 10 * (sq / C_WIDTH);
        cmb_tables.sq120[sq] = (uint8_t)mailbox;
        cmb_tables.sq64[mailbox] = (int8_t)sq;
        cmb_tables.bit[mailbox] = (uint64_t)1 << sq;
    }
    build_relations();
}

void cmb_tables_init(void)
{
    RUN_ONCE(build_tables);
}
