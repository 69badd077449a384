#!/usr/bin/env bash
# Every backend's perft in two builds of this tree side by side, e.g. the
# -march=native build against the baseline x86-64 one (make
# test-x86-64-baseline builds bin/perft-x86-64-baseline): CPU time (user +
# system, scripts/cpu_time.py) of each whole bin/perft process, pinned to
# one CPU (BENCH_CPU, default 0), the two binaries interleaved run by run,
# the least of RUNS runs kept; bulk counting on and off, one thread, no
# hashing.  Counts are checked equal between the binaries before anything
# is timed.  Both binaries must run natively here: a binary run under an
# emulator (qemu-user) measures the emulator, so it is refused.
#   scripts/compare-binaries.sh BINARY_A BINARY_B [RUNS]   (RUNS default 5)
# Writes results/compare-NAME_A-NAME_B-COMMIT.md and prints it.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/pin-cpu.sh "$0" "$@"
a=$1
b=$2
runs=${3:-5}
for bin in "$a" "$b"; do
    machine=$(od -An -tx1 -j18 -N2 "$bin" | tr -d ' ')
    host=$(od -An -tx1 -j18 -N2 /proc/self/exe | tr -d ' ')
    [ "$machine" = "$host" ] || { echo "compare-binaries: $bin is not built for this machine (emulated: no speed figure)" >&2; exit 1; }
done
commit=$(git rev-parse --short HEAD)

. scripts/positions.sh
# name | position | depth
cases=(
    "quaternity opening|$opening|5"
    "chess initial|$initial|6"
    "chess Kiwipete|$kiwipete|5"
)

cpu_time() { # binary args...
    scripts/cpu_time.py "$@"
}

report=results/compare-$(basename "$a")-$(basename "$b")-$commit.md
{
    echo "# $a against $b at $commit"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), pinned to CPU ${BENCH_PINNED}; CPU time (user + system)"
    echo "of each whole bin/perft process, least of $runs interleaved runs; one thread, no hashing."
    echo "Load average at start: $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    for bin in "$a" "$b"; do # which paths each took, from the bitboards' summaries
        echo "- $bin: Quaternity $("$bin" --list 2>&1 | sed -n 's/^bitboard  *quaternity  *//p');" \
            "chess $("$bin" --list 2>&1 | sed -n 's/^bitboard  *chess  *//p')"
    done
    echo
    echo "| game | backend | position | depth | counting | nodes | $(basename "$a") s | $(basename "$b") s | $(basename "$b") / $(basename "$a") speed |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >"$report"
for c in "${cases[@]}"; do
    IFS='|' read -r name pos depth <<<"$c"
    game=${name%% *}
    for backend in mailbox padded bitboard; do
        for mode in bulk no-bulk; do
            na=$("$a" -b $backend --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
            nb=$("$b" -b $backend --$mode "$depth" "$pos" 2>/dev/null | tail -n 1)
            [ "$na" = "$nb" ] || { echo "compare-binaries: $game $backend $mode: $a counts $na, $b counts $nb" >&2; exit 1; }
            best_a=999999 best_b=999999
            for _ in $(seq "$runs"); do
                t=$(cpu_time "$a" -b $backend --$mode "$depth" "$pos")
                best_a=$(awk -v x="$best_a" -v y="$t" 'BEGIN{print (y < x) ? y : x}')
                t=$(cpu_time "$b" -b $backend --$mode "$depth" "$pos")
                best_b=$(awk -v x="$best_b" -v y="$t" 'BEGIN{print (y < x) ? y : x}')
            done
            ratio=$(awk -v x="$best_a" -v y="$best_b" 'BEGIN{printf "%.2fx", x / y}')
            label=$([ $mode = bulk ] && echo "bulk on" || echo "bulk off")
            echo "| $game | $backend | ${name#* } | $depth | $label | $na | $best_a | $best_b | $ratio |" >>"$report"
        done
    done
done
echo >>"$report"
echo "Load average at end: $(cut -d' ' -f1-3 /proc/loadavg)." >>"$report"
cat "$report"
