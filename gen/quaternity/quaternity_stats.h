/* The one classification of a Quaternity leaf for perft statistics
 * (perft_stats.h, gen/quaternity/RULES.md#perft-statistics), from what a
 * backend has found out about it by itself.  Each backend finds the facts
 * its own way (the stats file of each backend folder); only
 * this arithmetic is shared. */
#ifndef GEN_QUATERNITY_STATS_H
#define GEN_QUATERNITY_STATS_H

#include <stdbool.h>

#include "perft_stats.h"

/* What a backend found out about one leaf. */
typedef struct QuaternityLeaf {
    bool capture;   /* the move took a man */
    bool promotion; /* the move promoted a pawn */
    /* The mover's men that attack a king of another controller that is
     * not frozen, each counted once however many kings it attacks; whether
     * the man that moved (on its target square, as what it became) is one
     * of them; and how many controllers own a king so attacked. */
    int checkers;
    bool direct;
    int checked_controllers;
    bool has_moves; /* the controller now on turn has a legal move */
    bool in_check;  /* a king it controls is attacked by a live enemy man (read only when !has_moves) */
} QuaternityLeaf;

static inline void quaternity_stats_leaf(PerftStats *s, const QuaternityLeaf *leaf)
{
    s->count[QSTATS_NODES]++;
    s->count[QSTATS_CAPTURES] += leaf->capture;
    s->count[QSTATS_PROMOTIONS] += leaf->promotion;
    if (!leaf->has_moves)
        s->count[leaf->in_check ? QSTATS_NO_MOVES_IN_CHECK : QSTATS_NO_MOVES_NOT_IN_CHECK]++;
    if (leaf->checkers == 0)
        return;
    /* The kind's offset from CHECKS_DIRECT, as chess's perft_stats_leaf. */
    int kind = leaf->checkers == 1 ? (leaf->direct ? 0 : 1) : (leaf->direct ? 2 : 3);
    s->count[QSTATS_CHECKS]++;
    s->count[QSTATS_CHECKS_DIRECT + kind]++;
    s->count[QSTATS_CHECKS_SEVERAL_CONTROLLERS] += leaf->checked_controllers >= 2;
}

#endif
