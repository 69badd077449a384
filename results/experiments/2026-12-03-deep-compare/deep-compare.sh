#!/usr/bin/env bash
# The chess start's perft 8 with -t 2 --hash 2048 (bitboard backend, bulk
# counting on) by this tree's bin/perft and by the commit before the deep-perft
# work (6a3b842, built in a git worktree under /tmp), interleaved, RUNS rounds
# (default 3).  Wall clock from /usr/bin/time (threads need both CPUs: nothing
# is pinned), the table's allocation and zeroing included; max RSS too.  Every
# run's total is checked against the published 84,998,978,956.  Writes
# deep-compare-DATE.md (YYYY-MM-DD) beside this script.
#   results/experiments/2026-12-03-deep-compare/deep-compare.sh [RUNS] [BASE_COMMIT]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
runs=${1:-3}
base=${2:-6a3b842}
. scripts/positions.sh
. scripts/stats.sh
expected=84998978956
make --no-print-directory bin/perft >/dev/null
tree=/tmp/perft-deep-base-$base
if [ ! -x "$tree/bin/perft" ]; then
    rm -rf "$tree"
    git worktree prune
    git worktree add -f --detach "$tree" "$base" >/dev/null 2>&1
    nice make -C "$tree" -j2 bin/perft >/dev/null
fi
declare -A wall=() cpu=() rss=()
one() { # LABEL BINARY
    local log
    log=$(mktemp)
    got=$(/usr/bin/time -f '%e %U %S %M' -o "$log" "$2" -b bitboard -t 2 --hash 2048 8 "$initial" 2>/dev/null | tail -n 1)
    [ "$got" = "$expected" ] || { echo "deep-compare: $1 gives '$got', expected $expected" >&2; exit 1; }
    read -r seconds user system kib <"$log"
    rm -f "$log"
    wall[$1]+="$seconds "
    cpu[$1]+="$(awk -v u="$user" -v s="$system" 'BEGIN{printf "%.2f", u + s}') "
    rss[$1]+="$kib "
}
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for _ in $(seq "$runs"); do
    one base "$tree/bin/perft"
    one new bin/perft
done
bm=$(med "${wall[base]}") nm=$(med "${wall[new]}") bn=$(min "${wall[base]}") nn=$(min "${wall[new]}")
bc=$(med "${cpu[base]}") nc=$(med "${cpu[new]}")
load_start=${load_start:-?}
out=$here/deep-compare-$(date -u +%F).md
cat >"$out" <<EOT
# Start perft 8, -t 2 --hash 2048: $base against $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- gen || echo '+changes')

$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, not pinned, shared with other
work (load average at the start: $load_start, at the end: $(cut -d' ' -f1-3 /proc/loadavg)).  Command: \`bin/perft -b bitboard -t 2
--hash 2048 8 START\` (bulk counting on, 2 threads, a 2048 MiB table; this tree's defaults: position
units, split 2), $runs interleaved rounds, wall clock by /usr/bin/time including the table's set-up.
Made by \`results/experiments/2026-12-03-deep-compare/deep-compare.sh $runs $base\`.

| binary | wall seconds (each run) | median | min | CPU seconds, user + system (each run) | median | max RSS KiB (each run) |
|---|---|---|---|---|---|---|
| $base | ${wall[base]}| $bm | $bn | ${cpu[base]}| $bc | ${rss[base]}|
| this tree | ${wall[new]}| $nm | $nn | ${cpu[new]}| $nc | ${rss[new]}|

Speed-up in wall time, median over median: $(awk -v a="$bm" -v b="$nm" 'BEGIN{printf "%.2fx", a / b}'); min over min: $(awk -v a="$bn" -v b="$nn" 'BEGIN{printf "%.2fx", a / b}').
CPU time, median over median: $(awk -v a="$bc" -v b="$nc" 'BEGIN{printf "%.2fx", a / b}') (less sensitive to the other work on the machine).
EOT
cat "$out"
