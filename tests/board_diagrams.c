/* Board diagrams (gen/perft/output_board.c): chess's 8 x 8 and
 * Quaternity's 12 x 12, against positions with each special state the
 * diagram must state (side or controller to move, castling and its rooks,
 * Chess960's, en passant, clocks, controllers, frozen controllers, pawn
 * commitments), in letters and in chess's symbols, coloured only when
 * asked or on a terminal without NO_COLOR; and --board beside a
 * disagreement report (the planted bug of tests/planted/). */
#define _XOPEN_SOURCE 700 /* posix_openpt */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "output_board.h"
#include "position_text.h"
#include "support.h"

/* The diagram of `text` in `style`. */
static char *diagram(const char *text, BoardStyle style)
{
    Position pos;
    char err[256];
    cr_assert_eq(position_parse(text, &pos, err, sizeof err), 0, "%s", err);
    char *out = NULL;
    size_t size = 0;
    FILE *memory = open_memstream(&out, &size);
    cr_assert(memory);
    output_board(memory, &pos, style);
    fclose(memory);
    return out;
}

#define EXPECT_HAS(text, part) cr_expect(strstr(text, part), "no '%s' in:\n%s", part, text)

Test(board_diagrams, chess_castling_en_passant_side_and_clocks)
{
    char *d = diagram("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 3 20", (BoardStyle){0});
    EXPECT_HAS(d, " 8  r . . . k . . r\n");
    EXPECT_HAS(d, " 5  . . . p P . . .\n");
    EXPECT_HAS(d, " 1  R . . . K . . R\n    a b c d e f g h\n");
    EXPECT_HAS(d, "to move: white\n");
    EXPECT_HAS(d, "castling: white king side (rook h1), black queen side (rook a8)\n");
    EXPECT_HAS(d, "en passant: d6\n");
    EXPECT_HAS(d, "halfmove clock 3, move 20\n");
    cr_expect(!strchr(d, '\033'), "colour without asking:\n%s", d);
    free(d);
    d = diagram("4k3/8/8/8/8/8/8/4K3 b - - 0 1", (BoardStyle){0});
    EXPECT_HAS(d, "to move: black\ncastling: none\nen passant: none\n");
    free(d);
}

Test(board_diagrams, chess960_castling_names_its_rooks)
{
    /* Chess960 position 0 of positions/chess/chess960.epd: HFhf, the
     * rooks on f and h. */
    char *d = diagram("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9", (BoardStyle){0});
    EXPECT_HAS(d, " 1  B Q . B N R K R\n");
    EXPECT_HAS(d, "castling: white king side (rook h1), white queen side (rook f1), black king side (rook h8), black "
                  "queen side (rook f8)\n");
    free(d);
}

Test(board_diagrams, unicode_symbols_and_colour_only_when_asked)
{
    char *d = diagram("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", (BoardStyle){.unicode = true});
    EXPECT_HAS(d, " 8  . . . . \u265a . . .\n");
    EXPECT_HAS(d, " 2  . . . . \u2659 . . .\n");
    cr_expect(!strchr(d, '\033'), "%s", d);
    free(d);
    d = diagram("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", (BoardStyle){.color = true});
    EXPECT_HAS(d, "\033[48;5;137m"); /* a1, a dark square */
    EXPECT_HAS(d, "\033[1;97m P\033[0m");
    EXPECT_HAS(d, "\033[1;30m k\033[0m");
    free(d);
}

