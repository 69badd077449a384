/* The Quaternity pawn tables (gen/quaternity/RULES.md#pawn-tables and the
 * tables 1-8 after it; a row's label "§N" names table N), row by row, for
 * every Quaternity backend.
 *
 * Each row starts from a minimal setup of table 7
 * (gen/quaternity/RULES.md#pawn-tables-7-minimal-setups): the four kings on
 * their home corners (White a1, Red a12, Black l12, Green l1) plus the pawn
 * under test, unless the row writes its own kings (a custom setup).  A check
 * compares the whole set of moves from the pawn's square with the row's list,
 * so a move the row leaves out is as wrong as a listed move that is missing;
 * the tables' named illegal moves are checked one by one as well, so a
 * failure quotes them.  Capture targets are enemy knights (of the army
 * opposite the mover), placed one at a time as table 7 asks.
 *
 * After a listed move, save() must show the pawn on its new square in its new
 * state (the commitment), and then, with the same army on turn again, the
 * pawn's next moves are checked the same way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../gen/quaternity/turn_order.h"
#include "support.h"

/* ---- checks shared by every table ---- */

static char army_letter(int army)
{
    return "wrbg"[army];
}

/* The enemy a row's targets belong to: the army opposite the mover. */
static void target_men(int mover, const char *squares, char *out, size_t outlen)
{
    size_t n = 0;
    out[0] = '\0';
    const char *p = squares ? squares : "";
    while (*p) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (len)
            n += (size_t)snprintf(out + n, outlen - n, "%s%cN %.*s", n ? ", " : "", army_letter((mover + 2) & 3),
                                  (int)len, p);
        p += len;
    }
}

/* Appends space-separated words to a list. */
static void list_append(char *list, size_t size, const char *words)
{
    size_t used = strlen(list), add = words ? strlen(words) : 0;
    if (!add)
        return;
    cr_assert(used + add + 2 <= size, "a move or square list outgrew its buffer");
    if (used)
        list[used++] = ' ';
    memcpy(list + used, words, add + 1);
}

/* The list "a b" (either may be empty or NULL). */
static void list_of(char *list, size_t size, const char *a, const char *b)
{
    list[0] = '\0';
    list_append(list, size, a);
    list_append(list, size, b);
}

/* One backend: the moves from `from` are exactly `only`, and none of the
 * `illegal` list is generated. */
static void check_moves_from(const Backend *b, const char *where, const Position *pos, int from, const char *only,
                             const char *illegal)
{
    Move expected[MAX_MOVES], moves[MAX_MOVES], bad[MAX_MOVES];
    int expected_count = moves_from_text(where, GAME_QUATERNITY, only, expected);
    int bad_count = moves_from_text(where, GAME_QUATERNITY, illegal, bad);
    for (int i = 0; i < bad_count; i++)
        cr_assert(moves_find(expected, expected_count, bad[i]) < 0, "%s: the table lists a move as legal and illegal",
                  where);

    int count = legal_moves(b, pos, moves);
    char square[4], qfen[POSITION_TEXT_MAX], got_text[MOVES_TEXT_MAX], want_text[MOVES_TEXT_MAX];
    square_format(GAME_QUATERNITY, from, square);
    qfen_format(pos, qfen, sizeof qfen);
    for (int i = 0; i < bad_count; i++) {
        char text[MOVE_TEXT_MAX];
        move_format(GAME_QUATERNITY, bad[i], text);
        EXPECT(moves_find(moves, count, bad[i]) < 0, "[%s] %s: illegal move %s is generated\n  in %s", b->name, where,
               text, qfen);
    }
    int kept = moves_keep_from(moves, count, from);
    moves_to_text(GAME_QUATERNITY, moves, kept, got_text, sizeof got_text);
    moves_to_text(GAME_QUATERNITY, expected, expected_count, want_text, sizeof want_text);
    EXPECT(strcmp(got_text, want_text) == 0, "[%s] %s: moves from %s are '%s', expected '%s'\n  in %s", b->name, where,
           square, got_text, want_text, qfen);
}

/* Every backend: the moves from the square `from` are exactly `only`. */
static void expect_moves_from(const char *where, const Position *pos, const char *from, const char *only,
                              const char *illegal)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    int square = square_from_name(where, from);
    for (int i = 0; i < n; i++)
        check_moves_from(backends[i], where, pos, square, only, illegal);
}

/* Every backend: `move_text` is legal; after it save() shows the origin
 * empty, `after` on the destination, the next controller on turn and nothing
 * else changed.  Then (when then_only is given) the mover is put on turn
 * again with enemy knights on the `targets` squares, and the moves from the
 * destination are exactly then_only, none of then_illegal. */
