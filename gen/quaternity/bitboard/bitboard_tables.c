/* Fills the read-only tables of bitboard_tables.h from board geometry, once
 * (RUN_ONCE), so that every backend instance and thread shares them. */
#include "bitboard_tables.h"
#include "run_once.h"

QbbLine qbb_lines[QBB_LINE_COUNT];
QbbSet qbb_line_sets[QBB_LINE_COUNT];
uint8_t qbb_line_squares[QBB_LINE_COUNT][12];
QbbSquareLine qbb_square_lines[QBB_BITS][QBB_LINE_ORIENTATIONS];
QbbSet qbb_square_line_union[QBB_BITS];
uint16_t qbb_line_attacks[12][QBB_LINE_INNER_OCCUPANCIES];
QbbSet qbb_knight_attacks[QBB_BITS];
QbbSet qbb_king_attacks[QBB_BITS];
QbbSet qbb_pawn_attackers[QBB_DIR_COUNT][QBB_BITS];
QbbSet qbb_box5[QBB_BITS];
QbbSet qbb_box7[QBB_BITS];
QbbSet qbb_ray_sources[QBB_BITS][QBB_RAY_DIRECTIONS];

static const int8_t ray_steps[QBB_RAY_DIRECTIONS][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                                        {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

const uint8_t qbb_army_forward[4][2] = {{QBB_DIR_UP, QBB_DIR_RIGHT},
                                        {QBB_DIR_DOWN, QBB_DIR_RIGHT},
                                        {QBB_DIR_DOWN, QBB_DIR_LEFT},
                                        {QBB_DIR_UP, QBB_DIR_LEFT}};

static bool on_board(int rank, int file)
{
    return rank >= 0 && rank < 12 && file >= 0 && file < 12;
}

/* The squares (rank + dr * k, file + df * k) for the given offsets that are
 * on the board. */
static QbbSet offsets_from(int rank, int file, const int (*offsets)[2], int count)
{
    QbbSet set = qbb_empty();
    for (int i = 0; i < count; i++) {
        int r = rank + offsets[i][0], f = file + offsets[i][1];
        if (on_board(r, f))
            set = qbb_or(set, qbb_square(qbb_index(r, f)));
    }
    return set;
}

static void init_leapers(void)
{
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int king[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    /* For each pawn direction: the two (dr, df) steps back from a captured
     * square to the pawn that captures it. */
    static const int pawn_back[QBB_DIR_COUNT][2][2] = {
        {{-1, -1}, {-1, 1}}, /* up: captures up-left and up-right */
        {{1, -1}, {1, 1}},   /* down */
        {{-1, -1}, {1, -1}}, /* right: captures right-down and right-up */
        {{-1, 1}, {1, 1}},   /* left */
    };
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            int sq = qbb_index(r, f);
            qbb_knight_attacks[sq] = offsets_from(r, f, knight, 8);
            qbb_king_attacks[sq] = offsets_from(r, f, king, 8);
            for (int d = 0; d < QBB_DIR_COUNT; d++)
                qbb_pawn_attackers[d][sq] = offsets_from(r, f, pawn_back[d], 2);
        }
}

/* The line key of a square: which rank, file or diagonal it is on. */
static int line_key(int orientation, int rank, int file)
{
    switch (orientation) {
    case QBB_LINE_RANK: return rank;
    case QBB_LINE_FILE: return 12 + file;
    case QBB_LINE_DIAGONAL: return 24 + file - rank + 11;
    default: return 47 + file + rank;
    }
}

static void init_lines(void)
{
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            int sq = qbb_index(r, f);
            for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
                QbbLine *line = &qbb_lines[line_key(o, r, f)];
                line->mask[sq >> 6] |= UINT64_C(1) << (sq & 63);
            }
        }
    for (int i = 0; i < QBB_LINE_COUNT; i++) {
        QbbLine *line = &qbb_lines[i];
        line->shift1 = (uint8_t)__builtin_popcountll(line->mask[0]);
        line->shift2 = (uint8_t)(line->shift1 + __builtin_popcountll(line->mask[1]));
        int length = line->shift2 + __builtin_popcountll(line->mask[2]);
        line->past_end = (uint16_t)(0xFFFu & ~((1u << length) - 1));
        qbb_line_sets[i] = qbb_words(line->mask[0], line->mask[1], line->mask[2]);
    }
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            int sq = qbb_index(r, f);
            for (int o = 0; o < QBB_LINE_ORIENTATIONS; o++) {
                int key = line_key(o, r, f);
                const QbbLine *line = &qbb_lines[key];
                /* Position = how many of the line's squares lie below. */
                int pos = 0;
                for (int b = 0; b < sq; b++)
                    pos += (line->mask[b >> 6] >> (b & 63)) & 1;
                qbb_square_lines[sq][o] = (QbbSquareLine){(uint8_t)key, (uint8_t)pos};
                qbb_line_squares[key][pos] = (uint8_t)sq;
                qbb_square_line_union[sq] = qbb_or(qbb_square_line_union[sq], qbb_line_sets[key]);
            }
        }
    for (int pos = 0; pos < 12; pos++)
        for (int inner = 0; inner < QBB_LINE_INNER_OCCUPANCIES; inner++) {
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
            qbb_line_attacks[pos][inner] = (uint16_t)reach;
        }
}

static QbbSet box(int rank, int file, int radius)
{
    QbbSet set = qbb_empty();
    for (int r = rank - radius; r <= rank + radius; r++)
        for (int f = file - radius; f <= file + radius; f++)
            if (on_board(r, f))
                set = qbb_or(set, qbb_square(qbb_index(r, f)));
    return set;
}

static void init_boxes(void)
{
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            qbb_box5[qbb_index(r, f)] = box(r, f, 2);
            qbb_box7[qbb_index(r, f)] = box(r, f, 3);
        }
}

/* Behind each square next to the king or his own: behind his own square
 * is every square a pinner of a man on that line could stand on.  Each
 * square's own "behind" first, so that start-up stays short. */
static void init_ray_sources(void)
{
    static QbbSet behind[QBB_BITS][QBB_RAY_DIRECTIONS];
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++)
            for (int d = 0; d < QBB_RAY_DIRECTIONS; d++) {
                int dr = ray_steps[d][0], df = ray_steps[d][1];
                QbbSet squares = qbb_empty();
                for (int k = 1; on_board(r - k * dr, f - k * df); k++)
                    squares = qbb_or(squares, qbb_square(qbb_index(r - k * dr, f - k * df)));
                behind[qbb_index(r, f)][d] = squares;
            }
    for (int kr = 0; kr < 12; kr++)
        for (int kf = 0; kf < 12; kf++)
            for (int d = 0; d < QBB_RAY_DIRECTIONS; d++) {
                QbbSet sources = qbb_empty();
                for (int r = kr - 1; r <= kr + 1; r++)
                    for (int f = kf - 1; f <= kf + 1; f++)
                        if (on_board(r, f))
                            sources = qbb_or(sources, behind[qbb_index(r, f)][d]);
                qbb_ray_sources[qbb_index(kr, kf)][d] = sources;
            }
}

static void init_all(void)
{
    init_leapers();
    init_lines();
    init_boxes();
    init_ray_sources();
}

void qbb_tables_init(void)
{
    RUN_ONCE(init_all);
}
