#!/usr/bin/env bash
# The headline picture, drawn from the same run as the headline table
# (scripts/headline.sh calls it; it measures nothing): nodes per second per
# backend for every headline case, bulk counting on and off, the median of
# the run's hyperfine runs with bars from the fastest to the slowest run.
#   scripts/headline-plot.sh results/runs/DATE-TIME-HOST-COMMIT-headline
# Writes DIR/headline-bulk.dat and DIR/headline-no-bulk.dat (what gnuplot
# reads) and DIR/headline.png.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:?usage: scripts/headline-plot.sh RUN-DIRECTORY}
[ -f "$dir/machine.txt" ] || { echo "headline-plot: $dir has no machine.txt: not a headline run" >&2; exit 1; }
python3 - "$dir" <<'PY'
import glob, json, os, re, sys
d = sys.argv[1]
# The cases in headline.sh's order: Quaternity first, then chess, each
# depth ascending; the count is the one every backend gave before timing.
names = sorted({re.sub(r"-(bulk|no-bulk)\.json$", "", os.path.basename(f))
                for f in glob.glob(f"{d}/*-bulk.json")},
               key=lambda n: (not n.startswith("quaternity"), n))
nodes = {}
for line in open(f"{d}/headline.md", encoding="utf-8"):
    cells = [c.strip() for c in line.split("|")]
    if len(cells) > 4 and cells[2].isdigit():
        nodes[f"{cells[1]}-d{cells[2]}"] = int(cells[3].replace(",", ""))
for mode in ("bulk", "no-bulk"):
    rows = ["# case mailbox(median slowest fastest) padded(...) bitboard(...): million nodes per second"]
    for n in names:
        res = {r["command"]: r for r in json.load(open(f"{d}/{n}-{mode}.json"))["results"]}
        row = [n]
        for b in ("mailbox", "padded", "bitboard"):
            times = res[b]["times"]
            row += [f"{nodes[n] / t / 1e6:.1f}" for t in (res[b]["median"], max(times), min(times))]
        rows.append(" ".join(row))
    open(f"{d}/headline-{mode}.dat", "w", encoding="utf-8").write("\n".join(rows) + "\n")
PY
machine() { sed -n "s/^$1: //p" "$dir/machine.txt"; }
stamp="$(machine date) commit $(machine commit | cut -c1-7), $(machine cpu), pinned to CPU $(machine 'pinned to CPU'), load $(machine 'load at start') at the start"
gnuplot -e "dir='$dir'; stamp='$stamp'" scripts/headline_plot.gp
echo "headline-plot: $dir/headline.png"
