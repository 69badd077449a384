#!/usr/bin/env bash
# How long the --hash table takes to set up (allocate and fault in, zeroed):
# bin/perft -t THREADS --hash SIZE 1 START for SIZE 1, 2, 4, 8 and 16 GiB
# (a perft 1 counts 20 nodes: the rest is the table), wall clock by
# /usr/bin/time, the minimum of RUNS runs (default 3), beside a run without
# the table.  With BASE=path/to/an/older/bin/perft its figures too (sizes
# in MiB there).  Wall and CPU seconds: on a shared machine the wall time
# depends on what else runs; the CPU time far less.  Writes
# table-zeroing-DATE.md (YYYY-MM-DD) beside this script.
#   results/experiments/2026-12-03-table-zeroing/table-zeroing.sh [RUNS] [THREADS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
runs=${1:-3}
threads=${2:-2}
. scripts/positions.sh
make --no-print-directory bin/perft >/dev/null
best() { # BINARY OPTIONS...: the minimum wall seconds, its CPU seconds (user + system) and max RSS
    local bin=$1 b=999999 c=0 r=0
    shift
    for _ in $(seq "$runs"); do
        read -r s u y k < <(/usr/bin/time -f '%e %U %S %M' "$bin" "$@" 1 "$initial" 2>&1 >/dev/null | tail -n 1)
        if awk -v s="$s" -v b="$b" 'BEGIN{exit !(s < b)}'; then b=$s c=$(awk -v u="$u" -v y="$y" 'BEGIN{printf "%.2f", u + y}') r=$k; fi
    done
    echo "$b $c $r"
}
out=$here/table-zeroing-$(date -u +%F).md
read -r none _ _ < <(best bin/perft -t "$threads")
{
    echo "# Table set-up time: bin/perft -t $threads --hash SIZE 1 START"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, transparent huge pages:"
    echo "$(cat /sys/kernel/mm/transparent_hugepage/enabled), shared machine.  Minimum of $runs runs; wall"
    echo "clock by /usr/bin/time; a run without a table takes $none s.  Made by \`results/experiments/2026-12-03-table-zeroing/table-zeroing.sh $runs $threads\`."
    echo
    echo "| size | wall s | minus no-table run | ms per GiB | CPU s (user + system) | max RSS KiB |$([ -n "${BASE:-}" ] && echo ' older build: wall s | CPU s |')"
    echo "|---|---|---|---|---|---|$([ -n "${BASE:-}" ] && echo '---|---|')"
} >"$out"
for g in 1 2 4 8 16; do
    read -r s c k < <(best bin/perft -t "$threads" --hash "${g}G")
    row="| $g GiB | $s | $(awk -v s="$s" -v n="$none" 'BEGIN{printf "%.2f", s - n}') | $(awk -v s="$s" -v n="$none" -v g="$g" 'BEGIN{printf "%.0f", (s - n) * 1000 / g}') | $c | $k |"
    if [ -n "${BASE:-}" ]; then
        read -r bs bc _ < <(best "$BASE" -t "$threads" --hash $((g * 1024)))
        row="$row $bs | $bc |"
    fi
    echo "$row" >>"$out"
done
cat "$out"
