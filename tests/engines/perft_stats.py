#!/usr/bin/python3
"""An adapter speaking the perftree contract with the optional statistics
(gen/perft/README.md, "Statistics") around bin/perft itself, for either
game: what a Quaternity engine's adapter prints, the columns of
gen/quaternity/RULES.md#perft-statistics named as the reports name them.

    bin/perft --stats -b all --engine 'perftree:tests/engines/perft_stats.py -b mailbox' 3 "$QFEN"

bin/perft runs it once per query with DEPTH, the position and the moves
played from it (an empty argument when there are none).  It prints
"move count" per root move, a blank line and the total; when PERFT_STATS
names columns (bin/perft --stats sets it), each of those lines ends with
NAME=VALUE for every column named.  Its counts are those of the backend
named by -b (default mailbox), read from `bin/perft --stats --format json`:
an example of the format and a vehicle for the tests (the planted bugs of
tests/engines/planted_bug.py go around it), not an independent count.
bin/perft gives a root move's statistics from depth 2 on (at depth 1 a
leaf's kind is its move's, which its count does not classify alone), so
under PERFT_STATS a depth-1 query is refused with a message: enough for
a cross-check that agrees, not for a descent to depth 1.
PERFT is the bin/perft to run (default: the one beside tests/).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PERFT = os.environ.get("PERFT", os.path.join(HERE, "..", "..", "bin", "perft"))


def main():
    args = sys.argv[1:]
    backend = "mailbox"
    if args[:1] == ["-b"]:
        backend, args = args[1], args[2:]
    if len(args) < 2:
        sys.exit("perft_stats: usage: perft_stats.py [-b BACKEND] DEPTH POSITION [MOVES]")
    depth, position = args[0], args[1]
    moves = args[2] if len(args) > 2 else ""
    asked = [c for c in os.environ.get("PERFT_STATS", "").split(",") if c]
    run = subprocess.run([PERFT, "-b", backend, "--stats", "--format", "json", depth, position, moves],
                         capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("perft_stats: bin/perft failed: " + run.stderr.strip())
    divide = json.loads(run.stdout)["divides"][0]
    if asked and len(divide["move_stats"]) != len(divide["moves"]):
        sys.exit("perft_stats: no statistics per root move at depth %s (bin/perft gives them from depth 2)" % depth)
    unknown = [c for c in asked if c not in divide["stats"]]
    if unknown:
        sys.exit("perft_stats: PERFT_STATS names columns this game does not count: " + ", ".join(unknown))
    for move, count in divide["moves"].items():
        stats = divide["move_stats"][move]
        print(move, count, *("%s=%d" % (c, stats[c]) for c in asked))
    print()
    print(divide["total"], *("%s=%d" % (c, divide["stats"][c]) for c in asked))


if __name__ == "__main__":
    main()
