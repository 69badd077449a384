/* SAN, chess's Standard Algebraic Notation (the PGN standard, section
 * 8.2.3), read against a position's legal moves: "e4", "Nf3", "exd6",
 * "Nbd7", "R1e2", "Qh4e1", "e8=Q" (or "e8Q"), "O-O", "O-O-O" (or with
 * zeros); check and mate marks and the annotations !, ? are read and
 * ignored.  Castling is the king taking its rook (position.h), so O-O names
 * Chess960's castling too. */
#ifndef GEN_PERFT_SAN_H
#define GEN_PERFT_SAN_H

#include <stddef.h>

#include "position.h"

typedef enum {
    SAN_OK = 0,
    SAN_NOT_SAN = -1,   /* not SAN at all */
    SAN_NOT_LEGAL = -2, /* names no legal move, or a pawn's promotion without its piece */
    SAN_AMBIGUOUS = -3  /* names two legal moves */
} SanRead;

/* The one of `legal` (the legal moves of `pos`, a chess position) that
 * `text` names, in *move; otherwise, for SAN_NOT_LEGAL and SAN_AMBIGUOUS,
 * why in `why` ("no knight can go to c4", "Nd2 names b1d2 and f3d2: add
 * the file or the rank"). */
SanRead san_read(const Position *pos, const Move *legal, int count, const char *text, Move *move, char *why,
                 size_t whylen);

#endif
