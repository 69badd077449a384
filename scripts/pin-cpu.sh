# Sourced by the benchmark scripts: re-runs the calling script pinned to one
# CPU, with everything it starts.  On these VMs the two vCPUs were measured
# to differ in speed by up to 1.7x (a busy neighbour on the host), so an
# unpinned process's time depended on where the scheduler put it and
# hyperfine's runs came out bimodal.
#   . scripts/pin-cpu.sh "$0" "$@"
# The caller's choice wins: BENCH_CPU=N pins to CPU N, BENCH_CPU=none does
# not pin, and a script started already confined to one CPU (taskset -c N
# make bench) stays there.  Otherwise it is pinned to the first CPU it may
# run on.  BENCH_PINNED tells the script (and its machine.txt) the outcome.
if [ -z "${BENCH_PINNED:-}" ]; then
    allowed=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//')
    if [ "${BENCH_CPU:-}" = none ] || ! command -v taskset >/dev/null; then
        export BENCH_PINNED=none
    elif [ -n "${BENCH_CPU:-}" ]; then
        export BENCH_PINNED=$BENCH_CPU
        exec taskset -c "$BENCH_CPU" "$@"
    elif [[ $allowed =~ ^[0-9]+$ ]]; then
        export BENCH_PINNED="$allowed (the caller's)"
    else
        first=${allowed%%[,-]*}
        export BENCH_PINNED=${first:-0}
        exec taskset -c "$BENCH_PINNED" "$@"
    fi
fi
