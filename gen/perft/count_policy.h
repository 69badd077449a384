/* How the built-in backends count, decided once per command (command.c,
 * from RunSettings; the UCI server makes one per "go") and handed down
 * read-only: the runners, the cross-check, participants and the deep
 * runner read it, none writes into it.  What changes from count to count
 * (the position, the depth, the progress line's label, the checkpoint of
 * the command's own divide) travels with each query (DivideQuery). */
#ifndef GEN_PERFT_COUNT_POLICY_H
#define GEN_PERFT_COUNT_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "backend.h"
#include "deep/deep_job.h"
#include "divide.h"
#include "perft_hash.h"

/* The --hash table and whose counts it holds: it is cleared whenever
 * another backend counts, so no backend is handed another's counts.  Like
 * the counts in it, `holds` is the table's state, not the policy's. */
typedef struct CountTable {
    PerftHash *hash;
    const Backend *holds;
} CountTable;

typedef struct CountPolicy CountPolicy;

/* bin/perft-mpi's count in place of deep_divide (gen/mpi): the same
 * contract as deep_divide with this process's threads. */
typedef int (*DeepDivideHook)(const DeepJob *job, const CountPolicy *policy, Divide *out, char *err, size_t errlen,
                              void *context);

struct CountPolicy {
    bool bulk;            /* the last ply counted, not made */
    bool stats;           /* --stats: backends that count statistics count them (every last-ply move made) */
    int threads;          /* counting threads, >= 1 */
    CountTable *table;    /* or NULL: no hashing */
    bool units_lines;     /* --units lines: work units are move paths (deep/work_units.h) */
    int split;            /* --split, or 0: the shallowest split giving enough units (deep/work_units.h) */
    uint64_t node_budget; /* 0: none; else a count stops once past it (Divide.over_budget) */
    bool progress;        /* the progress line even when `err` is not a terminal */
    FILE *err;            /* the progress line and the deep runner's notes (progress.h) */
    DeepDivideHook hook;  /* or NULL: deep_divide */
    void *hook_context;
};

#endif
