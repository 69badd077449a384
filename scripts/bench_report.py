#!/usr/bin/env python3
"""Turns one benchmark run's JSON into gnuplot data files and a summary.

    scripts/bench_report.py results/RUN-DIRECTORY

Reads, from the run directory that scripts/bench.sh filled:
  plan.tsv            the positions, their depth and verified node count
  micro-rN.json       Google Benchmark output of bin/bench, one file a round
  hyperfine/*.json    hyperfine over bin/perft, named
                      GAME-INDEX-dDEPTH-(bulk|nobulk)-rROUND.json
                      (index 00 is the start-up measurement at depth 1)
  machine.txt         the machine and the settings
Writes:
  data/nps-GAME-bulk.dat, data/nps-GAME-nobulk.dat
                      per position and backend: median, min and max Mnps
                      over every hyperfine run (wall time, whole command)
  data/micro-GAME.dat per micro-benchmark and backend: median, min, max
                      M/s over the rounds (process CPU time)
  data/depth-GAME.dat per depth and backend: median, min, max seconds of one
                      perft (bulk on) of the file's first position
  data/plot-GAME.gp   the backend names and titles the plots need
  summary.md          medians, ratios to the fastest backend, settings
Standard library only.
"""
import csv
import glob
import json
import os
import re
import statistics
import sys
from collections import defaultdict

TIME_UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
MICRO_KINDS = [
    ("generate", "generate", "M moves/s"),
    ("make_unmake", "make + unmake", "M moves/s"),
    ("perft_bulk", "perft, bulk on", "M nodes/s"),
    ("perft_nobulk", "perft, bulk off", "M nodes/s"),
]
HF_NAME = re.compile(r"^(?P<game>[a-z]+)-(?P<index>\d+)-d(?P<depth>\d+)-(?P<mode>bulk|nobulk)-r(?P<round>\d+)\.json$")


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def read_machine(path):
    info = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                key, _, value = line.partition(":")
                info[key.strip()] = value.strip()
    return info


def spread(values):
    """(median, min, max)"""
    return statistics.median(values), min(values), max(values)


def backend_order(names):
    """mailbox, padded, bitboard first, in that order; any others after."""
    known = ["mailbox", "padded", "bitboard"]
    return sorted(set(names), key=lambda n: (known.index(n) if n in known else len(known), n))


# --- reading ---------------------------------------------------------------------


class Micro:
    """Google Benchmark results across rounds: name -> list of runs."""

    def __init__(self, directory):
        self.runs = defaultdict(list)
        self.errors = []
        self.rounds = 0
        self.library_build = None
        for path in sorted(glob.glob(os.path.join(directory, "micro-r*.json"))):
            with open(path) as f:
                doc = json.load(f)
            self.rounds += 1
            self.library_build = doc.get("context", {}).get("library_build_type")
            for b in doc.get("benchmarks", []):
                if b.get("run_type", "iteration") != "iteration":
                    continue
                if b.get("error_occurred"):
                    self.errors.append(f"{b['name']}: {b.get('error_message', 'error')}")
                    continue
                self.runs[b["name"]].append(b)

    def entries(self, kind, game):
        """{backend: [runs]} for names kind/game/backend[/dN]."""
        out = defaultdict(list)
        for name, runs in self.runs.items():
            parts = name.split("/")
            if len(parts) >= 3 and parts[0] == kind and parts[1] == game:
                out[parts[2]].extend(runs)
        return out

    @staticmethod
    def rate(run):
        for key in ("nodes_per_second", "moves_per_second"):
            if key in run:
                return run[key] / 1e6
        return None

    @staticmethod
    def seconds(run):
        return run["cpu_time"] * TIME_UNIT[run["time_unit"]]


class Hyperfine:
    """hyperfine results: (game, index, mode) -> {backend: [seconds of every run]}."""

    def __init__(self, directory):
        self.times = defaultdict(lambda: defaultdict(list))
        self.depth = {}
        self.rounds = set()
        for path in sorted(glob.glob(os.path.join(directory, "hyperfine", "*.json"))):
            m = HF_NAME.match(os.path.basename(path))
            if not m:
                continue
            key = (m["game"], int(m["index"]), m["mode"])
            self.depth[key] = int(m["depth"])
            self.rounds.add(int(m["round"]))
            with open(path) as f:
                for r in json.load(f)["results"]:
                    self.times[key][r["command"]].extend(r["times"])


# --- formatting -----------------------------------------------------------------


def fmt_rate(v):
    return f"{v:.1f}" if v >= 10 else f"{v:.2f}"


