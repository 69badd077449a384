#!/usr/bin/env bash
# The table's replacement policy (issue 21): this tree's (replace the
# entry with the smaller count) against the earlier one (one entry kept for
# the deeper subtree, one always replaced), built from the same tree with
# -DPERFT_HASH_REPLACE_BY_DEPTH into /tmp.  The chess start's perft 8 and
# the Quaternity opening's perft 6, -t 2, tables small enough to fill
# (64 and 512 MiB), interleaved, RUNS rounds (default 3); wall clock and the
# table's hit rate.  Writes deep-replacement-DATE.md (YYYY-MM-DD) beside this script.
#   results/experiments/2026-12-03-deep-replacement/deep-replacement.sh [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
runs=${1:-3}
make --no-print-directory bin/perft >/dev/null
other=/tmp/perft-replace-by-depth
make --no-print-directory -j2 BUILD="$other/build" PERFT_BIN="$other/perft" \
    CFLAGS_release="-O3 -march=native -g -DPERFT_HASH_REPLACE_BY_DEPTH" "$other/perft" >/dev/null
. scripts/positions.sh
. scripts/stats.sh
cases=("chess start|$initial|8|84998978956|64" "chess start|$initial|8|84998978956|512"
    "Quaternity opening|$opening|6|4786814430|64")
out=$here/deep-replacement-$(date -u +%F).md
{
    echo "# Table replacement: smaller count replaced against deeper kept"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, not pinned, shared (load average"
    echo "at the start: $(cut -d' ' -f1-3 /proc/loadavg)).  bin/perft -b bitboard -t 2 --hash H DEPTH POSITION, bulk"
    echo "counting on, position units; wall seconds by /usr/bin/time, median (min) of $runs interleaved runs; hits"
    echo "of probes from the run's last stderr line.  Made by \`results/experiments/2026-12-03-deep-replacement/deep-replacement.sh $runs\`."
    echo
    echo "| position | depth | hash MiB | smaller count replaced s | hits | deeper kept s | hits | deeper / smaller |"
    echo "|---|---|---|---|---|---|---|---|"
} >"$out"
for c in "${cases[@]}"; do
    IFS='|' read -r label pos depth nodes hash <<<"$c"
    declare -A times=() hits=()
    for _ in $(seq "$runs"); do
        for policy in count depth; do
            bin=bin/perft
            [ $policy = depth ] && bin=$other/perft
            log=$(mktemp)
            got=$(/usr/bin/time -f '%e' -o "$log.time" "$bin" -b bitboard -t 2 --hash "$hash" "$depth" "$pos" 2>"$log" | tail -n 1)
            [ "$got" = "$nodes" ] || { echo "deep-replacement: $policy gives '$got', expected $nodes" >&2; exit 1; }
            times[$policy]+="$(cat "$log.time") "
            hits[$policy]=$(sed -n 's/^hash .* probes, [0-9]* hits (\([0-9.]*%\)).*/\1/p' "$log" | tail -n 1)
            rm -f "$log" "$log.time"
        done
    done
    a=$(med "${times[count]}") b=$(med "${times[depth]}")
    echo "| $label | $depth | $hash | $a ($(min "${times[count]}")) | ${hits[count]} | $b ($(min "${times[depth]}")) | ${hits[depth]} | $(awk -v a="$b" -v b="$a" 'BEGIN{printf "%.2fx", a / b}') |" >>"$out"
    unset times hits
done
cat "$out"
