#!/usr/bin/env python3
# annot.py CGFILE BINARY FUNC_SUBSTRING [DIVISOR]: per-instruction self Ir of a function, beside objdump's disassembly
import sys, re, subprocess, collections
cg, binary, want = sys.argv[1], sys.argv[2], sys.argv[3]
div = float(sys.argv[4]) if len(sys.argv) > 4 else 1
names = {}
costs = collections.Counter()
fn = None; ob = None; last = 0; skip = False
def name(kind, s):
    m = re.match(r'\((\d+)\)(?: (.*))?', s)
    if m.group(2): names[(kind, m.group(1))] = m.group(2)
    return names.get((kind, m.group(1)), '')
for line in open(cg):
    line = line.rstrip('\n')
    if line.startswith('fn='): fn = name('fn', line[3:]); continue
    if line.startswith('ob='): ob = name('ob', line[3:]); continue
    if line.startswith(('cfn=', 'cob=', 'cfi=', 'cfl=')):
        if line.startswith('cfn='): name('fn', line[4:])
        if line.startswith(('cob=')): name('ob', line[4:])
        continue
    if line.startswith('calls='): skip = True; continue
    if not line or not (line[0] in '0123456789+-*'): continue
    parts = line.split()
    a = parts[0]
    if a.startswith('0x'): addr = int(a, 16)
    elif a.startswith('+'): addr = last + int(a[1:], 16 if a[1:].startswith('0x') else 10)
    elif a.startswith('-'): addr = last - int(a[1:], 16 if a[1:].startswith('0x') else 10)
    else: addr = last
    last = addr
    if skip: skip = False; continue
    if fn and fn.startswith(want) and len(parts) >= 3:
        costs[addr] += int(parts[2])
tot = sum(costs.values())
print(f"total self {tot} ({tot/div:.1f} per unit)")
if not costs: sys.exit()
lo, hi = min(costs), max(costs)
out = subprocess.run(['objdump', '-d', '--no-show-raw-insn', f'--start-address={lo:#x}', f'--stop-address={hi+16:#x}', binary], capture_output=True, text=True).stdout
for l in out.splitlines():
    m = re.match(r'\s*([0-9a-f]+):\s*(.*)', l)
    if not m: continue
    a = int(m.group(1), 16)
    c = costs.get(a, 0)
    print(f"{c/div:8.2f} {a:x}: {m.group(2)}" if c else f"{'':8} {a:x}: {m.group(2)}")
