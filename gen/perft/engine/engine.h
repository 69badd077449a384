/* An external engine as a participant: it answers divides over UCI
 * (`go perft N`, one process for the whole run) or the perftree contract
 * (one process per query: COMMAND DEPTH "POSITION" "MOVES").  Every failure
 * (exit, time-out, malformed line, a move no man of the side on turn could
 * make, counts that do not add up) is one line naming the engine, the query
 * and what came back. */
#ifndef GEN_PERFT_ENGINE_H
#define GEN_PERFT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "divide.h"
#include "engine/engine_process.h"
#include "engine/engine_protocol.h"

enum { ENGINE_DEFAULT_TIMEOUT_SECONDS = 60, ENGINE_SPEC_MAX = 4096, ENGINE_OPTIONS_MAX = 32 };

/* Who is told while the harness waits on an engine's answer to a divide:
 * `tick` about four times a second until the answer is read (the
 * progress line, progress.h).  Engines print nothing themselves. */
typedef struct EngineWaiting {
    void (*tick)(void *context);
    void *context;
} EngineWaiting;

/* Whether an engine's answers carry statistics (gen/perft/README.md,
 * "Statistics"): not known before its first answer. */
typedef enum { ENGINE_STATS_UNKNOWN, ENGINE_STATS_NONE, ENGINE_STATS_GIVEN } EngineStats;

typedef struct Engine {
    char spec_text[ENGINE_SPEC_MAX];         /* the engine's own copy of --engine's value */
    EngineSpec spec;                         /* its command points into spec_text */
    bool game_known;                         /* declared, or settled by participants_settle_games */
    Game game;                               /* the game of every position it is asked about */
    const char *options[ENGINE_OPTIONS_MAX]; /* UCI options "NAME=VALUE", sent with setoption after uciok */
    int option_count;
    double timeout;        /* seconds a query (or the UCI handshake) may take */
    EngineProcess process; /* UCI: the running engine */
    bool running;
    bool lists_chess960;          /* UCI: it listed the option UCI_Chess960 */
    bool chess960_on;             /* UCI: UCI_Chess960 sent as true (and not since as false) */
    bool stats_wanted;            /* --stats: statistics asked for (set by the caller before the first divide) */
    bool lists_stats;             /* UCI: it listed the option PerftStats */
    bool stats_sent;              /* UCI: PerftStats sent */
    EngineStats stats;            /* what its answers so far carried: the same in every one */
    const EngineWaiting *waiting; /* or NULL: told nothing (set by the caller around a query) */
    int queries;
    int chess960_queries; /* of them, in Chess960 notation (UCI: with UCI_Chess960 on) */
} Engine;

/* Parses `spec` (see engine_spec_parse); a UCI engine is started and must
 * answer uci/uciok, take each of `options` ("NAME=VALUE", a name among
 * the options it listed) with setoption, and answer isready/readyok, each
 * within the time-out.  Options are refused for a perftree engine.  The
 * option texts must outlive the engine.  0, or -1 with a message in err. */
int engine_open(Engine *e, const char *spec, const char *const *options, int option_count, double timeout, char *err,
                size_t errlen);
void engine_close(Engine *e);

/* The engine's divide of `root` after the space-separated `moves` (may be
 * NULL, written in `notation`) at `depth` >= 1, sorted by move text in
 * `notation`, into `out` (its entries hold MAX_MOVES); a UCI engine is put
 * in Chess960 mode first (setoption name UCI_Chess960 value true) when
 * `notation` is Chess960's, and out of it when not, so that the moves sent
 * mean what they say (a UCI engine that lists no UCI_Chess960 option
 * cannot be asked in Chess960 notation: an error); `here` is that position as the harness sees it, against which
 * each move the engine names is checked.  Returns 0 with the engine's own
 * total (equal to the sum of every line) and its time (from the query sent
 * to the total read: a UCI engine's start-up is not in it, a perftree
 * process's is), or -1 with one line in err.  A move listed twice is no
 * protocol failure but a finding: out->twice names it (its first count is
 * in the divide).  With stats_wanted, an engine that gives statistics
 * fills out->stats and each entry's (has_stats and entry_stats); an
 * answer with them for some moves only, or with them where earlier answers
 * had none (or the reverse), is a failure. */
int engine_divide(Engine *e, const Position *root, const char *moves, const Position *here, int depth,
                  MoveNotation notation, Divide *out, char *err, size_t errlen);

#endif
