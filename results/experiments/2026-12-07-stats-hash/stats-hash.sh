#!/usr/bin/env bash
# --stats with and without a table of statistics (--hash), side by side:
# bin/perft -b bitboard --stats DEPTH START, one thread, pinned to CPU 1,
# ROUNDS interleaved rounds; user + system CPU seconds of each run.
# Usage (from the top of the tree): stats-hash.sh [ROUNDS] [DEPTH] [MIB]
set -euo pipefail
rounds=${1:-3} depth=${2:-6} mib=${3:-64}
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
cpu() { /usr/bin/time -f '%U %S' taskset -c 1 bin/perft -b bitboard --stats "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.2f", $1 + $2 }'; }
echo "# --stats, start position perft $depth, bitboard, one thread, pinned; $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| round | no table (s CPU) | --hash $mib (s CPU) |"
echo "|---|---|---|"
for r in $(seq 1 "$rounds"); do
    a=$(cpu "$depth" "$start")
    b=$(cpu --hash "$mib" "$depth" "$start")
    echo "| $r | $a | $b |"
done
