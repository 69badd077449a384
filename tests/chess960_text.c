/* Chess960 position and move text, and start positions by number.
 *
 * FEN's castling field in its three forms: standard FEN (KQkq, unchanged
 * bit for bit: published.epd keeps round-tripping in position_text.c),
 * Shredder-FEN (the rooks' files, every line of chess960.epd and
 * frc-special.epd) and X-FEN (K and Q for the outermost rook, a file letter
 * for an inner one, made here from the Shredder lines): each reads to the
 * same position and prints back as it was given.  A bad castling field is
 * one line naming the field, from the parser and from bin/perft (exit 2).
 * Castling move text in both notations, read back from either.  Scharnagl's
 * numbering against his two tables, and start positions against Stockfish
 * 15.1's counts. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "castling.h"
#include "chess960_start.h"
#include "cli_run.h"
#include "support.h"

/* The first four fields of a FEN (EPD lines have no clocks). */
static void first_four_fields(const char *fen, char *out, size_t size)
{
    snprintf(out, size, "%s", fen);
    char *p = out;
    for (int field = 0; field < 4 && p; field++) {
        p = strchr(p, ' ');
        if (p && field < 3)
            p++;
    }
    if (p)
        *p = '\0';
}

/* The text printed for a parsed position, against the text given (its
 * first four fields). */
static void expect_prints_back(const char *where, const Position *pos, const char *given)
{
    char out[POSITION_TEXT_MAX], want[POSITION_TEXT_MAX], got[POSITION_TEXT_MAX];
    position_format(pos, out, sizeof out);
    first_four_fields(given, want, sizeof want);
    first_four_fields(out, got, sizeof got);
    EXPECT(strcmp(got, want) == 0, "%s: '%s' prints back as '%s'", where, want, got);
}

/* The X-FEN castling field of a position read from Shredder-FEN: K or Q
 * where the right's rook is the outermost on its side of the king, else
 * its file letter. */
static void xfen_castling(const Position *pos, char *out)
{
    size_t n = 0;
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        if (!(pos->castling & (1u << r)))
            continue;
        int side = r / 2, rook = pos->castling_rook[r];
        int step = r % 2 ? -1 : 1, rank = side ? 56 : 0;
        bool outermost = true;
        for (int file = rook + step; file >= 0 && file < 8; file += step)
            outermost &=
                !(PIECE_KIND(pos->board[rank + file]) == ROOK && (int)PIECE_ARMY(pos->board[rank + file]) == side);
        char letter = outermost ? "KQ"[r % 2] : (char)('A' + rook);
        out[n++] = side ? (char)tolower((unsigned char)letter) : letter;
    }
    if (n == 0)
        out[n++] = '-';
    out[n] = '\0';
}

/* Reads every line of `file` (Shredder-FEN) and its X-FEN form; returns
 * how many lines had an inner rook (X-FEN file letters). */
