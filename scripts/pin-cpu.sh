# Sourced by the benchmark scripts: re-runs the calling script pinned to one
# CPU (BENCH_CPU, default 0), with everything it starts.  On these VMs the
# two vCPUs were measured to differ in speed by up to 1.7x (a busy neighbour
# on the host), so an unpinned process's time depended on where the
# scheduler put it and hyperfine's runs came out bimodal.
#   . scripts/pin-cpu.sh "$0" "$@"
BENCH_CPU=${BENCH_CPU:-0}
if [ -z "${BENCH_PINNED:-}" ] && command -v taskset >/dev/null; then
    export BENCH_PINNED=$BENCH_CPU
    exec taskset -c "$BENCH_CPU" "$@"
fi
