#!/usr/bin/env python3
"""Side-by-side CPU times of Quaternity perft runs for several bin/perft
builds: every case run once per build per round, the builds in rotating
order, pinned to one CPU (taskset), CPU time = user + system of the whole
process (os.wait4); prints the least and the median of the rounds, M nodes/s
by the least, and each build's ratio to the first (by the least times).

    bench.py [--rounds N] [--cpu C] [--cases opening,reference,...] \
             NAME=BIN[:BACKEND] NAME=BIN[:BACKEND] ...

Case groups: opening (perft 5 bulk, perft 5 --no-bulk), reference (every
position of positions/quaternity/reference.epd at depth 5, bulk), controllers
(every position of controllers.epd at depth 4, bulk), deep (the reference
positions whose depth 5 is mostly the harness's start-up, at depth 6 or 7:
each takes over 0.2 s), nobulk (every reference position at depth 5
without bulk counting).  One thread, no hash, the harness's default work
units."""
import os
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(os.path.dirname(here)))


def epd(name):
    out = []
    with open(os.path.join(root, "positions", "quaternity", name)) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = [x.strip() for x in line.split(";")]
            ident = [x for x in fields if x.startswith("id ")][0][3:]
            out.append((ident, fields[0]))
    return out


# The reference positions whose perft 5 takes under 0.1 s: the depth at
# which 455113a takes over 0.2 s.
DEEP = {"P06-cross-edge-no-promotion": 6, "P07-pins-three-armies": 6, "P08-double-check-two-armies": 7,
        "P12-frozen-black": 6}


def cases(groups):
    ref = epd("reference.epd")
    opening = ref[0][1]
    out = []
    if "opening" in groups:
        out.append(("opening p5 bulk", ["5", opening]))
        out.append(("opening p5 no-bulk", ["--no-bulk", "5", opening]))
    if "reference" in groups:
        out += [("%s p5 bulk" % i, ["5", fen]) for i, fen in ref]
    if "deep" in groups:
        out += [("%s p%d bulk" % (i, DEEP[i]), [str(DEEP[i]), fen]) for i, fen in ref if i in DEEP]
    if "nobulk" in groups:
        out += [("%s p5 no-bulk" % i, ["--no-bulk", "5", fen]) for i, fen in ref[1:]]
    if "controllers" in groups:
        out += [("%s p4 bulk" % i, ["4", fen]) for i, fen in epd("controllers.epd")]
    return out


def cpu_time(argv):
    """user + system CPU seconds of the command alone (scripts/cpu_time.py)."""
    import subprocess
    out = subprocess.run([os.path.join(root, "scripts", "cpu_time.py")] + argv, capture_output=True, text=True,
                         check=True).stdout
    return float(out)


def nodes(binary, backend, args):
    import subprocess
    r = subprocess.run([binary, "-b", backend] + args, capture_output=True, text=True, check=True)
    return int(r.stdout.strip().split("\n")[-1])


def main():
    args = sys.argv[1:]
    rounds, cpu, groups = 7, "1", "opening,reference,controllers"
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--rounds":
            rounds = int(args.pop(0))
        elif opt == "--cpu":
            cpu = args.pop(0)
        elif opt == "--cases":
            groups = args.pop(0)
        else:
            sys.exit("bench.py: unknown option " + opt)
    builds = []
    for a in args:
        name, spec = a.split("=", 1)
        binary, _, backend = spec.partition(":")
        builds.append((name, binary, backend or "bitboard"))
    todo = cases(groups.split(","))
    print("CPU time (user+sys) of whole processes, taskset -c %s, %d interleaved rounds, one thread, no hash" % (cpu, rounds))
    print()
    print("| case | nodes | " + " | ".join("%s least s (median)" % b[0] for b in builds) + " | " +
          " | ".join("%s / %s" % (b[0], builds[0][0]) for b in builds[1:]) + " | " + builds[-1][0] + " M nodes/s |")
    print("|---|---:|" + "---:|" * (len(builds) + len(builds) - 1 + 1))
    for label, cargs in todo:
        n = nodes(builds[0][1], builds[0][2], cargs)
        times = {b[0]: [] for b in builds}
        for r in range(rounds):
            order = builds[r % len(builds):] + builds[:r % len(builds)]
            for name, binary, backend in order:
                times[name].append(cpu_time(["taskset", "-c", cpu, binary, "-b", backend] + cargs))
        least = {k: min(v) for k, v in times.items()}
        cells = ["%.4f (%.4f)" % (least[b[0]], statistics.median(times[b[0]])) for b in builds]
        ratios = ["%.2fx" % (least[builds[0][0]] / least[b[0]]) for b in builds[1:]]
        print("| %s | %d | %s | %s | %.0f |" % (label, n, " | ".join(cells), " | ".join(ratios),
                                                 n / least[builds[-1][0]] / 1e6), flush=True)


if __name__ == "__main__":
    main()
