#!/usr/bin/env python3
"""CPU (user+system, hyperfine mean) and wall-median ratios icugrep/baseline from compare-cli's time-*.json."""
import json, glob, math, os, sys
d = sys.argv[1]
rows = []
for f in sorted(glob.glob(os.path.join(d, 'time-*.json'))):
    r = {x['command']: x for x in json.load(open(f))['results']}
    if 'icugrep' not in r or 'baseline' not in r: continue
    cpu = lambda x: x['user'] + x['system']
    n, b = r['icugrep'], r['baseline']
    rows.append((cpu(n) / cpu(b), n['median'] / b['median'], os.path.basename(f)[5:-5], cpu(b) * 1000, cpu(n) * 1000, min(n['times'])/min(b['times'])))
rows.sort(reverse=True)
g = lambda i: math.exp(sum(math.log(x[i]) for x in rows) / len(rows))
print(f"# icugrep (new) / baseline (f48baab): CPU ratio (user+system, means), wall-median ratio, wall-min ratio; {len(rows)} searches")
print(f"# geometric mean CPU {g(0):.3f}, wall median {g(1):.3f}, wall min {g(5):.3f}")
for c, w, name, bc, nc, wm in rows:
    print(f"{name}\t{c:.3f}\t{w:.3f}\t{wm:.3f}\tbase {bc:.0f} ms\tnew {nc:.0f} ms")
