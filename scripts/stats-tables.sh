#!/usr/bin/env bash
# Perft statistics tables.  Two games:
#
#   scripts/stats-tables.sh [MAX-DEPTH] [OUTPUT]
#   scripts/stats-tables.sh quaternity [MAX-DEPTH] [OUTPUT]
#
# Chess: Chess960 and Double Fischer Random starts
# (positions/chess/statistics/, README.md there): for each start and each
# depth 1..MAX, every column of --stats (gen/chess/RULES.md#perft-statistics)
# as the three chess backends count them, each by its own recursion
# (bin/perft --stats -b all: the run fails unless they agree on every
# column), with Debian's Stockfish beside them on the nodes (it counts no
# statistics).  One thread, no hashing; about 15 minutes of CPU at MAX 6 on a 2-core AMD EPYC VM.
#
# Quaternity: the opening (positions/quaternity/statistics/opening.tsv),
# depths 1..MAX (default 6), every column of
# gen/quaternity/RULES.md#perft-statistics counted by each of the three
# backends on its own (bin/perft --stats -b NAME -t THREADS, THREADS
# default 2, no hashing), one run per backend and depth, each run's JSON
# kept in WORK (a directory: a run whose JSON is there is not run again, so
# an interrupted table resumes).  A row is written when at least two
# backends counted it and all that did agree on every column, their nodes
# also equal to the opening's published count (positions/quaternity/
# reference.epd, deep.epd) where there is one; the row names the backends,
# and a comment line each run's wall and CPU time (and the counts of a
# depth only one backend counted, which make no row).  QUATERNITY_BACKENDS
# (default "mailbox padded bitboard") chooses the backends, e.g. to leave
# out one at the deepest depth.
#
# PERFT=path counts with another build of bin/perft (a copy, so that a
# rebuild of the tree cannot replace it mid-run).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = quaternity ]; then
    max=${2:-6}
    out=${3:-positions/quaternity/statistics/opening.tsv}
    threads=${THREADS:-2}
    perft=${PERFT:-bin/perft}
    [ -n "${PERFT:-}" ] || make --no-print-directory bin/perft >/dev/null
    work=${WORK:-$(mktemp -d)}
    mkdir -p "$work"
    opening=$(grep ';id opening$' positions/quaternity/reference.epd | cut -d';' -f1)
    for depth in $(seq 1 "$max"); do
        for backend in ${QUATERNITY_BACKENDS:-mailbox padded bitboard}; do
            json="$work/$backend-$depth.json"
            [ -s "$json" ] && continue
            echo "stats-tables: quaternity opening depth $depth, $backend" >&2
            /usr/bin/time -f '%e %U %S' -o "$work/$backend-$depth.time" \
                "$perft" --stats -b "$backend" -t "$threads" --format json "$depth" "$opening" >"$json.part" ||
                { echo "stats-tables: quaternity depth $depth, $backend: the run failed" >&2; exit 1; }
            mv "$json.part" "$json"
        done
    done
    python3 - "$work" "$max" "$threads" positions/quaternity/reference.epd positions/quaternity/deep.epd >"$out" <<'PY'
import json, os, re, sys
work, top, threads, epds = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
published = {}
for epd in epds:
    for line in open(epd):
        if line.startswith("#") or not re.search(r";id opening(-deep)?\s*$", line):
            continue
        for depth, count in re.findall(r";D(\d+) (\d+)", line):
            published[int(depth)] = int(count)
rows, times, columns, version = [], [], None, None
for depth in range(1, top + 1):
    counted = {}
    for backend in ("mailbox", "padded", "bitboard"):
        path = f"{work}/{backend}-{depth}.json"
        if not os.path.exists(path):
            continue
        d = json.load(open(path))
        version = version or d["settings"]["build"]["version"]
        counted[backend] = d["divides"][0]["stats"]
        wall, user, system = open(f"{work}/{backend}-{depth}.time").read().split()
        times.append(f"# depth {depth} {backend}: {wall} s wall, {float(user) + float(system):.1f} s CPU (user + system)")
    if len(counted) < 2:
        for backend, stats in counted.items():
            ok = depth not in published or stats["nodes"] == published[depth]
            times.append(f"# depth {depth}: counted by {backend} alone, so no row (not agreed): "
                         + ", ".join(f"{c} {v}" for c, v in stats.items())
                         + (" (nodes as published)" if depth in published and ok else ""))
            assert ok, f"depth {depth}: {backend}'s nodes"
        continue
    stats = list(counted.values())
    assert all(s == stats[0] for s in stats), f"depth {depth}: the backends disagree: {counted}"
    assert depth not in published or stats[0]["nodes"] == published[depth], f"depth {depth}: nodes"
    columns = columns or list(stats[0])
    rows.append([str(depth)] + [str(stats[0][c]) for c in columns] + [",".join(counted)])
print("# Perft statistics of the Quaternity opening: leaves of each kind (gen/quaternity/RULES.md#perft-statistics),")
print("# counted by the backends named in each row, each by its own recursion, agreeing on every column, their")
print(f"# nodes equal to positions/quaternity/reference.epd and deep.epd; scripts/stats-tables.sh quaternity,")
print(f"# bin/perft {version}, {threads} threads, no hashing, bulk counting off.")
print("\t".join(["depth"] + columns + ["backends"]))
for r in rows:
    print("\t".join(r))
for t in times:
    print(t)
PY
    echo "stats-tables: $out" >&2
    exit 0
fi
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
