/* The position helpers every caller needs: the rook a castling letter
 * names, and comparison. */
#include "position.h"

#include <string.h>

static bool is_rook_of(Piece p, int side)
{
    return p != EMPTY && PIECE_KIND(p) == ROOK && (int)PIECE_ARMY(p) == side;
}

int position_outermost_rook(const Position *pos, int side, int king_file, bool king_side)
{
    int rank_start = side == CHESS_WHITE ? 0 : 56;
    for (int i = 0; i < C_WIDTH; i++) {
        int file = king_side ? C_WIDTH - 1 - i : i;
        if (king_side ? file <= king_file : file >= king_file)
            break;
        if (is_rook_of(pos->board[rank_start + file], side))
            return file;
    }
    return -1;
}

/* The file of `side`'s king on its back rank, or -1. */
static int back_rank_king_file(const Position *pos, int side)
{
    int rank_start = side == CHESS_WHITE ? 0 : 56;
    for (int file = 0; file < C_WIDTH; file++) {
        Piece p = pos->board[rank_start + file];
        if (p != EMPTY && PIECE_KIND(p) == KING && (int)PIECE_ARMY(p) == side)
            return file;
    }
    return -1;
}

bool position_castling_by_file(const Position *pos, int right)
{
    int side = right / 2;
    return (pos->castling_letters & CASTLE_LETTER_FILE(right)) ||
           position_outermost_rook(pos, side, back_rank_king_file(pos, side), right % 2 == 0) !=
               pos->castling_rook[right];
}

/* The castling letters that still say something: a right's file-letter bit
 * while it is held, as FEN writes it (position_castling_by_file: a K the moves
 * have made ambiguous is written as its file), a side's order bit while it
 * holds both rights. */
static unsigned letters_held(const Position *p)
{
    unsigned held = p->castling & 15u, letters = p->castling_letters;
    for (int side = 0; side < 2; side++)
        if (((p->castling >> (2 * side)) & 3u) == 3u)
            held |= CASTLE_LETTER_Q_FIRST(side);
    for (int right = 0; right < CASTLE_RIGHTS; right++)
        if ((p->castling & (1u << right)) && position_castling_by_file(p, right))
            letters |= CASTLE_LETTER_FILE(right);
    return letters & held;
}

static bool castling_equal(const Position *a, const Position *b)
{
    if (a->castling != b->castling || letters_held(a) != letters_held(b))
        return false;
    for (int r = 0; r < CASTLE_RIGHTS; r++)
        if ((a->castling & (1u << r)) && a->castling_rook[r] != b->castling_rook[r])
            return false;
    return true;
}

bool position_equal(const Position *a, const Position *b)
{
    if (a->game != b->game || a->turn != b->turn)
        return false;
    int n = game_squares(a->game);
    if (memcmp(a->board, b->board, (size_t)n) != 0)
        return false;
    if (a->game == GAME_QUATERNITY)
        return memcmp(a->controller, b->controller, 4) == 0 && a->frozen == b->frozen;
    return castling_equal(a, b) && a->ep_square == b->ep_square && a->halfmove_clock == b->halfmove_clock &&
           a->fullmove_number == b->fullmove_number;
}
