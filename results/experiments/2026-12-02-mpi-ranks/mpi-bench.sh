#!/usr/bin/env bash
# bin/perft-mpi on 1 and 2 ranks (one counting thread each), and on 3
# ranks with rank 0 only the master (PERFT_MPI_RANK0_THREADS=0), and on 2
# ranks with a checkpoint (the master's cost per unit with it), against
# bin/perft on 1 and 2 threads, interleaved, for the cost model of gen/mpi/README.md
# (mpi-bench.md beside this script).  Per run: the wall time the program prints, the
# job's CPU time (user + sys of mpirun and its ranks, from /usr/bin/time),
# and perft-mpi's own line: units per second, messages and bytes per unit,
# the master's time per message and the idle tail at the end.
#
# Usage: results/experiments/2026-12-02-mpi-ranks/mpi-bench.sh [ROUNDS [DEPTH]]   (default 5 rounds, chess
# start perft 7, bitboard, bulk counting, no hash)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
ROUNDS=${1:-5}
DEPTH=${2:-7}
POSITION=$(sed -n 1p positions/chess/published.epd | sed 's/ *;.*//')
WANT=$(sed -n 1p positions/chess/published.epd | grep -o ";D$DEPTH [0-9]*" | cut -d' ' -f2)
MPIRUN=(mpirun --allow-run-as-root --oversubscribe -q --bind-to none)
OUT=$here/mpi-bench.md
LOG=$(mktemp)
trap 'rm -f "$LOG" "$LOG".*' EXIT
[ -x bin/perft-mpi ] && [ -x bin/perft ] || {
    echo "mpi-bench: build first: make && make mpi" >&2
    exit 2
}
command -v /usr/bin/time >/dev/null || {
    echo "mpi-bench: needs /usr/bin/time (Debian package time)" >&2
    exit 2
}

# One run: prints "CONFIG WALL CPU STATS".
run() {
    local config=$1
    shift
    /usr/bin/time -f "%U %S" -o "$LOG.time" "$@" "$DEPTH" "$POSITION" >"$LOG.out" 2>"$LOG.err"
    local total wall cpu stats
    total=$(tail -1 "$LOG.out")
    [ "$total" = "$WANT" ] || {
        echo "mpi-bench: $config counted $total, published $WANT" >&2
        exit 1
    }
    wall=$(grep -o 'nodes in [0-9.]* s' "$LOG.err" | cut -d' ' -f3)
    cpu=$(awk '{print $1 + $2}' "$LOG.time")
    stats=$(grep '^perft-mpi:' "$LOG.err" | sed 's/^perft-mpi: //' || true)
    echo "$config $wall $cpu $stats"
}

{
    echo "load before: $(uptime)"
    for round in $(seq "$ROUNDS"); do
        run perft-t1 bin/perft -t 1
        run mpi-np1 "${MPIRUN[@]}" -np 1 bin/perft-mpi -t 1
        run perft-t2 bin/perft -t 2
        run mpi-np2 "${MPIRUN[@]}" -np 2 bin/perft-mpi -t 1
        run mpi-np3-master "${MPIRUN[@]}" -x PERFT_MPI_RANK0_THREADS=0 -np 3 bin/perft-mpi -t 1
        rm -f "$LOG.checkpoint"
        run mpi-np2-checkpoint "${MPIRUN[@]}" -np 2 bin/perft-mpi -t 1 --checkpoint "$LOG.checkpoint"
    done
    echo "load after: $(uptime)"
} | tee "$LOG.runs"

median() { sort -n | awk '{a[NR] = $1} END {print NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
med() { grep "^$1 " "$LOG.runs" | awk "{print \$$2}" | median; }
{
    echo "# bin/perft-mpi: 1 and 2 ranks on this machine"
    echo
    echo "\`results/experiments/2026-12-02-mpi-ranks/mpi-bench.sh $ROUNDS $DEPTH\` on $(date -u +%Y-%m-%d), $(nproc) vCPUs (shared: other jobs ran"
    echo "beside it; the load is below).  Chess start position perft $DEPTH ($WANT nodes, every run checked),"
    echo "bitboard backend, bulk counting on, no hash table, one counting thread per rank, mpirun -q --bind-to none; bin/perft"
    echo "on 1 and 2 threads beside it.  $ROUNDS rounds, the four runs interleaved in each; medians."
    echo "Wall: the time the program prints (split to total); CPU: user + sys of the whole job."
    echo
    echo "| run | wall s (median) | CPU s (median) | speed-up over 1 |"
    echo "|---|---|---|---|"
    for c in perft-t1 perft-t2 mpi-np1 mpi-np2 mpi-np3-master mpi-np2-checkpoint; do
        base=$([ "${c%%-*}" = perft ] && echo perft-t1 || echo mpi-np1)
        echo "| $c | $(med $c 2) | $(med $c 3) | $(awk -v a="$(med $base 2)" -v b="$(med $c 2)" 'BEGIN {printf "%.2fx", a / b}') |"
    done
    echo
    echo "mpi-np2 over perft-t1: $(awk -v a="$(med perft-t1 2)" -v b="$(med mpi-np2 2)" 'BEGIN {printf "%.2fx", a / b}');"
    echo "mpi-np3-master: 3 ranks, rank 0 only the master, two counting ranks (each run's line below)."
    echo
    echo "Every run (config, wall s, CPU s, perft-mpi's own line):"
    echo
    echo '```'
    cat "$LOG.runs"
    echo '```'
} >"$OUT"
echo "mpi-bench: wrote $OUT"
