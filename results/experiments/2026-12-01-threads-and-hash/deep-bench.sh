#!/usr/bin/env bash
# Thread scaling and hash speed-up (issue 10's figures), every run checked
# against its published or agreed count before it counts:
#   chess start perft 7, Kiwipete perft 6, Quaternity opening perft 6;
#   bitboard backend, bulk counting on; 1 and 2 threads, hash off and 64 MiB.
# Wall clock (threads need both CPUs: nothing is pinned), the median of RUNS
# interleaved runs (default 3).  Writes deep-perft-DATE.md (YYYY-MM-DD) beside this script.
#   results/experiments/2026-12-01-threads-and-hash/deep-bench.sh [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
runs=${1:-3}
make --no-print-directory bin/perft >/dev/null
. scripts/positions.sh
. scripts/stats.sh
# name | position | depth | count (published; the opening's from three backends, positions/quaternity/deep.epd)
cases=(
    "chess start|$initial|7|3195901860"
    "Kiwipete|$kiwipete|6|8031647685"
    "Quaternity opening|$opening|6|4786814430"
)
configs=("-t 1" "-t 2" "-t 1 --hash 64" "-t 2 --hash 64")
out=$here/deep-perft-$(date -u +%F).md
cat >"$out" <<EOF
# Threads and hash: wall-clock seconds, median of $runs interleaved runs

$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, not pinned; bitboard backend,
bulk counting on; load average at the start: $(cut -d' ' -f1-3 /proc/loadavg).

| position | depth | nodes | 1 thread | 2 threads | 1 thread, hash 64 MiB | 2 threads, hash 64 MiB | 2 threads / 1 | hash / no hash (1 thread) | both / neither |
|---|---|---|---|---|---|---|---|---|---|
EOF
for c in "${cases[@]}"; do
    IFS='|' read -r name pos depth nodes <<<"$c"
    declare -A times=()
    for _ in $(seq "$runs"); do
        for cfg in "${configs[@]}"; do
            start=$(date +%s.%N)
            # shellcheck disable=SC2086
            got=$(bin/perft -b bitboard $cfg "$depth" "$pos" 2>/dev/null | tail -n 1)
            end=$(date +%s.%N)
            [ "$got" = "$nodes" ] || { echo "deep-bench: $name $cfg gives $got, expected $nodes" >&2; exit 1; }
            times[$cfg]+="$(awk -v a="$start" -v b="$end" 'BEGIN{printf "%.3f", b - a}') "
        done
    done
    t1=$(med "${times[-t 1]}") t2=$(med "${times[-t 2]}") h1=$(med "${times[-t 1 --hash 64]}") h2=$(med "${times[-t 2 --hash 64]}")
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2fx", a / b}'; }
    echo "| $name | $depth | $nodes | $t1 | $t2 | $h1 | $h2 | $(ratio "$t1" "$t2") | $(ratio "$t1" "$h1") | $(ratio "$t1" "$h2") |" >>"$out"
    unset times
done
cat "$out"
