/* The messages of bin/perft-mpi.  Every counting thread of the other ranks
 * is a worker of the master on rank 0: a thread sends a request (the unit
 * it has just counted, if any) on the request communicator with its thread
 * number as the tag, and the master answers with the same tag on the answer
 * communicator: the next unit, or stop.  A thread has UNITS_IN_HAND
 * requests out at a time (it starts with that many), so it counts one unit
 * while the next is on its way; once stopped, it receives a stop for each.  Two communicators, so that the master's
 * receive from any source never takes an answer meant for one of rank 0's threads.
 *
 * Raw bytes (MPI_BYTE): the ranks are one build of one program, on
 * machines of one architecture. */
#ifndef GEN_MPI_PROTOCOL_H
#define GEN_MPI_PROTOCOL_H

#include <mpi.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perft_stats.h"
#include "position.h"

enum { UNITS_IN_HAND = 2 };

typedef struct UnitRequest {
    int64_t finished; /* the unit just counted, or -1 (the thread's first request) */
    uint64_t count;   /* its count */
    PerftStats stats; /* its statistics under --stats (zero otherwise) */
} UnitRequest;

/* The bytes of a request: the statistics only when the run counts them
 * (--stats), so that a plain count's messages stay 16 bytes. */
static inline int request_bytes(bool stats)
{
    return (int)(stats ? sizeof(UnitRequest) : offsetof(UnitRequest, stats));
}

typedef struct UnitAnswer {
    int64_t index; /* the unit to count, or -1: stop */
    int32_t split; /* how many moves of path are sent */
    Move path[MAX_DEPTH];
} UnitAnswer;

/* The bytes of an answer: the header and its `split` moves. */
static inline int answer_bytes(int split)
{
    return (int)(offsetof(UnitAnswer, path) + sizeof(Move) * (size_t)split);
}

typedef struct Channels {
    MPI_Comm requests, answers;
} Channels;

#endif
