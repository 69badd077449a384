/* The columns of perft statistics (perft_stats.h): names, sums, comparison. */
#include "perft_stats.h"

static const char *const COLUMN_NAMES[STATS_COLUMNS] = {
    [STATS_NODES] = "nodes",
    [STATS_CAPTURES] = "captures",
    [STATS_EN_PASSANT] = "en-passant",
    [STATS_CASTLES] = "castles",
    [STATS_PROMOTIONS] = "promotions",
    [STATS_CHECKS] = "checks",
    [STATS_CHECKS_DIRECT] = "checks-direct",
    [STATS_CHECKS_DISCOVERED] = "checks-discovered",
    [STATS_CHECKS_DIRECT_DISCOVERED] = "checks-direct-discovered",
    [STATS_CHECKS_DOUBLE_DISCOVERED] = "checks-double-discovered",
    [STATS_CHECKMATES] = "checkmates",
    [STATS_CHECKMATES_DIRECT] = "checkmates-direct",
    [STATS_CHECKMATES_DISCOVERED] = "checkmates-discovered",
    [STATS_CHECKMATES_DIRECT_DISCOVERED] = "checkmates-direct-discovered",
    [STATS_CHECKMATES_DOUBLE_DISCOVERED] = "checkmates-double-discovered",
    [STATS_STALEMATES] = "stalemates",
};

const char *perft_stats_column_name(PerftStatsColumn column)
{
    return column < STATS_COLUMNS ? COLUMN_NAMES[column] : "none";
}

void perft_stats_add(PerftStats *sum, const PerftStats *add)
{
    for (int c = 0; c < STATS_COLUMNS; c++)
        sum->count[c] += add->count[c];
}

bool perft_stats_add_times(PerftStats *sum, const PerftStats *add, uint64_t times)
{
    for (int c = 0; c < STATS_COLUMNS; c++) {
        uint64_t product;
        if (__builtin_mul_overflow(add->count[c], times, &product) ||
            __builtin_add_overflow(sum->count[c], product, &sum->count[c]))
            return false;
    }
    return true;
}

bool perft_stats_equal(const PerftStats *a, const PerftStats *b)
{
    for (int c = 0; c < STATS_COLUMNS; c++)
        if (a->count[c] != b->count[c])
            return false;
    return true;
}

/* From the most specific column to the least (perft_stats.h). */
static const uint8_t COMPARE_ORDER[STATS_COLUMNS] = {
    STATS_EN_PASSANT,
    STATS_CASTLES,
    STATS_PROMOTIONS,
    STATS_CAPTURES,
    STATS_CHECKMATES_DIRECT,
    STATS_CHECKMATES_DISCOVERED,
    STATS_CHECKMATES_DIRECT_DISCOVERED,
    STATS_CHECKMATES_DOUBLE_DISCOVERED,
    STATS_CHECKMATES,
    STATS_CHECKS_DIRECT,
    STATS_CHECKS_DISCOVERED,
    STATS_CHECKS_DIRECT_DISCOVERED,
    STATS_CHECKS_DOUBLE_DISCOVERED,
    STATS_CHECKS,
    STATS_STALEMATES,
    STATS_NODES,
};

static const char *const QUATERNITY_NAMES[QSTATS_COLUMNS] = {
    [QSTATS_NODES] = "nodes",
    [QSTATS_CAPTURES] = "captures",
    [QSTATS_PROMOTIONS] = "promotions",
    [QSTATS_CHECKS] = "checks",
    [QSTATS_CHECKS_DIRECT] = "checks-direct",
    [QSTATS_CHECKS_DISCOVERED] = "checks-discovered",
    [QSTATS_CHECKS_DIRECT_DISCOVERED] = "checks-direct-discovered",
    [QSTATS_CHECKS_DOUBLE_DISCOVERED] = "checks-double-discovered",
    [QSTATS_CHECKS_SEVERAL_CONTROLLERS] = "checks-several-controllers",
    [QSTATS_NO_MOVES_IN_CHECK] = "no-moves-in-check",
    [QSTATS_NO_MOVES_NOT_IN_CHECK] = "no-moves-not-in-check",
};

/* As chess's: the move kinds, then the leaves without moves in check (the
 * mate counterpart), the check kinds with several controllers checked
 * first, then the rest. */
static const uint8_t QUATERNITY_ORDER[QSTATS_COLUMNS] = {
    QSTATS_PROMOTIONS,
    QSTATS_CAPTURES,
    QSTATS_NO_MOVES_IN_CHECK,
    QSTATS_CHECKS_SEVERAL_CONTROLLERS,
    QSTATS_CHECKS_DIRECT,
    QSTATS_CHECKS_DISCOVERED,
    QSTATS_CHECKS_DIRECT_DISCOVERED,
    QSTATS_CHECKS_DOUBLE_DISCOVERED,
    QSTATS_CHECKS,
    QSTATS_NO_MOVES_NOT_IN_CHECK,
    QSTATS_NODES,
};

static const PerftStatsColumns GAME_COLUMNS[GAME_COUNT] = {
    [GAME_CHESS] = {STATS_COLUMNS, COLUMN_NAMES, COMPARE_ORDER, "gen/chess/RULES.md#perft-statistics"},
    [GAME_QUATERNITY] = {QSTATS_COLUMNS, QUATERNITY_NAMES, QUATERNITY_ORDER,
                         "gen/quaternity/RULES.md#perft-statistics"},
};

const PerftStatsColumns *perft_stats_columns(Game game)
{
    return &GAME_COLUMNS[game];
}

const char *perft_stats_name(Game game, int column)
{
    const PerftStatsColumns *columns = perft_stats_columns(game);
    return column >= 0 && column < columns->count ? columns->names[column] : "none";
}

int perft_stats_first_difference_in(Game game, const PerftStats *a, const PerftStats *b)
{
    const PerftStatsColumns *columns = perft_stats_columns(game);
    for (int i = 0; i < columns->count; i++) {
        int c = columns->most_specific_first[i];
        if (a->count[c] != b->count[c])
            return c;
    }
    return STATS_COLUMNS;
}

PerftStatsColumn perft_stats_first_difference(const PerftStats *a, const PerftStats *b)
{
    return (PerftStatsColumn)perft_stats_first_difference_in(GAME_CHESS, a, b);
}
