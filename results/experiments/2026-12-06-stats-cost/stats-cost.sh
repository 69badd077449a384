#!/bin/sh
# What --stats costs: each chess backend's plain count (bulk counting on,
# and off) against the same count with --stats (bulk counting off: every
# last-ply move made and its leaf classified), in CPU time (user + system)
# of the whole process, one thread, no hashing, one unit kind (positions).
# Runs are interleaved (every case once per round), each pinned to one CPU
# with taskset; least and median of the rounds, and the ratios of --stats
# to each plain count from the medians.
#
#   results/experiments/2026-12-06-stats-cost/stats-cost.sh [ROUNDS] [CPU]
#
# ROUNDS (default 5), CPU (default 1).  Writes stats-cost-DATE.md beside
# this script.  Run from the repository root after `make`.
set -eu
rounds=${1:-5}
cpu=${2:-1}
here=$(dirname "$0")
perft=bin/perft
[ -x "$perft" ] || { echo "stats-cost.sh: build $perft first (make)" >&2; exit 2; }
out="$here/stats-cost-$(date -u +%Y-%m-%d).md"
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# One case a line: "NAME|DEPTH|POSITION".  Kiwipete 5 (kiwipete|5|...)
# can be added; its --stats run takes the mailbox about 35 s of CPU.
cases="start|6|$start"

run_one() { # backend mode depth position -> "cpu_seconds"
    backend=$1 mode=$2 depth=$3 position=$4
    case $mode in
    bulk) flags=--bulk ;;
    no-bulk) flags=--no-bulk ;;
    stats) flags=--stats ;;
    esac
    /usr/bin/time -f '%U %S' -o "$raw.time" taskset -c "$cpu" "$perft" -b "$backend" $flags "$depth" "$position" \
        >/dev/null 2>&1
    awk '{ printf "%.3f\n", $1 + $2 }' "$raw.time"
}

round=1
while [ "$round" -le "$rounds" ]; do
    echo "$cases" | while IFS='|' read -r name depth position; do
        for backend in mailbox padded bitboard; do
            for mode in bulk no-bulk stats; do
                echo "$name $backend $mode $(run_one "$backend" "$mode" "$depth" "$position")" >>"$raw"
            done
        done
    done
    round=$((round + 1))
done

{
    echo "# --stats against the plain count, CPU time"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)'),"
    echo "$(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg) at the end."
    echo "Command: \`results/experiments/2026-12-06-stats-cost/stats-cost.sh $rounds $cpu\`: $rounds interleaved rounds,"
    echo "every run pinned to CPU $cpu (taskset), one thread, no hashing, position work units;"
    echo "seconds of user + system CPU of the whole process (start-up and table set-up included)."
    echo "bulk: \`--bulk\` (bulk counting on); no-bulk: \`--no-bulk\`; stats: \`--stats\` (bulk counting off,"
    echo "every leaf classified by the backend's own statistics recursion)."
    echo
    echo "| position | depth | backend | bulk least / median | no-bulk least / median | stats least / median | stats / no-bulk | stats / bulk |"
    echo "|---|---|---|---|---|---|---|---|"
    echo "$cases" | while IFS='|' read -r name depth position; do
        for backend in mailbox padded bitboard; do
            awk -v n="$name" -v b="$backend" -v d="$depth" '
                $1 == n && $2 == b { v[$3, ++c[$3]] = $4 }
                function sorted(m,    i, j, t) {
                    for (i = 1; i <= c[m]; i++) s[i] = v[m, i]
                    for (i = 1; i <= c[m]; i++) for (j = i + 1; j <= c[m]; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
                }
                function least(m) { sorted(m); return s[1] }
                function median(m,    k) { sorted(m); k = c[m]; return k % 2 ? s[(k + 1) / 2] : (s[k / 2] + s[k / 2 + 1]) / 2 }
                END {
                    printf "| %s | %s | %s | %.3f / %.3f | %.3f / %.3f | %.3f / %.3f | %.1f | %.1f |\n", n, d, b,
                        least("bulk"), median("bulk"), least("no-bulk"), median("no-bulk"), least("stats"), median("stats"),
                        median("stats") / median("no-bulk"), median("stats") / median("bulk")
                }' "$raw"
        done
    done
} >"$out"
echo "wrote $out"
