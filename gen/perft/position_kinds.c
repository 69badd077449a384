#include "position_kinds.h"

#include <stddef.h>

#include "fen.h"
#include "perft_stats.h"
#include "registry.h"

static const struct {
    const char *key, *label;
} KINDS[POSITION_KINDS] = {
    [KIND_EN_PASSANT] = {"en_passant_possible", "en passant possible"},
    [KIND_CASTLING_RIGHTS] = {"castling_rights", "castling rights"},
    [KIND_IN_CHECK] = {"in_check", "side to move in check"},
    [KIND_PROMOTION] = {"promotion_possible", "promotion possible"},
};

const char *position_kind_key(PositionKind kind)
{
    return KINDS[kind].key;
}

const char *position_kind_label(PositionKind kind)
{
    return KINDS[kind].label;
}

/* The first chess backend in the registry that counts statistics: its
 * depth-1 statistics are the position's legal moves by kind. */
static const Backend *classifier(void)
{
    for (int i = 0; backend_registry[i]; i++) {
        const Backend *b = backend_registry[i];
        if (b->game == GAME_CHESS && b->perft_stats && (!b->core || b->core->perft_stats))
            return b;
    }
    return NULL;
}

/* The position's kinds into `has`; false when it cannot be classified. */
static bool classify(const Backend *b, const Position *pos, bool has[POSITION_KINDS])
{
    if (pos->game != GAME_CHESS || !b)
        return false;
    void *instance = b->create(b);
    if (!instance)
        return false;
    b->load(instance, pos);
    PerftStats moves;
    bool counted = b->perft_stats(instance, 1, &moves);
    b->destroy(instance);
    if (!counted)
        return false;
    has[KIND_EN_PASSANT] = moves.count[STATS_EN_PASSANT] > 0;
    has[KIND_CASTLING_RIGHTS] = pos->castling != 0;
    has[KIND_IN_CHECK] = fen_side_in_check(pos);
    has[KIND_PROMOTION] = moves.count[STATS_PROMOTIONS] > 0;
    return true;
}

void failure_kinds_add(FailureKinds *f, const Position *pos)
{
    const Backend *b = classifier();
    bool has[POSITION_KINDS] = {false};
    f->positions++;
    if (!classify(b, pos, has)) {
        f->unclassified++;
        return;
    }
    f->by = b->name;
    bool any = false;
    for (int k = 0; k < POSITION_KINDS; k++) {
        f->count[k] += has[k];
        any |= has[k];
    }
    f->none += !any;
}
