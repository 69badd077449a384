#!/bin/sh
# What --stats costs for Quaternity: each Quaternity backend's plain count (bulk counting on,
# and off) against the same count with --stats (bulk counting off: every
# last-ply move made and its leaf classified), in CPU time (user + system)
# of the whole process, one thread, no hashing, one unit kind (positions).
# Runs are interleaved (every case once per round), each pinned to one CPU
# with taskset; least and median of the rounds, and the ratios of --stats
# to each plain count from the medians.
#
#   results/experiments/2026-12-07-quaternity-stats/stats-cost.sh [ROUNDS] [CPU] [DEPTH]
#
# ROUNDS (default 5), CPU (default 1), DEPTH (default 4).  Writes
# stats-cost-DATE-depthDEPTH.md beside
# this script.  Run from the repository root after `make`; PERFT=path
# times another build (a copy, so that a rebuild cannot replace it
# mid-run).
set -eu
rounds=${1:-5}
cpu=${2:-1}
depth=${3:-4}
here=$(dirname "$0")
perft=${PERFT:-bin/perft}
[ -x "$perft" ] || { echo "stats-cost.sh: build $perft first (make)" >&2; exit 2; }
out="$here/stats-cost-$(date -u +%Y-%m-%d)-depth$depth.md"
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT

opening=$(grep ';id opening$' positions/quaternity/reference.epd | cut -d';' -f1)
p04=$(grep ';id P04-promotions-ordinary$' positions/quaternity/reference.epd | cut -d';' -f1)

# One case a line: "NAME|DEPTH|POSITION": the opening (checks, captures)
# and, up to depth 4, P04 of positions/quaternity/reference.epd
# (promotions).  At depth 4 the --stats runs take 0.2 to 2 s of CPU each
# but the plain counts only 10 to 80 ms (the timer's grain is 10 ms); at
# depth 5 the opening's --stats runs take 10 to 35 s, P04's over a minute
# (left out).
cases="opening|$depth|$opening"
[ "$depth" -gt 4 ] || cases="$cases
P04|$depth|$p04"

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
    echo "# Quaternity: --stats against the plain count, CPU time"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)'),"
    echo "$(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg) at the end."
    echo "Command: \`results/experiments/2026-12-07-quaternity-stats/stats-cost.sh $rounds $cpu $depth\`: $rounds interleaved rounds,"
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
