#!/usr/bin/env python3
# (A copy of ../2026-11-29-rebar/probe/summarize.py that takes each ratio from the two times.)
# Summarizes probe output: for each build (a "== NAME" line starts a build's output) the median
# ratio to raw ICU of each case through each API over the rounds after the warm-up (r0), and
# the geometric mean per API over the cases every build has (replacements count under
# `matches` and `ICURegularExpression`). Usage: summarize.py FILE [FILE...]
import collections, math, re, sys
ratios = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(list)))
raw = collections.defaultdict(lambda: collections.defaultdict(list))
build = 'probe'
for path in sys.argv[1:]:
    for line in open(path):
        m = re.match(r'== (\S+)', line)
        if m:
            build = m.group(1)
            continue
        m = re.match(r'(.*) r(\d+): rawICU ([\d.]+) ms(.*)', line)
        if not m or m.group(2) == '0':
            continue
        case = m.group(1)
        raw[build][case].append(float(m.group(3)))
        # The ratio from the times themselves: the printed one has two decimals, which makes
        # 0.00 of a search thousands of times faster than ICU's.
        for api, time in re.findall(r'\| (\S+) ([\d.]+) ms \(', m.group(4)):
            ratios[build][case][api].append(max(float(time), 0.001) / float(m.group(3)))
def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
def family(api):
    return {'numberOfMatches': 'ICURegularExpression', 'enumerateMatches': 'ICURegularExpression',
            'firstMatch': 'ICURegularExpression', 'stringByReplacingMatches': 'ICURegularExpression',
            'replacing': 'matches', 'resultsArray': 'ICURegularExpression.matches(in:range:)'}.get(api, api)
# The geometric means take the cases every build has, so that the builds compare.
common = set.intersection(*(set(cases) for cases in ratios.values())) if ratios else set()
for build in ratios:
    print('## ' + build)
    print()
    print('| case | raw ICU ms | API: median ratio (range) |')
    print('|---|---|---|')
    logs = collections.defaultdict(list)
    for case, apis in ratios[build].items():
        cells = []
        for api, xs in apis.items():
            med = median(xs)
            cells.append('%s %.3g (%.3g-%.3g)%s' % (api, med, min(xs), max(xs), ' **slower**' if med > 1 else ''))
            if case in common and (api != 'enumerateMatches' or 'numberOfMatches' not in apis):
                logs[family(api)].append(math.log(med))
        print('| %s | %.3f | %s |' % (case, median(raw[build][case]), '; '.join(cells)))
    print()
    for api, ls in logs.items():
        print('- %s: geometric mean of the ratios %.3f (%.1fx faster than raw ICU) over %d cases' % (api, math.exp(sum(ls) / len(ls)), 1 / math.exp(sum(ls) / len(ls)), len(ls)))
    print()
