#!/usr/bin/env bash
# A deep count kept in results/: runs bin/perft with --checkpoint and
# --progress (rerun the same command to resume after an interruption: the
# checkpoint file stays beside the result), and writes the command, the
# count, the wall time, the max RSS (/usr/bin/time -v) and the settings into
# results/counts/deep-count-NAME.md; the progress log goes to results/counts/deep-count-NAME.log.
#   scripts/deep-count.sh NAME DEPTH POSITION [bin/perft OPTIONS...]
# e.g. scripts/deep-count.sh chess-start-9 9 "$START" -t 2 --hash 16G
#      scripts/deep-count.sh chess-start-9-seed1 9 "$START" -t 2 --hash 16G --hash-seed 1
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: deep-count.sh NAME DEPTH POSITION [OPTIONS...]}
depth=${2:?depth}
position=${3:?position}
shift 3
make --no-print-directory bin/perft >/dev/null
checkpoint=results/counts/deep-count-$name.checkpoint
log=results/counts/deep-count-$name.log
mkdir -p results/counts
timing=$(mktemp)
begin=$(date -u +%FT%TZ)
set +e
/usr/bin/time -v -o "$timing" bin/perft "$@" --checkpoint "$checkpoint" --progress "$depth" "$position" \
    >results/counts/deep-count-"$name".divide 2>>"$log"
status=$?
set -e
total=$(tail -n 1 results/counts/deep-count-"$name".divide)
wall=$(sed -n 's/^.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$timing")
rss=$(sed -n 's/^.*Maximum resident set size (kbytes): //p' "$timing")
user=$(sed -n 's/^.*User time (seconds): //p' "$timing")
rm -f "$timing"
cat >results/counts/deep-count-"$name".md <<EOT
# Deep count $name: perft $depth

- command: \`bin/perft $* --checkpoint $checkpoint --progress $depth "$position"\`
- exit status: $status; total: $total (divide in results/counts/deep-count-$name.divide)
- wall time: $wall (this session; a resumed run's earlier sessions are in the log); user CPU $user s
- max RSS: $rss KiB
- started $begin on $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) vCPUs, $(free -g | awk '/^Mem:/{print $2}') GiB,
  transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown),
  load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)
- build: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- gen || echo '+changes')
- settings line: $(grep -E '^perft [0-9]+:' "$log" | tail -n 1)
- table: $(grep -E '^hash ' "$log" | tail -n 1)
EOT
cat results/counts/deep-count-"$name".md
exit "$status"
