#!/usr/bin/env bash
# The headline speed figures the issues ask for, with hyperfine over bin/perft,
# every backend side by side, median of RUNS runs after one warm-up, bulk
# counting on and off, one thread, no hashing:
#   Quaternity opening perft 4 and 5; chess initial position perft 6 and
#   Kiwipete perft 5.
# Writes results/runs/DATE-TIME-HOST-COMMIT-headline/ (hyperfine JSON and Markdown per
# case, machine.txt, headline.md, headline.png by scripts/headline-plot.sh),
# copies headline.md and headline.png to results/latest-headline.md and
# results/latest-headline.png and rewrites the README's headline block from it
# (scripts/readme-headline.sh).  About three minutes on a quiet 2-core machine.
#   scripts/headline.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
# Pinned to one CPU, with everything it runs (scripts/pin-cpu.sh).
. scripts/pin-cpu.sh "$0" "$@"
runs=${1:-5}
make --no-print-directory bin/perft >/dev/null
stamp="$(date -u +%Y-%m-%d-%H%M%S)-$(hostname -s)-$(git rev-parse --short HEAD 2>/dev/null || echo nogit)"
dir=results/runs/$stamp-headline
mkdir -p "$dir"
{
    echo "date: $(date -u +%FT%TZ)"
    echo "commit: $(git rev-parse HEAD 2>/dev/null || echo none)"
    echo "cpu: $(lscpu | sed -n 's/^Model name: *//p')"
    echo "cores: $(nproc)"
    echo "compiler: $(gcc --version | head -n 1)"
    echo "hyperfine: $(hyperfine --version)"
    echo "pinned to CPU: ${BENCH_PINNED:-none}"
    echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$dir/machine.txt"

. scripts/positions.sh
# name | position | depth | nodes (published / reference count)
cases=(
    "quaternity-opening-d4|$opening|4|2817365"
    "quaternity-opening-d5|$opening|5|116140198"
    "chess-initial-d6|$initial|6|119060324"
    "chess-kiwipete-d5|$kiwipete|5|193690690"
)
total=$((${#cases[@]} * 2))
n=0
for c in "${cases[@]}"; do
    IFS='|' read -r name pos depth nodes <<<"$c"
    for mode in bulk no-bulk; do
        n=$((n + 1))
        echo "[$n/$total] $name, --$mode" >&2
        # Each backend's count is checked once before it is timed.
        for b in mailbox padded bitboard; do
            got=$(bin/perft -b "$b" --"$mode" "$depth" "$pos" 2>/dev/null | tail -n 1)
            [ "$got" = "$nodes" ] || { echo "headline: $b gives $got for $name, expected $nodes" >&2; exit 1; }
        done
        hyperfine --style basic --warmup 1 --runs "$runs" -N \
            --export-json "$dir/$name-$mode.json" --export-markdown "$dir/$name-$mode.md" \
            -n mailbox "bin/perft -b mailbox --$mode $depth '$pos'" \
            -n padded "bin/perft -b padded --$mode $depth '$pos'" \
            -n bitboard "bin/perft -b bitboard --$mode $depth '$pos'" >/dev/null
    done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$dir/machine.txt"

python3 - "$dir" "${cases[@]}" <<'PY' >"$dir/headline.md"
import json, sys
d = sys.argv[1]
cases = [c.split("|") for c in sys.argv[2:]]
print("| position | depth | nodes | counting | mailbox | padded | bitboard | fastest / slowest |")
print("|---|---|---|---|---|---|---|---|")
for name, _, depth, nodes in cases:
    for mode in ("bulk", "no-bulk"):
        res = {r["command"]: r for r in json.load(open(f"{d}/{name}-{mode}.json"))["results"]}
        cells, rates = [], []
        for b in ("mailbox", "padded", "bitboard"):
            t = res[b]["median"]
            rate = int(nodes) / t / 1e6
            rates.append(rate)
            cells.append(f"{rate:,.1f} M/s ({t:.3f} s)")
        label = "bulk counting on" if mode == "bulk" else "bulk counting off"
        print(f"| {name.rsplit('-', 1)[0]} | {depth} | {int(nodes):,} | {label} | " + " | ".join(cells)
              + f" | {max(rates) / min(rates):.2f}x |")
print()
print(f"Medians of {json.load(open(f'{d}/{cases[0][0]}-bulk.json'))['results'][0]['times'].__len__()} runs "
      "(hyperfine, wall clock, one warm-up), nodes per second = count / median time including process start-up; "
      "one thread, no hashing. Machine: see machine.txt.")
PY
# Debian's Stockfish beside the chess backends, in the same run: timed by the
# harness per query (bin/perft --suite --format json), so Stockfish's start-up
# (NNUE loading) is not in its time and process start-up is in no one's.
# Stockfish's perft always counts the last ply in bulk and does not hash.
stockfish=${STOCKFISH:-/usr/games/stockfish}
for c in "${cases[@]}"; do
    IFS='|' read -r name pos depth nodes <<<"$c"
    case $name in chess-*) ;; *) continue ;; esac
    printf '%s ;D%s %s ;id %s\n' "$pos" "$depth" "$nodes" "$name" >"$dir/$name.epd"
    for r in $(seq "$runs"); do
        bin/perft --suite "$dir/$name.epd" -b all --engine "stockfish=uci:$stockfish" --max-depth "$depth" \
            --format json >"$dir/$name-engines-$r.json" ||
            { echo "headline: a count differs in $dir/$name-engines-$r.json" >&2; exit 1; }
    done
done
python3 - "$dir" "$runs" "${cases[@]}" <<'PY' >>"$dir/headline.md"
import json, statistics, sys
d, runs = sys.argv[1], int(sys.argv[2])
cases = [c.split("|") for c in sys.argv[3:] if c.startswith("chess-")]
names = ("mailbox", "padded", "bitboard", "stockfish")
print()
print("Stockfish beside the chess backends (bulk counting on, one thread, no hashing), timed by the harness per "
      f"query, median of {runs} runs, start-up excluded:")
print()
print("| position | depth | nodes | " + " | ".join(names) + " | stockfish / fastest backend |")
print("|---|---|---|" + "---|" * (len(names) + 1))
for name, _, depth, nodes in cases:
    times = {n: [] for n in names}
    for r in range(1, runs + 1):
        for s in json.load(open(f"{d}/{name}-engines-{r}.json"))["speed"]:
            times[s["participant"]].append(s["seconds"])
    med = {n: statistics.median(times[n]) for n in names}
    rates = {n: int(nodes) / med[n] / 1e6 for n in names}
    best = max(rates[n] for n in names[:3])
    print(f"| {name.rsplit('-', 1)[0]} | {depth} | {int(nodes):,} | "
          + " | ".join(f"{rates[n]:,.1f} M/s ({med[n]:.3f} s)" for n in names)
          + f" | {rates['stockfish'] / best:.2f}x |")
PY
cp "$dir/headline.md" results/latest-headline.md
# The picture, from the same hyperfine runs as the table.
./scripts/headline-plot.sh "$dir"
cp "$dir/headline.png" results/latest-headline.png
cat "$dir/headline.md"
# The README's headline block, from the file just written.
./scripts/readme-headline.sh
