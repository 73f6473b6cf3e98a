#!/usr/bin/env python3
# Per case, the median ratio to raw ICU over rounds r1 and r2 of `matches` and `RegexMatcher`
# in each run of each build (files NAME-runN.txt), and the geometric means over the cases
# (ratios below 0.005 counted as 0.005, the probe printing two decimals).
import collections, math, re, sys
data = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
order = []
for path in sys.argv[1:]:
    run = path.rsplit('/', 1)[-1].removesuffix('.txt')
    for line in open(path):
        m = re.match(r'(.*) r(\d+): rawICU ([\d.]+) ms(.*)', line)
        if not m or m.group(2) == '0': continue
        case = m.group(1)
        if case not in order: order.append(case)
        for api, ratio in re.findall(r'\| (\S+) [\d.]+ ms \(([\d.]+)x\)', m.group(4)):
            data[run][case][api].append(float(ratio))
runs = [p.rsplit('/', 1)[-1].removesuffix('.txt') for p in sys.argv[1:]]
def med(xs): xs = sorted(xs); n = len(xs); return xs[n//2] if n % 2 else (xs[n//2-1] + xs[n//2]) / 2
print('| case | ' + ' | '.join(f'{r} matches / RegexMatcher' for r in runs) + ' |')
print('|---' * (len(runs) + 1) + '|')
logs = collections.defaultdict(list)
for case in order:
    cells = []
    for r in runs:
        a = med(data[r][case]['matches']); b = med(data[r][case]['RegexMatcher'])
        logs[(r, 'matches')].append(math.log(max(a, 0.005))); logs[(r, 'RegexMatcher')].append(math.log(max(b, 0.005)))
        cells.append(f'{a:.3f} / {b:.3f}')
    print(f'| {case} | ' + ' | '.join(cells) + ' |')
print('| **geometric mean** | ' + ' | '.join(
    f"{math.exp(sum(logs[(r,'matches')])/len(order)):.3f} / {math.exp(sum(logs[(r,'RegexMatcher')])/len(order)):.3f}" for r in runs) + ' |')
