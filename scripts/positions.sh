# The positions the benchmark scripts time, by name, in one place: sourced
# (`. scripts/positions.sh`) from the repository's top.  Their counts are in
# positions/ (chess/famous.epd, chess/published.epd, quaternity/deep.epd).
# shellcheck shell=bash disable=SC2034
initial='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
# The chessprogramming wiki's perft positions 3, 4 and 5.
pos3='8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
pos4='r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'
pos5='rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8'
# The Quaternity opening: the first position of positions/quaternity/deep.epd.
opening=$(sed -n 's/ *;.*//p' positions/quaternity/deep.epd | grep -v '^#' | head -n 1)
