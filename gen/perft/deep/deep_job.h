/* What a deep count counts: one backend's perft from one position. */
#ifndef GEN_PERFT_DEEP_DEEP_JOB_H
#define GEN_PERFT_DEEP_DEEP_JOB_H

#include <stdbool.h>

#include "backend.h"

/* `backend`'s perft of `depth` from `start`.  position_text and moves_text
 * are the command's (the position before its moves, and the moves): they
 * name the count in a checkpoint's header, with the backend, depth and
 * bulk flag. */
typedef struct DeepJob {
    const Backend *backend;
    Position start; /* after the command's moves */
    int depth;      /* >= 1 */
    bool bulk;
    const char *position_text, *moves_text;
} DeepJob;

#endif
