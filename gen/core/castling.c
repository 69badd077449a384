/* The castling plans of castling.h: computed once per loaded position. */
#include "castling.h"

#include <string.h>

static int king_square(const Position *pos, int side)
{
    for (int square = 0; square < C_SQUARES; square++) {
        Piece p = pos->board[square];
        if (PIECE_KIND(p) == KING && (int)PIECE_ARMY(p) == side)
            return square;
    }
    return -1;
}

/* The squares from a to b, both included, on one rank. */
static uint64_t span(int a, int b)
{
    int low = a < b ? a : b, high = a < b ? b : a;
    uint64_t set = 0;
    for (int square = low; square <= high; square++)
        set |= (uint64_t)1 << square;
    return set;
}

void castling_plans(const Position *pos, CastlingPlan plans[CASTLE_RIGHTS])
{
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        CastlingPlan *c = &plans[r];
        memset(c, 0, sizeof *c);
        c->king_from = -1;
        if (!(pos->castling & (1u << r)))
            continue;
        int side = r / 2, rank_start = side == CHESS_WHITE ? 0 : 56;
        c->king_from = king_square(pos, side);
        c->rook_from = rank_start + pos->castling_rook[r];
        c->king_to = castling_king_to(c->king_from, c->rook_from);
        c->rook_to = castling_rook_to(c->king_from, c->rook_from);
        uint64_t movers = ((uint64_t)1 << c->king_from) | ((uint64_t)1 << c->rook_from);
        c->must_be_empty = (span(c->king_from, c->king_to) | span(c->rook_from, c->rook_to)) & ~movers;
        c->king_path = span(c->king_from, c->king_to) & ~((uint64_t)1 << c->king_from);
        /* Beyond the destination, seen from where the king comes from, with
         * a square behind the rook for an enemy to stand on. */
        bool king_side = c->rook_from > c->king_from;
        bool beyond = king_side ? c->rook_from > c->king_to : c->rook_from < c->king_to;
        int file = c->rook_from & 7;
        c->rook_shields = beyond && file != 0 && file != 7;
    }
}

int castling_squares_nearest(uint64_t set, int king, uint8_t out[C_WIDTH])
{
    int n = 0;
    for (int distance = 0; distance < C_WIDTH; distance++)
        for (int sign = -1; sign <= 1; sign += 2) {
            int square = king + sign * distance;
            if ((distance > 0 || sign > 0) && square >= 0 && square < C_SQUARES && (set >> square & 1) &&
                square / C_WIDTH == king / C_WIDTH)
                out[n++] = (uint8_t)square;
        }
    return n;
}

void castling_keep(const Position *pos, uint8_t keep[C_SQUARES])
{
    memset(keep, 15, C_SQUARES);
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        if (!(pos->castling & (1u << r)))
            continue;
        int side = r / 2;
        keep[king_square(pos, side)] &= (uint8_t) ~(3u << (2 * side));
        keep[(side == CHESS_WHITE ? 0 : 56) + pos->castling_rook[r]] &= (uint8_t) ~(1u << r);
    }
}

bool castling_is_chess960(const Position *pos)
{
    for (int r = 0; r < CASTLE_RIGHTS; r++) {
        if (!(pos->castling & (1u << r)))
            continue;
        int side = r / 2, king = king_square(pos, side);
        int corner = r % 2 ? 0 : 7;
        if ((pos->castling_letters & CASTLE_LETTER_FILE(r)) || (king & 7) != 4 || pos->castling_rook[r] != corner)
            return true;
    }
    return false;
}
