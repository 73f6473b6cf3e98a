#!/usr/bin/env python3
# table.py TAG API BUILD...: per case, each run's r1 r2 ratios (r0 in brackets) of API, per build.
import glob, re, sys, collections
tag, api, builds = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = collections.defaultdict(lambda: collections.defaultdict(list))
allr = collections.defaultdict(lambda: collections.defaultdict(list))
for b in builds:
    for path in sorted(glob.glob(f'ab-{tag}-{b}-*.txt'), key=lambda p: int(re.search(r'-(\d+)\.txt$', p).group(1))):
        runs = collections.defaultdict(dict)
        for line in open(path):
            m = re.match(r'(.*) r(\d+): rawICU ([\d.]+) ms(.*)', line)
            if not m: continue
            for a, t in re.findall(r'\| (\S+) ([\d.]+) ms \(', m.group(4)):
                if a == api: runs[m.group(1)][int(m.group(2))] = float(t) / float(m.group(3))
        for case, r in runs.items():
            rows[case][b].append(' '.join(f'{r[k]:.2f}' for k in (1, 2) if k in r) + (f' ({r[0]:.2f})' if 0 in r else ''))
            allr[case][b] += [r[k] for k in (1, 2) if k in r]
print('| row | ' + ' | '.join(builds) + ' |'); print('|---|' + '---|' * len(builds))
for case in rows:
    print(f'| `{case}` {api} | ' + ' | '.join('; '.join(rows[case][b]) for b in builds) + ' |')
print()
for case in rows:
    print(case, ' '.join(f'{b}: median {sorted(allr[case][b])[len(allr[case][b])//2]:.3f} max {max(allr[case][b]):.2f}' for b in builds if allr[case][b]))
