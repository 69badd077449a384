/* What the test files share: the registered backends of a game, fixture
 * files, minimal Quaternity setups written as a readable list of men, move
 * lists as text, and perft through the interface.
 *
 * Every test runs for every registered backend of its game and names the
 * backend and the row or position in each failure.  A game with no backend
 * fails the test instead of passing it vacuously. */
#ifndef TESTS_SUPPORT_H
#define TESTS_SUPPORT_H

#include <criterion/criterion.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "epd.h"
#include "failure_report.h"
#include "move_text.h"
#include "position.h"
#include "position_text.h"
#include "registry.h"
#include "square_text.h"

/* Sanitizer builds run several times slower, and so do builds run under
 * an emulator (TEST_EMULATED: make test-aarch64 under qemu-user, about 7x);
 * timeouts scale with them. */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_SLOWDOWN 20.0
#elif defined(TEST_EMULATED)
#define TEST_SLOWDOWN 10.0
#else
#define TEST_SLOWDOWN 1.0
#endif

/* ---- failures ---- */

/* A failed expectation ends the test with one block: its message, cut to
 * FAILURE_LINES_MAX lines (failure_report.h).  The first failure is the
 * one reported, so that one broken backend is one block per failing test,
 * not a wall (a message names the backend, the position, the first
 * diverging path and the source of truth: first_divergence). */
#define EXPECT(cond, ...)                                                                                              \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            cr_assert_fail("%s", failure_text(__VA_ARGS__));                                                           \
    } while (0)

/* ---- backends ---- */

enum { BACKENDS_MAX = 16 };

/* The registered backends of `game` in registry order; asserts there is at
 * least one. */
int backends_of(Game game, const Backend *out[BACKENDS_MAX]);

/* Those of them that count perft statistics (an optional part of the
 * interface: a backend copied from the template has none), asserting that
 * they include the three built-in ones, so that no test passes by testing
 * nothing. */
int stats_backends_of(Game game, const Backend *out[BACKENDS_MAX]);

/* A backend instance with `pos` loaded (asserts creation worked). */
void *instance_open(const Backend *backend, const Position *pos);
void instance_close(const Backend *backend, void *state);

/* The legal moves of `pos` as the backend generates them. */
int legal_moves(const Backend *backend, const Position *pos, Move moves[MAX_MOVES]);

/* Perft through generate/make/unmake, the harness's view of the backend,
 * to hold against the backend's own recursion. */
uint64_t perft_via_interface(const Backend *backend, void *state, int depth);

/* ---- fixtures ---- */

/* Reads an EPD-style fixture file (position, then ";Dn count" and ";id
 * NAME"; the harness's reader) relative to the repository root; asserts the
 * file opens and every line parses.  Free the result with free(). */
EpdEntry *fixtures_load(const char *path, int *count);
/* The same, asserting the file holds exactly `expected` positions, so that a
 * truncated file cannot pass. */
EpdEntry *fixtures_load_exactly(const char *path, int expected, int *count);

/* ---- minimal Quaternity setups ---- */

/* Men written as "wP^ c5, gN e5": army letter, piece letter, pawn mark, a
 * space, the square.  A list that names no king gets the kings baseline of
 * gen/quaternity/RULES.md#pawn-tables-7-minimal-setups (White a1, Red a12,
 * Black l12, Green l1); a list that names kings is a custom setup and keeps
 * its own.  The position has the default controllers and `turn` on turn; it
 * is checked by formatting it as QFEN and parsing that back.  `where` names the case in failure messages. */
void setup_build(const char *where, const char *men, char turn, Position *pos);
/* Adds men to a position (each on an empty square), re-checked the same way. */
void setup_add(const char *where, Position *pos, const char *men);
/* One token, "wP^" or "gN"; asserts it is well formed. */
Piece piece_from_token(const char *where, const char *token);
/* A Quaternity square name; asserts it is one. */
int square_from_name(const char *where, const char *name);

/* ---- move lists as text ---- */

enum { MOVES_TEXT_MAX = MAX_MOVES * MOVE_TEXT_MAX };

/* The moves as text, sorted by byte order and separated by spaces. */
void moves_to_text(Game game, const Move *moves, int count, char *out, size_t outlen);
/* Parses a space-separated move list; asserts every word is move text. */
int moves_from_text(const char *where, Game game, const char *list, Move moves[MAX_MOVES]);
/* Keeps the moves that start on `square`; returns how many. */
int moves_keep_from(Move *moves, int count, int square);

#endif
