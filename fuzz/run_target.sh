#!/usr/bin/env bash
# Runs one fuzz target (make fuzz, fuzz/fuzz.mk):
#
#   fuzz/run_target.sh TARGET SECONDS MAX_LEN [LIBFUZZER OPTION...]
#
# The corpus grows in WORK/corpus/TARGET (kept between runs) from the seeds
# in WORK/seeds/TARGET; findings go to WORK/findings/ and the log to
# WORK/logs/TARGET.log, WORK being FUZZ_WORK (default build/fuzz).  Exits non-zero on a finding,
# naming the input and the command that reproduces it.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 3 ]; then
    echo "usage: fuzz/run_target.sh TARGET SECONDS MAX_LEN [LIBFUZZER OPTION...]" >&2
    exit 2
fi
target=$1 seconds=$2 max_len=$3 bin=${FUZZ_BIN:-bin/fuzz}
shift 3
work=${FUZZ_WORK:-build/fuzz}
corpus=$work/corpus/$target
seeds=$work/seeds/$target
findings=$work/findings
log=$work/logs/$target.log
mkdir -p "$corpus" "$findings" "$(dirname "$log")"
echo "fuzz: $target for ${seconds}s (log: $log)"
# -timeout: an input slower than 20 s is a finding (a hang); leaks are
# findings too (ASan's leak check is on by default).
"$bin/$target" -dict=fuzz/dictionary.dict -max_len="$max_len" -timeout=20 \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$findings/$target-" \
    "$@" "$corpus" "$seeds" >"$log" 2>&1
status=$?
# The last coverage line and the final statistics, for the record.
grep -E '^#[0-9]+' "$log" | tail -1
grep -E '^stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$log" | tr '\n' ' '
echo
if [ $status -ne 0 ]; then
    tail -40 "$log" >&2
    # "Test unit written to FILE" names each saved input (-jobs writes
    # fuzz-N.log files, which the caller reads).
    for unit in $(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log"); do
        echo "fuzz: $target FOUND A PROBLEM: input $unit; reproduce with: $bin/$target $unit" >&2
    done
    echo "fuzz: $target failed (status $status; see $log)" >&2
    exit 1
fi
