/* What the fuzz targets share: the backends of a game, one instance of each
 * with the same position, and the cross-checks (saved positions, sorted
 * legal moves) that every target runs after every step.
 *
 * A finding is reported by fuzz_fail: the facts on stderr, then abort(), so
 * that libFuzzer saves the input as a crash file.  Backend contract
 * failures (exit 70) and sanitizer reports are findings too: libFuzzer
 * treats an exit inside the target as one. */
#ifndef FUZZ_FUZZ_SUPPORT_H
#define FUZZ_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "position.h"

enum { FUZZ_BACKENDS_MAX = 8 };

/* One instance of every registered backend of a game, all in the same
 * position. */
typedef struct FuzzBackends {
    Game game;
    int count;
    const Backend *backend[FUZZ_BACKENDS_MAX];
    void *state[FUZZ_BACKENDS_MAX];
} FuzzBackends;

_Noreturn void fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* Opens every backend of pos->game on `pos` and checks that each saves it
 * back unchanged. */
void fuzz_backends_open(FuzzBackends *set, const Position *pos);
void fuzz_backends_close(FuzzBackends *set);

/* Every backend saves a position equal to the first backend's (returned in
 * `pos`); `where` names the step in the failure. */
void fuzz_backends_same_position(const FuzzBackends *set, Position *pos, const char *where);

/* The first backend's legal moves, sorted by text, after checking that
 * every backend generates the same set; returns the count. */
int fuzz_backends_same_moves(const FuzzBackends *set, Move moves[MAX_MOVES], const char *where);

/* Makes (unmakes) `move` in every backend. */
void fuzz_backends_make(const FuzzBackends *set, Move move);
void fuzz_backends_unmake(const FuzzBackends *set, Move move);

/* `text` parses and the parsed position equals `pos`. */
void fuzz_text_reparses(const char *text, const Position *pos, const char *where);

/* A NUL-terminated copy of the fuzzer's bytes (free() it). */
char *fuzz_copy_text(const uint8_t *data, size_t size);

#endif
