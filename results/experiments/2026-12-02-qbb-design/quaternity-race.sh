#!/usr/bin/env bash
# Which representation wins on 144 squares: the Quaternity backends side by
# side on the opening, each run a whole bin/perft process, CPU time (user +
# system, scripts/cpu_time.py), pinned to one CPU (BENCH_CPU, default 1),
# the entrants interleaved run by run in a rotating order; median and least
# of RUNS runs; one thread, no hashing.  Counts are checked equal before
# anything is timed.
#   results/experiments/2026-12-02-qbb-design/quaternity-race.sh [RUNS [LABEL=BINARY:BACKEND ...]]
# Default entrants: this build's mailbox, padded and bitboard, and the
# mailbox of 044f842 (the issue's yardstick), built by build-commit.sh.
# Writes quaternity-race-DATE-HEAD.md beside this script and prints it.
# (scripts/compare.sh --set quaternity BASE times each backend against the
# same backend of BASE; this race sets entrants of any build side by side.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
runs=${1:-7}
shift || true
cpu=${BENCH_CPU:-1}
head=$(git rev-parse --short HEAD)
make --no-print-directory -j2 bin/perft >/dev/null
if [ $# -eq 0 ]; then
    base=$(scripts/build-commit.sh 044f842)
    set -- mailbox=bin/perft:mailbox padded=bin/perft:padded bitboard=bin/perft:bitboard "mailbox@044f842=$base:mailbox"
fi
opening=$(grep ';id opening' positions/quaternity/reference.epd | cut -d' ' -f1-2)
# label | counting option | depth
cases=("bulk on|--bulk|5" "bulk off|--no-bulk|4" "bulk off|--no-bulk|5")

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
least() { sort -g | head -n 1; }

report=$here/quaternity-race-$(date -u +%F)-$head.md
{
    echo "# The Quaternity opening, every entrant side by side ($head)"
    echo
    echo "$(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'), pinned to CPU $cpu; CPU time (user +"
    echo "system) of each whole bin/perft process; $runs runs, entrants interleaved in rotating order;"
    echo "one thread, no hashing. Speed is against the first entrant ($1), by medians."
    echo
    echo "| counting | depth | nodes | entrant | median s | least s | speed vs ${1%%=*} |"
    echo "|---|---|---|---|---|---|---|"
} >"$report"
for c in "${cases[@]}"; do
    IFS='|' read -r label option depth <<<"$c"
    nodes=
    for entrant in "$@"; do
        spec=${entrant#*=}
        n=$(${spec%:*} -b "${spec##*:}" "$option" "$depth" "$opening" 2>/dev/null | tail -n 1)
        [ -z "$nodes" ] || [ "$n" = "$nodes" ] || { echo "race: ${entrant%%=*} counts $n, ${1%%=*} $nodes ($label, depth $depth)" >&2; exit 1; }
        nodes=$n
    done
    tmp=$(mktemp -d)
    for run in $(seq "$runs"); do
        count=$#
        for i in $(seq 0 $((count - 1))); do
            k=$(((i + run) % count + 1))
            spec=${!k#*=}
            scripts/cpu_time.py taskset -c "$cpu" "${spec%:*}" -b "${spec##*:}" "$option" "$depth" "$opening" >>"$tmp/$k"
        done
    done
    first=$(median <"$tmp/1")
    for k in $(seq 1 $#); do
        med=$(median <"$tmp/$k") min=$(least <"$tmp/$k")
        speed=$(awk -v a="$first" -v b="$med" 'BEGIN{printf "%.2fx", a / b}')
        echo "| $label | $depth | $nodes | ${!k%%=*} | $med | $min | $speed |" >>"$report"
    done
    rm -rf "$tmp"
done
cat "$report"
