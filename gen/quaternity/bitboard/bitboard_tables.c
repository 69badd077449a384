/* Fills the read-only tables of bitboard_tables.h from board geometry, once
 * (pthread_once), so that every backend instance and thread shares them. */
#include "bitboard_tables.h"

#include <pthread.h>

BbLine bb_lines[LINE_COUNT];
uint8_t bb_line_squares[LINE_COUNT][12];
BbSquareLine bb_square_lines[BB_BITS][LINE_ORIENTATIONS];
uint16_t bb_line_attacks[12][LINE_INNER_OCCUPANCIES];
Bb144 bb_knight_attacks[BB_BITS];
Bb144 bb_king_attacks[BB_BITS];
Bb144 bb_pawn_attackers[DIR_COUNT][BB_BITS];
Bb144 bb_box5[BB_BITS];
Bb144 bb_box7[BB_BITS];

const uint8_t bb_army_forward[4][2] = {
    {DIR_UP, DIR_RIGHT}, {DIR_DOWN, DIR_RIGHT}, {DIR_DOWN, DIR_LEFT}, {DIR_UP, DIR_LEFT}};

static bool on_board(int rank, int file)
{
    return rank >= 0 && rank < 12 && file >= 0 && file < 12;
}

/* The squares (rank + dr * k, file + df * k) for the given offsets that are
 * on the board. */
static Bb144 offsets_from(int rank, int file, const int (*offsets)[2], int count)
{
    Bb144 set = bb_empty();
    for (int i = 0; i < count; i++) {
        int r = rank + offsets[i][0], f = file + offsets[i][1];
        if (on_board(r, f))
            set = bb_or(set, bb_square(bb_index(r, f)));
    }
    return set;
}

static void init_leapers(void)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    /* For each pawn direction: the two (dr, df) steps back from a captured
     * square to the pawn that captures it. */
    static const int pawn_back[DIR_COUNT][2][2] = {
        {{-1, -1}, {-1, 1}}, /* up: captures up-left and up-right */
        {{1, -1}, {1, 1}},   /* down */
        {{-1, -1}, {1, -1}}, /* right: captures right-down and right-up */
        {{-1, 1}, {1, 1}},   /* left */
    };
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            int sq = bb_index(r, f);
            bb_knight_attacks[sq] = offsets_from(r, f, knight, 8);
            bb_king_attacks[sq] = offsets_from(r, f, king, 8);
            for (int d = 0; d < DIR_COUNT; d++)
                bb_pawn_attackers[d][sq] = offsets_from(r, f, pawn_back[d], 2);
        }
}

/* The line key of a square: which rank, file or diagonal it is on. */
static int line_key(int orientation, int rank, int file)
{
    switch (orientation) {
    case LINE_RANK: return rank;
    case LINE_FILE: return 12 + file;
    case LINE_DIAGONAL: return 24 + file - rank + 11;
    default: return 47 + file + rank;
    }
}

static void init_lines(void)
{
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            int sq = bb_index(r, f);
            for (int o = 0; o < LINE_ORIENTATIONS; o++) {
                BbLine *line = &bb_lines[line_key(o, r, f)];
                line->mask[sq >> 6] |= UINT64_C(1) << (sq & 63);
            }
        }
    for (int i = 0; i < LINE_COUNT; i++) {
        BbLine *line = &bb_lines[i];
        line->shift1 = (uint8_t)__builtin_popcountll(line->mask[0]);
        line->shift2 = (uint8_t)(line->shift1 + __builtin_popcountll(line->mask[1]));
    }
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            int sq = bb_index(r, f);
            for (int o = 0; o < LINE_ORIENTATIONS; o++) {
                int key = line_key(o, r, f);
                const BbLine *line = &bb_lines[key];
                /* Position = how many of the line's squares lie below. */
                int pos = 0;
                for (int b = 0; b < sq; b++)
                    pos += (line->mask[b >> 6] >> (b & 63)) & 1;
                bb_square_lines[sq][o] = (BbSquareLine){(uint8_t)key, (uint8_t)pos};
                bb_line_squares[key][pos] = (uint8_t)sq;
            }
        }
    for (int pos = 0; pos < 12; pos++)
        for (int inner = 0; inner < LINE_INNER_OCCUPANCIES; inner++) {
            unsigned occupied = (unsigned)inner << 1;
            unsigned reach = 0;
            for (int p = pos + 1; p < 12; p++) {
                reach |= 1u << p;
                if (occupied & (1u << p))
                    break;
            }
            for (int p = pos - 1; p >= 0; p--) {
                reach |= 1u << p;
                if (occupied & (1u << p))
                    break;
            }
            bb_line_attacks[pos][inner] = (uint16_t)reach;
        }
}

static Bb144 box(int rank, int file, int radius)
{
    Bb144 set = bb_empty();
    for (int r = rank - radius; r <= rank + radius; r++)
        for (int f = file - radius; f <= file + radius; f++)
            if (on_board(r, f))
                set = bb_or(set, bb_square(bb_index(r, f)));
    return set;
}

static void init_boxes(void)
{
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            bb_box5[bb_index(r, f)] = box(r, f, 2);
            bb_box7[bb_index(r, f)] = box(r, f, 3);
        }
}

static void init_all(void)
{
    init_leapers();
    init_lines();
    init_boxes();
}

void bitboard_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_all);
}