static void expect_after_move(const char *where, const Position *pos, const char *move_text, const char *after,
                              const char *targets, const char *then_only, const char *then_illegal)
{
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    Move move;
    cr_assert(move_parse(GAME_QUATERNITY, move_text, &move) == 0, "%s: bad move '%s'", where, move_text);

    Position expected = *pos;
    expected.board[move.from] = EMPTY;
    expected.board[move.to] = piece_from_token(where, after);
    expected.turn = quaternity_next_turn(pos, pos->turn);
    char expected_text[POSITION_TEXT_MAX], men[256], then_where[512];
    qfen_format(&expected, expected_text, sizeof expected_text);
    target_men(pos->turn, targets, men, sizeof men);
    snprintf(then_where, sizeof then_where, "%s, after %s%s%s", where, move_text, *men ? " with " : "", men);

    for (int i = 0; i < n; i++) {
        const Backend *b = backends[i];
        Move moves[MAX_MOVES];
        void *state = instance_open(b, pos);
        int count = b->generate(state, moves);
        if (moves_find(moves, count, move) < 0) {
            EXPECT(0, "[%s] %s: %s is not generated", b->name, where, move_text);
            instance_close(b, state);
            continue;
        }
        b->make(state, move);
        Position saved;
        b->save(state, &saved);
        instance_close(b, state);
        char saved_text[POSITION_TEXT_MAX];
        qfen_format(&saved, saved_text, sizeof saved_text);
        char destination[4];
        square_format(GAME_QUATERNITY, move.to, destination);
        EXPECT(position_equal(&saved, &expected), "[%s] %s: after %s save() gives\n  %s\n  expected (%s on %s)\n  %s",
               b->name, where, move_text, saved_text, after, destination, expected_text);
        if (!then_only)
            continue;
        /* The follow-up starts from the backend's own saved position. */
        saved.turn = pos->turn;
        if (*men)
            setup_add(then_where, &saved, men);
        check_moves_from(b, then_where, &saved, move.to, then_only, then_illegal);
    }
}

/* The pieces of a row's pawn: "wP^ c5" gives the token, the square name and
 * the army letter (the turn). */
typedef struct Man {
    char token[8];
    char square[8];
    char turn;
} Man;

static Man man_read(const char *where, const char *text)
{
    Man m;
    cr_assert(sscanf(text, "%7s %7s", m.token, m.square) == 2, "%s: bad man '%s'", where, text);
    m.turn = m.token[0];
    return m;
}

static int army_of(char letter)
{
    return (int)(strchr("wrbg", letter) - "wrbg");
}

/* ---- gen/quaternity/RULES.md#pawn-tables-2-ordinary-pawns-forward-move ---- */

typedef struct ForwardRow {
    const char *seed;
    const char *pawn;       /* the pawn on its opening square */
    const char *forward;    /* its one legal move */
    const char *wrong_axis; /* along its own line */
    const char *backward;
} ForwardRow;

static const ForwardRow FORWARD_ROWS[] = {
    {"§2 White rank-5 pawn c5", "wP^ c5", "c5c6", "c5d5 c5b5", "c5c4"},
    {"§2 White file-e pawn e3", "wP> e3", "e3f3", "e3e4 e3e2", "e3d3"},
    {"§2 Red rank-8 pawn c8", "rPv c8", "c8c7", "c8d8 c8b8", "c8c9"},
    {"§2 Red file-e pawn e10", "rP> e10", "e10f10", "e10e9 e10e11", "e10d10"},
    {"§2 Black rank-8 pawn j8", "bPv j8", "j8j7", "j8i8 j8k8", "j8j9"},
    {"§2 Black file-h pawn h10", "bP< h10", "h10g10", "h10h9 h10h11", "h10i10"},
    {"§2 Green rank-5 pawn j5", "gP^ j5", "j5j6", "j5i5 j5k5", "j5j4"},
    {"§2 Green file-h pawn h3", "gP< h3", "h3g3", "h3h4 h3h2", "h3i3"},
};

Test(pawn_vectors, s2_forward_move_only)
{
    for (size_t r = 0; r < sizeof FORWARD_ROWS / sizeof *FORWARD_ROWS; r++) {
        const ForwardRow *row = &FORWARD_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        Position pos;
        char illegal[128];
        setup_build(row->seed, row->pawn, pawn.turn, &pos);
        list_of(illegal, sizeof illegal, row->wrong_axis, row->backward);
        expect_moves_from(row->seed, &pos, pawn.square, row->forward, illegal);
        expect_after_move(row->seed, &pos, row->forward, pawn.token, NULL, NULL, NULL);
    }
}

Test(pawn_vectors, s2_blocked_forward_square)
{
    for (size_t r = 0; r < sizeof FORWARD_ROWS / sizeof *FORWARD_ROWS; r++) {
        const ForwardRow *row = &FORWARD_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        const char *ahead = row->forward + strlen(pawn.square);
        /* Any piece blocks: an enemy's and a friend's. */
        for (int friendly = 0; friendly < 2; friendly++) {
            int blocker_army = friendly ? army_of(pawn.turn) : (army_of(pawn.turn) + 2) & 3;
            char men[64], where[128];
            snprintf(men, sizeof men, "%s, %cN %s", row->pawn, army_letter(blocker_army), ahead);
            snprintf(where, sizeof where, "%s, blocked by %cN on %s", row->seed, army_letter(blocker_army), ahead);
            Position pos;
            setup_build(where, men, pawn.turn, &pos);
            expect_moves_from(where, &pos, pawn.square, "", row->forward);
        }
    }
}

