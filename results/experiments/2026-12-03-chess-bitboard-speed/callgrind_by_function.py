#!/usr/bin/env python3
"""Instruction counts (Ir) of one source file summed per function it
defines, from callgrind_annotate's line-by-line listing: in a build where
everything is inlined into a few recursive functions (the chess bitboard's
perft), this says which inlined helper the instructions came from.  A line
belongs to the last function definition above it (a line starting with
CBB_INLINE, static or typedef and ending in no ';'); call lines ('=>') are
left out, so the sums are self costs.

    results/experiments/2026-12-03-chess-bitboard-speed/callgrind_by_function.py CALLGRIND_OUT SOURCE_FILE_SUFFIX
"""
import re
import subprocess
import sys

if len(sys.argv) != 3:
    sys.exit("usage: callgrind_by_function.py CALLGRIND_OUT SOURCE_FILE_SUFFIX")
out = subprocess.run(["callgrind_annotate", "--auto=yes", "--show-percs=no", "--context=100000", sys.argv[1]],
                     capture_output=True, text=True, check=True).stdout.splitlines()
heads = [k for k, line in enumerate(out)
         if line.startswith("-- Auto-annotated source:") and line.strip().endswith(sys.argv[2])]
if not heads:
    sys.exit("callgrind_by_function.py: no annotated source ending in %s" % sys.argv[2])
func, totals = "(file scope)", {}
started = False
for line in out[heads[0] + 1:]:
    if line.startswith("-----") or line.startswith("-- Auto-annotated source:"):
        if started:
            break  # the next file, or the closing totals
        continue
    started = True
    m = re.match(r"^\s*([0-9,]+|\.)\s(.*)$", line)
    if not m or "=>" in line:
        continue
    text = m.group(2)
    d = re.match(r"\s*(CBB_INLINE|static|typedef)\b.*?\b(\w+)\s*\(", text)
    if d and not text.rstrip().endswith(";"):
        func = d.group(2)
    if m.group(1) != ".":
        totals[func] = totals.get(func, 0) + int(m.group(1).replace(",", ""))
for name, ir in sorted(totals.items(), key=lambda item: -item[1]):
    if ir:
        print(f"{ir:>14,} {name}")
