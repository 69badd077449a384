#!/usr/bin/env bash
# Writes the README's headline block, between <!-- headline:begin --> and
# <!-- headline:end -->, from results/latest-headline.md (scripts/headline.sh,
# `make bench-headline`) and its picture (results/latest-headline.png,
# scripts/headline-plot.sh), both from one run, named with the run directory
# they came from, its date, commit and machine (that directory's machine.txt).
# scripts/headline.sh runs it after every headline run; it measures nothing.
#   scripts/readme-headline.sh           rewrite the block in README.md
#   scripts/readme-headline.sh --check   fail if the block is not what it would write
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${1:-}" <<'PY'
import filecmp, glob, os, re, sys

check = sys.argv[1] == "--check"
latest, picture = "results/latest-headline.md", "results/latest-headline.png"


def source_dir(latest_file, pattern, name):
    """The run directory whose NAME is the same file as the latest-* copy."""
    for d in sorted(glob.glob(pattern), reverse=True):
        f = os.path.join(d, name)
        if os.path.isfile(f) and filecmp.cmp(f, latest_file, shallow=False):
            return d
    sys.exit(f"readme-headline: no {pattern}/{name} is the same as {latest_file}")


def machine(d):
    info = {}
    for line in open(os.path.join(d, "machine.txt"), encoding="utf-8"):
        k, _, v = line.partition(":")
        info[k.strip()] = v.strip()
    return info


hd = source_dir(latest, "results/runs/*-headline", "headline.md")
hm = machine(hd)
if source_dir(picture, "results/runs/*-headline", "headline.png") != hd:
    sys.exit(f"readme-headline: {picture} is not from {hd}, the run of {latest}")
when = hm["date"].replace("T", " ").replace("Z", " UTC")
host = hd.rstrip("/").split("-")[-3]  # runs/YYYY-MM-DD-TIME-HOST-COMMIT-headline
compiler = re.sub(r"^gcc \(Debian ([^)]*)\).*", r"gcc \1", hm.get("compiler", "?"))
text = open(latest, encoding="utf-8").read().strip()
# the first table (the three backends) with its note; the Stockfish table after it
parts = text.split("\n\n")
runs = re.search(r"Medians of (\d+) runs", text).group(1)
block = [
    "<!-- headline:begin -->",
    "<!-- Written by scripts/readme-headline.sh from results/latest-headline.md; edit neither by hand. -->",
    f"Measured {when} at commit {hm['commit'][:7]} on host `{host}` ({hm.get('cpu', '?')}, pinned to CPU "
    f"{hm.get('pinned to CPU', '?')}, {compiler}; load {hm.get('load at start', '?')} at the start), "
    f"by `make bench-headline` (scripts/headline.sh): hyperfine over bin/perft, the median of {runs} runs after a "
    f"warm-up, wall clock including process start-up, every count checked before it is timed; one thread, "
    f"no hashing, bulk counting as labelled. Raw data: `{hd}/`.",
    "",
    parts[0],
    "",
    "Debian's Stockfish beside the chess backends in the same run, timed by the harness per query "
    f"(start-up excluded), median of {runs} runs, bulk counting on:",
    "",
    parts[-1],
    "",
    f"![Nodes per second per backend, both games, bulk counting on and off, {when}, commit {hm['commit'][:7]}]"
    f"({picture})",
    "",
    "The picture: the same hyperfine runs as the first table (scripts/headline-plot.sh), median with bars from "
    "the slowest to the fastest run. More positions, micro-benchmarks and plots per game (`make bench`), and how "
    "to reproduce every figure: `results/README.md`.",
    "<!-- headline:end -->",
]
new_block = "\n".join(block)
readme = open("README.md", encoding="utf-8").read()
m = re.search(r"<!-- headline:begin -->.*?<!-- headline:end -->", readme, re.S)
if not m:
    sys.exit("readme-headline: README.md has no <!-- headline:begin --> ... <!-- headline:end --> block")
if check:
    if m.group(0) != new_block:
        sys.exit("readme-headline: README.md's headline block is not what scripts/readme-headline.sh writes "
                 "from results/latest-headline.md: run it")
    print("readme-headline: README.md's headline block is up to date")
else:
    open("README.md", "w", encoding="utf-8").write(readme[: m.start()] + new_block + readme[m.end():])
    print(f"readme-headline: README.md's headline block written from {hd}/")
PY