def fmt_seconds(s):
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.1f} ms" if s < 0.1 else f"{s * 1e3:.0f} ms"
    if s >= 1e-6:
        return f"{s * 1e6:.1f} µs" if s < 1e-4 else f"{s * 1e6:.0f} µs"
    return f"{s * 1e9:.0f} ns"


def fmt_ratio(r):
    return "**fastest**" if abs(r - 1.0) < 1e-12 else f"{r:.2f}×"


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


# --- the pieces -----------------------------------------------------------------


def write_dat(path, comment, backends, rows, tics=None):
    """rows: (label, {backend: (median, min, max)}); '-' where a backend has none.
    tics: a text per row, written as a last column (the x tic of a plot whose
    label column is a number)."""
    with open(path, "w") as f:
        f.write(f"# {comment}\n")
        f.write("# label " + " ".join(f"{b} {b}_min {b}_max" for b in backends) + (" tic" if tics else "") + "\n")
        for n, (label, values) in enumerate(rows):
            cells = []
            for b in backends:
                cells += [f"{x:.6g}" for x in values[b]] if b in values else ["-", "-", "-"]
            if tics:
                cells.append(f'"{tics[n]}"')
            shown = label if isinstance(label, int) else f'"{label}"'
            f.write(f"{shown} " + " ".join(cells) + "\n")


def fmt_count(n):
    """A node count in a few characters, for plot labels: 8,902, 1.2M, 3.4G."""
    for limit, suffix in ((1e9, "G"), (1e6, "M")):
        if n >= limit:
            return f"{n / limit:.1f}{suffix}"
    return f"{n:,}"


# A plotted whole-command time of which process start-up is at least this
# share is labelled as such: the plot then compares start-ups, not perft.
STARTUP_SHARE_NOTED = 0.2


def hyperfine_section(game, backends, plan, hf, data_dir, out):
    positions = [r for r in plan if r["game"] == game]
    if not any(g == game for (g, _, _) in hf.times):
        return
    runs = {len(t) for (g, _, _), per in hf.times.items() if g == game for t in per.values()}
    out.append(f"### {game.capitalize()}: whole command (hyperfine, {min(runs)} runs a measurement)\n")
    totals = {}
    start = hf.times.get((game, 0, "bulk"), {})
    startup = {b: statistics.median(start[b]) for b in backends if start.get(b)}
    dominated = []
    for mode in ("bulk", "nobulk"):
        rows, detail = [], []
        total_nodes, total_time = 0, defaultdict(float)
        for p in positions:
            key = (game, int(p["index"]), mode)
            per = hf.times.get(key)
            if not per:
                continue
            nodes = int(p["nodes"])
            values, medians = {}, {}
            for b in backends:
                if per.get(b):
                    med, lo, hi = spread(per[b])
                    medians[b] = med
                    values[b] = (nodes / med / 1e6, nodes / hi / 1e6, nodes / lo / 1e6)
                    total_time[b] += med
            total_nodes += nodes
            # The label says what was counted, and when start-up weighs.
            share = min(1.0, max((startup[b] / medians[b] for b in medians if b in startup), default=0))
            label = f'{p["id"]} d{hf.depth[key]}, {fmt_count(nodes)} nodes'
            if share >= STARTUP_SHARE_NOTED:
                label += f", start-up {share:.0%}"
                dominated.append(f"{p['id']} ({mode}, {share:.0%})")
            rows.append((label, values))
            if not medians:
                continue
            fastest = min(medians.values())
            detail.append(
                [p["id"], p["depth"], f"{nodes:,}"]
                + [
                    f"{fmt_seconds(medians[b])}, {fmt_rate(values[b][0])} ({fmt_ratio(medians[b] / fastest)})"
                    if b in medians
                    else "–"
                    for b in backends
                ]
            )
        write_dat(
            os.path.join(data_dir, f"nps-{game}-{mode}.dat"),
            f"{game}, bulk counting {'on' if mode == 'bulk' else 'off'}: Mnps per position "
            "(median, min, max over hyperfine runs)",
            backends,
            rows,
        )
        totals[mode] = (total_nodes, dict(total_time))
        label = "bulk counting on" if mode == "bulk" else "bulk counting off"
        out.append(f"Per position, {label}: median time, Mnps, time relative to the fastest backend.\n\n")
        out.append(table(["position", "depth", "nodes"] + backends, detail))
        out.append("\n")
    # All positions together: total nodes over the sum of median times.
    rows = []
    for b in backends:
        row = [b]
        for mode in ("bulk", "nobulk"):
            nodes, times = totals.get(mode, (0, {}))
            if b in times and len(times) == len(backends):
                fastest = min(times.values())
                row += [fmt_rate(nodes / times[b] / 1e6), fmt_ratio(times[b] / fastest)]
            else:
                row += ["–", "–"]
        rows.append(row)
    out.append(
        "All positions together (total nodes over the sum of the median times), "
        "Mnps and time relative to the fastest:\n\n"
    )
    out.append(table(["backend", "bulk on: Mnps", "vs fastest", "bulk off: Mnps", "vs fastest"], rows))
    if start:
        cells = ", ".join(f"{b} {fmt_seconds(statistics.median(start[b]))}" for b in backends if b in start)
        out.append(f"\nStart-up cost of one bin/perft process (depth 1 of the first position, median): {cells}.\n")
    if dominated:
        out.append(
            f"\n**Start-up weighs on these whole-command figures** (the largest share of one backend's time it takes, "
            f"time, {STARTUP_SHARE_NOTED:.0%} or more; labelled in the plot): {', '.join(dominated)}.  "
            "They compare process start-ups as much as perft; the micro-benchmarks do not include it.\n"
        )
    out.append("\n")


