#!/usr/bin/env python3
"""The Quaternity bitboard's perft at depth 5 on each reference position,
timed inside the process by bin/bench (Google Benchmark's CPU time per
iteration of the backend's own perft, bulk counting, one thread, no hash),
for several builds side by side: each position run once per build per
round, the builds in rotating order, pinned to one CPU (taskset).  Prints
the least and the median of the rounds per build and each build's ratio
to the first, by the least times.

    bench_in_process.py [--rounds N] [--cpu C] [--depth D] [--backend B] \
        NAME=BENCH NAME=BENCH ...

BENCH is a bin/bench binary.  Why in the process: the reference positions
P06, P07, P08 and P12 count 0.4-11 M leaves at depth 5, about 1 ms of
counting, while a bin/perft process takes 8-25 ms of CPU to start and end
on these virtual machines (exec, page faults, dynamic linking); timed as
whole processes their depth-5 ratios measure the kernel, not the
generator.

Every count is checked: the depth-D count of each position is first
counted by `bin/perft -b all D` (the three Quaternity backends must
agree, or bin/perft fails and so does this script), written into the
fixture given to bin/bench, and bin/bench fails a run whose count
differs."""
import json
import os
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))


# The reference positions as (id, position), read as the second round's
# timing script reads them.
sys.path.insert(0, os.path.join(root, "results", "experiments", "2026-12-06-quaternity-bitboard-speed-2"))
from bench import epd  # noqa: E402


def agreed_count(perft, depth, position):
    out = subprocess.run([perft, "-b", "all", str(depth), position], check=True, capture_output=True, text=True)
    lines = [x for x in out.stdout.splitlines() if x.strip()]
    return int(lines[-1])


def time_once(bench, fixture, depth, backend, cpu, scratch):
    result = os.path.join(scratch, "out.json")
    done = subprocess.run([
        "taskset", "-c", str(cpu), bench, "--fixtures-quaternity=" + fixture,
        "--perft-depth-quaternity=" + str(depth),
        "--benchmark_filter=^perft_bulk/quaternity/%s/d%d$" % (backend, depth), "--benchmark_min_time=0.2",
        "--benchmark_out=" + result, "--benchmark_out_format=json"
    ],
                          stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE,
                          text=True)
    if done.returncode != 0:
        sys.exit("bench_in_process: %s failed (status %d): %s" % (bench, done.returncode, done.stderr.strip()))
    with open(result) as f:
        runs = json.load(f)["benchmarks"]
    if len(runs) != 1:
        sys.exit("bench_in_process: %s ran %d benchmarks, not one" % (bench, len(runs)))
    run = runs[0]
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[run["time_unit"]]
    return run["cpu_time"] * scale, int(run["nodes"])


def main(argv):
    rounds, cpu, depth, backend = 9, 1, 5, "bitboard"
    builds = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--rounds":
            rounds = int(args.pop(0))
        elif a == "--cpu":
            cpu = int(args.pop(0))
        elif a == "--depth":
            depth = int(args.pop(0))
        elif a == "--backend":
            backend = args.pop(0)
        elif "=" in a:
            builds.append(tuple(a.split("=", 1)))
        else:
            sys.exit("bench_in_process: unknown argument '%s'" % a)
    if not builds:
        sys.exit(__doc__)
    perft = os.path.join(root, "bin", "perft")
    with tempfile.TemporaryDirectory() as scratch:
        report(builds, rounds, cpu, depth, backend, perft, scratch)


def report(builds, rounds, cpu, depth, backend, perft, scratch):
    positions = []
    for ident, position in epd("reference.epd"):
        count = agreed_count(perft, depth, position)
        fixture = os.path.join(scratch, ident + ".epd")
        with open(fixture, "w") as f:
            f.write("%s ;D%d %d ;id %s\n" % (position, depth, count, ident))
        positions.append((ident, count, fixture))
    times = {(p[0], b[0]): [] for p in positions for b in builds}
    for r in range(rounds):
        for i, (ident, count, fixture) in enumerate(positions):
            order = builds[(r + i) % len(builds):] + builds[:(r + i) % len(builds)]
            for name, bench in order:
                seconds, nodes = time_once(bench, fixture, depth, backend, cpu, scratch)
                if nodes != count:
                    sys.exit("bench_in_process: %s counted %d at %s, not %d" % (name, nodes, ident, count))
                times[(ident, name)].append(seconds)
    load = os.getloadavg()
    print("%d rounds, depth %d, %s backend, bulk counting, one thread, no hash, CPU %d; load at the end %.1f %.1f %.1f\n"
          % (rounds, depth, backend, cpu, *load))
    head = "| position | leaves | " + " | ".join("%s ms least (median)" % b[0] for b in builds)
    head += "".join(" | %s / %s" % (builds[0][0], b[0]) for b in builds[1:]) + " | %s M nodes/s |" % builds[-1][0]
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for ident, count, _ in positions:
        least = {b[0]: min(times[(ident, b[0])]) for b in builds}
        cells = ["%.3f (%.3f)" % (least[b[0]] * 1e3, statistics.median(times[(ident, b[0])]) * 1e3) for b in builds]
        ratios = ["%.2fx" % (least[builds[0][0]] / least[b[0]]) for b in builds[1:]]
        print("| %s | %s | %s | %s | %.0f |" % (ident, format(count, ","), " | ".join(cells), " | ".join(ratios),
                                               count / least[builds[-1][0]] / 1e6))


if __name__ == "__main__":
    main(sys.argv[1:])