/* ---- gen/quaternity/RULES.md#pawn-tables-3-ordinary-pawns-capture ---- */

typedef struct CaptureRow {
    const char *seed;
    const char *pawn;
    const char *forward;  /* the quiet move, also the straight non-capture */
    const char *captures; /* the two forward diagonals */
    const char *backward; /* the two backward diagonals */
} CaptureRow;

static const CaptureRow CAPTURE_ROWS[] = {
    {"§3 White c5 (up)", "wP^ c5", "c5c6", "c5b6 c5d6", "c5b4 c5d4"},
    {"§3 White e3 (right)", "wP> e3", "e3f3", "e3f4 e3f2", "e3d4 e3d2"},
    {"§3 Red c8 (down)", "rPv c8", "c8c7", "c8b7 c8d7", "c8b9 c8d9"},
    {"§3 Red e10 (right)", "rP> e10", "e10f10", "e10f11 e10f9", "e10d11 e10d9"},
    {"§3 Black j8 (down)", "bPv j8", "j8j7", "j8i7 j8k7", "j8i9 j8k9"},
    {"§3 Black h10 (left)", "bP< h10", "h10g10", "h10g11 h10g9", "h10i11 h10i9"},
    {"§3 Green j5 (up)", "gP^ j5", "j5j6", "j5i6 j5k6", "j5i4 j5k4"},
    {"§3 Green h3 (left)", "gP< h3", "h3g3", "h3g4 h3g2", "h3i4 h3i2"},
};

/* The i-th move of a space-separated list, copied into `out`. */
static const char *nth_move(const char *list, int i, char out[MOVE_TEXT_MAX])
{
    const char *p = list;
    for (;;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, " ");
        if (!len)
            return NULL;
        if (i-- == 0) {
            snprintf(out, MOVE_TEXT_MAX, "%.*s", (int)len, p);
            return out;
        }
        p += len;
    }
}

/* A setup of the row's pawn and one enemy target on the destination of
 * `move`. */
static void setup_with_target(const char *where, const char *pawn_text, const char *move, Position *pos)
{
    Man pawn = man_read(where, pawn_text);
    char men[64];
    snprintf(men, sizeof men, "%s, %cN %s", pawn_text, army_letter((army_of(pawn.turn) + 2) & 3),
             move + strlen(pawn.square));
    setup_build(where, men, pawn.turn, pos);
}

Test(pawn_vectors, s3_captures_on_both_forward_diagonals)
{
    for (size_t r = 0; r < sizeof CAPTURE_ROWS / sizeof *CAPTURE_ROWS; r++) {
        const CaptureRow *row = &CAPTURE_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        char capture[MOVE_TEXT_MAX];
        for (int i = 0; nth_move(row->captures, i, capture); i++) {
            char where[128], only[64];
            snprintf(where, sizeof where, "%s, target on %s", row->seed, capture + strlen(pawn.square));
            Position pos;
            setup_with_target(where, row->pawn, capture, &pos);
            list_of(only, sizeof only, row->forward, capture);
            expect_moves_from(where, &pos, pawn.square, only, NULL);
            expect_after_move(where, &pos, capture, pawn.token, NULL, NULL, NULL);
        }
    }
}

Test(pawn_vectors, s3_no_straight_or_backward_capture)
{
    for (size_t r = 0; r < sizeof CAPTURE_ROWS / sizeof *CAPTURE_ROWS; r++) {
        const CaptureRow *row = &CAPTURE_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        char where[128], move[MOVE_TEXT_MAX];
        Position pos;
        snprintf(where, sizeof where, "%s, target straight ahead", row->seed);
        setup_with_target(where, row->pawn, row->forward, &pos);
        expect_moves_from(where, &pos, pawn.square, "", row->forward);
        for (int i = 0; nth_move(row->backward, i, move); i++) {
            snprintf(where, sizeof where, "%s, target on backward diagonal %s", row->seed, move + strlen(pawn.square));
            setup_with_target(where, row->pawn, move, &pos);
            expect_moves_from(where, &pos, pawn.square, row->forward, move);
        }
    }
}

Test(pawn_vectors, s3_captures_of_empty_squares_are_not_captures)
{
    for (size_t r = 0; r < sizeof CAPTURE_ROWS / sizeof *CAPTURE_ROWS; r++) {
        const CaptureRow *row = &CAPTURE_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        char where[128];
        snprintf(where, sizeof where, "%s, no targets", row->seed);
        Position pos;
        setup_build(where, row->pawn, pawn.turn, &pos);
        expect_moves_from(where, &pos, pawn.square, row->forward, row->captures);
    }
}

/* ---- gen/quaternity/RULES.md#pawn-tables-4-advanced-pawns-first-move-commitment ---- */

