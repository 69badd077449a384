#!/usr/bin/env python3
"""Read attr.py output at depth 3 and fold it into named parts (line ranges of
this commit's bitboard_movegen.c; edit RULES when the source moves)."""
import sys, re, collections
RULES = [  # (regex on key, label) first match wins
 (r'generate@41[46] > find_king_safety@306', 'king safety: near danger (knights/pawns/kings near the king)'),
 (r'generate@41[46] > find_king_safety@307', 'king safety: near checkers'),
 (r'generate@41[46] > find_king_safety', 'king safety: 4 king lines (checks, pins, evasion)'),
 (r'add_pawns@2(2[5-9])', 'pawns: setup (4 direction sets & movers)'),
 (r'add_pawns@23[01]', 'pawns: committed up'),
 (r'add_pawns@23[23]', 'pawns: committed down'),
 (r'add_pawns@23[45]', 'pawns: committed right'),
 (r'add_pawns@23[67]', 'pawns: committed left'),
 (r'add_pawns@(23[89]|24[01]|105)', 'pawns: uncommitted (per army)'),
 (r'add_men@26[56]', 'knights'),
 (r'add_men@(26[7-9]|27[01])', 'rook-like (rank+file)'),
 (r'add_men@27[2-6]', 'bishop-like (2 diagonals)'),
 (r'add_men@(27[7-9]|28[0-5])', 'pinned men'),
 (r'add_men@', 'men: setup (free men)'),
 (r'add_evasions', 'evasions (in check)'),
 (r'generate@425 > qbb_slider_attacked', 'king moves: slider test per target'),
 (r'generate@42[3-9]', 'king moves: targets, loop'),
 (r'generate@404', 'frame_init (empty, capturable, targets)'),
 (r'generate@412', 'active enemies'),
 (r'generate@411', 'king square'),
 (r'.*', 'entry/exit, several-kings test, spills'),
]
tot = None; g = collections.Counter()
for line in open(sys.argv[1]):
    if line.startswith('total'): tot = int(line.split()[1]); continue
    m = re.match(r'\s*([\d.]+)% +(\d+) (.*)', line)
    if not m: continue
    for rx, lab in RULES:
        if re.search(rx, m.group(3)): g[lab] += int(m.group(2)); break
calls = int(sys.argv[2]) if len(sys.argv) > 2 else 0
unit = sys.argv[3] if len(sys.argv) > 3 else 'Ir'
print(f'| part | share | {unit} |' + (' per call |' if calls else ''))
print('|---|---:|---:|' + ('---:|' if calls else ''))
for lab, c in sorted(g.items(), key=lambda x: -x[1]):
    print(f'| {lab} | {100*c/tot:.1f}% | {c} |' + (f' {c/calls:.0f} |' if calls else ''))
print(f'| total | 100% | {tot} |' + (f' {tot/calls:.0f} |' if calls else ''))
