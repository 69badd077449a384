/* crosscheck_node, the check of one node of a random game, on the two
 * findings only a backend's own session shows: a bulk count at depth 1
 * other than the length of its own list, and a make and unmake that do
 * not restore the position.  Each is planted in a test-only wrapper of the
 * chess mailbox, checked against the mailbox itself. */
#include <criterion/criterion.h>
#include <string.h>

#include "crosscheck.h"
#include "engines_support.h"
#include "registry.h"
#include "session.h"

static const Backend *mailbox(void)
{
    return backend_find("mailbox", GAME_CHESS);
}

static void *wrapped_create(const Backend *self)
{
    (void)self;
    return mailbox()->create(mailbox());
}
static void wrapped_destroy(void *s)
{
    mailbox()->destroy(s);
}
static void wrapped_load(void *s, const Position *p)
{
    mailbox()->load(s, p);
}
static void wrapped_save(const void *s, Position *p)
{
    mailbox()->save(s, p);
}
static int wrapped_generate(void *s, Move *moves)
{
    return mailbox()->generate(s, moves);
}
static void wrapped_make(void *s, Move m)
{
    mailbox()->make(s, m);
}
static void wrapped_unmake(void *s, Move m)
{
    mailbox()->unmake(s, m);
}
static uint64_t wrapped_perft(void *s, int depth, bool bulk)
{
    return mailbox()->perft(s, depth, bulk);
}

/* One leaf too many with bulk counting at depth 1. */
static uint64_t miscounting_perft(void *s, int depth, bool bulk)
{
    return mailbox()->perft(s, depth, bulk) + (uint64_t)(bulk && depth == 1);
}

/* Unmake forgotten: the move stays made. */
static void forgetful_unmake(void *s, Move m)
{
    (void)s;
    (void)m;
}

#define WRAPPED(backend_name, perft_fn, unmake_fn)                                                                     \
    {                                                                                                                  \
        .name = (backend_name), .game = GAME_CHESS, .summary = "test only", .create = wrapped_create,                  \
        .destroy = wrapped_destroy, .load = wrapped_load, .save = wrapped_save, .generate = wrapped_generate,          \
        .make = wrapped_make, .unmake = (unmake_fn), .perft = (perft_fn),                                              \
    }

static const Backend miscounting = WRAPPED("miscounting", miscounting_perft, wrapped_unmake);
static const Backend forgetful = WRAPPED("forgetful", wrapped_perft, forgetful_unmake);

static const char *const ROOT = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* crosscheck_node of the mailbox and `other` at ROOT after `path`: its
 * result, the report filled. */
static int check_node(const Backend *other, const char *path, CrossReport *report, long *round_trips)
{
    char err[ERROR_TEXT_MAX];
    Position root;
    cr_assert_eq(position_parse(ROOT, &root, err, sizeof err), 0, "%s", err);
    Participant ps[2] = {backend_participant(mailbox()), backend_participant(other)};
    Session sessions[2];
    for (int k = 0; k < 2; k++) {
        cr_assert_eq(session_open(&sessions[k], ps[k].backend, &root, err, sizeof err), 0, "%s", err);
        cr_assert_eq(session_play(&sessions[k], path, err, sizeof err), 0, "%s", err);
    }
    Divide scratch;
    cr_assert(divide_alloc(&scratch));
    GameNode node = {
        .start = &root, .path = path, .notation = MOVE_NOTATION_STANDARD, .sessions = sessions, .scratch = &scratch};
    Move moves[MAX_MOVES];
    int count;
    int r = crosscheck_node(ps, 2, &node, moves, &count, round_trips, report, err, sizeof err);
    cr_assert_geq(r, 0, "%s", err);
    for (int k = 0; k < 2; k++)
        session_close(&sessions[k]);
    divide_free(&scratch);
    return r;
}

Test(crosscheck_node, a_bulk_count_other_than_the_list)
{
    static CrossReport report;
    long round_trips = 0;
    cr_assert_eq(check_node(&miscounting, "e2e4 e7e5", &report, &round_trips), 1, "not found");
    cr_expect_eq(report.verdict, CROSS_COUNT_VS_LIST);
    cr_expect_str_eq(report.culprit, "miscounting");
    cr_expect_eq(report.bulk_count, 30); /* White has 29 moves after 1. e4 e5 (Stockfish: go perft 1), plus one */
    cr_expect_eq(report.list_count, 29);
    cr_expect_str_eq(report.path, "e2e4 e7e5");
    cr_expect_str_eq(report.position, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
}

Test(crosscheck_node, a_make_and_unmake_that_do_not_restore_the_position)
{
    static CrossReport report;
    long round_trips = 0;
    cr_assert_eq(check_node(&forgetful, "", &report, &round_trips), 1, "not found");
    cr_expect_eq(report.verdict, CROSS_ROUND_TRIP);
    cr_expect_str_eq(report.culprit, "forgetful");
    cr_expect_str_eq(report.move, "a2a3"); /* the first move by its text */
    cr_expect_str_eq(report.position, ROOT);
    cr_expect_str_eq(report.other_position, "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq - 0 1");
    cr_expect_eq(round_trips, 20 + 1, "the mailbox's 20 moves, then the forgetful one's first");
}

Test(crosscheck_node, agreement_counts_every_round_trip)
{
    static CrossReport report;
    long round_trips = 0;
    cr_assert_eq(check_node(mailbox(), "", &report, &round_trips), 0, "the mailbox disagrees with itself");
    cr_expect_eq(round_trips, 2 * 20);
}
