#!/usr/bin/env bash
# Position work units against line units (issue 21), interleaved, RUNS
# rounds (default 3), wall clock by /usr/bin/time (nothing pinned: both
# threads need both CPUs), every total checked against its published or
# agreed count.  Bitboard backend, bulk counting on, -t 2, a table of
# --hash MiB as listed.  Writes deep-units-DATE.md (YYYY-MM-DD) beside this script.
#   results/experiments/2026-12-03-deep-units/deep-units.sh [RUNS] [CASES...]
# CASES: start7 (no table) start8 start9 opening6 opening7 (default start8 opening6);
# OUT=FILE writes there instead.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
runs=${1:-3}
shift || true
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(start8 opening6)
make --no-print-directory bin/perft >/dev/null
. scripts/positions.sh
. scripts/stats.sh
# name | position | depth | count (published: chess; positions/quaternity/deep.epd: the opening) | hash | splits
declare -A CASES=(
    [start7]="chess start|$initial|7|3195901860|none|3 4"
    [start8]="chess start|$initial|8|84998978956|2048|2 3 4"
    [start9]="chess start|$initial|9|2439530234167|16G|3 4"
    [opening6]="Quaternity opening|$opening|6|4786814430|2048|2 3"
    [opening7]="Quaternity opening|$opening|7|196870864675|4G|2 3"
)
out=${OUT:-$here/deep-units-$(date -u +%F).md}
{
    echo "# Work units: distinct positions against lines"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, not pinned, shared with other"
    echo "work (load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)).  bin/perft -b bitboard -t 2 --hash H"
    echo "--split S --units U DEPTH POSITION, bulk counting on; wall seconds by /usr/bin/time (table set-up"
    echo "included), median (min) of $runs interleaved runs, and the median CPU seconds (user + system: less"
    echo "sensitive to the other work on the machine).  Made by \`results/experiments/2026-12-03-deep-units/deep-units.sh $runs ${wanted[*]}\`."
    echo
    echo "| position | depth | hash | split | units: positions | units: lines | positions wall s | lines wall s | lines / positions | positions CPU s | lines CPU s | lines / positions (CPU) |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$out"
for name in "${wanted[@]}"; do
    IFS='|' read -r label pos depth nodes hash splits <<<"${CASES[$name]}"
    for split in $splits; do
        declare -A times=() cpu=() units=()
        for _ in $(seq "$runs"); do
            for kind in positions lines; do
                log=$(mktemp)
                table=(--hash "$hash")
                [ "$hash" = none ] && table=()
                got=$(/usr/bin/time -f '%e %U %S' -o "$log.time" bin/perft -b bitboard -t 2 "${table[@]}" --split "$split" \
                    --units "$kind" "$depth" "$pos" 2>"$log" | tail -n 1)
                [ "$got" = "$nodes" ] || { echo "deep-units: $name split $split $kind gives '$got', expected $nodes" >&2; exit 1; }
                read -r wall user system <"$log.time"
                times[$kind]+="$wall "
                cpu[$kind]+="$(awk -v u="$user" -v s="$system" 'BEGIN{printf "%.2f", u + s}') "
                units[$kind]=$(sed -n 's/.*, \([0-9]*\) units (.*/\1/p' "$log" | tail -n 1)
                rm -f "$log" "$log.time"
            done
        done
        p=$(med "${times[positions]}") l=$(med "${times[lines]}") pc=$(med "${cpu[positions]}") lc=$(med "${cpu[lines]}")
        echo "| $label | $depth | $hash | $split | ${units[positions]} | ${units[lines]} | $p ($(min "${times[positions]}")) | $l ($(min "${times[lines]}")) | $(awk -v a="$l" -v b="$p" 'BEGIN{printf "%.2fx", a / b}') | $pc | $lc | $(awk -v a="$lc" -v b="$pc" 'BEGIN{printf "%.2fx", a / b}') |" >>"$out"
        unset times cpu units
    done
done
cat "$out"
