#!/usr/bin/env bash
# One chess backend's perft (BACKEND: mailbox, padded or bitboard, the
# default) at this commit against a build of another commit
# (scripts/build-commit.sh), on issue 20's positions (the initial position,
# Kiwipete and CPW positions 3-5; the initial position's perft 7 too for the
# bitboard), bulk counting on and off: CPU time (user + system,
# scripts/cpu_time.py) of
# each whole bin/perft process, pinned to one CPU (scripts/pin-cpu.sh:
# BENCH_CPU=N chooses), the two builds interleaved run by run; the least
# and the median of RUNS runs; one thread, no hashing.  Counts are checked
# equal between the builds before anything is timed.  SET=chess960 times
# four Chess960 positions of positions/chess/frc-special.epd instead (their
# Shredder-FEN needs a base from 6a3b842 on).
#   [BACKEND=NAME] [SET=chess960] scripts/compare-chess-backend.sh [BASE_COMMIT [RUNS]]   (default 9bea85a, 7)
# Writes results/chess-BACKEND-speed[-chess960]-DATE-BASE-HEAD.md and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/pin-cpu.sh "$0" "$@"
backend=${BACKEND:-bitboard}
case $backend in mailbox | padded | bitboard) ;; *) echo "compare-chess-backend: BACKEND=$backend: not a chess backend (mailbox, padded or bitboard)" >&2; exit 1 ;; esac
base=${1:-9bea85a}
runs=${2:-7}
head=$(git rev-parse --short HEAD)
old=$(scripts/build-commit.sh "$base")
make --no-print-directory -j2 bin/perft >/dev/null
new=bin/perft

. scripts/positions.sh
# name | position | depth | modes
cases=(
    "start|$initial|6|bulk no-bulk"
    "Kiwipete|$kiwipete|5|bulk no-bulk"
    "CPW pos 3|$pos3|7|bulk no-bulk"
    "CPW pos 4|$pos4|6|bulk no-bulk"
    "CPW pos 5|$pos5|5|bulk no-bulk"
)
# The bitboard's start perft 6 with bulk counting is a tenth of a second:
# its perft 7 too (issue 20's table).
[ "$backend" != bitboard ] || cases=("${cases[0]}" "start|$initial|7|bulk" "${cases[@]:1}")

if [ "${SET:-}" = chess960 ]; then
    cases=(
        "frc-1|1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9|6|bulk"
        "frc-1|1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9|5|no-bulk"
        "frc-2|rbbqn1kr/pp2p1pp/6n1/2pp1p2/2P4P/P7/BP1PPPP1/R1BQNNKR w HAha - 0 9|6|bulk"
        "frc-2|rbbqn1kr/pp2p1pp/6n1/2pp1p2/2P4P/P7/BP1PPPP1/R1BQNNKR w HAha - 0 9|5|no-bulk"
        "frc-3|rqbbknr1/1ppp2pp/p5n1/4pp2/P7/1PP5/1Q1PPPPP/R1BBKNRN w GAga - 0 9|6|bulk"
        "frc-3|rqbbknr1/1ppp2pp/p5n1/4pp2/P7/1PP5/1Q1PPPPP/R1BBKNRN w GAga - 0 9|5|no-bulk"
        "dfrc-1|qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3|6|bulk"
        "dfrc-1|qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3|5|no-bulk"
    )
fi

# least and median of the numbers on stdin
stats() { sort -g | awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print v[1], m}'; }

report=results/chess-$backend-speed${SET:+-$SET}-$(date -u +%F)-$base-$head.md
{
    echo "# The chess $backend backend at $head against $base, side by side"
    echo
    echo "$(date -u '+%F %H:%M') UTC, $(lscpu | sed -n 's/^Model name: *//p'), pinned to CPU ${BENCH_PINNED};"
    echo "CPU time (user + system) of each whole bin/perft process, $runs interleaved runs each, least and median;"
    echo "one thread, no hashing, \`-b $backend\`; written by scripts/compare-chess-backend.sh."
    echo "Load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    echo "| position | depth | counting | nodes | $base least s | $head least s | speed, least | $base median s | $head median s | speed, median |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
} >"$report"
for c in "${cases[@]}"; do
    IFS='|' read -r name pos depth modes <<<"$c"
    for mode in $modes; do
        a=$($old -b $backend --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
        b=$($new -b $backend --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
        [ "$a" = "$b" ] || { echo "compare-chess-backend: $name $mode: $base counts $a, $head counts $b" >&2; exit 1; }
        times_old=() times_new=()
        for _ in $(seq "$runs"); do
            times_old+=("$(scripts/cpu_time.py "$old" -b $backend --$mode "$depth" "$pos")")
            times_new+=("$(scripts/cpu_time.py "$new" -b $backend --$mode "$depth" "$pos")")
        done
        read -r least_old median_old < <(printf '%s\n' "${times_old[@]}" | stats)
        read -r least_new median_new < <(printf '%s\n' "${times_new[@]}" | stats)
        label=$([ $mode = bulk ] && echo "bulk on" || echo "bulk off")
        awk -v n="$name" -v d="$depth" -v l="$label" -v c="$a" -v lo="$least_old" -v ln="$least_new" \
            -v mo="$median_old" -v mn="$median_new" \
            'BEGIN {printf "| %s | %s | %s | %s | %.4f | %.4f | %.2fx | %.4f | %.4f | %.2fx |\n", n, d, l, c, lo, ln, lo / ln, mo, mn, mo / mn}' >>"$report"
    done
done
echo >>"$report"
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)." >>"$report"
cat "$report"
