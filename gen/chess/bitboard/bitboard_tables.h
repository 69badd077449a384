/* Read-only lookup tables of the bitboard chess backend: the attack sets of
 * the leapers (knight, king, pawn) from every square and the paths between
 * squares that check masks and pin rays are made of.  Slider attacks live in
 * bitboard_slider.h; the castling rights each square keeps depend on the
 * position (CbbCastling in bitboard_position.h).
 *
 * Everything is filled once by cbb_tables_init() (idempotent and thread safe)
 * and only read afterwards. */
#ifndef GEN_CHESS_BITBOARD_TABLES_H
#define GEN_CHESS_BITBOARD_TABLES_H

#include <stdint.h>

#include "bitboard_bb64.h"

extern CbbBitboard cbb_knight_attacks[64];
extern CbbBitboard cbb_king_attacks[64];
/* cbb_pawn_attacks[side][s]: the two squares a pawn of `side` on s captures
 * on.  Read the other way, cbb_pawn_attacks[them][s] is where pawns of `us`
 * stand that capture on s. */
extern CbbBitboard cbb_pawn_attacks[2][64];

/* Rook and bishop attacks on an empty board. */
extern CbbBitboard cbb_rook_lines[64];
extern CbbBitboard cbb_bishop_lines[64];

/* cbb_king_reach_*[k]: the squares from which a rook (bishop) on an empty
 * board attacks a square a king on k steps to: only an enemy slider there
 * can make one of its steps unsafe. */
extern CbbBitboard cbb_king_reach_rook[64];
extern CbbBitboard cbb_king_reach_bishop[64];

/* The squares from which a rook (bishop 0) or a bishop (bishop 1) on an
 * empty board sees one of `squares`: the union of their lines, lines being
 * symmetric (a sees b when b sees a).  The king's reach above, and each
 * castling's (CbbCastling.path_reach_*), are made of it; the lines must be
 * built (cbb_tables_init). */
CbbBitboard cbb_lines_reaching(CbbBitboard squares, int bishop);

/* cbb_path_to[a][b]: when a and b share a rank, file or diagonal, the squares
 * strictly between them plus b itself; otherwise b alone.  With a the king
 * and b a checker that is exactly the check mask (capture the checker or
 * block the line); with b a pinner it is the pin ray. */
extern CbbBitboard cbb_path_to[64][64];

/* Fills every table, slider tables included, the first time it is called. */
void cbb_tables_init(void);

#endif
