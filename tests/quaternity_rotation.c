/* Quaternity is symmetric under a quarter turn of the board: perft counts
 * must not change when a position is rotated, for every Quaternity backend.
 *
 * A quarter turn takes square (file f, rank r) to (r, 11 - f): a1 -> a12,
 * a12 -> l12, l12 -> l1, l1 -> a1.  White's corner becomes Red's, so White's
 * army becomes Red's (w -> r -> b -> g -> w), and with it the turn, the
 * controllers and the frozen set.  Directions turn too: up -> right ->
 * down -> left -> up (White's up/right pawns become Red's right/down ones);
 * uncommitted pawns stay uncommitted, and White's main diagonal a1-l12 lands
 * on Red's a12-l1.  Every rotated position is checked to be a valid QFEN
 * position, and four turns give back the original. */
#include <stdlib.h>
#include <string.h>

#include "support.h"

enum { ROTATION_DEPTH = 3, REFERENCE_POSITIONS = 8 };

static PawnState rotate_state(PawnState s)
{
    switch (s) {
    case PAWN_UP: return PAWN_RIGHT;
    case PAWN_RIGHT: return PAWN_DOWN;
    case PAWN_DOWN: return PAWN_LEFT;
    case PAWN_LEFT: return PAWN_UP;
    default: return s;
    }
}

static int rotate_square(int square)
{
    int file = square % Q_WIDTH, rank = square / Q_WIDTH;
    return (Q_WIDTH - 1 - file) * Q_WIDTH + rank;
}

static int rotate_army(int army)
{
    return (army + 1) & 3;
}

static Position rotate(const Position *pos)
{
    Position out = *pos;
    memset(out.board, 0, sizeof out.board);
    for (int sq = 0; sq < Q_SQUARES; sq++) {
        Piece p = pos->board[sq];
        if (p != EMPTY)
            out.board[rotate_square(sq)] =
                PIECE_MAKE(rotate_army(PIECE_ARMY(p)), PIECE_KIND(p), rotate_state(PIECE_PAWN_STATE(p)));
    }
    out.turn = rotate_army(pos->turn);
    out.frozen = 0;
    for (int a = 0; a < 4; a++) {
        out.controller[rotate_army(a)] = (uint8_t)rotate_army(pos->controller[a]);
        if (pos->frozen & (1u << a))
            out.frozen |= (uint8_t)(1u << rotate_army(a));
    }
    return out;
}

static Move rotate_move(Move m)
{
    Move out = {(uint8_t)rotate_square(m.from), (uint8_t)rotate_square(m.to), m.promotion};
    return out;
}

/* The rotated position must be one the QFEN parser accepts, unchanged. */
static void check_valid(const char *id, int turns, const Position *pos)
{
    char text[POSITION_TEXT_MAX], err[ERROR_TEXT_MAX];
    qfen_format(pos, text, sizeof text);
    Position parsed;
    cr_assert(qfen_parse(text, &parsed, err, sizeof err) == 0, "%s turned %d times: %s (%s)", id, turns, err, text);
    cr_assert(position_equal(&parsed, pos), "%s turned %d times does not survive QFEN: %s", id, turns, text);
}

Test(quaternity_rotation, four_quarter_turns_are_the_identity)
{
    int count;
    EpdEntry *entries = fixtures_load_exactly("positions/quaternity/reference.epd", REFERENCE_POSITIONS, &count);
    for (int i = 0; i < count; i++) {
        Position p = entries[i].pos;
        for (int t = 1; t <= 4; t++) {
            p = rotate(&p);
            check_valid(entries[i].id, t, &p);
        }
        cr_assert(position_equal(&p, &entries[i].pos), "%s: four quarter turns change the position", entries[i].id);
    }
    free(entries);
}

Test(quaternity_rotation, root_moves_turn_with_the_board)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count;
    EpdEntry *entries = fixtures_load("positions/quaternity/reference.epd", &count);
    for (int b = 0; b < n; b++)
        for (int i = 0; i < count; i++) {
            Move moves[MAX_MOVES], rotated_moves[MAX_MOVES];
            int moves_count = legal_moves(backends[b], &entries[i].pos, moves);
            Position turned = rotate(&entries[i].pos);
            int rotated_count = legal_moves(backends[b], &turned, rotated_moves);
            for (int m = 0; m < moves_count; m++)
                moves[m] = rotate_move(moves[m]);
            char want[MOVES_TEXT_MAX], got[MOVES_TEXT_MAX];
            moves_to_text(GAME_QUATERNITY, moves, moves_count, want, sizeof want);
            moves_to_text(GAME_QUATERNITY, rotated_moves, rotated_count, got, sizeof got);
            EXPECT(strcmp(want, got) == 0, "[%s] %s turned once: moves\n  %s\n  expected the turned moves\n  %s",
                   backends[b]->name, entries[i].id, got, want);
        }
    free(entries);
}

Test(quaternity_rotation, perft_unchanged_by_every_rotation, .timeout = 120 * TEST_SLOWDOWN)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count;
    EpdEntry *entries = fixtures_load_exactly("positions/quaternity/reference.epd", REFERENCE_POSITIONS, &count);
    int checked = 0;
    for (int b = 0; b < n; b++)
        for (int i = 0; i < count; i++) {
            Position p = entries[i].pos;
            for (int turns = 0; turns < 4; turns++, p = rotate(&p)) {
                void *state = instance_open(backends[b], &p);
                for (int depth = 1; depth <= ROTATION_DEPTH; depth++) {
                    cr_assert(entries[i].has[depth], "%s has no D%d count", entries[i].id, depth);
                    uint64_t got = backends[b]->perft(state, depth, 1);
                    EXPECT(got == entries[i].expected[depth], "[%s] %s turned %d times, D%d: perft %llu, expected %llu",
                           backends[b]->name, entries[i].id, turns, depth, (unsigned long long)got,
                           (unsigned long long)entries[i].expected[depth]);
                    checked++;
                }
                instance_close(backends[b], state);
            }
        }
    cr_assert(checked == n * REFERENCE_POSITIONS * 4 * ROTATION_DEPTH, "checked %d counts", checked);
    free(entries);
}

Test(quaternity_rotation, pawn_vector_positions_count_the_same_turned, .timeout = 60 * TEST_SLOWDOWN)
{
    /* No reference counts needed: each backend against itself. */
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int count;
    EpdEntry *entries = fixtures_load("positions/quaternity/pawn-vectors.epd", &count);
    cr_assert(count >= 15, "pawn-vectors.epd holds only %d positions", count);
    for (int b = 0; b < n; b++)
        for (int i = 0; i < count; i++) {
            uint64_t unturned[ROTATION_DEPTH + 1] = {0};
            Position p = entries[i].pos;
            for (int turns = 0; turns < 4; turns++, p = rotate(&p)) {
                check_valid(entries[i].id, turns, &p);
                void *state = instance_open(backends[b], &p);
                for (int depth = 1; depth <= ROTATION_DEPTH; depth++) {
                    uint64_t got = backends[b]->perft(state, depth, 1);
                    if (turns == 0)
                        unturned[depth] = got;
                    EXPECT(got == unturned[depth], "[%s] %s turned %d times, D%d: perft %llu, unturned %llu",
                           backends[b]->name, entries[i].id, turns, depth, (unsigned long long)got,
                           (unsigned long long)unturned[depth]);
                }
                instance_close(backends[b], state);
            }
        }
    free(entries);
}