typedef struct CommitRow {
    const char *seed;
    const char *pawn;       /* uncommitted, on its opening square */
    const char *file_move;  /* along the file: commits to it */
    const char *file_after; /* the pawn after it */
    const char *file_then;  /* its moves after that (empty board) */
    const char *rank_move;
    const char *rank_after;
    const char *rank_then;
    const char *backward;
    const char *file_then_illegal; /* old-line moves: table 5 names White d4's, the rest by rotation */
} CommitRow;

static const CommitRow COMMIT_ROWS[] = {
    {"§4 White d4", "wP* d4", "d4d5", "wP^", "d5d6", "d4e4", "wP>", "e4f4", "d4d3 d4c4 d4c3", "d5e5 d5c5 d5d4"},
    {"§4 White e5", "wP* e5", "e5e6", "wP^", "e6e7", "e5f5", "wP>", "f5g5", "e5e4 e5d5 e5d4", "e6f6 e6d6 e6e5"},
    {"§4 Red d9", "rP* d9", "d9d8", "rPv", "d8d7", "d9e9", "rP>", "e9f9", "d9d10 d9c9 d9c10", "d8e8 d8c8 d8d9"},
    {"§4 Red e8", "rP* e8", "e8e7", "rPv", "e7e6", "e8f8", "rP>", "f8g8", "e8e9 e8d8 e8d9", "e7f7 e7d7 e7e8"},
    {"§4 Black i9", "bP* i9", "i9i8", "bPv", "i8i7", "i9h9", "bP<", "h9g9", "i9i10 i9j9 i9j10", "i8h8 i8j8 i8i9"},
    {"§4 Black h8", "bP* h8", "h8h7", "bPv", "h7h6", "h8g8", "bP<", "g8f8", "h8h9 h8i8 h8i9", "h7g7 h7i7 h7h8"},
    {"§4 Green h5", "gP* h5", "h5h6", "gP^", "h6h7", "h5g5", "gP<", "g5f5", "h5h4 h5i5 h5i4", "h6g6 h6i6 h6h5"},
    {"§4 Green i4", "gP* i4", "i4i5", "gP^", "i5i6", "i4h4", "gP<", "h4g4", "i4i3 i4j4 i4j3", "i5h5 i5j5 i5i4"},
};

Test(pawn_vectors, s4_first_move_along_rank_or_file)
{
    for (size_t r = 0; r < sizeof COMMIT_ROWS / sizeof *COMMIT_ROWS; r++) {
        const CommitRow *row = &COMMIT_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        Position pos;
        char only[64];
        setup_build(row->seed, row->pawn, pawn.turn, &pos);
        list_of(only, sizeof only, row->file_move, row->rank_move);
        expect_moves_from(row->seed, &pos, pawn.square, only, row->backward);
    }
}

Test(pawn_vectors, s4_first_move_commits)
{
    for (size_t r = 0; r < sizeof COMMIT_ROWS / sizeof *COMMIT_ROWS; r++) {
        const CommitRow *row = &COMMIT_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        Position pos;
        setup_build(row->seed, row->pawn, pawn.turn, &pos);
        expect_after_move(row->seed, &pos, row->file_move, row->file_after, NULL, row->file_then,
                          row->file_then_illegal);
        expect_after_move(row->seed, &pos, row->rank_move, row->rank_after, NULL, row->rank_then, NULL);
    }
}

Test(pawn_vectors, s4_blocked_forward_squares)
{
    for (size_t r = 0; r < sizeof COMMIT_ROWS / sizeof *COMMIT_ROWS; r++) {
        const CommitRow *row = &COMMIT_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        for (int blocked_file = 0; blocked_file < 2; blocked_file++) {
            const char *blocked = blocked_file ? row->file_move : row->rank_move;
            const char *open = blocked_file ? row->rank_move : row->file_move;
            char where[128];
            snprintf(where, sizeof where, "%s, blocker on %s", row->seed, blocked + strlen(pawn.square));
            Position pos;
            setup_with_target(where, row->pawn, blocked, &pos);
            expect_moves_from(where, &pos, pawn.square, open, blocked);
        }
    }
}

/* ---- gen/quaternity/RULES.md#pawn-tables-5-advanced-pawns-captures ---- */

typedef struct CaptureLine {
    const char *capture;
    const char *after;   /* the pawn after it: still '*' toward the centre, committed otherwise */
    const char *targets; /* enemy men put next on these squares */
    const char *then;    /* then every move of the pawn */
    const char *then_illegal;
} CaptureLine;

typedef struct AdvancedCaptureRow {
    const char *seed;
    const char *pawn;
    const char *quiet;   /* its two quiet moves (table 4) */
    const char *back;    /* the capture back toward its own corner */
    CaptureLine line[3]; /* toward the centre, then the two side captures */
} AdvancedCaptureRow;

