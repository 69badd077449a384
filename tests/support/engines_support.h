/* What the engine tests share: the perft binary of this build mode (the
 * inner engine of the planted-bug scripts), Debian's Stockfish, and engines
 * started from a printf-style specification. */
#ifndef TESTS_ENGINES_SUPPORT_H
#define TESTS_ENGINES_SUPPORT_H

#include "crosscheck.h"
#include "engine/engine.h"
#include "participants.h"
#include "support.h"

/* bin/perft of the mode the tests were built in (the Makefile passes it). */
#ifndef TEST_PERFT_BIN
#define TEST_PERFT_BIN "bin/perft"
#endif

/* Debian's stockfish package installs here (make deps-test installs it). */
#define TEST_STOCKFISH "/usr/games/stockfish"

/* The planted-bug engine (tests/engines/planted_bug.py). */
#define TEST_PLANTED_BUG "tests/engines/planted_bug.py"

static const char *const QUATERNITY_OPENING_QFEN =
    "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/"
    "wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";

/* Starts the engine of the formatted specification with `timeout`; asserts
 * it started. */
void engine_start(Engine *e, double timeout, const char *format, ...) __attribute__((format(printf, 3, 4)));

/* Cross-checks `ps` from `root` at `depth` as bin/perft does (bulk
 * counting, one thread, no table): what crosscheck returns, with the report
 * and, when `totals` is not NULL, each participant's root total. */
int crosscheck_at(const Participant *ps, int count, const Position *root, int depth, CrossReport *report,
                  uint64_t *totals, char *err, size_t errlen);

/* A participant of a built-in backend, or of a started engine. */
static inline Participant backend_participant(const Backend *b)
{
    return (Participant){.name = b->name, .backend = b};
}
static inline Participant engine_participant(Engine *e)
{
    return (Participant){.name = e->spec.name, .engine = e};
}

/* The canonical text of `root_text` after the moves of `path`, through the
 * first backend of the game. */
void position_after(const char *root_text, const char *path, char out[POSITION_TEXT_MAX]);

#endif
