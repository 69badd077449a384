/* What reaches an external engine and what comes back from it when the
 * query or the answer is out of the ordinary: a move list of thousands of
 * plies sent whole over UCI, an --engine-option the engine refuses, and an
 * engine failing on a position whose text alone is longer than an error
 * line.  The engine is bin/perft --uci (or the planted-bug test engine
 * wrapping it); the counts are its agreement with the built-in backends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "engines_support.h"

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Test(engines_queries, a_move_list_of_2000_plies_reaches_a_uci_engine_whole)
{
    /* The knights out and back, 500 times: 2,000 plies, 10 KB of moves (a
     * query was cut at about 8.7 KB before). */
    static char moves[2000 * 5 + 1];
    size_t n = 0;
    for (int i = 0; i < 500; i++)
        n += (size_t)snprintf(moves + n, sizeof moves - n, "%sg1f3 g8f6 f3g1 f6g8", i ? " " : "");
    CliRun r = RUN("-b", "bitboard", "--engine-timeout", "10", "--engine", "u=uci:" TEST_PERFT_BIN " --uci", "2", START,
                   moves);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.err, "2 chess participants (1 engine) agree at depth 2"), "%s", r.err);
    cr_expect(strstr(r.out, "\n400\n"), "%s", r.out); /* back at the start: 400, published */
    cli_free(&r);
}

Test(engines_queries, an_engine_option_the_engine_refuses_is_an_error_in_its_words)
{
    /* A typo in a backend's name: before, the engine kept its default
     * backend and the cross-check agreed with itself. */
    CliRun r = RUN("-b", "bitboard", "--engine", "u=uci:" TEST_PERFT_BIN " --uci", "--engine-option", "Backend=plnated",
                   "2", START);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "perft: engine u: it refused 'setoption name Backend value plnated': info string error: "
                            "setoption Backend: 'plnated' is not a backend"),
              "%s", r.err);
    cr_expect_str_empty(r.out);
    cli_free(&r);
    /* An accepted option still counts. */
    r = RUN("-b", "bitboard", "--engine", "u=uci:" TEST_PERFT_BIN " --uci", "--engine-option", "Backend=mailbox", "2",
            START);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cli_free(&r);
}

Test(engines_queries, the_reason_of_a_failure_on_a_long_position_is_never_cut)
{
    /* The Quaternity opening's QFEN alone is longer than an error line:
     * the reason comes first and the query is cut in its middle. */
    for (int protocol = 0; protocol < 2; protocol++) {
        const char *name = protocol ? "uci" : "perftree";
        char spec[1024];
        snprintf(spec, sizeof spec,
                 "broken=quaternity:%s:" TEST_PLANTED_BUG " --protocol %s --inner 'perftree:" TEST_PERFT_BIN
                 "' --fail hang",
                 name, name);
        CliRun r = RUN("-b", "none", "--engine-timeout", "0.5", "--engine", spec, "2", QUATERNITY_OPENING_QFEN);
        cr_expect_eq(r.status, 2, "%s: %s", name, r.err);
        cr_expect(strstr(r.err, "perft: engine broken: no answer within 0.5 s (time-out; --engine-timeout); it sent "),
                  "%s: %s", name, r.err);
        cr_expect(strstr(r.err, "; query \"") && strstr(r.err, " ... "), "%s: the query is not cut in its middle: %s",
                  name, r.err);
        cli_free(&r);
    }
}