static const AdvancedCaptureRow ADVANCED_CAPTURE_ROWS[] = {
    {"§5 White d4",
     "wP* d4",
     "d4d5 d4e4",
     "d4c3",
     {{"d4e5", "wP*", "d6 f6 f4 d4", "e5e6 e5f5 e5d6 e5f6 e5f4", "e5d4 e5e4 e5d5"},
      {"d4c5", "wP^", "b6 d6 d4", "c5c6 c5b6 c5d6", "c5d5 c5b5 c5c4 c5d4"},
      {"d4e3", "wP>", "f4 f2 d4", "e3f3 e3f4 e3f2", "e3e4 e3e2 e3d3 e3d4"}}},
    {"§5 White e5",
     "wP* e5",
     "e5e6 e5f5",
     "e5d4",
     {{"e5f6", "wP*", "e7 g7 g5 e5", "f6f7 f6g6 f6e7 f6g7 f6g5", "f6e5"},
      {"e5d6", "wP^", "c7 e7 e5", "d6d7 d6c7 d6e7", "d6e6 d6c6 d6d5 d6e5"},
      {"e5f4", "wP>", "g5 g3 e5", "f4g4 f4g5 f4g3", "f4f5 f4f3 f4e4 f4e5"}}},
    {"§5 Red d9",
     "rP* d9",
     "d9d8 d9e9",
     "d9c10",
     {{"d9e8", "rP*", "d7 f7 f9 d9", "e8e7 e8f8 e8d7 e8f7 e8f9", "e8d9"},
      {"d9c8", "rPv", "b7 d7 d9", "c8c7 c8b7 c8d7", "c8d8 c8b8 c8c9 c8d9"},
      {"d9e10", "rP>", "f11 f9 d9", "e10f10 e10f11 e10f9", "e10e9 e10e11 e10d10 e10d9"}}},
    {"§5 Red e8",
     "rP* e8",
     "e8e7 e8f8",
     "e8d9",
     {{"e8f7", "rP*", "e6 g6 g8 e8", "f7f6 f7g7 f7e6 f7g6 f7g8", "f7e8"},
      {"e8d7", "rPv", "c6 e6 e8", "d7d6 d7c6 d7e6", "d7e7 d7c7 d7d8 d7e8"},
      {"e8f9", "rP>", "g10 g8 e8", "f9g9 f9g10 f9g8", "f9f8 f9f10 f9e9 f9e8"}}},
    {"§5 Black i9",
     "bP* i9",
     "i9i8 i9h9",
     "i9j10",
     {{"i9h8", "bP*", "g7 g9 i7 i9", "h8h7 h8g8 h8g7 h8g9 h8i7", "h8i9"},
      {"i9h10", "bP<", "g11 g9 i9", "h10g10 h10g11 h10g9", "h10h9 h10h11 h10i10 h10i9"},
      {"i9j8", "bPv", "i7 k7 i9", "j8j7 j8i7 j8k7", "j8i8 j8k8 j8j9 j8i9"}}},
    {"§5 Black h8",
     "bP* h8",
     "h8h7 h8g8",
     "h8i9",
     {{"h8g7", "bP*", "f6 f8 h6 h8", "g7g6 g7f7 g7f6 g7f8 g7h6", "g7h8"},
      {"h8g9", "bP<", "f10 f8 h8", "g9f9 g9f10 g9f8", "g9g8 g9g10 g9h9 g9h8"},
      {"h8i7", "bPv", "h6 j6 h8", "i7i6 i7h6 i7j6", "i7h7 i7j7 i7i8 i7h8"}}},
    {"§5 Green i4",
     "gP* i4",
     "i4i5 i4h4",
     "i4j3",
     {{"i4h5", "gP*", "g6 g4 i6 i4", "h5h6 h5g5 h5g6 h5g4 h5i6", "h5i4"},
      {"i4h3", "gP<", "g4 g2 i4", "h3g3 h3g4 h3g2", "h3h4 h3h2 h3i3 h3i4"},
      {"i4j5", "gP^", "i6 k6 i4", "j5j6 j5i6 j5k6", "j5i5 j5k5 j5j4 j5i4"}}},
    {"§5 Green h5",
     "gP* h5",
     "h5h6 h5g5",
     "h5i4",
     {{"h5g6", "gP*", "f7 f5 h7 h5", "g6g7 g6f6 g6f7 g6f5 g6h7", "g6h5"},
      {"h5g4", "gP<", "f5 f3 h5", "g4f4 g4f5 g4f3", "g4g5 g4g3 g4h4 g4h5"},
      {"h5i6", "gP^", "h7 j7 h5", "i6i7 i6h7 i6j7", "i6h6 i6j6 i6i5 i6h5"}}},
};

enum { ADVANCED_CAPTURE_ROW_COUNT = sizeof ADVANCED_CAPTURE_ROWS / sizeof *ADVANCED_CAPTURE_ROWS };

