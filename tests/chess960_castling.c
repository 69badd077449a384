/* The Chess960 castling rule case by case, for every chess backend: the
 * king or the rook already on its destination, the rook on the king's
 * destination and the king on the rook's, both at once, one rook with a
 * right and another without, Black to move, a square the king crosses
 * attacked while its own rook stands on it, the rook that shielded the
 * king on the back rank, and rights lost as castling rooks move or are
 * taken (the deeper counts).  Each position's counts are Stockfish 15.1's
 * (`setoption name UCI_Chess960 value true`, `go perft N`), an independent
 * implementation; its castling moves, as Stockfish lists them at depth 1
 * (king takes rook), are looked for among each backend's moves, and the
 * castlings the rule forbids looked for in vain. */
#include <string.h>

#include "support.h"

enum { CASE_DEPTH_MAX = 5 };

typedef struct CastlingCase {
    const char *what;
    const char *fen;
    int depths;
    uint64_t counts[CASE_DEPTH_MAX]; /* Stockfish, depths 1.. */
    const char *castles;             /* legal castlings, Chess960 notation, space-separated */
    const char *forbidden;           /* castlings the rule forbids */
} CastlingCase;

static const CastlingCase CASES[] = {
    {"king already on its destination (g1), queen-side rook in the corner",
     "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
     5,
     {25, 106, 2929, 16219, 471082},
     "g1h1 g1a1",
     ""},
    {"the same for Black", "r5kr/8/8/8/8/8/8/4K3 b ha - 0 1", 5, {25, 106, 2929, 16219, 471082}, "g8h8 g8a8", ""},
    {"rook on the king's destination", "4k3/8/8/8/8/8/8/4K1R1 w G - 0 1", 5, {15, 66, 1187, 6539, 122830}, "e1g1", ""},
    {"the same for Black", "4k1r1/8/8/8/8/8/8/4K3 b g - 0 1", 5, {15, 66, 1187, 6539, 122830}, "e8g8", ""},
    {"rooks landing on the king's square (d1), both sides",
     "r2k3r/8/8/8/8/8/8/R2K3R w HAha - 0 1",
     4,
     {26, 551, 13177, 301611},
     "d1a1 d1h1",
     ""},
    {"the same, Black to move", "r2k3r/8/8/8/8/8/8/R2K3R b HAha - 0 1", 4, {26, 551, 13177, 301611}, "d8a8 d8h8", ""},
    {"king and rook swap squares (f1, g1)",
     "4k3/8/8/8/8/8/8/5KR1 w G - 0 1",
     5,
     {13, 58, 1033, 5689, 105989},
     "f1g1",
     ""},
    {"king and rook swap squares on the queen side, Black",
     "2rk4/8/8/8/8/8/8/4K3 b c - 0 1",
     5,
     {14, 63, 1110, 6173, 115433},
     "d8c8",
     ""},
    {"one right each, a rook without one beside it; the destination attacked",
     "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1",
     4,
     {24, 502, 11741, 260700},
     "",
     "e1g1"},
    {"one right each, a rook without one beside it",
     "1r2k3/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1",
     4,
     {25, 339, 8342, 120601},
     "e1g1",
     "e1b1"},
    {"the rook on b1 shields the king on c1 from a queen",
     "4k3/8/8/8/8/8/8/qRK5 w B - 0 1",
     5,
     {4, 65, 876, 19079, 256258},
     "",
     "c1b1"},
    {"the rook on b1 shields c1 from a queen, king from e1",
     "4k3/8/8/8/8/8/8/qR2K3 w B - 0 1",
     5,
     {8, 146, 1868, 41775, 564353},
     "",
     "e1b1"},
    {"the rook on b1 shields c1 from a rook",
     "4k3/8/8/8/8/8/8/rR2K3 w B - 0 1",
     5,
     {8, 97, 1400, 21690, 353895},
     "",
     "e1b1"},
    {"the king crosses its own rook's square, attacked",
     "4kr2/8/8/8/8/8/8/4KR2 w F - 0 1",
     5,
     {12, 115, 1689, 24521, 381325},
     "",
     "e1f1"},
    {"king on b1 between rooks in the corners",
     "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
     4,
     {24, 576, 13518, 317199},
     "b1a1 b1h1",
     ""},
};
enum { CASE_COUNT = sizeof CASES / sizeof CASES[0] };

/* Whether the backend's moves hold the castling written `text` (Chess960
 * notation). */
static bool has_castling(const Move *moves, int count, const char *text)
{
    for (int i = 0; i < count; i++) {
        char written[MOVE_TEXT_MAX];
        move_format_as(GAME_CHESS, moves[i], MOVE_NOTATION_CHESS960, written);
        if (move_is_castling(moves[i]) && strcmp(written, text) == 0)
            return true;
    }
    return false;
}

/* Looks for (wanted) or against each castling of the space-separated
 * `list` among the moves; returns how many it looked at. */
