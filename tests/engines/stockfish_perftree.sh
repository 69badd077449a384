#!/bin/sh
# An adapter speaking bin/perft's perftree contract around Stockfish's
# "go perft" (Debian's stockfish package; STOCKFISH names another binary):
#
#   bin/perft --engine 'perftree:tests/engines/stockfish_perftree.sh' 3 "$FEN"
#
# bin/perft runs it once per query with DEPTH, the position (a six-field
# FEN) and the moves played from it (space-separated move text, an empty
# argument when there are none); it prints "move count" per root move, a
# blank line and the total.  Any chess library fits the same mould.
depth=$1 fen=$2 moves=$3
printf 'position fen %s%s\ngo perft %s\nquit\n' "$fen" "${moves:+ moves $moves}" "$depth" |
    "${STOCKFISH:-/usr/games/stockfish}" |
    awk '/^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$/ { sub(":", ""); print }
         /^Nodes searched: [0-9]+$/ { print ""; print $3; found = 1 }
         END { exit !found }'
