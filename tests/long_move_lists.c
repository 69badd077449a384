/* Move lists far past every limit the backends once had (the Quaternity
 * padded backend silently stopped making moves after 128, the mailbox
 * aborted at 1024): knights shuffled out and back, so that after every
 * whole cycle the position is the start again (clocks aside) and its perft
 * must be the published count of the start.  Played as text through the
 * harness (session_play, what bin/perft does with MOVES), counted with bulk
 * counting on and off, then unmade all the way back.
 *
 * Counts: the Quaternity opening's 41 / 1681 / 68798 at depths 1-3 are
 * QuaterniTS's (positions/quaternity/reference.epd); the chess initial
 * position's 20 / 400 / 8902 are the published ones
 * (positions/chess/published.epd). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "support.h"

static const char OPENING[] = "rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/"
                              "rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/"
                              "3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w";
static const char INITIAL[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* One cycle of knight moves that brings the start back: one knight of each
 * army out and one back. */
static const char OPENING_CYCLE[] = "b4a6 d10f9 k9l7 i3j1 a6b4 f9d10 l7k9 j1i3";
static const char INITIAL_CYCLE[] = "g1f3 g8f6 f3g1 f6g8";

static const uint64_t OPENING_COUNTS[] = {1, 41, 1681, 68798};
static const uint64_t INITIAL_COUNTS[] = {1, 20, 400, 8902};

/* Plies played: past 128, past 1024, and a few thousand. */
static const int LENGTHS[] = {136, 1032, 4000};

/* `cycles` copies of `cycle`, space-separated; free() the result. */
static char *repeat_moves(const char *cycle, int cycles)
{
    size_t len = strlen(cycle) + 1;
    char *text = malloc(len * (size_t)cycles + 1);
    cr_assert(text != NULL);
    text[0] = '\0';
    for (int i = 0; i < cycles; i++) {
        strcat(text, cycle);
        strcat(text, " ");
    }
    return text;
}

static int count_words(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p != ' ' && (p == text || p[-1] == ' ');
    return n;
}

static void check_long_lists(Game game, const char *start, const char *cycle, const uint64_t *counts, int depth)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(game, backends);
    Position root;
    char err[ERROR_TEXT_MAX];
    cr_assert(position_parse(start, &root, err, sizeof err) == 0, "%s", err);
    int plies_per_cycle = count_words(cycle);
    int checked = 0;
    for (int b = 0; b < n; b++)
        for (size_t l = 0; l < sizeof LENGTHS / sizeof *LENGTHS; l++) {
            int cycles = LENGTHS[l] / plies_per_cycle;
            char *moves = repeat_moves(cycle, cycles);
            Session s;
            cr_assert(session_open(&s, backends[b], &root, err, sizeof err) == 0, "%s", err);
            int played = session_play(&s, moves, err, sizeof err);
            EXPECT(played == 0, "[%s] %d plies: %s", backends[b]->name, cycles * plies_per_cycle, err);
            if (played == 0) {
                Position here;
                backends[b]->save(s.state, &here);
                /* Only the chess clocks may differ from the start. */
                here.halfmove_clock = root.halfmove_clock;
                here.fullmove_number = root.fullmove_number;
                EXPECT(position_equal(&here, &root), "[%s] %d plies of shuffled knights do not give the start back",
                       backends[b]->name, cycles * plies_per_cycle);
                for (int bulk = 0; bulk <= 1; bulk++) {
                    uint64_t got = backends[b]->perft(s.state, depth, bulk);
                    EXPECT(got == counts[depth], "[%s] after %d plies, perft %d (bulk %d) = %llu, published %llu",
                           backends[b]->name, cycles * plies_per_cycle, depth, bulk, (unsigned long long)got,
                           (unsigned long long)counts[depth]);
                    checked++;
                }
                /* Unmake every ply, newest first: the text start comes back. */
                Move list[MAX_MOVES];
                int per = moves_from_text("cycle", game, cycle, list);
                for (int c = 0; c < cycles; c++)
                    for (int k = per - 1; k >= 0; k--)
                        backends[b]->unmake(s.state, list[k]);
                Position back;
                backends[b]->save(s.state, &back);
                EXPECT(position_equal(&back, &root), "[%s] unmaking %d plies does not restore the start",
                       backends[b]->name, cycles * plies_per_cycle);
            }
            session_close(&s);
            free(moves);
        }
    cr_assert(checked == n * 2 * (int)(sizeof LENGTHS / sizeof *LENGTHS), "checked %d counts", checked);
}

Test(long_move_lists, quaternity_thousands_of_plies_in_every_backend, .timeout = 60 * TEST_SLOWDOWN)
{
    check_long_lists(GAME_QUATERNITY, OPENING, OPENING_CYCLE, OPENING_COUNTS, 3);
}

Test(long_move_lists, chess_thousands_of_plies_in_every_backend, .timeout = 60 * TEST_SLOWDOWN)
{
    check_long_lists(GAME_CHESS, INITIAL, INITIAL_CYCLE, INITIAL_COUNTS, 3);
}