Test(pawn_vectors, s5_three_captures_none_backward)
{
    for (int r = 0; r < ADVANCED_CAPTURE_ROW_COUNT; r++) {
        const AdvancedCaptureRow *row = &ADVANCED_CAPTURE_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        /* All four diagonals hold an enemy: three captures, never the back one. */
        char targets[64] = "", all[64], men[160], only[128], where[128];
        list_of(only, sizeof only, row->quiet, NULL);
        for (int i = 0; i < 3; i++) {
            list_append(targets, sizeof targets, row->line[i].capture + strlen(pawn.square));
            list_append(only, sizeof only, row->line[i].capture);
        }
        list_of(all, sizeof all, targets, row->back + strlen(pawn.square));
        target_men(army_of(pawn.turn), all, men, sizeof men);
        snprintf(where, sizeof where, "%s, targets on %s", row->seed, all);
        char setup[200];
        snprintf(setup, sizeof setup, "%s, %s", row->pawn, men);
        Position pos;
        setup_build(where, setup, pawn.turn, &pos);
        expect_moves_from(where, &pos, pawn.square, only, row->back);

        /* The back capture alone is no move either. */
        snprintf(where, sizeof where, "%s, target on %s only", row->seed, row->back + strlen(pawn.square));
        setup_with_target(where, row->pawn, row->back, &pos);
        expect_moves_from(where, &pos, pawn.square, row->quiet, row->back);

        /* With no target, a diagonal step is no move. */
        snprintf(where, sizeof where, "%s, no targets", row->seed);
        setup_build(where, row->pawn, pawn.turn, &pos);
        list_of(all, sizeof all, row->line[0].capture, row->line[1].capture);
        list_append(all, sizeof all, row->line[2].capture);
        expect_moves_from(where, &pos, pawn.square, row->quiet, all);
    }
}

Test(pawn_vectors, s5_capture_commitment_and_what_follows)
{
    for (int r = 0; r < ADVANCED_CAPTURE_ROW_COUNT; r++) {
        const AdvancedCaptureRow *row = &ADVANCED_CAPTURE_ROWS[r];
        Man pawn = man_read(row->seed, row->pawn);
        for (int i = 0; i < 3; i++) {
            const CaptureLine *line = &row->line[i];
            char where[128], only[64];
            snprintf(where, sizeof where, "%s, %s (target alone)", row->seed, line->capture);
            Position pos;
            setup_with_target(where, row->pawn, line->capture, &pos);
            list_of(only, sizeof only, row->quiet, line->capture);
            expect_moves_from(where, &pos, pawn.square, only, NULL);
            expect_after_move(where, &pos, line->capture, line->after, line->targets, line->then, line->then_illegal);
        }
    }
}

/* ---- rows with their own setups: gen/quaternity/RULES.md#pawn-tables-5-advanced-pawns-captures,
 * gen/quaternity/RULES.md#pawn-tables-6-promotion, gen/quaternity/RULES.md#pawn-tables-8-interpretations ---- */

/* A position and the full list of moves of one man. */
typedef struct MoveCase {
    const char *seed;
    const char *men; /* beyond the king baseline, or with custom kings */
    char turn;
    const char *from;
    const char *only;
    const char *illegal;
} MoveCase;

/* Kings off every corner, for pawns that promote on a corner square. */
#define CORNERS_FREE "wK a6, rK f12, bK l7, gK g1"
#define PROMOTIONS(from, to) from to "q " from to "r " from to "b " from to "n"