def micro_section(game, backends, micro, data_dir, out):
    rows, cells = [], defaultdict(dict)
    depth_of = {}
    for kind, _, _ in MICRO_KINDS:
        per = micro.entries(kind, game)
        values = {}
        for b, runs in per.items():
            rates = [r for r in (Micro.rate(x) for x in runs) if r is not None]
            if rates:
                values[b] = spread(rates)
            depth_of[kind] = runs[0]["name"].split("/")[3] if len(runs[0]["name"].split("/")) > 3 else ""
        counted = ""
        if per:
            run = next(iter(per.values()))[0]
            for key, unit in (("nodes", "nodes"), ("moves", "moves")):
                if run.get(key):
                    counted = f", {fmt_count(int(run[key]))} {unit}"
        rows.append((f"{kind}{' ' + depth_of[kind] if depth_of.get(kind) else ''}{counted}", values))
        cells[kind] = values
    if not any(cells.values()):
        return
    write_dat(
        os.path.join(data_dir, f"micro-{game}.dat"),
        f"{game}: micro-benchmark rates in millions a second (median, min, max over rounds)",
        backends,
        rows,
    )
    header = ["backend"] + [
        f"{title}{' ' + depth_of[kind] if depth_of.get(kind) else ''} ({unit})" for kind, title, unit in MICRO_KINDS
    ]
    body = []
    for b in backends:
        row = [b]
        for kind, _, _ in MICRO_KINDS:
            values = cells[kind]
            if b in values:
                best = max(v[0] for v in values.values())
                row.append(f"{fmt_rate(values[b][0])} ({fmt_ratio(best / values[b][0])})")
            else:
                row.append("–")
        body.append(row)
    out.append(
        f"### {game.capitalize()}: micro-benchmarks (Google Benchmark, median of {micro.rounds} rounds)\n\n"
        "Rates in millions a second over the whole fixture file, with the time relative to the fastest backend.\n\n"
    )
    out.append(table(header, body))
    out.append("\n")


def depth_section(game, backends, micro, data_dir, out, position_name):
    per = micro.entries("depth", game)
    if not per:
        return
    by_depth = defaultdict(dict)
    nodes = {}
    for b, runs in per.items():
        grouped = defaultdict(list)
        for r in runs:
            d = int(r["name"].split("/")[3][1:])
            grouped[d].append(Micro.seconds(r))
            nodes.setdefault(d, set()).add(int(r.get("nodes", 0)))
        for d, secs in grouped.items():
            by_depth[d][b] = spread(secs)
    depths = sorted(by_depth)
    write_dat(
        os.path.join(data_dir, f"depth-{game}.dat"),
        f"{game}, {position_name}: seconds of one perft (bulk on) per depth (median, min, max over rounds)",
        backends,
        [(d, by_depth[d]) for d in depths],
        tics=[f"{d}: {'/'.join(fmt_count(n) for n in sorted(nodes[d]))}" for d in depths],
    )
    body = []
    for d in depths:
        medians = {b: v[0] for b, v in by_depth[d].items()}
        fastest = min(medians.values())
        count = "/".join(f"{n:,}" for n in sorted(nodes[d]))
        body.append(
            [d, count]
            + [f"{fmt_seconds(medians[b])} ({fmt_ratio(medians[b] / fastest)})" if b in medians else "–" for b in backends]
        )
    out.append(
        f"### {game.capitalize()}: time per depth, {position_name} (perft, bulk on; median of {micro.rounds} rounds)\n\n"
    )
    out.append(table(["depth", "nodes"] + backends, body))
    out.append("\n")


def game_backends(game, micro, hf):
    """Every backend measured for `game`, in one order for every data file."""
    names = [b for (g, _, _), per in hf.times.items() if g == game for b in per]
    names += [n.split("/")[2] for n in micro.runs if len(n.split("/")) > 2 and n.split("/")[1] == game]
    return backend_order(names)


