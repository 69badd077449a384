/* Perft statistics: what kind of leaf each counted move path ends in.
 *
 * One 64-bit count per column, of leaves only (the last ply's moves), as
 * the chessprogramming wiki's "Perft Results" tables count them.  Each game
 * has its own columns, defined in its RULES.md, section "Perft statistics"
 * (gen/chess/RULES.md, gen/quaternity/RULES.md); every backend of both
 * games counts them by its own recursion, through the optional perft_stats
 * of backend.h.  Here: each game's column table (names, and the order in
 * which a difference is looked for), adding two sets of counts, comparing
 * two naming the first column that differs, and chess's classification of
 * a leaf from what a backend has found out about it (Quaternity's is
 * gen/quaternity/quaternity_stats.h). */
#ifndef GEN_CORE_PERFT_STATS_H
#define GEN_CORE_PERFT_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "position.h"

/* The columns, in the order they are compared and printed.  The four check
 * kinds add up to CHECKS, the four mate kinds to CHECKMATES. */
typedef enum PerftStatsColumn {
    STATS_NODES,
    STATS_CAPTURES,
    STATS_EN_PASSANT,
    STATS_CASTLES,
    STATS_PROMOTIONS,
    STATS_CHECKS,
    STATS_CHECKS_DIRECT,
    STATS_CHECKS_DISCOVERED,
    STATS_CHECKS_DIRECT_DISCOVERED,
    STATS_CHECKS_DOUBLE_DISCOVERED,
    STATS_CHECKMATES,
    STATS_CHECKMATES_DIRECT,
    STATS_CHECKMATES_DISCOVERED,
    STATS_CHECKMATES_DIRECT_DISCOVERED,
    STATS_CHECKMATES_DOUBLE_DISCOVERED,
    STATS_STALEMATES,
    STATS_COLUMNS
} PerftStatsColumn;

/* Quaternity's columns (gen/quaternity/RULES.md#perft-statistics), in the
 * order they are printed: the same slots of PerftStats, fewer of them. */
typedef enum QuaternityStatsColumn {
    QSTATS_NODES,
    QSTATS_CAPTURES,
    QSTATS_PROMOTIONS,
    QSTATS_CHECKS,
    QSTATS_CHECKS_DIRECT,
    QSTATS_CHECKS_DISCOVERED,
    QSTATS_CHECKS_DIRECT_DISCOVERED,
    QSTATS_CHECKS_DOUBLE_DISCOVERED,
    QSTATS_CHECKS_SEVERAL_CONTROLLERS,
    QSTATS_NO_MOVES_IN_CHECK,
    QSTATS_NO_MOVES_NOT_IN_CHECK,
    QSTATS_COLUMNS
} QuaternityStatsColumn;

/* Room for the game with the most columns (chess); a game's columns are
 * the first ones, the rest stay 0. */
typedef struct PerftStats {
    uint64_t count[STATS_COLUMNS];
} PerftStats;

/* The columns a game counts: how many (the first `count` slots of
 * PerftStats), their names, the order in which the first difference is
 * looked for (most specific first, every column once) and the section of
 * RULES.md that defines them. */
typedef struct PerftStatsColumns {
    int count;
    const char *const *names;
    const uint8_t *most_specific_first;
    const char *definitions;
} PerftStatsColumns;

const PerftStatsColumns *perft_stats_columns(Game game);

/* A chess column's name as reports print it ("en-passant",
 * "checks-direct"); perft_stats_name gives any game's ("none" past its
 * last column). */
const char *perft_stats_column_name(PerftStatsColumn column);
const char *perft_stats_name(Game game, int column);

/* sum += add, column by column. */
void perft_stats_add(PerftStats *sum, const PerftStats *add);

/* sum += add * times, column by column (a work unit's statistics times the
 * lines reaching it); false, sum partly added, when a column would pass
 * 2^64 - 1. */
bool perft_stats_add_times(PerftStats *sum, const PerftStats *add, uint64_t times);

/* Every column equal. */
bool perft_stats_equal(const PerftStats *a, const PerftStats *b);

/* The chess column that says best what kind of leaf a and b disagree on;
 * STATS_COLUMNS when every count agrees.  Columns are tried from the most
 * specific: the move kinds (en passant, castles, promotions, then
 * captures), the mate kinds, the check kinds, stalemates, nodes last.  A
 * dropped en passant capture changes nodes and captures too, and is named
 * en-passant; a dropped quiet check is named by its check kind. */
PerftStatsColumn perft_stats_first_difference(const PerftStats *a, const PerftStats *b);

/* The same for any game's columns (its most_specific_first order): the
 * index of the column, STATS_COLUMNS when every count agrees. */
int perft_stats_first_difference_in(Game game, const PerftStats *a, const PerftStats *b);

/* What the move that reached a leaf was: any of these bits. */
enum {
    STATS_MOVE_CAPTURE = 1,    /* en passant included */
    STATS_MOVE_EN_PASSANT = 2, /* with STATS_MOVE_CAPTURE */
    STATS_MOVE_CASTLE = 4,
    STATS_MOVE_PROMOTION = 8,
};

/* Counts one leaf: `move` its STATS_MOVE_* bits; `checkers` how many pieces
 * attack the king of the side now to move; `direct` whether one of them is
 * a piece the move put where it stands (the mover on its target square, as
 * what it promoted to, or the castling rook); `has_moves` whether that side
 * has a legal move.  Each backend finds these out itself; only the
 * classification (gen/chess/RULES.md#perft-statistics) is shared. */
static inline void perft_stats_leaf(PerftStats *s, unsigned move, int checkers, bool direct, bool has_moves)
{
    s->count[STATS_NODES]++;
    s->count[STATS_CAPTURES] += (move & STATS_MOVE_CAPTURE) != 0;
    s->count[STATS_EN_PASSANT] += (move & STATS_MOVE_EN_PASSANT) != 0;
    s->count[STATS_CASTLES] += (move & STATS_MOVE_CASTLE) != 0;
    s->count[STATS_PROMOTIONS] += (move & STATS_MOVE_PROMOTION) != 0;
    if (checkers == 0) {
        s->count[STATS_STALEMATES] += !has_moves;
        return;
    }
    /* The check kind's offset from CHECKS_DIRECT (and from CHECKMATES_DIRECT). */
    int kind = checkers == 1 ? (direct ? 0 : 1) : (direct ? 2 : 3);
    s->count[STATS_CHECKS]++;
    s->count[STATS_CHECKS_DIRECT + kind]++;
    if (!has_moves) {
        s->count[STATS_CHECKMATES]++;
        s->count[STATS_CHECKMATES_DIRECT + kind]++;
    }
}

#endif