Test(board_diagrams, quaternity_armies_controllers_frozen_and_commitments)
{
    /* positions/quaternity/reference.epd's P12: black frozen; and P10:
     * red assimilated by white. */
    char *d = diagram("rK4rR6/12/12/2wR2bPv6/3bN3gN4/4wP^1bK5/5wK6/12/3wB8/12/1bQ10/5bR5gK w wrbg b", (BoardStyle){0});
    EXPECT_HAS(d, " 12  rK   .   .   .   .  rR   .   .   .   .   .   . \n");
    EXPECT_HAS(d, "  9   .   .  wR   .   .  bPv  .   .   .   .   .   . \n");
    EXPECT_HAS(d, "  7   .   .   .   .  wP^  .  bK   .   .   .   .   . \n");
    EXPECT_HAS(d, "\n      a   b   c   d   e   f   g   h   i   j   k   l \n");
    EXPECT_HAS(d, "to move: white (controller w)\n");
    EXPECT_HAS(d, "controllers: white by white, red by red, black by black, green by green\n");
    EXPECT_HAS(d, "frozen: black\n");
    free(d);
    d = diagram("11bK/6rR5/4rP>7/3rP*1bN6/2rPv1gB7/1wN1bN1rN6/7bB4/9gR2/12/3wB8/3wR8/wK10gK w wwbg", (BoardStyle){0});
    EXPECT_HAS(d, "controllers: white by white, red by white, black by black, green by green\nfrozen: none\n");
    EXPECT_HAS(d, "rP> ");
    EXPECT_HAS(d, "rP* ");
    EXPECT_HAS(d, "pawns: ^ up, v down, > right, < left (committed), * uncommitted (both forward ways open: 1 on "
                  "the board)\n");
    free(d);
    d = diagram("rK10bK/12/12/12/12/12/12/12/12/12/12/wK10gK g", (BoardStyle){.unicode = true});
    EXPECT_HAS(d, "to move: green (controller g)\n");
    EXPECT_HAS(d, "  1  w\u265a   .   .   .   .   .   .   .   .   .   .  g\u265a \n");
    free(d);
}

Test(board_diagrams, color_auto_follows_the_terminal_and_no_color)
{
    RunSettings s = {.board = BOARD_LETTERS, .color = COLOR_AUTO};
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0);
    FILE *terminal = fopen(ptsname(master), "w");
    cr_assert(terminal);
    FILE *file = tmpfile();
    cr_assert(file);
    unsetenv("NO_COLOR");
    cr_expect(output_board_style(&s, terminal).color);
    cr_expect(!output_board_style(&s, file).color);
    setenv("NO_COLOR", "", 1); /* empty: as if not set (no-color.org) */
    cr_expect(output_board_style(&s, terminal).color);
    setenv("NO_COLOR", "1", 1);
    cr_expect(!output_board_style(&s, terminal).color);
    s.color = COLOR_ALWAYS;
    cr_expect(output_board_style(&s, file).color && output_board_style(&s, terminal).color);
    s.color = COLOR_NEVER;
    unsetenv("NO_COLOR");
    cr_expect(!output_board_style(&s, terminal).color);
    s.board = BOARD_UNICODE;
    cr_expect(output_board_style(&s, file).unicode);
    fclose(terminal), fclose(file), close(master);
}

Test(board_diagrams, beside_a_disagreement_report)
{
    /* The planted backend drops exf6 after 1. e4 d5 2. e5 f5: the report's
     * position gets its diagram, en passant square stated. */
    FILE *p = popen("PLANTED_ROOT='rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2' PLANTED_PATH='e4e5 "
                    "f7f5' PLANTED_DROP=e5f6 " TEST_PLANTED_PERFT " -b all --board letters 3 "
                    "'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2' 2>/dev/null",
                    "r");
    cr_assert(p);
    static char out[65536];
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    cr_expect_eq(pclose(p), 1 << 8, "the disagreement's exit status is 1");
    EXPECT_HAS(out, "  moves only planted generates: (none)\n 8  r n b q k b n r\n 7  p p p . p . p p\n");
    EXPECT_HAS(out, " 5  . . . p P p . .\n");
    EXPECT_HAS(out, "to move: white\n");
    EXPECT_HAS(out, "en passant: f6\n");
}

Test(board_diagrams, refusals)
{
    EXPECT_ERROR("perft: --color colours board diagrams: give --board letters or --board unicode", "--color", "always",
                 "1", "8/8/8/8/8/8/8/K6k w - - 0 1");
    EXPECT_ERROR("perft: --board 'pretty' is not none, letters or unicode", "--board", "pretty", "1",
                 "8/8/8/8/8/8/8/K6k w - - 0 1");
    EXPECT_ERROR("perft: --color 'sometimes' is not auto, always or never", "--board", "letters", "--color",
                 "sometimes", "1", "8/8/8/8/8/8/8/K6k w - - 0 1");
}
