#!/usr/bin/python3
"""A test engine speaking the perftree contract whose counts pass 2^64.

It asks an inner perftree engine (this build's bin/perft) for the divide and
prints every move's count multiplied by FACTOR, and the total multiplied by
FACTOR (or --total N as given, to test a total that disagrees with its
moves).  The counts are then exact multiples of published ones (the inner
engine's), so a test knows what bin/perft must print without trusting it:

    scaled_counts.py FACTOR [--total N] INNER... -- DEPTH FEN MOVES
"""
import subprocess
import sys

args = sys.argv[1:]
factor = int(args.pop(0))
total_override = None
if args[0] == "--total":
    args.pop(0)
    total_override = args.pop(0)
# The harness appends DEPTH, FEN and MOVES to the command.
inner, (depth, fen, moves) = args[:-3], args[-3:]
out = subprocess.run(inner + [depth, fen] + ([moves] if moves else []), capture_output=True, text=True, check=True)
lines = out.stdout.split("\n")
total = 0
for line in lines:
    if not line.strip():
        break
    move, count = line.split()
    print(f"{move} {int(count) * factor}")
    total += int(count) * factor
print()
print(total_override if total_override is not None else total)
