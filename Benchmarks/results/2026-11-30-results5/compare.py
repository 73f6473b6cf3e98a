#!/usr/bin/env python3
# compare.py A.txt B.txt: per case and API, the median ratio to raw ICU over r1, r2 of each run,
# the resultsArray rows, and the rows 15% or more above A's median in B.
import re, sys, collections
def load(path):
    d = collections.defaultdict(list)
    for line in open(path):
        m = re.match(r'(.*) r(\d+): rawICU ([\d.]+) ms(.*)', line)
        if not m or m.group(2) == '0': continue
        for api, t in re.findall(r'\| (\S+) ([\d.]+) ms \(', m.group(4)):
            d[(m.group(1), api)].append(max(float(t), 0.001) / float(m.group(3)))
    return {k: sorted(v)[len(v) // 2] if len(v) % 2 else sum(sorted(v)[len(v)//2-1:len(v)//2+1]) / 2 for k, v in d.items()}
a, b = load(sys.argv[1]), load(sys.argv[2])
print('| row | API | ' + sys.argv[1] + ' | ' + sys.argv[2] + ' |'); print('|---|---|---|---|')
for k in sorted(a):
    if k[1] == 'resultsArray' and k in b: print(f'| `{k[0]}` | {k[1]} | {a[k]:.3f} | {b[k]:.3f} |')
print(); print('Slower by 15% or more:'); print()
for k in sorted(a):
    if k in b and b[k] > 1.15 * a[k] and b[k] > 0.01: print(f'| `{k[0]}` | {k[1]} | {a[k]:.3f} | {b[k]:.3f} |')