static int check_both_forms(const char *file, int expected_lines)
{
    int count, inner = 0;
    EpdEntry *entries = fixtures_load_exactly(file, expected_lines, &count);
    for (int i = 0; i < count; i++) {
        const EpdEntry *e = &entries[i];
        char where[128];
        snprintf(where, sizeof where, "%s:%d (%s)", file, e->line, e->id);
        EXPECT(castling_is_chess960(&e->pos) == (e->pos.castling != 0), "%s: Chess960 %d with castling rights %d",
               where, castling_is_chess960(&e->pos), e->pos.castling);
        expect_prints_back(where, &e->pos, e->text);

        /* The same position in X-FEN. */
        char castling[8], xfen[2 * POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
        xfen_castling(&e->pos, castling);
        inner += strpbrk(castling, "ABCDEFGHabcdefgh") != NULL;
        const char *fields = e->text;
        char board_and_side[POSITION_TEXT_MAX];
        snprintf(board_and_side, sizeof board_and_side, "%s", fields);
        char *third = strchr(strchr(board_and_side, ' ') + 1, ' ');
        *third = '\0';
        const char *rest = strchr(strchr(strchr(fields, ' ') + 1, ' ') + 1, ' ');
        snprintf(xfen, sizeof xfen, "%s %s%s", board_and_side, castling, rest);
        Position pos;
        cr_assert(fen_parse(xfen, &pos, err, sizeof err) == 0, "%s: X-FEN '%s' rejected: %s", where, xfen, err);
        EXPECT(pos.castling == e->pos.castling && memcmp(pos.castling_rook, e->pos.castling_rook, 4) == 0,
               "%s: X-FEN '%s' reads other castling rights than '%s'", where, xfen, e->text);
        expect_prints_back(where, &pos, xfen);
    }
    free(entries);
    return inner;
}

Test(chess960_text, shredder_and_xfen_round_trip)
{
    int inner = check_both_forms("positions/chess/chess960.epd", 960);
    cr_assert(inner == 0, "%d chess960.epd lines have inner castling rooks; its rooks are all outermost", inner);
    inner = check_both_forms("positions/chess/frc-special.epd", 11);
    cr_assert(inner == 4, "%d frc-special.epd lines have inner castling rooks, expected 4", inner);
}

/* Texts read and printed back as given, with what they mean. */
static const struct {
    const char *text, *rights; /* rights: right letters in KQkq order with the rook files, "K:h Q:a" */
    bool chess960;
} FORMS[] = {
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "K:h Q:a k:h q:a", false},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1", "Q:a k:h", false},
    {"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "K:h Q:a k:h q:a", true},
    {"r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1", "K:h Q:a k:h q:a", true},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Ah - 0 1", "Q:a k:h", true},
    {"1r2k1r1/8/8/8/8/8/8/RR2K1RR w KGQBkq - 0 1", "", false}, /* two letters for one right: rejected below */
    {"1r2k1r1/8/8/8/8/8/8/RR2K1RR w GBkq - 0 1", "K:g Q:b k:g q:b", true},
    {"1r2k1r1/8/8/8/8/8/8/RR2K1RR w KQgb - 0 1", "K:h Q:a k:g q:b", true},
    {"rk5r/8/8/8/8/8/8/RK5R b KQkq - 3 7", "K:h Q:a k:h q:a", true},
    {"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "K:g", true},
    {"4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", "K:g", true},
};

Test(chess960_text, forms_read_and_print_back)
{
    int read = 0;
    for (size_t i = 0; i < sizeof FORMS / sizeof *FORMS; i++) {
        if (!FORMS[i].rights[0])
            continue;
        Position pos;
        char err[ERROR_TEXT_MAX], out[POSITION_TEXT_MAX], rights[32] = "";
        cr_assert(fen_parse(FORMS[i].text, &pos, err, sizeof err) == 0, "'%s' rejected: %s", FORMS[i].text, err);
        fen_format(&pos, out, sizeof out);
        EXPECT(strcmp(out, FORMS[i].text) == 0, "'%s' prints back as '%s'", FORMS[i].text, out);
        for (int r = 0; r < CASTLE_RIGHTS; r++)
            if (pos.castling & (1u << r))
                snprintf(rights + strlen(rights), sizeof rights - strlen(rights), "%s%c:%c", rights[0] ? " " : "",
                         "KQkq"[r], 'a' + pos.castling_rook[r]);
        EXPECT(strcmp(rights, FORMS[i].rights) == 0, "'%s' reads rights %s, expected %s", FORMS[i].text, rights,
               FORMS[i].rights);
        EXPECT(castling_is_chess960(&pos) == FORMS[i].chess960, "'%s': Chess960 %d, expected %d", FORMS[i].text,
               castling_is_chess960(&pos), FORMS[i].chess960);
        read++;
    }
    cr_assert(read == 10);
}

/* Bad castling fields: one line naming the field and what is wrong. */
static const struct {
    const char *text, *message;
} BAD[] = {
    {"4k3/8/8/8/8/8/8/4K3 w HA - 0 1", "FEN: castling field 'HA': right 'H' needs a white rook on h1"},
    {"4k3/8/8/8/8/8/8/R3K3 w E - 0 1",
     "FEN: castling field 'E': right 'E' names the white king's own square e1, not a rook's"},
    {"4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
     "FEN: castling field 'K': right 'K' needs a white rook on rank 1 on the h-side of the king on e1"},
    {"1r2k3/8/8/8/8/8/8/4K3 w a - 0 1", "FEN: castling field 'a': right 'a' needs a black rook on a8"},
    {"4k3/8/8/8/8/8/8/4K3 w q - 0 1",
     "FEN: castling field 'q': right 'q' needs a black rook on rank 8 on the a-side of the king on e8"},
    {"r3k2r/8/8/8/8/8/8/RR2K1RR w HG - 0 1",
     "FEN: castling field 'HG': letters must be distinct: two name white's king-side right"},
    {"1r2k1r1/8/8/8/8/8/8/RR2K1RR w KGQBkq - 0 1",
     "FEN: castling field 'KGQBkq': letters must be distinct: two name white's king-side right"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w haHA - 0 1", "FEN: castling field 'haHA': white's letters must come before black's"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w QK - 0 1", "FEN: castling field 'QK': letters must be distinct and in the order KQkq"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Kx - 0 1",
     "FEN: castling field 'Kx': 'x' is not one of K Q k q, a file letter A-H or a-h, or a lone '-'"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w I - 0 1",
     "FEN: castling field 'I': 'I' is not one of K Q k q, a file letter A-H or a-h, or a lone '-'"},
    {"r3k2r/8/8/8/8/8/4K3/R6R w A - 0 1",
     "FEN: castling field 'A': right 'A' needs the white king on rank 1, not on e2"},
    {"r6r/4k3/8/8/8/8/8/R3K2R w KQh - 0 1",
     "FEN: castling field 'KQh': right 'h' needs the black king on rank 8, not on e7"},
};

Test(chess960_text, bad_castling_fields_are_named)
{
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        Position pos;
        char err[ERROR_TEXT_MAX] = "";
        EXPECT(fen_parse(BAD[i].text, &pos, err, sizeof err) == -1, "'%s' accepted", BAD[i].text);
        EXPECT(strcmp(err, BAD[i].message) == 0, "'%s': error '%s', expected '%s'", BAD[i].text, err, BAD[i].message);
        EXPECT(strchr(err, '\n') == NULL, "'%s': the error is more than one line", BAD[i].text);
    }
    /* From bin/perft: the same line after "perft: ", exit status 2. */
    EXPECT_ERROR("perft: FEN: castling field 'HA': right 'H' needs a white rook on h1", "1",
                 "4k3/8/8/8/8/8/8/4K3 w HA - 0 1");
}

/* ---- move text ---- */

static Position parse_or_fail(const char *fen)
{
    Position pos;
    char err[ERROR_TEXT_MAX];
    cr_assert(position_parse(fen, &pos, err, sizeof err) == 0, "'%s': %s", fen, err);
    return pos;
}

Test(chess960_text, castling_in_both_notations)
{
    static const struct {
        const char *fen, *standard, *chess960;
    } CASTLES[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1h1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "e1a1"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "e8a8"},
        {"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1", "g1h1"}, /* the king stays: a king's step would read g1g1 */
        {"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1c1", "g1a1"},
        {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "f1g1"}, /* one file: f1g1 is the king's step otherwise */
        {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1g1", "b1h1"},
        {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1a1", "b1a1"},
    };
    const Backend *backend = backend_find("bitboard", GAME_CHESS);
    cr_assert(backend != NULL);
    for (size_t i = 0; i < sizeof CASTLES / sizeof *CASTLES; i++) {
        Position pos = parse_or_fail(CASTLES[i].fen);
        Move moves[MAX_MOVES], by_standard, by_chess960, in_position;
        int count = legal_moves(backend, &pos, moves);
        cr_assert(move_read(GAME_CHESS, moves, count, CASTLES[i].standard, &by_standard) == MOVE_READ_OK,
                  "%s: '%s' names no legal move", CASTLES[i].fen, CASTLES[i].standard);
        cr_assert(move_read(GAME_CHESS, moves, count, CASTLES[i].chess960, &by_chess960) == MOVE_READ_OK,
                  "%s: '%s' names no legal move", CASTLES[i].fen, CASTLES[i].chess960);
        EXPECT(move_is_castling(by_standard) && move_equal(by_standard, by_chess960),
               "%s: '%s' and '%s' name different moves", CASTLES[i].fen, CASTLES[i].standard, CASTLES[i].chess960);
        char standard[MOVE_TEXT_MAX], chess960[MOVE_TEXT_MAX];
        move_format(GAME_CHESS, by_standard, standard);
        move_format_as(GAME_CHESS, by_standard, MOVE_NOTATION_CHESS960, chess960);
        EXPECT(strcmp(standard, CASTLES[i].standard) == 0 && strcmp(chess960, CASTLES[i].chess960) == 0,
               "%s: castling written '%s' and '%s', expected '%s' and '%s'", CASTLES[i].fen, standard, chess960,
               CASTLES[i].standard, CASTLES[i].chess960);
        /* Without generating, as engine output is read. */
        cr_assert(move_parse_in(&pos, CASTLES[i].standard, &in_position) == 0);
        EXPECT(move_equal(in_position, by_standard), "%s: move_parse_in('%s') is not the castling", CASTLES[i].fen,
               CASTLES[i].standard);
        cr_assert(move_parse_in(&pos, CASTLES[i].chess960, &in_position) == 0);
        EXPECT(move_equal(in_position, by_standard), "%s: move_parse_in('%s') is not the castling", CASTLES[i].fen,
               CASTLES[i].chess960);
    }
    /* The default notation follows the position. */
    Position standard = parse_or_fail("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    Position shredder = parse_or_fail("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    EXPECT(move_notation_for(&standard) == MOVE_NOTATION_STANDARD, "standard FEN: not the standard notation");
    EXPECT(move_notation_for(&shredder) == MOVE_NOTATION_CHESS960, "Shredder-FEN: not the Chess960 notation");
}

Test(chess960_text, the_reader_says_what_is_wrong)
{
    const Backend *backend = backend_find("mailbox", GAME_CHESS);
    cr_assert(backend != NULL);
    Position pos = parse_or_fail("4k3/8/8/8/8/8/8/R5KR w HA - 0 1");
    Move moves[MAX_MOVES], move;
    int count = legal_moves(backend, &pos, moves);
    EXPECT(move_read(GAME_CHESS, moves, count, "g1g1", &move) == MOVE_READ_NOT_LEGAL, "g1g1 read as a move");
    EXPECT(move_read(GAME_CHESS, moves, count, "g1", &move) == MOVE_READ_NOT_TEXT, "g1 read as move text");
    EXPECT(move_read(GAME_CHESS, moves, count, "g1f1", &move) == MOVE_READ_OK && !move_is_castling(move),
           "g1f1 is the king's step");
    EXPECT(move_read(GAME_CHESS, moves, count, "h1h2", &move) == MOVE_READ_OK && !move_is_castling(move),
           "h1h2 is the rook's move");
    EXPECT(move_read(GAME_CHESS, moves, count, "h1f1", &move) == MOVE_READ_NOT_LEGAL, "h1f1 passes the king");
}

/* bin/perft plays castling typed either way; the counts after it agree. */
Test(chess960_text, command_line_moves_in_either_notation)
{
    static const char START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    static const char SHREDDER[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    static const char *const LINES[] = {"e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1"};
    const char *const STARTS[] = {START, SHREDDER};
    int runs = 0;
    for (int s = 0; s < 2; s++)
        for (int l = 0; l < 2; l++) {
            CliRun r = RUN("-b", "all", "2", STARTS[s], LINES[l]);
            EXPECT(r.status == 0, "%s then %s: status %d: %s", STARTS[s], LINES[l], r.status, r.err);
            /* Stockfish 15.1: perft 2 after 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.O-O is 862. */
            EXPECT(strstr(r.out, "\n862\n") != NULL, "%s then %s: no total 862 in\n%s", STARTS[s], LINES[l], r.out);
            cli_free(&r);
            runs++;
        }
    cr_assert(runs == 4);
}

/* ---- start positions by number ---- */

Test(chess960_text, scharnagl_numbering)
{
    /* Arrangements from Scharnagl's two tables (Wikipedia, "Chess960
     * numbering scheme": Bishop's Table rows 0-3 with the King's Table's
     * QNNRKR, and its worked example SP-518). */
    static const struct {
        int number;
        const char *rank;
    } KNOWN[] = {{0, "BBQNNRKR"}, {1, "BQNBNRKR"}, {2, "BQNNRBKR"}, {3, "BQNNRKRB"}, {518, "RNBQKBNR"}};
    for (size_t i = 0; i < sizeof KNOWN / sizeof *KNOWN; i++) {
        Kind rank[8];
        char text[9];
        cr_assert(chess960_back_rank(KNOWN[i].number, rank) == 0);
        for (int f = 0; f < 8; f++)
            text[f] = " PNBRQK"[rank[f]];
        text[8] = '\0';
        EXPECT(strcmp(text, KNOWN[i].rank) == 0, "arrangement %d: %s, expected %s", KNOWN[i].number, text,
               KNOWN[i].rank);
    }
    /* All 960 are distinct and follow the rules: bishops on both colours,
     * the king between the rooks. */
    char seen[CHESS960_ARRANGEMENTS][9];
    for (int n = 0; n < CHESS960_ARRANGEMENTS; n++) {
        Kind rank[8];
        cr_assert(chess960_back_rank(n, rank) == 0);
        int bishops_colour = 0, rooks = 0, king = -1, first_rook = -1;
        for (int f = 0; f < 8; f++) {
            seen[n][f] = " PNBRQK"[rank[f]];
            bishops_colour += rank[f] == BISHOP ? (f % 2 ? 1 : 10) : 0;
            if (rank[f] == ROOK && first_rook < 0)
                first_rook = f;
            rooks += rank[f] == ROOK;
            if (rank[f] == KING)
                king = f;
        }
        seen[n][8] = '\0';
        EXPECT(bishops_colour == 11 && rooks == 2 && first_rook < king, "arrangement %d (%s) breaks the rules", n,
               seen[n]);
        for (int m = 0; m < n; m++)
            EXPECT(strcmp(seen[m], seen[n]) != 0, "arrangements %d and %d are both %s", m, n, seen[n]);
    }
    Kind rank[8];
    EXPECT(chess960_back_rank(960, rank) == -1 && chess960_back_rank(-1, rank) == -1, "numbers past 0-959 accepted");
}

Test(chess960_text, start_positions)
{
    /* 518 is the orthodox start, in Shredder-FEN. */
    Position pos;
    char text[POSITION_TEXT_MAX];
    cr_assert(chess960_start_position(518, 518, &pos) == 0);
    position_format(&pos, text, sizeof text);
    EXPECT(strcmp(text, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1") == 0, "518: %s", text);
    EXPECT(chess960_start_position(0, 960, &pos) == -1, "arrangement 960 accepted");

    /* Counts from Stockfish 15.1 (UCI_Chess960 on) for the FEN each prints. */
    static const struct {
        int white, black;
        const char *fen;
        uint64_t counts[4];
    } STARTS[] = {
        {0, 0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", {20, 400, 9006, 201143}},
        {959, 959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", {20, 400, 9006, 201143}},
        {0, 959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFca - 0 1", {20, 400, 9014, 202136}},
    };
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends), checked = 0;
    for (size_t i = 0; i < sizeof STARTS / sizeof *STARTS; i++) {
        cr_assert(chess960_start_position(STARTS[i].white, STARTS[i].black, &pos) == 0);
        position_format(&pos, text, sizeof text);
        EXPECT(strcmp(text, STARTS[i].fen) == 0, "%d/%d: %s, expected %s", STARTS[i].white, STARTS[i].black, text,
               STARTS[i].fen);
        for (int b = 0; b < n; b++) {
            void *state = instance_open(backends[b], &pos);
            for (int depth = 1; depth <= 4; depth++) {
                uint64_t got = backends[b]->perft(state, depth, 1);
                EXPECT(got == STARTS[i].counts[depth - 1], "[%s] start %d/%d D%d: %llu, Stockfish %llu",
                       backends[b]->name, STARTS[i].white, STARTS[i].black, depth, (unsigned long long)got,
                       (unsigned long long)STARTS[i].counts[depth - 1]);
                checked++;
            }
            instance_close(backends[b], state);
        }
    }
    cr_assert(checked == (int)(sizeof STARTS / sizeof *STARTS) * 4 * n);
}

/* A right given as K or Q whose rook another rook has since passed (the
 * fuzzer's position_text target found both in a CI of 3792edc): written
 * as its file, which reads back as the same position, rook and all. */
Test(chess960_text, a_passed_rook_is_written_by_its_file)
{
    static const struct {
        const char *fen, *move, *after;
    } PASSED[] = {
        {"rbnkbnrB/pp2p1Np/2p2p2/8/3p4/8/PPPPPPRP/RBNKBR1Q w Kga - 0 1", "g2g1",
         "rbnkbnrB/pp2p1Np/2p2p2/8/3p4/8/PPPPPP1P/RBNKBRRQ b Fga - 1 1"},
        {"2rkr3/pr3p2/5npp/n2p4/1R1PPB2/6P1/P2N1PBP/R3K2R b KQkq - 0 1", "b7b8",
         "1rrkr3/p4p2/5npp/n2p4/1R1PPB2/6P1/P2N1PBP/R3K2R w KQkc - 1 2"},
    };
    const Backend *backend = backend_find("bitboard", GAME_CHESS);
    cr_assert(backend != NULL);
    for (size_t i = 0; i < sizeof PASSED / sizeof *PASSED; i++) {
        Position pos = parse_or_fail(PASSED[i].fen), after, again;
        Move moves[MAX_MOVES], move;
        int count = legal_moves(backend, &pos, moves);
        cr_assert(move_read(GAME_CHESS, moves, count, PASSED[i].move, &move) == MOVE_READ_OK, "%s: '%s' is not legal",
                  PASSED[i].fen, PASSED[i].move);
        void *state = instance_open(backend, &pos);
        backend->make(state, move);
        backend->save(state, &after);
        instance_close(backend, state);
        char text[POSITION_TEXT_MAX];
        position_format(&after, text, sizeof text);
        EXPECT(strcmp(text, PASSED[i].after) == 0, "%s after %s: written '%s', expected '%s'", PASSED[i].fen,
               PASSED[i].move, text, PASSED[i].after);
        again = parse_or_fail(text);
        EXPECT(position_equal(&again, &after), "%s after %s: '%s' reads back as another position", PASSED[i].fen,
               PASSED[i].move, text);
    }
}
