#!/usr/bin/env bash
# The chess bitboard against a build of another commit, on issue 20's six
# positions: scripts/compare-chess-backend.sh with BACKEND=bitboard (its
# defaults), the name the result files of issue 20 cite.
#   [SET=chess960] scripts/compare-chess-bitboard.sh [BASE_COMMIT [RUNS]]   (default 9bea85a, 7)
exec env BACKEND=bitboard "$(dirname "$0")/compare-chess-backend.sh" "$@"