def count_disagreements(micro):
    """Benchmarks whose node or move count differs between backends."""
    groups = defaultdict(dict)
    for name, runs in micro.runs.items():
        parts = name.split("/")
        if len(parts) < 3:
            continue
        key = (parts[0], parts[1]) + tuple(parts[3:])
        value = runs[0].get("nodes", runs[0].get("moves"))
        groups[key][parts[2]] = value
    return [f"{'/'.join(k)}: {v}" for k, v in sorted(groups.items()) if len(set(v.values())) > 1]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench_report.py RUN-DIRECTORY")
    directory = sys.argv[1]
    data_dir = os.path.join(directory, "data")
    os.makedirs(data_dir, exist_ok=True)
    plan = read_tsv(os.path.join(directory, "plan.tsv"))
    machine = read_machine(os.path.join(directory, "machine.txt"))
    micro = Micro(directory)
    hf = Hyperfine(directory)
    first_position = {r["game"]: r["id"] for r in reversed(plan)}

    out = [
        "# Benchmark summary\n\n",
        f"Run of {machine.get('date', '?')} on `{machine.get('host', '?')}`, commit `{machine.get('commit', '?')}`"
        f" ({machine.get('mode', '?')} set).  \n",
        f"CPU: {machine.get('cpu', '?')}, {machine.get('cores', '?')}; {machine.get('compiler', '?')}.  \n",
        (
            "No process pinned to a CPU.  \n"
            if machine.get("pinned to CPU", "none").startswith("none")
            else f"Every process pinned to CPU {machine.get('pinned to CPU', '?')}.  \n"
        ),
        f"Load average at start: {machine.get('load average at start', '?')}; "
        f"at end: {machine.get('load average at end', '?')}.\n\n",
        "**One thread. Bulk counting: on and off, as labelled. Hashing: never** (no transposition table "
        "anywhere in this suite).  Whole-command figures are wall-clock medians of hyperfine runs of "
        "`bin/perft` (process start included; the start-up cost is given apart); micro-benchmark figures are "
        "medians over rounds of Google Benchmark runs of `bin/bench`, in process CPU time, called through the "
        "Backend interface.  Every backend was measured side by side with the others, in rounds.  "
        "\"×\" is the time relative to the fastest backend of the same measurement.\n\n",
    ]
    if machine.get("mode") == "quick":
        out.append(
            "**Quick set**: few rounds and small counts, so process start-up weighs heavily on the whole-command "
            "times.  It checks that the tooling works; compare backends with the full set (`make bench`).\n\n"
        )
    if micro.library_build == "debug":
        out.append(
            "(Debian's Google Benchmark library reports itself as a debug build; that only slows its loop "
            "bookkeeping, which is small beside these iterations.)\n\n"
        )
    problems = [f"micro-benchmark failed: {e}" for e in micro.errors]
    problems += [f"backends disagree: {d}" for d in count_disagreements(micro)]
    if problems:
        out.append("## Problems\n\n" + "".join(f"- {p}\n" for p in problems) + "\n")

    games = [g for g in ("quaternity", "chess") if any(r["game"] == g for r in plan)]
    for game in games:
        out.append(f"## {game.capitalize()}\n\n")
        backends = game_backends(game, micro, hf)
        hyperfine_section(game, backends, plan, hf, data_dir, out)
        micro_section(game, backends, micro, data_dir, out)
        depth_section(game, backends, micro, data_dir, out, first_position.get(game, "first position"))
        for image, caption in (
            (f"nps-{game}.png", "nodes per second per backend and position"),
            (f"micro-{game}.png", "micro-benchmarks"),
            (f"depth-{game}.png", "time per depth"),
        ):
            out.append(f"![{game}: {caption}]({image})\n")
        out.append("\n")
        with open(os.path.join(data_dir, f"plot-{game}.gp"), "w") as f:
            f.write(f'backends = "{" ".join(backends)}"\n')
            f.write(f'position = "{first_position.get(game, "first position")}"\n')
            f.write(f'stamp = "{os.path.basename(os.path.normpath(directory))}"\n')
    out.append(
        "Positions: " + "; ".join(f"{g}: `{p}`" for g, p in (("quaternity", "positions/quaternity/reference.epd"),
                                                              ("chess", "positions/chess/famous.epd")) if g in games)
        + ".  Settings: " + machine.get("settings", "?") + ".\n"
    )
    with open(os.path.join(directory, "summary.md"), "w") as f:
        f.write("".join(out))
    print(f"summary: {os.path.join(directory, 'summary.md')}")


if __name__ == "__main__":
    main()
