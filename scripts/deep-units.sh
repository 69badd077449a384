#!/usr/bin/env bash
# Position work units against line units (issue 21), interleaved, RUNS
# rounds (default 3), wall clock by /usr/bin/time (nothing pinned: both
# threads need both CPUs), every total checked against its published or
# agreed count.  Bitboard backend, bulk counting on, -t 2, a table of
# --hash MiB as listed.  Writes results/deep-units-DATE.md.
#   scripts/deep-units.sh [RUNS] [CASES...]   CASES: start8 start9 opening6 opening7 (default start8 opening6)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
shift || true
wanted=("$@")
[ ${#wanted[@]} -gt 0 ] || wanted=(start8 opening6)
make --no-print-directory bin/perft >/dev/null
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
opening=$(sed -n 's/ *;.*//p' positions/quaternity/deep.epd | grep -v '^#' | head -n 1)
# name | position | depth | count (published: chess; positions/quaternity/deep.epd: the opening) | hash | splits
declare -A CASES=(
    [start8]="chess start|$start|8|84998978956|2048|2 3 4"
    [start9]="chess start|$start|9|2439530234167|16G|3 4"
    [opening6]="Quaternity opening|$opening|6|4786814430|2048|2 3"
    [opening7]="Quaternity opening|$opening|7|196870864675|4G|2 3"
)
out=results/deep-units-$(date -u +%Y%m%d).md
{
    echo "# Work units: distinct positions against lines"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, not pinned, shared with other"
    echo "work (load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)).  bin/perft -b bitboard -t 2 --hash H"
    echo "--split S --units U DEPTH POSITION, bulk counting on; wall seconds by /usr/bin/time (table set-up"
    echo "included), median (min) of $runs interleaved runs.  Made by \`scripts/deep-units.sh $runs ${wanted[*]}\`."
    echo
    echo "| position | depth | hash | split | units: positions | units: lines | positions s | lines s | lines / positions |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >"$out"
for name in "${wanted[@]}"; do
    IFS='|' read -r label pos depth nodes hash splits <<<"${CASES[$name]}"
    for split in $splits; do
        declare -A times=() units=()
        for _ in $(seq "$runs"); do
            for kind in positions lines; do
                log=$(mktemp)
                got=$(/usr/bin/time -f '%e' -o "$log.time" bin/perft -b bitboard -t 2 --hash "$hash" --split "$split" \
                    --units "$kind" "$depth" "$pos" 2>"$log" | tail -n 1)
                [ "$got" = "$nodes" ] || { echo "deep-units: $name split $split $kind gives '$got', expected $nodes" >&2; exit 1; }
                times[$kind]+="$(cat "$log.time") "
                units[$kind]=$(sed -n 's/.*, \([0-9]*\) units (.*/\1/p' "$log" | tail -n 1)
                rm -f "$log" "$log.time"
            done
        done
        med() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
        min() { tr ' ' '\n' <<<"$1" | grep . | sort -n | head -n 1; }
        p=$(med "${times[positions]}") l=$(med "${times[lines]}")
        echo "| $label | $depth | $hash | $split | ${units[positions]} | ${units[lines]} | $p ($(min "${times[positions]}")) | $l ($(min "${times[lines]}")) | $(awk -v a="$l" -v b="$p" 'BEGIN{printf "%.2fx", a / b}') |" >>"$out"
        unset times units
    done
done
cat "$out"
