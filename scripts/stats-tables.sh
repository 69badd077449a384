#!/usr/bin/env bash
# Perft statistics tables for Chess960 and Double Fischer Random starts
# (positions/chess/statistics/, README.md there): for each start and each
# depth 1..MAX, every column of --stats (gen/chess/RULES.md#perft-statistics)
# as the three chess backends count them, each by its own recursion
# (bin/perft --stats -b all: the run fails unless they agree on every
# column), with Debian's Stockfish beside them on the nodes (it counts no
# statistics).  One thread, no hashing; about 15 minutes of CPU at MAX 6 on a 2-core AMD EPYC VM.
#   scripts/stats-tables.sh [MAX-DEPTH] [OUTPUT]
# PERFT=path counts with another build of bin/perft (a copy, so that a
# rebuild of the tree cannot replace it mid-run).
set -euo pipefail
cd "$(dirname "$0")/.."
max=${1:-6}
out=${2:-positions/chess/statistics/chess960-dfrc.tsv}
stockfish=${STOCKFISH:-/usr/games/stockfish}
[ -x "$stockfish" ] || { echo "stats-tables: no Stockfish at $stockfish (make deps-test installs it)" >&2; exit 1; }
perft=${PERFT:-bin/perft}
[ -n "${PERFT:-}" ] || make --no-print-directory bin/perft >/dev/null
# Chess960 starts by number (518 is the orthodox start, whose table the
# chessprogramming wiki publishes: a check on the rest), and DFRC pairs
# (White's arrangement, Black's).
starts=(chess960:0 chess960:359 chess960:518 chess960:959
    dfrc:12,345 dfrc:480,37)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for start in "${starts[@]}"; do
    for depth in $(seq 1 "$max"); do
        echo "stats-tables: $start depth $depth" >&2
        "$perft" --stats -b all --engine "stockfish=uci:$stockfish" --format json "$depth" "$start" \
            >"$work/$start-$depth.json" 2>"$work/$start-$depth.err" ||
            { echo "stats-tables: $start depth $depth: the participants disagree or the run failed:" >&2
              tail -n 5 "$work/$start-$depth.err" >&2; exit 1; }
    done
done
python3 - "$work" "$max" "${starts[@]}" >"$out" <<'PY'
import json, sys
work, top, starts = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
version = json.load(open(f"{work}/{starts[0]}-1.json"))["settings"]["build"]["version"]
columns = None
rows = []
for start in starts:
    for depth in range(1, top + 1):
        d = json.load(open(f"{work}/{start}-{depth}.json"))
        assert d["agree"], f"{start} depth {depth}: no agreement"
        backends = [x for x in d["divides"] if "stats" in x]
        assert len(backends) == 3 and all(x["stats"] == backends[0]["stats"] for x in backends)
        engine = [x for x in d["divides"] if "stats" not in x]
        assert engine and engine[0]["total"] == backends[0]["stats"]["nodes"], f"{start} depth {depth}: stockfish"
        stats = backends[0]["stats"]
        columns = columns or list(stats)
        rows.append([start, str(depth)] + [str(stats[c]) for c in columns])
print(f"# Perft statistics of Chess960 and DFRC starts: leaves of each kind (gen/chess/RULES.md#perft-statistics),")
print(f"# counted by the mailbox, padded and bitboard backends, each by its own recursion, agreeing on every")
print(f"# column, and Debian's Stockfish agreeing on the nodes; scripts/stats-tables.sh, bin/perft {version}.")
print("\t".join(["start", "depth"] + columns))
for r in rows:
    print("\t".join(r))
PY
echo "stats-tables: $out" >&2
