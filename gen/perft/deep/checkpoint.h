/* The checkpoint file of a deep count: a header naming the command (game,
 * backend, depth, bulk flag, position and moves) and how its tree was split,
 * then one record per finished work unit, appended and flushed as each
 * finishes.  Every line carries a checksum (records chained to the header's),
 * so a record from another file, an edited count or a damaged line is
 * caught.  Text, so a user can read it:
 *
 *   perft-checkpoint 2 <TAB> game=chess <TAB> ... <TAB> split=2 <TAB> units=400 <TAB> #<hash>
 *   unit <TAB> 17 <TAB> 599 <TAB> b1c3 b8a6 <TAB> #<hash>
 *
 * A count with statistics (--stats: `stats=on` in the header) adds them to
 * each record, the columns of perft_stats.h in order, comma-separated:
 *
 *   unit <TAB> 17 <TAB> 599 <TAB> b1c3 b8a6 <TAB> stats=599,12,0,... <TAB> #<hash>
 *
 * A file written without statistics is refused when they are asked, and
 * one written with them when they are not (one line saying which).
 *
 * A record's count is the perft below its unit's position (one position,
 * however many lines reach it: deep/work_units.h), in decimal up to
 * 2^128 - 1.  Format 2 came with 128-bit counts and position units; a
 * format-1 file is refused with a message saying so (its unit numbers
 * belong to line units).
 *
 * Each record is written to the kernel (one write, no stdio buffer) before
 * the next unit is taken: a killed process loses only its units in flight
 * (fsync would add safety against a power cut, at a disk round trip per
 * unit; not done).  A failed append (a full disk) cuts the file back to
 * its whole lines and stops appending, so that the file stays one a rerun
 * resumes from. */
#ifndef GEN_PERFT_CHECKPOINT_H
#define GEN_PERFT_CHECKPOINT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "perft_count.h"
#include "perft_stats.h"

typedef struct CheckpointRecord {
    size_t index;     /* the unit's place in the split */
    PerftCount count; /* its perft */
    char *line;       /* its moves from the root, space-separated */
    bool has_stats;   /* the record holds statistics (a --stats count's) */
    PerftStats stats;
} CheckpointRecord;

typedef struct Checkpoint {
    char *path;
    char *identity; /* the header's fields naming the command, tab-separated */
    int fd;         /* open for appending after checkpoint_begin, else -1 */
    off_t size;     /* bytes of whole lines in the file */
    uint64_t header_hash;
    pthread_mutex_t lock; /* guards the appending fields below */
    size_t appended;      /* records this run appended */
    int append_errno;     /* why appending failed (then nothing more is appended), or 0 */
    /* What an existing file held (checkpoint_read). */
    bool existed;
    int split;
    size_t units;
    CheckpointRecord *records;
    size_t record_count;
} Checkpoint;

/* Reads `path` if it exists and is not empty.  Refuses (-1, message in
 * err) what is not a regular file (a directory, a FIFO, a device), a line
 * longer than any checkpoint writes, a read error, a file that is not a
 * checkpoint, one written by another command
 * (the message names the first field that differs), and any line whose
 * checksum or form is wrong.  A last line cut short (a run killed while
 * writing it) is dropped from the file, its unit redone, and the line
 * saying so left in `warning` (else it is left as it was).  `identity` is tab-separated "key=value" fields without tabs
 * or newlines in them. */
int checkpoint_read(Checkpoint *c, const char *path, const char *identity, char *warning, size_t warning_size,
                    char *err, size_t errlen);

/* Opens the file for appending, writing the header first when it is new. */
int checkpoint_begin(Checkpoint *c, int split, size_t units, char *err, size_t errlen);

/* Appends one finished unit, with its statistics (or NULL); safe from any
 * thread.  -1 when the write failed (disk full) or an earlier one did: the
 * count goes on without it. */
int checkpoint_append(Checkpoint *c, size_t index, PerftCount count, const PerftStats *stats, const char *line);

/* The records this run has appended, and in *failure the errno of the
 * append that failed (0: none has); safe from any thread. */
size_t checkpoint_appended(Checkpoint *c, int *failure);

void checkpoint_close(Checkpoint *c);

#endif
