/* Position text: every malformed QFEN and FEN of the rules' reject lists
 * gives its own error (parse returns -1 and the message names the fault),
 * what the rules say to accept is accepted, and every fixture's canonical
 * text survives parse then format unchanged.
 *
 * Quaternity: gen/quaternity/RULES.md#qfen; chess: gen/chess/RULES.md#fen.
 * A row's `message` is a distinguishing piece of the expected error text. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

typedef enum { QFEN, FEN, EITHER } Parser;

typedef struct BadText {
    const char *fault;
    Parser parser;
    const char *text;
    const char *message;
} BadText;

/* A valid QFEN board to vary: four kings in their corners. */
#define R12 "rK10bK"
#define R1 "wK10gK"
#define EMPTY10 "12/12/12/12/12/12/12/12/12/12"

static const BadText BAD_TEXTS[] = {
    /* QFEN board */
    {"11 ranks", QFEN, R12 "/12/12/12/12/12/12/12/12/12/" R1 " w", "board has 11 ranks, expected 12"},
    {"13 ranks", QFEN, R12 "/12/" EMPTY10 "/" R1 " w", "board has more than 12 ranks"},
    {"rank of 11 squares", QFEN, "rK9bK/" EMPTY10 "/" R1 " w", "rank 12 has 11 squares, expected 12"},
    {"rank of 13 squares (men)", QFEN, "rK11bK/" EMPTY10 "/" R1 " w", "rank 12: more than 12 squares"},
    {"rank of 13 squares (run)", QFEN, R12 "/12/12/12/12/12/12/11wN1/12/12/12/" R1 " w",
     "rank 5: more than 12 squares (empty run '1'"},
    {"empty run 13", QFEN, R12 "/13/12/12/12/12/12/12/12/12/12/" R1 " w", "empty-square count '13' is not 1 to 12"},
    {"empty run 57", QFEN, R12 "/57/12/12/12/12/12/12/12/12/12/" R1 " w", "empty-square count '57' is not 1 to 12"},
    {"empty run 012", QFEN, R12 "/012/12/12/12/12/12/12/12/12/12/" R1 " w", "empty-square count '012' is not 1 to 12"},
    {"empty run 0", QFEN, R12 "/" EMPTY10 "/wK10gK0 w", "empty-square count '0' is not 1 to 12"},
    {"unknown army letter", QFEN, "xK10bK/" EMPTY10 "/" R1 " w", "unexpected character 'x'"},
    {"piece letter missing", QFEN, "r11bK/" EMPTY10 "/" R1 " w", "army 'r' must be followed by a piece letter"},
    {"unknown piece letter", QFEN, "rX10bK/" EMPTY10 "/" R1 " w", "army 'r' must be followed by a piece letter"},
    {"lower-case piece letter", QFEN, "rk10bK/" EMPTY10 "/" R1 " w", "must be followed by a piece letter K Q R B N P"},
    {"pawn without mark", QFEN, R12 "/12/12/12/12/12/12/wP11/12/12/12/" R1 " w", "pawn 'wP' needs a state mark"},
    {"pawn without mark at the end", QFEN, R12 "/12/12/12/12/12/12/11wP/12/12/12/" R1 " w",
     "pawn 'wP' needs a state mark"},
    {"mark of another army (wPv)", QFEN, R12 "/12/12/12/12/12/12/2wPv9/12/12/12/" R1 " w",
     "pawn mark 'v' does not belong to army 'w'"},
    {"mark of another army (gP>)", QFEN, R12 "/12/12/12/12/12/12/2gP>9/12/12/12/" R1 " w",
     "pawn mark '>' does not belong to army 'g'"},
    {"unknown mark", QFEN, R12 "/12/12/12/12/12/12/2wP+9/12/12/12/" R1 " w", "needs a state mark"},
    {"uncommitted pawn off its diagonal", QFEN, R12 "/12/12/12/12/12/12/2wP*9/12/12/12/" R1 " w",
     "rank 5, file c: uncommitted pawn 'wP*' is off its main diagonal"},
    {"Red uncommitted pawn on White's diagonal", QFEN, R12 "/12/12/12/12/12/12/4rP*7/12/12/12/" R1 " w",
     "uncommitted pawn 'rP*' is off its main diagonal"},
    {"up pawn on rank 12", QFEN, "rK1wP^8bK/" EMPTY10 "/" R1 " w", "pawn 'wP^' stands on the edge it promotes on"},
    {"right pawn on file l", QFEN, R12 "/12/12/12/12/12/11rP>/12/12/12/12/" R1 " w",
     "pawn 'rP>' stands on the edge it promotes on"},
    {"down pawn on rank 1", QFEN, R12 "/" EMPTY10 "/wK1bPv8gK w", "pawn 'bPv' stands on the edge it promotes on"},
    {"left pawn on file a", QFEN, R12 "/12/12/12/12/12/gP<11/12/12/12/12/" R1 " w",
     "pawn 'gP<' stands on the edge it promotes on"},
    {"uncommitted pawn on its far corner", QFEN, "rK10wP*/" EMPTY10 "/" R1 " w",
     "pawn 'wP*' stands on the edge it promotes on"},
    {"second king of an army", QFEN, R12 "/12/12/12/12/12/wK11/12/12/12/12/" R1 " w", "army 'w' has a second king"},
    /* QFEN fields */
    {"empty text", QFEN, "   ", "empty position text"},
    {"no turn", QFEN, R12 "/" EMPTY10 "/" R1, "missing the TURN field"},
    {"bad turn letter", QFEN, R12 "/" EMPTY10 "/" R1 " x", "TURN field 'x' must be one letter w r b g"},
    {"turn of two letters", QFEN, R12 "/" EMPTY10 "/" R1 " wr", "TURN field 'wr' must be one letter"},
    {"turn of an assimilated army", QFEN, R12 "/" EMPTY10 "/" R1 " r wwbg",
     "TURN field: 'r' does not control its own army"},
    {"turn of a frozen controller", QFEN, R12 "/" EMPTY10 "/" R1 " w wrbg w", "TURN field: 'w' is frozen"},
    {"controllers rwbg", QFEN, R12 "/" EMPTY10 "/" R1 " w rwbg",
     "CONTROLLERS field, character 1: 'r' does not control its own army"},
    {"controllers of three letters", QFEN, R12 "/" EMPTY10 "/" R1 " w wrb", "must be four letters"},
    {"controllers with a bad letter", QFEN, R12 "/" EMPTY10 "/" R1 " w wxbg",
     "CONTROLLERS field, character 2: 'x' is not an army letter"},
    {"frozen letter repeated", QFEN, R12 "/" EMPTY10 "/" R1 " w wrbg bb",
     "FROZEN field, character 2: 'b' is listed twice"},
    {"frozen letter not a controller", QFEN, R12 "/" EMPTY10 "/" R1 " w wwbg r",
     "FROZEN field, character 1: 'r' is not a controller"},
    {"frozen field with a bad letter", QFEN, R12 "/" EMPTY10 "/" R1 " w wrbg -b", "is not '-' or an army letter"},
    {"fifth field", QFEN, R12 "/" EMPTY10 "/" R1 " w wrbg - 1", "more than four fields"},
    {"QFEN-length board given to the dispatcher with 11 ranks", EITHER, R12 "/12/12/12/12/12/12/12/12/12/" R1 " w",
     "board has 11 ranks; expected 12 (QFEN) or 8 (FEN)"},
    /* FEN board */
    {"7 ranks", FEN, "4k3/8/8/8/8/8/4K3 w - - 0 1", "board has 7 ranks, expected 8"},
    {"9 ranks", FEN, "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", "board has more than 8 ranks"},
    {"rank of 7 squares", FEN, "4k2/8/8/8/8/8/8/4K3 w - - 0 1", "rank 8 has 7 squares, expected 8"},
    {"rank of 9 squares", FEN, "4k4/8/8/8/8/8/8/4K3 w - - 0 1", "rank 8: more than 8 squares"},
    {"unknown piece letter", FEN, "4k3/8/8/3x4/8/8/8/4K3 w - - 0 1", "rank 5, file d: unknown piece letter 'x'"},
    {"digit 9", FEN, "4k3/9/8/8/8/8/8/4K3 w - - 0 1", "empty-square count '9' is not 1 to 8"},
    {"two digits in a row", FEN, "4k3/8/8/8/35/8/8/4K3 w - - 0 1", "rank 4: two digits in a row ('35')"},
    {"digit 0", FEN, "4k3/08/8/8/8/8/8/4K3 w - - 0 1", "empty-square count '0' is not 1 to 8"},
    {"no white king", FEN, "4k3/8/8/8/8/8/8/8 w - - 0 1", "white has no king"},
    {"no black king", FEN, "8/8/8/8/8/8/8/4K3 w - - 0 1", "black has no king"},
    {"second black king", FEN, "k3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black has a second king"},
    {"pawn on rank 8", FEN, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn cannot stand on rank 8"},
    {"pawn on rank 1", FEN, "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "a pawn cannot stand on rank 1"},
    /* FEN fields */
    {"side x", FEN, "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move 'x' must be 'w' or 'b'"},
    {"side W", FEN, "4k3/8/8/8/8/8/8/4K3 W - - 0 1", "side to move 'W' must be 'w' or 'b'"},
    {"castling letter X", FEN, "r3k2r/8/8/8/8/8/8/R3K2R w KX - 0 1", "castling field 'KX': 'X' is not one of K Q k q"},
    {"castling out of order", FEN, "r3k2r/8/8/8/8/8/8/R3K2R w kqKQ - 0 1",
     "letters must be distinct and in the order KQkq"},
    {"castling letter twice", FEN, "r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", "letters must be distinct"},
    {"castling '-' with a letter", FEN, "r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1", "'-' is not one of K Q k q"},
    {"castling right without its rook", FEN, "r3k3/8/8/8/8/8/8/R3K2R w Kk - 0 1",
     "castling field 'Kk': right 'k' needs a black rook on rank 8 on the h-side of the king on e8"},
    {"castling right without the king on its back rank", FEN, "r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1",
     "castling field 'K': right 'K' needs the white king on rank 1, not on e2"},
    {"en passant square on rank 4", FEN, "4k3/8/8/8/4P3/8/8/4K3 w - e4 0 1",
     "en passant square e4 must be on rank 6 with white to move"},
    {"en passant square on rank 6 with black to move", FEN, "4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1",
     "en passant square e6 must be on rank 3 with black to move"},
    {"en passant field not a square", FEN, "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
     "en passant field 'e9' is not '-' or a square"},
    {"en passant without the double step", FEN, "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "does not follow a double pawn step"},
    {"side not to move in check", FEN, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move (black) is in check"},
    {"kings touching", FEN, "8/8/8/8/8/8/3k4/4K3 b - - 0 1", "the side not to move (white) is in check"},
    {"five fields", FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0", "5 fields; expected 6 (or 4, without the clocks)"},
    {"three fields", FEN, "4k3/8/8/8/8/8/8/4K3 w -", "3 fields; expected 6"},
    {"seven fields", FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", "more than six fields"},
    {"halfmove clock not a number", FEN, "4k3/8/8/8/8/8/8/4K3 w - - x 1", "halfmove clock 'x' is not a number"},
    {"negative halfmove clock", FEN, "4k3/8/8/8/8/8/8/4K3 w - - -1 1", "halfmove clock '-1' is not a number"},
    {"fullmove number 0", FEN, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", "fullmove number '0' is not a number from 1"},
    {"FEN-length board given to the dispatcher with 7 ranks", EITHER, "4k3/8/8/8/8/8/4K3 w - - 0 1",
     "board has 7 ranks; expected 12 (QFEN) or 8 (FEN)"},
};

static int parse_with(Parser parser, const char *text, Position *pos, char *err, size_t errlen)
{
    switch (parser) {
    case QFEN: return qfen_parse(text, pos, err, errlen);
    case FEN: return fen_parse(text, pos, err, errlen);
    default: return position_parse(text, pos, err, errlen);
    }
}

static const char *const PARSER_NAMES[] = {"QFEN", "FEN", "position"};

Test(position_text, every_malformed_text_gives_its_error)
{
    for (size_t i = 0; i < sizeof BAD_TEXTS / sizeof *BAD_TEXTS; i++) {
        const BadText *row = &BAD_TEXTS[i];
        Position pos;
        char err[ERROR_TEXT_MAX] = "";
        int rc = parse_with(row->parser, row->text, &pos, err, sizeof err);
        EXPECT(rc == -1, "%s %s: parse returned %d for '%s'", PARSER_NAMES[row->parser], row->fault, rc, row->text);
        EXPECT(strstr(err, row->message) != NULL, "%s %s: error '%s' does not say '%s'", PARSER_NAMES[row->parser],
               row->fault, err, row->message);
        /* Each message says which format it is about. */
        if (row->parser != EITHER)
            EXPECT(strncmp(err, PARSER_NAMES[row->parser], strlen(PARSER_NAMES[row->parser])) == 0,
                   "%s %s: error '%s' does not start with '%s:'", PARSER_NAMES[row->parser], row->fault, err,
                   PARSER_NAMES[row->parser]);
    }
}

/* Texts the specs accept, with the canonical text each formats to. */
static const struct {
    const char *what;
    const char *text;
    const char *canonical;
} GOOD_TEXTS[] = {
    {"QFEN with white space around and between fields", "  " R12 "/" EMPTY10 "/" R1 "\t w  wrbg   - \n",
     R12 "/" EMPTY10 "/" R1 " w"},
    {"QFEN default controllers and frozen written out", R12 "/" EMPTY10 "/" R1 " r wrbg -",
     R12 "/" EMPTY10 "/" R1 " r"},
    {"QFEN frozen in any order", R12 "/" EMPTY10 "/" R1 " r wrbg gb", R12 "/" EMPTY10 "/" R1 " r wrbg bg"},
    {"QFEN 11 is eleven", R12 "/" EMPTY10 "/11wK w", "rK10bK/" EMPTY10 "/11wK w"},
    {"QFEN army without a king", "12/" EMPTY10 "/" R1 " w", "12/" EMPTY10 "/" R1 " w"},
    {"QFEN kings side by side", "rKbK10/" EMPTY10 "/" R1 " g", "rKbK10/" EMPTY10 "/" R1 " g"},
    {"QFEN player not on turn in check", R12 "/" EMPTY10 "/wK9bRgK r", R12 "/" EMPTY10 "/wK9bRgK r"},
    {"QFEN every pawn mark where it may stand",
     R12 "/12/12/12/12/12/1wP^wP>rPvrP>bPvbP<gP^gP<3/4wP*7/12/12/12/" R1 " w",
     R12 "/12/12/12/12/12/1wP^wP>rPvrP>bPvbP<gP^gP<3/4wP*7/12/12/12/" R1 " w"},
    {"QFEN one controller left: White controls all", R12 "/" EMPTY10 "/" R1 " w wwww",
     R12 "/" EMPTY10 "/" R1 " w wwww"},
    {"FEN four fields", "4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
    {"FEN en passant square with no capture possible", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
     "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"},
    {"FEN clocks", "4k3/8/8/8/8/8/8/4K3 b - - 17 42", "4k3/8/8/8/8/8/8/4K3 b - - 17 42"},
};

Test(position_text, what_the_specs_accept_is_accepted)
{
    for (size_t i = 0; i < sizeof GOOD_TEXTS / sizeof *GOOD_TEXTS; i++) {
        Position pos;
        char err[ERROR_TEXT_MAX] = "", out[POSITION_TEXT_MAX];
        int rc = position_parse(GOOD_TEXTS[i].text, &pos, err, sizeof err);
        EXPECT(rc == 0, "%s: rejected: %s", GOOD_TEXTS[i].what, err);
        if (rc != 0)
            continue;
        position_format(&pos, out, sizeof out);
        EXPECT(strcmp(out, GOOD_TEXTS[i].canonical) == 0, "%s: formats as '%s', expected '%s'", GOOD_TEXTS[i].what, out,
               GOOD_TEXTS[i].canonical);
    }
}

/* format(parse(text)) == text for each fixture, whose texts are canonical;
 * returns how many were checked. */
static int check_round_trips(const char *file)
{
    int count;
    EpdEntry *entries = fixtures_load(file, &count);
    for (int i = 0; i < count; i++) {
        char out[POSITION_TEXT_MAX];
        position_format(&entries[i].pos, out, sizeof out);
        EXPECT(strcmp(out, entries[i].text) == 0, "%s:%d (%s): '%s' formats back as '%s'", file, entries[i].line,
               entries[i].id, entries[i].text, out);
    }
    free(entries);
    return count;
}

Test(position_text, fixture_texts_round_trip)
{
    cr_assert(check_round_trips("positions/quaternity/reference.epd") == 8);
    cr_assert(check_round_trips("positions/quaternity/pawn-vectors.epd") >= 15);
    cr_assert(check_round_trips("positions/chess/published.epd") == 176);
    cr_assert(check_round_trips("positions/chess/famous.epd") == 7);
}

Test(position_text, fen_without_clocks_is_the_same_position)
{
    int count;
    EpdEntry *entries = fixtures_load("positions/chess/published.epd", &count);
    cr_assert(count == 176, "published.epd holds %d positions, expected 176", count);
    for (int i = 0; i < count; i++) {
        /* Drop the two clock fields: the position with clocks 0 and 1. */
        char four[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
        snprintf(four, sizeof four, "%s", entries[i].text);
        for (int field = 0; field < 2; field++)
            *strrchr(four, ' ') = '\0';
        Position pos, want = entries[i].pos;
        want.halfmove_clock = 0;
        want.fullmove_number = 1;
        int rc = fen_parse(four, &pos, err, sizeof err);
        EXPECT(rc == 0, "%s: four-field form '%s' rejected: %s", entries[i].id, four, err);
        EXPECT(rc != 0 || position_equal(&pos, &want), "%s: '%s' is not the position of '%s' with clocks 0 1",
               entries[i].id, four, entries[i].text);
    }
    free(entries);
}

Test(position_text, move_text_round_trips)
{
    static const char *const QUATERNITY_MOVES[] = {"d4e5", "c5c6", "d11e12q", "k3l3n", "a10a11", "l12l11r", "a1b1b"};
    static const char *const CHESS_MOVES[] = {"e2e4", "e7e8q", "e1g1", "a7b8n", "h2h1r", "c7c8b"};
    for (size_t i = 0; i < sizeof QUATERNITY_MOVES / sizeof *QUATERNITY_MOVES; i++) {
        Move m;
        char out[MOVE_TEXT_MAX];
        cr_assert(move_parse(GAME_QUATERNITY, QUATERNITY_MOVES[i], &m) == 0, "'%s' rejected", QUATERNITY_MOVES[i]);
        move_format(GAME_QUATERNITY, m, out);
        EXPECT(strcmp(out, QUATERNITY_MOVES[i]) == 0, "'%s' formats as '%s'", QUATERNITY_MOVES[i], out);
    }
    for (size_t i = 0; i < sizeof CHESS_MOVES / sizeof *CHESS_MOVES; i++) {
        Move m;
        char out[MOVE_TEXT_MAX];
        cr_assert(move_parse(GAME_CHESS, CHESS_MOVES[i], &m) == 0, "'%s' rejected", CHESS_MOVES[i]);
        move_format(GAME_CHESS, m, out);
        EXPECT(strcmp(out, CHESS_MOVES[i]) == 0, "'%s' formats as '%s'", CHESS_MOVES[i], out);
    }
    static const char *const BAD[] = {"",      "d4",    "d4e",    "d4e13",  "m1a1", "a0a1",
                                      "d4e5k", "d4e5K", "d4e5qq", "d4e5Qq", "d04e5"};
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        Move m;
        EXPECT(move_parse(GAME_QUATERNITY, BAD[i], &m) == -1, "'%s' accepted as Quaternity move text", BAD[i]);
    }
    Move m;
    EXPECT(move_parse(GAME_CHESS, "a1a9", &m) == -1, "'a1a9' accepted as chess move text");
    EXPECT(move_parse(GAME_CHESS, "i1a1", &m) == -1, "'i1a1' accepted as chess move text");
}

Test(position_text, an_upper_case_promotion_letter_reads_as_its_lower_case)
{
    /* perftree documents "a7b8Q" as its move form and Stockfish reads it. */
    static const struct {
        Game game;
        const char *upper, *lower;
    } CASES[] = {{GAME_CHESS, "a7b8Q", "a7b8q"},          {GAME_CHESS, "h2h1N", "h2h1n"},
                 {GAME_CHESS, "c7c8B", "c7c8b"},          {GAME_CHESS, "e7e8R", "e7e8r"},
                 {GAME_QUATERNITY, "d11d12Q", "d11d12q"}, {GAME_QUATERNITY, "l12l11R", "l12l11r"}};
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        Move upper, lower;
        cr_assert(move_parse(CASES[i].game, CASES[i].upper, &upper) == 0, "'%s' rejected", CASES[i].upper);
        cr_assert(move_parse(CASES[i].game, CASES[i].lower, &lower) == 0);
        EXPECT(move_equal(upper, lower), "'%s' is not the move '%s'", CASES[i].upper, CASES[i].lower);
    }
}