static const MoveCase PROMOTION_CASES[] = {
    {"§6 White up: d11-d12 promotes (chapter 12)", "wP^ d11", 'w', "d11", PROMOTIONS("d11", "d12"), "d11d12"},
    {"§6 White right: k3-l3 promotes", "wP> k3", 'w', "k3", PROMOTIONS("k3", "l3"), "k3l3"},
    {"§6 Red down: c2-c1 promotes", "rPv c2", 'r', "c2", PROMOTIONS("c2", "c1"), "c2c1"},
    {"§6 Red right: k10-l10 promotes", "rP> k10", 'r', "k10", PROMOTIONS("k10", "l10"), "k10l10"},
    {"§6 Black down: j2-j1 promotes", "bPv j2", 'b', "j2", PROMOTIONS("j2", "j1"), "j2j1"},
    {"§6 Black left: b10-a10 promotes", "bP< b10", 'b', "b10", PROMOTIONS("b10", "a10"), "b10a10"},
    {"§6 Green up: j11-j12 promotes", "gP^ j11", 'g', "j11", PROMOTIONS("j11", "j12"), "j11j12"},
    {"§6 Green left: b3-a3 promotes", "gP< b3", 'g', "b3", PROMOTIONS("b3", "a3"), "b3a3"},
    {"§6 capture-to-promotion (custom kings a1 l1 a10 l10)", "wK a1, gK l1, rK a10, bK l10, wP^ d11, rN e12", 'w',
     "d11", PROMOTIONS("d11", "d12") " " PROMOTIONS("d11", "e12"), "d11d12 d11e12"},
    {"§6 blocked promotion edge (enemy on d12)", "wP^ d11, bN d12", 'w', "d11", "", PROMOTIONS("d11", "d12") " d11d12"},
    {"§6 blocked promotion edge (friend on d12)", "wP^ d11, wN d12", 'w', "d11", "",
     PROMOTIONS("d11", "d12") " d11d12"},
    {"§6 edge of the direction only: White up pawn onto file l by capture", "wP^ k6, bN l7", 'w', "k6", "k6k7 k6l7",
     PROMOTIONS("k6", "l7")},
    {"§6 edge of the direction only: White up pawn moving along file l", "wP^ l6", 'w', "l6", "l6l7",
     PROMOTIONS("l6", "l7")},
    {"§6 edge of the direction only: Green up pawn l5 on file l", "gP^ l5", 'g', "l5", "l5l6", PROMOTIONS("l5", "l6")},
    {"§6 edge of the direction only: White right pawn onto rank 12", "wP> e11, rN f12", 'w', "e11", "e11f11 e11f12",
     PROMOTIONS("e11", "f12")},
    {"§6 edge of the direction only: Red right pawn onto rank 1", "rP> e2, gN f1", 'r', "e2", "e2f2 e2f1",
     PROMOTIONS("e2", "f1")},
    {"§6 edge of the direction only: Black left pawn onto rank 1", "bP< e2, wN d1", 'b', "e2", "e2d2 e2d1",
     PROMOTIONS("e2", "d1")},
    {"§6 edge of the direction only: Black down pawn on file a", "bPv a5", 'b', "a5", "a5a4", PROMOTIONS("a5", "a4")},
    {"§6 edge of the direction only: Green left pawn onto rank 12", "gP< h11, rN g12", 'g', "h11", "h11g11 h11g12",
     PROMOTIONS("h11", "g12")},
    {"§6 edge of the direction only: Green up pawn onto file a", "gP^ b6, rN a7", 'g', "b6", "b6b7 b6a7",
     PROMOTIONS("b6", "a7")},
    {"§8.6 uncommitted White k11: every move reaches a far edge", CORNERS_FREE ", wP* k11, bN l12", 'w', "k11",
     PROMOTIONS("k11", "k12") " " PROMOTIONS("k11", "l11") " " PROMOTIONS("k11", "l12"), "k11k12 k11l11 k11l12"},
    {"§8.6 uncommitted Red k2: every move reaches a far edge", CORNERS_FREE ", rP* k2, gN l1", 'r', "k2",
     PROMOTIONS("k2", "k1") " " PROMOTIONS("k2", "l2") " " PROMOTIONS("k2", "l1"), "k2k1 k2l2 k2l1"},
    {"§8.6 uncommitted Black b2: every move reaches a far edge", CORNERS_FREE ", bP* b2, wN a1", 'b', "b2",
     PROMOTIONS("b2", "b1") " " PROMOTIONS("b2", "a2") " " PROMOTIONS("b2", "a1"), "b2b1 b2a2 b2a1"},
    {"§8.6 uncommitted Green b11: every move reaches a far edge", CORNERS_FREE ", gP* b11, rN a12", 'g', "b11",
     PROMOTIONS("b11", "b12") " " PROMOTIONS("b11", "a11") " " PROMOTIONS("b11", "a12"), "b11b12 b11a11 b11a12"},
};

Test(pawn_vectors, s6_promotion_four_choices_on_the_right_edge_only)
{
    for (size_t r = 0; r < sizeof PROMOTION_CASES / sizeof *PROMOTION_CASES; r++) {
        const MoveCase *c = &PROMOTION_CASES[r];
        Position pos;
        setup_build(c->seed, c->men, c->turn, &pos);
        expect_moves_from(c->seed, &pos, c->from, c->only, c->illegal);
    }
}

/* A move played, the man it leaves on its destination, and optionally the
 * moves that follow (enemy targets added, the mover on turn again). */
typedef struct PlayCase {
    const char *seed;
    const char *men;
    char turn;
    const char *move;
    const char *after;
    const char *targets;
    const char *then;
    const char *then_illegal;
} PlayCase;

