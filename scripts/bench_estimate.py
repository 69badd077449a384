#!/usr/bin/env python3
"""How long the benchmark set will take, from the planning probes.

scripts/bench.sh probes every fixture position with every backend (perft,
bulk counting on, depths 1, 2, ... up to the chosen one) and writes plan.tsv
and probe.tsv into the run's directory.  From those this script models:

  micro-benchmarks  Google Benchmark sizes each run to at least min_time:
                    one pass costs the iteration time when that is longer,
                    otherwise about 1.5 x min_time (its iteration-count
                    search overshoots by up to 40 %, plus the search itself);
  hyperfine         (warm-up + runs) x each command's time, per round, plus a
                    few milliseconds of process start a run.

Google Benchmark counts min_time in CPU seconds; on a busy machine a CPU
second takes longer, so --slowdown (wall over CPU seconds of the probes)
stretches those parts.  The probes' own times are wall-clock already.

It prints two numbers of seconds: "MICRO HYPERFINE".  Standard library only.
"""
import argparse
import csv
import os
from collections import defaultdict

PROCESS_START = 0.004  # seconds a bin/perft process costs before perft starts
HYPERFINE_CALL = 0.05  # hyperfine's own start and export, a call
GBENCH_OVERSHOOT = 1.5


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def game_depth(values):
    """["quaternity=4", "chess=4"] -> {"quaternity": 4, "chess": 4}"""
    out = {}
    for v in values:
        game, depth = v.split("=")
        out[game] = int(depth)
    return out


class Probes:
    """Counts and timings from probe.tsv."""

    def __init__(self, rows):
        self.count = {}  # (game, index, depth) -> nodes
        self.seconds = {}  # (game, index, depth, backend) -> seconds, bulk on
        self.nobulk = {}  # (game, backend) -> seconds of the no-bulk probe
        self.backends = defaultdict(list)
        for r in rows:
            game, index, depth, be = r["game"], int(r["index"]), int(r["depth"]), r["backend"]
            secs = float(r["seconds"] or 0)
            if r["nodes"] == "nobulk":
                self.nobulk[(game, be)] = (index, depth, secs)
                continue
            self.count[(game, index, depth)] = int(r["nodes"])
            self.seconds[(game, index, depth, be)] = secs
            if be not in self.backends[game]:
                self.backends[game].append(be)

    def nodes(self, game, index, depth):
        """The count at depth, extrapolated from the two deepest known."""
        known = sorted(d for (g, i, d) in self.count if g == game and i == index)
        if not known:
            return 0
        if depth in known:
            return self.count[(game, index, depth)]
        last = known[-1]
        n = self.count[(game, index, last)]
        prev = self.count.get((game, index, last - 1), 0)
        growth = max(n / prev if prev else 30.0, 2.0)
        return n * growth ** (depth - last)

    def rate(self, game, be):
        """Nodes per second with bulk counting, over the game's deepest probes."""
        nodes = secs = 0.0
        for (g, i, d, b), s in self.seconds.items():
            if g == game and b == be and (g, i, d + 1, b) not in self.seconds:
                nodes += self.count[(g, i, d)]
                secs += s
        return nodes / secs if secs > 0 else 1e8

    def nobulk_factor(self, game, be):
        """How much longer perft takes with bulk counting off."""
        if (game, be) not in self.nobulk:
            return 3.0
        index, depth, secs = self.nobulk[(game, be)]
        bulk = self.seconds.get((game, index, depth, be), 0)
        return max(secs / bulk, 1.0) if bulk > 0 else 3.0


def micro_pass(t, min_time, slowdown):
    """Wall seconds of one benchmark whose iteration takes t wall seconds."""
    return t if t >= min_time * slowdown else GBENCH_OVERSHOOT * min_time * slowdown + t


def micro_seconds(p, plan, args):
    perft_depth, depth_max = game_depth(args.perft_depth), game_depth(args.depth_max)
    total = 0.0
    for game, backends in p.backends.items():
        indices = sorted({int(r["index"]) for r in plan if r["game"] == game})
        fixture_nodes = sum(p.nodes(game, i, perft_depth.get(game, 4)) for i in indices)
        for be in backends:
            rate, factor = p.rate(game, be), p.nobulk_factor(game, be)
            total += 2 * micro_pass(0.0, args.min_time, args.slowdown)  # generate, make_unmake
            total += micro_pass(fixture_nodes / rate, args.min_time, args.slowdown)
            total += micro_pass(fixture_nodes / rate * factor, args.min_time, args.slowdown)
            for d in range(1, depth_max.get(game, 5) + 1):
                total += micro_pass(p.nodes(game, 1, d) / rate, args.min_time, args.slowdown)
    return total * args.micro_rounds


def hyperfine_seconds(p, plan, args):
    total = 0.0
    for game, backends in p.backends.items():
        total += HYPERFINE_CALL + args.hf_runs * len(backends) * PROCESS_START  # start-up call
        for r in plan:
            if r["game"] != game:
                continue
            index, depth = int(r["index"]), int(r["depth"])
            for be in backends:
                bulk = p.seconds.get((game, index, depth, be), 0.0)
                run = 2 * PROCESS_START + bulk * (1 + p.nobulk_factor(game, be))
                total += args.hf_runs * run
            total += 2 * HYPERFINE_CALL
    return total * args.hf_rounds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--micro-rounds", type=int, required=True)
    ap.add_argument("--min-time", type=float, required=True)
    ap.add_argument("--perft-depth", action="append", default=[])
    ap.add_argument("--depth-max", action="append", default=[])
    ap.add_argument("--slowdown", type=float, default=1.0, help="wall seconds per CPU second now")
    ap.add_argument("--hf-rounds", type=int, required=True)
    ap.add_argument("--hf-runs", type=int, required=True, help="warm-up plus timed runs per command and round")
    args = ap.parse_args()
    plan = read_tsv(os.path.join(args.dir, "plan.tsv"))
    probes = Probes(read_tsv(os.path.join(args.dir, "probe.tsv")))
    print(f"{micro_seconds(probes, plan, args):.0f} {hyperfine_seconds(probes, plan, args):.0f}")


if __name__ == "__main__":
    main()
