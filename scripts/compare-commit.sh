#!/usr/bin/env bash
# Every backend's perft at this commit against a build of another commit,
# side by side: CPU time (user + system, from /usr/bin/time's rusage) of each
# bin/perft process, every process pinned to one CPU (BENCH_CPU, default 0),
# the two builds interleaved run by run, the least of RUNS runs kept; bulk
# counting on and off, one thread, no hashing.  Counts are checked equal
# between the builds before anything is timed.
#   scripts/compare-commit.sh [BASE_COMMIT [RUNS]]   (default 044f842, 5)
# Writes results/compare-BASE-HEAD.md and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-044f842}
runs=${2:-5}
cpu=${BENCH_CPU:-0}
head=$(git rev-parse --short HEAD)
old=$(scripts/build-commit.sh "$base")
make --no-print-directory -j2 bin/perft >/dev/null
new=bin/perft

. scripts/positions.sh
# name | position | bulk depth | no-bulk depth
cases=(
    "quaternity opening|$opening|5|5"
    "chess initial|$initial|6|6"
    "chess Kiwipete|$kiwipete|5|5"
)

# CPU seconds (user + system) of one pinned run, to the microsecond, from
# the kernel's rusage of that child alone (scripts/cpu_time.py); its output
# is discarded.
cpu_time() { # binary args...
    scripts/cpu_time.py taskset -c "$cpu" "$@"
}

report=results/compare-$base-$head.md
{
    echo "# perft at $head against $base, side by side"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), pinned to CPU $cpu; CPU time (user + system)"
    echo "of each whole bin/perft process, least of $runs interleaved runs; one thread, no hashing."
    echo
    echo "| game | backend | position | depth | counting | nodes | $base s | $head s | $head / $base speed |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >"$report"
for c in "${cases[@]}"; do
    IFS='|' read -r name pos bulk_depth full_depth <<<"$c"
    game=${name%% *}
    for backend in mailbox padded bitboard; do
        for mode in bulk no-bulk; do
            depth=$([ $mode = bulk ] && echo "$bulk_depth" || echo "$full_depth")
            a=$($old -b $backend --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
            b=$($new -b $backend --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
            [ "$a" = "$b" ] || { echo "compare: $game $backend $mode: $base counts $a, $head counts $b" >&2; exit 1; }
            best_old=999999 best_new=999999
            for _ in $(seq "$runs"); do
                t=$(cpu_time $old -b $backend --$mode "$depth" "$pos")
                best_old=$(awk -v a="$best_old" -v b="$t" 'BEGIN{print (b < a) ? b : a}')
                t=$(cpu_time $new -b $backend --$mode "$depth" "$pos")
                best_new=$(awk -v a="$best_new" -v b="$t" 'BEGIN{print (b < a) ? b : a}')
            done
            ratio=$(awk -v a="$best_old" -v b="$best_new" 'BEGIN{printf "%.2fx", a / b}')
            label=$([ $mode = bulk ] && echo "bulk on" || echo "bulk off")
            echo "| $game | $backend | ${name#* } | $depth | $label | $a | $best_old | $best_new | $ratio |" >>"$report"
        done
    done
done
cat "$report"