static const PlayCase PLAY_CASES[] = {
    {"§5 chapter 11: d4xe5 keeps the choice", "wP* d4, gN e5", 'w', "d4e5", "wP*", "d6 f6 f4",
     "e5e6 e5f5 e5d6 e5f6 e5f4", NULL},
    {"§6 d11-d12 queen", "wP^ d11", 'w', "d11d12q", "wQ", NULL, NULL, NULL},
    {"§6 d11-d12 knight", "wP^ d11", 'w', "d11d12n", "wN", NULL, NULL, NULL},
    {"§6 k3-l3 bishop", "wP> k3", 'w', "k3l3b", "wB", NULL, NULL, NULL},
    {"§6 c2-c1 knight", "rPv c2", 'r', "c2c1n", "rN", NULL, NULL, NULL},
    {"§6 k10-l10 rook", "rP> k10", 'r', "k10l10r", "rR", NULL, NULL, NULL},
    {"§6 j2-j1 bishop", "bPv j2", 'b', "j2j1b", "bB", NULL, NULL, NULL},
    {"§6 b10-a10 queen", "bP< b10", 'b', "b10a10q", "bQ", NULL, NULL, NULL},
    {"§6 j11-j12 rook", "gP^ j11", 'g', "j11j12r", "gR", NULL, NULL, NULL},
    {"§6 b3-a3 knight", "gP< b3", 'g', "b3a3n", "gN", NULL, NULL, NULL},
    {"§6 capture-to-promotion d11xe12 rook", "wK a1, gK l1, rK a10, bK l10, wP^ d11, rN e12", 'w', "d11e12r", "wR",
     NULL, NULL, NULL},
    {"§6 capture-to-promotion d11xe12 bishop", "wK a1, gK l1, rK a10, bK l10, wP^ d11, rN e12", 'w', "d11e12b", "wB",
     NULL, NULL, NULL},
    {"§6 no promotion off the direction's edge: k6xl7", "wP^ k6, bN l7", 'w', "k6l7", "wP^", NULL, "l7l8", NULL},
    {"§8.6 walking the main diagonal: j10xk11 stays uncommitted, then k11 promotes", CORNERS_FREE ", wP* j10, bN k11",
     'w', "j10k11", "wP*", "l12", PROMOTIONS("k11", "k12") " " PROMOTIONS("k11", "l11") " " PROMOTIONS("k11", "l12"),
     "k11k12 k11l11 k11l12"},
    {"§8.6 uncommitted k11xl12 promotes (queen)", CORNERS_FREE ", wP* k11, bN l12", 'w', "k11l12q", "wQ", NULL, NULL,
     NULL},
    {"§8.6 uncommitted k2xl1 promotes (knight)", CORNERS_FREE ", rP* k2, gN l1", 'r', "k2l1n", "rN", NULL, NULL, NULL},
    {"§8.6 uncommitted b2-a2 promotes (rook)", CORNERS_FREE ", bP* b2", 'b', "b2a2r", "bR", NULL, NULL, NULL},
    {"§8.6 uncommitted b11-b12 promotes (bishop)", CORNERS_FREE ", gP* b11", 'g', "b11b12b", "gB", NULL, NULL, NULL},
};

Test(pawn_vectors, s5_s6_s8_state_after_the_move)
{
    for (size_t r = 0; r < sizeof PLAY_CASES / sizeof *PLAY_CASES; r++) {
        const PlayCase *c = &PLAY_CASES[r];
        Position pos;
        setup_build(c->seed, c->men, c->turn, &pos);
        expect_after_move(c->seed, &pos, c->move, c->after, c->targets, c->then, c->then_illegal);
    }
}

/* ---- gen/quaternity/RULES.md#pawn-tables-1-orientation: every pawn of the opening ---- */

Test(pawn_vectors, s1_every_opening_pawn_moves_away_from_its_corner)
{
    /* In the opening each army's eight pawns have exactly these moves (the
     * orientation table 1, table 4 for the advanced pawns). */
    static const struct {
        const char *seed;
        char turn;
        const char *pawn_moves;
    } ROWS[] = {
        {"§1 White", 'w', "a5a6 b5b6 c5c6 e1f1 e2f2 e3f3 d4d5 d4e4 e5e6 e5f5"},
        {"§1 Red", 'r', "a8a7 b8b7 c8c7 e10f10 e11f11 e12f12 d9d8 d9e9 e8e7 e8f8"},
        {"§1 Black", 'b', "j8j7 k8k7 l8l7 h10g10 h11g11 h12g12 i9i8 i9h9 h8h7 h8g8"},
        {"§1 Green", 'g', "j5j6 k5k6 l5l6 h1g1 h2g2 h3g3 h5h6 h5g5 i4i5 i4h4"},
    };
    int fixture_count;
    EpdEntry *fixtures = fixtures_load("positions/quaternity/reference.epd", &fixture_count);
    const EpdEntry *opening = NULL;
    for (int i = 0; i < fixture_count; i++)
        if (strcmp(fixtures[i].id, "opening") == 0)
            opening = &fixtures[i];
    cr_assert(opening != NULL, "positions/quaternity/reference.epd has no position with ;id opening");
    const Backend *backends[BACKENDS_MAX];
    int n = backends_of(GAME_QUATERNITY, backends);
    for (size_t r = 0; r < sizeof ROWS / sizeof *ROWS; r++) {
        Position pos = opening->pos;
        pos.turn = (int)(strchr("wrbg", ROWS[r].turn) - "wrbg");
        Move expected[MAX_MOVES];
        int expected_count = moves_from_text(ROWS[r].seed, GAME_QUATERNITY, ROWS[r].pawn_moves, expected);
        char want[MOVES_TEXT_MAX];
        moves_to_text(GAME_QUATERNITY, expected, expected_count, want, sizeof want);
        for (int i = 0; i < n; i++) {
            Move moves[MAX_MOVES];
            int count = legal_moves(backends[i], &pos, moves), pawn_moves = 0;
            for (int m = 0; m < count; m++)
                if (PIECE_KIND(pos.board[moves[m].from]) == PAWN)
                    moves[pawn_moves++] = moves[m];
            char got[MOVES_TEXT_MAX];
            moves_to_text(GAME_QUATERNITY, moves, pawn_moves, got, sizeof got);
            EXPECT(strcmp(got, want) == 0, "[%s] %s: pawn moves in the opening are '%s', expected '%s'",
                   backends[i]->name, ROWS[r].seed, got, want);
        }
    }
    free(fixtures);
}