static int each_word(const char *list, const Backend *b, const CastlingCase *c, const Move *moves, int count,
                     bool wanted)
{
    int words = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *word = strtok(buf, " "); word; word = strtok(NULL, " ")) {
        EXPECT(has_castling(moves, count, word) == wanted, "[%s] %s: castling %s %s\n  %s", b->name, c->what, word,
               wanted ? "missing" : "generated, though the rule forbids it", c->fen);
        words++;
    }
    return words;
}

Test(chess960_castling, every_case_every_backend, .timeout = 120 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends), counts = 0, castlings = 0;
    for (int b = 0; b < n; b++) {
        counts = castlings = 0;
        for (int i = 0; i < CASE_COUNT; i++) {
            const CastlingCase *c = &CASES[i];
            Position pos;
            char err[ERROR_TEXT_MAX];
            cr_assert(position_parse(c->fen, &pos, err, sizeof err) == 0, "%s: %s", c->fen, err);
            Move moves[MAX_MOVES];
            int count = legal_moves(backends[b], &pos, moves);
            castlings += each_word(c->castles, backends[b], c, moves, count, true);
            castlings += each_word(c->forbidden, backends[b], c, moves, count, false);
            void *state = instance_open(backends[b], &pos);
            for (int depth = 1; depth <= c->depths; depth++) {
                for (int bulk = 0; bulk <= 1; bulk++) {
                    uint64_t got = backends[b]->perft(state, depth, bulk);
                    EXPECT(got == c->counts[depth - 1], "[%s] %s D%d%s: perft %llu, Stockfish %llu\n  %s",
                           backends[b]->name, c->what, depth, bulk ? "" : " without bulk counting",
                           (unsigned long long)got, (unsigned long long)c->counts[depth - 1], c->fen);
                }
                counts++;
            }
            if (c->depths >= 3) {
                uint64_t got = perft_via_interface(backends[b], state, 3);
                EXPECT(got == c->counts[2], "[%s] %s D3 through generate/make/unmake: %llu, Stockfish %llu",
                       backends[b]->name, c->what, (unsigned long long)got, (unsigned long long)c->counts[2]);
            }
            instance_close(backends[b], state);
        }
    }
    cr_assert(counts == 70, "checked %d counts per backend, expected 70", counts);
    cr_assert(castlings == 21, "looked for %d castlings per backend, expected 21", castlings);
}

/* Making and unmaking every castling (and every other move) gives back the
 * position exactly, castling rooks and letters included, and the position
 * after a castling is the one the rule describes. */
Test(chess960_castling, castling_made_and_unmade)
{
    static const struct {
        const char *fen, *castle, *after;
    } MADE[] = {
        {"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
        {"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1a1", "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"},
        {"4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
        {"2rk4/8/8/8/8/8/8/4K3 b c - 5 9", "d8c8", "2kr4/8/8/8/8/8/8/4K3 w - - 6 10"},
        {"r2k3r/8/8/8/8/8/8/R2K3R w HAha - 0 1", "d1a1", "r2k3r/8/8/8/8/8/8/2KR3R b ha - 1 1"},
        {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", "b1h1", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1"},
    };
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_CHESS, backends), checked = 0;
    for (int b = 0; b < n; b++) {
        checked = 0;
        for (size_t i = 0; i < sizeof MADE / sizeof MADE[0]; i++) {
            Position pos, saved;
            char err[ERROR_TEXT_MAX], text[POSITION_TEXT_MAX];
            cr_assert(position_parse(MADE[i].fen, &pos, err, sizeof err) == 0, "%s", err);
            void *state = instance_open(backends[b], &pos);
            Move moves[MAX_MOVES], castle;
            int count = backends[b]->generate(state, moves);
            cr_assert(move_read(GAME_CHESS, moves, count, MADE[i].castle, &castle) == MOVE_READ_OK,
                      "[%s] %s: no castling %s", backends[b]->name, MADE[i].fen, MADE[i].castle);
            for (int k = 0; k < count; k++) {
                backends[b]->make(state, moves[k]);
                backends[b]->save(state, &saved);
                if (move_equal(moves[k], castle)) {
                    position_format(&saved, text, sizeof text);
                    EXPECT(strcmp(text, MADE[i].after) == 0, "[%s] %s after %s: %s, expected %s", backends[b]->name,
                           MADE[i].fen, MADE[i].castle, text, MADE[i].after);
                }
                backends[b]->unmake(state, moves[k]);
                backends[b]->save(state, &saved);
                EXPECT(position_equal(&saved, &pos) && saved.castling_letters == pos.castling_letters,
                       "[%s] %s: unmake of move %d does not restore the position", backends[b]->name, MADE[i].fen, k);
            }
            instance_close(backends[b], state);
            checked++;
        }
    }
    cr_assert(checked == 6, "checked %d positions per backend", checked);
}
