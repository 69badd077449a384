#!/usr/bin/env python3
"""Attribute per-instruction costs of one function to its inline call chain.
usage: attr.py BINARY FUNC (cg FILE.cg | perf FILE.data) DEPTH"""
import sys, subprocess, collections, re
binary, func, kind, data, depth = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
nm = subprocess.run(['nm', binary], capture_output=True, text=True).stdout
start = int([l for l in nm.splitlines() if l.endswith(' ' + func) and (' T ' in l or ' t ' in l)][0].split()[0], 16)
costs = collections.Counter()
names = {}
if kind == 'cg':
    infn = False; pos = [0, 0]; skip = False
    def parse(tok, i):
        if tok == '*': return pos[i]
        if tok[0] in '+-': return pos[i] + int(tok)
        return int(tok, 0)
    for line in open(data):
        line = line.rstrip('\n')
        if line.startswith('fn='):
            m = re.match(r'fn=\((\d+)\)(?: (.*))?', line)
            infn = (m.group(2) == func) if m.group(2) else names.get(m.group(1)) == func
            if m.group(2): names[m.group(1)] = m.group(2)
            continue
        if line.startswith(('cfn=', 'cfi=', 'cfl=', 'cob=')):
            m = re.match(r'cfn=\((\d+)\) (.*)', line)
            if m: names[m.group(1)] = m.group(2)
            continue
        if line.startswith('calls='): skip = True; continue
        if not line or not (line[0].isdigit() or line[0] in '+-*'):
            continue
        toks = line.split()
        pos[0] = parse(toks[0], 0); pos[1] = parse(toks[1], 1)
        if skip: skip = False; continue
        if infn and len(toks) > 2: costs[pos[0]] += int(toks[2])
    if costs:
        base = min(costs)  # first instruction executed = function entry
        costs = collections.Counter({a - base + start: c for a, c in costs.items()})
else:
    out = subprocess.run(['perf', 'script', '-i', data, '-F', 'ip,sym,symoff'], capture_output=True, text=True).stdout
    for l in out.split():
        if l.startswith(func + '+0x'): costs[start + int(l.split('+')[1], 16)] += 1
addrs = sorted(costs)
out = subprocess.run(['addr2line', '-e', binary, '-i', '-f', '-a'] + [hex(a) for a in addrs], capture_output=True, text=True).stdout.splitlines()
chains = {}; cur = None
i = 0
while i < len(out):
    l = out[i]
    if l.startswith('0x'):
        cur = int(l, 16); chains[cur] = []; i += 1; continue
    fn, loc = l, out[i + 1]; i += 2
    chains[cur].append((fn, loc.split('/')[-1].split(' ')[0]))
total = sum(costs.values())
groups = collections.Counter()
for a, c in costs.items():
    ch = chains.get(a, [])[::-1]  # outermost first
    # drop frames above generate
    names_ = [f for f, _ in ch]
    k = names_.index("generate") if "generate" in names_ else 0
    ch = ch[k:]
    key = ' > '.join(f'{f}@{loc.split(":")[-1]}' for f, loc in ch[:depth])
    groups[key] += c
print(f'total {total}')
for key, c in sorted(groups.items(), key=lambda x: -x[1]):
    print(f'{100*c/total:6.2f}% {c:>14} {key}')
