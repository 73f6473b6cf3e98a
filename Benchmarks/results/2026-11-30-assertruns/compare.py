#!/usr/bin/env python3
# compare.py FILE: for probe output holding two builds ("== NAME" lines), the median ratio to raw
# ICU of each case and API (rounds after r0, over every run of the build) in each build, and the
# branch's over main's (m46); prints every row, flagging those above THRESHOLD (default 1.15).
import collections, re, sys
threshold = float(sys.argv[2]) if len(sys.argv) > 2 else 1.15
ratios = collections.defaultdict(lambda: collections.defaultdict(list))
builds = []
build = None
for line in open(sys.argv[1]):
    m = re.match(r'== (\S+)', line)
    if m:
        build = m.group(1)
        if build not in builds:
            builds.append(build)
        continue
    m = re.match(r'(.*) r(\d+): rawICU ([\d.]+) ms(.*)', line)
    if not m or m.group(2) == '0':
        continue
    for api, time in re.findall(r'\| (\S+) ([\d.]+) ms \(', m.group(4)):
        ratios[(m.group(1), api)][build].append(max(float(time), 0.001) / float(m.group(3)))
def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
# main's build (m46) first when present, whatever order the runs alternated in.
a, b = sorted(builds[:2], key=lambda name: name != 'm46')
print(f'| case | API | {a} | {b} | {b}/{a} |\n|---|---|---|---|---|')
for (case, api), sides in ratios.items():
    if a not in sides or b not in sides:
        continue
    x, y = median(sides[a]), median(sides[b])
    flag = ' **above %.2f**' % threshold if y / x > threshold else ''
    print(f'| {case} | {api} | {x:.3f} | {y:.3f} | {y / x:.2f}{flag} |')
