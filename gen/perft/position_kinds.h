/* What kind of position a failing suite row is (issue 33), as the Grand
 * Chess Tree's perft checker sums its failures, so that a user with 300
 * wrong counts sees what they share ("all 300 have en passant possible").
 * Chess positions only; the kinds are defined in gen/perft/README.md
 * ("Failures by kind of position"). */
#ifndef GEN_PERFT_POSITION_KINDS_H
#define GEN_PERFT_POSITION_KINDS_H

#include <stdbool.h>

#include "position.h"

typedef enum {
    KIND_EN_PASSANT,      /* a legal en passant capture, by the classifying backend's moves */
    KIND_CASTLING_RIGHTS, /* the FEN's castling field holds a right (castling legal now or not) */
    KIND_IN_CHECK,        /* the side to move's king is attacked */
    KIND_PROMOTION,       /* a legal promotion, by the classifying backend's moves */
    POSITION_KINDS
} PositionKind;

/* The failing positions of a run, by kind: a position counts once however
 * many of its rows fail, in every kind it has. */
typedef struct FailureKinds {
    int positions;    /* failing positions */
    int unclassified; /* of them: Quaternity's, or none could be classified */
    int none;         /* classified, of no kind here */
    int count[POSITION_KINDS];
    const char *by; /* the backend whose legal moves classify, or NULL before the first */
} FailureKinds;

/* The kind's JSON key ("en_passant_possible") and its text label
 * ("en passant possible"). */
const char *position_kind_key(PositionKind kind);
const char *position_kind_label(PositionKind kind);

/* Adds one failing position to `f`. */
void failure_kinds_add(FailureKinds *f, const Position *pos);

#endif
