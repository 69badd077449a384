#!/usr/bin/env bash
# Two builds' perft side by side (`make compare BASE=...`): the base, a
# commit built in its own worktree (scripts/build-commit.sh) or a binary,
# against this tree's bin/perft or another binary (--against).  Each case
# is one whole bin/perft process, CPU time (user + system, from the child's
# own rusage: scripts/cpu_time.py), pinned to one CPU (scripts/pin-cpu.sh:
# BENCH_CPU=N chooses), the two sides interleaved run by run; the least and
# the median of RUNS runs and the speed ratio of each (base time / other
# time); one thread, no hashing; bulk counting on and off as the set says.
# Counts are checked equal between the two sides before anything is timed,
# and a binary that would run under an emulator is refused (it measures the
# emulator).
#   scripts/compare.sh [--runs N] [--set SET] [--backends "NAME ..."] [--against BINARY] BASE
#     BASE      a commit (044f842, HEAD~3) or a bin/perft binary (a path)
#     --runs    runs of each side per case (default 5)
#     --set     headline: Quaternity opening 5, chess start 6, Kiwipete 5 (the default)
#               chess: the start 6 (the bitboard's 7 too), Kiwipete 5, CPW positions 3-5
#               chess960: four Chess960 positions (a base from 6a3b842 on reads their castling)
#               quaternity: the Quaternity opening, bulk 5, no bulk 4 and 5
#     --backends the backends to time, of the set's games (default: mailbox padded bitboard)
# Writes results/comparisons/compare-BASE-OTHER[-SET].md and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
usage='usage: scripts/compare.sh [--runs N] [--set headline|chess|chess960|quaternity] [--backends "NAME ..."] [--against BINARY] BASE'
runs=5 set=headline backends="mailbox padded bitboard" against= base=
while [ $# -gt 0 ]; do
    case $1 in
    --runs) runs=${2:?$usage} && shift 2 ;;
    --set) set=${2:?$usage} && shift 2 ;;
    --backends) backends=${2:?$usage} && shift 2 ;;
    --against) against=${2:?$usage} && shift 2 ;;
    -*) echo "compare: unknown option '$1'; $usage" >&2 && exit 2 ;;
    *) [ -z "$base" ] || { echo "compare: two bases, '$base' and '$1'; $usage" >&2 && exit 2; }
       base=$1 && shift ;;
    esac
done
[ -n "$base" ] || { echo "compare: no BASE named (a commit or a binary); $usage" >&2 && exit 2; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "compare: --runs '$runs' is not a positive number" >&2 && exit 2; }
. scripts/pin-cpu.sh "$0" --runs "$runs" --set "$set" --backends "$backends" ${against:+--against "$against"} "$base"

. scripts/positions.sh
# game | name | position | depth | modes
case $set in
headline) cases=(
    "quaternity|opening|$opening|5|bulk no-bulk"
    "chess|start|$initial|6|bulk no-bulk"
    "chess|Kiwipete|$kiwipete|5|bulk no-bulk") ;;
chess) cases=(
    "chess|start|$initial|6|bulk no-bulk"
    "chess|start|$initial|7|bulk"
    "chess|Kiwipete|$kiwipete|5|bulk no-bulk"
    "chess|CPW pos 3|$pos3|7|bulk no-bulk"
    "chess|CPW pos 4|$pos4|6|bulk no-bulk"
    "chess|CPW pos 5|$pos5|5|bulk no-bulk") ;;
chess960) cases=(
    "chess|frc-1|1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9|6|bulk"
    "chess|frc-1|1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9|5|no-bulk"
    "chess|frc-2|rbbqn1kr/pp2p1pp/6n1/2pp1p2/2P4P/P7/BP1PPPP1/R1BQNNKR w HAha - 0 9|6|bulk"
    "chess|frc-2|rbbqn1kr/pp2p1pp/6n1/2pp1p2/2P4P/P7/BP1PPPP1/R1BQNNKR w HAha - 0 9|5|no-bulk"
    "chess|frc-3|rqbbknr1/1ppp2pp/p5n1/4pp2/P7/1PP5/1Q1PPPPP/R1BBKNRN w GAga - 0 9|6|bulk"
    "chess|frc-3|rqbbknr1/1ppp2pp/p5n1/4pp2/P7/1PP5/1Q1PPPPP/R1BBKNRN w GAga - 0 9|5|no-bulk"
    "chess|dfrc-1|qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3|6|bulk"
    "chess|dfrc-1|qbbnrkr1/p1pppppp/1p4n1/8/2P5/6N1/PPNPPPPP/1BRKBRQ1 b FCge - 1 3|5|no-bulk") ;;
