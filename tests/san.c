/* SAN read for chess (gen/perft/san.c) against each form the PGN standard
 * gives: castling both ways (Chess960's too), en passant, promotions,
 * disambiguation by file, rank and both, check and mate marks; and the
 * refusals; then SAN wherever the harness reads a move list (MOVES).  The
 * moves expected are the legal moves the text names, read off the board. */
#include <stdlib.h>
#include <string.h>

#include "cli_run.h"
#include "registry.h"
#include "san.h"
#include "session.h"
#include "support.h"

/* What `text` reads as in `fen`: the move as UCI text, or the refusal. */
static SanRead read_san(const char *fen, const char *text, char out[256])
{
    Position pos;
    char err[256];
    cr_assert_eq(position_parse(fen, &pos, err, sizeof err), 0, "%s", err);
    const Backend *b = backend_find("mailbox", GAME_CHESS);
    Session s;
    cr_assert_eq(session_open(&s, b, &pos, err, sizeof err), 0);
    Move legal[MAX_MOVES], move;
    int count = b->generate(s.state, legal);
    session_close(&s);
    SanRead r = san_read(&pos, legal, count, text, &move, out, 256);
    if (r == SAN_OK)
        move_format_as(GAME_CHESS, move, MOVE_NOTATION_CHESS960, out); /* castling as the king takes its rook */
    return r;
}

static void expect_move(const char *fen, const char *text, const char *uci)
{
    char out[256];
    SanRead r = read_san(fen, text, out);
    cr_expect(r == SAN_OK && strcmp(out, uci) == 0, "'%s' in %s: %d '%s', expected %s", text, fen, r, out, uci);
}

static void expect_refused(const char *fen, const char *text, SanRead expected, const char *why)
{
    char out[256] = "";
    SanRead r = read_san(fen, text, out);
    cr_expect(r == expected && strstr(out, why), "'%s' in %s: %d '%s', expected %d '%s'", text, fen, r, out, expected,
              why);
}

static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

Test(san, pawns_pieces_checks_and_mates)
{
    expect_move(START, "e4", "e2e4");
    expect_move(START, "e3", "e2e3");
    expect_move(START, "Nf3", "g1f3");
    expect_move(START, "Nc3!?", "b1c3");
    /* After 1. e4 d5: a check. */
    expect_move("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "Bb5+", "f1b5");
    expect_move("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "exd5", "e4d5");
    /* The scholar's mate. */
    expect_move("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "Qxf7#", "h5f7");
}

Test(san, castling_both_ways_and_chess960)
{
    const char *both = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    expect_move(both, "O-O", "e1h1");
    expect_move(both, "O-O-O", "e1a1");
    expect_move(both, "0-0", "e1h1");
    expect_move("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O+", "e8a8");
    /* Chess960: king e1, rooks b1 and g1 (Shredder-FEN GB). */
    expect_move("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "O-O", "e1g1");
    expect_move("4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", "O-O-O", "e1b1");
    expect_refused(START, "O-O", SAN_NOT_LEGAL, "'O-O': no castling on the king's side is legal here");
}

Test(san, en_passant_and_promotions)
{
    expect_move("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "exd6", "e5d6");
    const char *promote = "3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1";
    expect_move(promote, "e8=Q", "e7e8q");
    expect_move(promote, "e8Q", "e7e8q");
    expect_move(promote, "e8=N+", "e7e8n");
    expect_move(promote, "exd8=R", "e7d8r");
    expect_refused(promote, "e8", SAN_NOT_LEGAL, "'e8' needs a promotion piece: e8=Q, =R, =B or =N");
    expect_refused(promote, "e8=K", SAN_NOT_SAN, "");
}

Test(san, disambiguation_by_file_rank_and_both)
{
    const char *knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    expect_move(knights, "Nbd2", "b1d2");
    expect_move(knights, "Nfd2", "f1d2");
    expect_refused(knights, "Nd2", SAN_AMBIGUOUS, "'Nd2' names b1d2 and f1d2: add the file or the rank");
    const char *rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    expect_move(rooks, "R1a3", "a1a3");
    expect_move(rooks, "R5a3", "a5a3");
    expect_refused(rooks, "Ra3", SAN_AMBIGUOUS, "names a1a3 and a5a3");
    /* Queens a1, a3 and c1 all reach b2: the file alone and the rank
     * alone each leave two. */
    const char *queens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    expect_move(queens, "Qa1b2", "a1b2");
    expect_move(queens, "Qa3xb2", "a3b2"); /* an x where there is no capture is read as the move */
    expect_refused(queens, "Qab2", SAN_AMBIGUOUS, "names a1b2 and a3b2");
    expect_refused(queens, "Q1b2", SAN_AMBIGUOUS, "names a1b2 and c1b2");
}

Test(san, refusals)
{
    expect_refused(START, "Nc4", SAN_NOT_LEGAL, "'Nc4': no knight can go to c4");
    expect_refused(START, "Nbc4", SAN_NOT_LEGAL, "no knight can go to c4 from where it says");
    expect_refused(START, "e5", SAN_NOT_LEGAL, "'e5': no pawn can go to e5");
    expect_refused(START, "Nf9", SAN_NOT_SAN, "");
    expect_refused(START, "Zf3", SAN_NOT_SAN, "");
    expect_refused(START, "ed3", SAN_NOT_SAN, ""); /* a pawn's push names no file */
    expect_refused(START, "", SAN_NOT_SAN, "");
}

Test(san, move_lists_read_san_beside_uci)
{
    /* The same divide after the Ruy Lopez written either way. */
    CliRun san = RUN("2", START, "e4 e5 Nf3 Nc6 Bb5 a6 O-O");
    CliRun uci = RUN("2", START, "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 e1g1");
    cr_expect_eq(san.status, 0, "%s", san.err);
    cr_expect_str_eq(san.out, uci.out);
    cli_free(&san), cli_free(&uci);
    EXPECT_ERROR("perft: move 3 'Nc4': no knight can go to c4, in "
                 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
                 "1", START, "e4 e5 Nc4");
    EXPECT_ERROR("perft: move 2 'Zz9' is neither move text nor SAN (like e2e4, Nf3, exd6, e8=Q or O-O)", "1", START,
                 "e4 Zz9");
}
