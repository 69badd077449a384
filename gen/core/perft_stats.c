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
static const PerftStatsColumn COMPARE_ORDER[STATS_COLUMNS] = {
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

PerftStatsColumn perft_stats_first_difference(const PerftStats *a, const PerftStats *b)
{
    for (int i = 0; i < STATS_COLUMNS; i++)
        if (a->count[COMPARE_ORDER[i]] != b->count[COMPARE_ORDER[i]])
            return COMPARE_ORDER[i];
    return STATS_COLUMNS;
}