quaternity) cases=(
    "quaternity|opening|$opening|5|bulk"
    "quaternity|opening|$opening|4|no-bulk"
    "quaternity|opening|$opening|5|no-bulk") ;;
*) echo "compare: --set '$set': not a set (headline, chess, chess960, quaternity)" >&2 && exit 2 ;;
esac

# The two sides: a binary is named by its file name, a commit by itself.
if [ -x "$base" ] && [ -f "$base" ]; then
    old=$base base_name=$(basename "$base")
elif git rev-parse --verify --quiet "$base^{commit}" >/dev/null; then
    old=$(scripts/build-commit.sh "$base") base_name=$base
else
    echo "compare: BASE '$base' is neither a commit nor an executable file" >&2 && exit 2
fi
if [ -n "$against" ]; then
    [ -x "$against" ] && [ -f "$against" ] || { echo "compare: --against '$against' is not an executable file" >&2 && exit 2; }
    new=$against new_name=$(basename "$against")
else
    make --no-print-directory bin/perft >/dev/null
    new=bin/perft new_name=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- gen || echo -dirty)
fi
host=$(od -An -tx1 -j18 -N2 /proc/self/exe | tr -d ' ')
for bin in "$old" "$new"; do
    [ "$(od -An -tx1 -j18 -N2 "$bin" | tr -d ' ')" = "$host" ] ||
        { echo "compare: $bin is not built for this machine (emulated: no speed figure)" >&2 && exit 1; }
done
for b in $backends; do
    "$new" --list 2>&1 | grep -q "^$b " || { echo "compare: --backends: '$b' is not a backend of $new" >&2 && exit 2; }
done

# least and median of the numbers on stdin
stats() { sort -g | awk '{v[NR] = $1} END {m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; print v[1], m}'; }

mkdir -p results/comparisons
report=results/comparisons/compare-$base_name-$new_name$([ "$set" = headline ] || echo "-$set").md
{
    echo "# perft of $new_name against $base_name, side by side ($set set)"
    echo
    echo "$(date -u '+%F %H:%M') UTC, $(lscpu | sed -n 's/^Model name: *//p'), pinned to CPU ${BENCH_PINNED}; CPU time"
    echo "(user + system) of each whole bin/perft process, $runs interleaved runs each, least and median;"
    echo "one thread, no hashing; written by \`scripts/compare.sh --runs $runs --set $set $base\`."
    echo "Load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    for bin in "$old" "$new"; do # which paths each took, from the bitboards' summaries
        echo "- $bin: Quaternity $("$bin" --list 2>&1 | sed -n 's/^bitboard  *quaternity  *//p');" \
            "chess $("$bin" --list 2>&1 | sed -n 's/^bitboard  *chess  *//p')"
    done
    echo
    echo "| game | backend | position | depth | counting | nodes | $base_name least s | $new_name least s | speed, least | $base_name median s | $new_name median s | speed, median |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$report"
for c in "${cases[@]}"; do
    IFS='|' read -r game name pos depth modes <<<"$c"
    for backend in $backends; do
        # the bitboard's start perft 6 with bulk counting is a tenth of a second: the chess set adds its 7
        [ "$set $name $depth" != "chess start 7" ] || [ "$backend" = bitboard ] || continue
        for mode in $modes; do
            a=$("$old" -b "$backend" --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
            b=$("$new" -b "$backend" --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
            [ -n "$a" ] && [ "$a" = "$b" ] ||
                { echo "compare: $game $backend $name $mode: $base_name counts '$a', $new_name counts '$b'" >&2 && exit 1; }
            times_old=() times_new=()
            for _ in $(seq "$runs"); do
                times_old+=("$(scripts/cpu_time.py "$old" -b "$backend" --$mode "$depth" "$pos")")
                times_new+=("$(scripts/cpu_time.py "$new" -b "$backend" --$mode "$depth" "$pos")")
            done
            read -r least_old median_old < <(printf '%s\n' "${times_old[@]}" | stats)
            read -r least_new median_new < <(printf '%s\n' "${times_new[@]}" | stats)
            label=$([ "$mode" = bulk ] && echo "bulk on" || echo "bulk off")
            awk -v g="$game" -v be="$backend" -v n="$name" -v d="$depth" -v l="$label" -v c="$a" \
                -v lo="$least_old" -v ln="$least_new" -v mo="$median_old" -v mn="$median_new" \
                'BEGIN {printf "| %s | %s | %s | %s | %s | %s | %.4f | %.4f | %.2fx | %.4f | %.4f | %.2fx |\n", g, be, n, d, l, c, lo, ln, lo / ln, mo, mn, mo / mn}' >>"$report"
        done
    done
done
echo >>"$report"
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)." >>"$report"
cat "$report"
