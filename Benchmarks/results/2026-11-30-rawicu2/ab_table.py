#!/usr/bin/env python3
# Prints, for the rows and APIs named below, each build's ratios to raw ICU in each alternated
# run (rounds r1 and r2, after the warm-up r0; r0 in brackets), from ab-BUILD-RUN.txt files.
# Usage: ab_table.py DIR BUILD_A BUILD_B
import re, sys, glob, os
rows = [('rebar words/all-russian', 'resultsArray'), ('rebar words/all-english', 'resultsArray'),
        ('replace log line -> $4: $5', 'replacing'), ('replace log line -> $4: $5', 'stringByReplacingMatches'),
        ('replace log line -> $4: $5', 'replacing.utf8'), ('replace log line -> $4: $5', 'stringByReplacingMatches.utf8'),
        ('replace log date -> $3/$2/$1', 'replacing'), ('replace log date -> $3/$2/$1', 'stringByReplacingMatches'),
        ('workload groups: lexer', 'enumerateMatches'), ('workload groups: log line fields', 'enumerateMatches')]
directory, builds = sys.argv[1], sys.argv[2:]
def ratios(path):
    found = {}
    for line in open(path):
        m = re.match(r'(.*) r(\d+): rawICU ([\d.]+) ms(.*)', line)
        if not m: continue
        for api, time in re.findall(r'\| (\S+) ([\d.]+) ms \(', m.group(4)):
            found.setdefault((m.group(1), api), {})[int(m.group(2))] = float(time) / float(m.group(3))
    return found
runs = {b: [ratios(p) for p in sorted(glob.glob(os.path.join(directory, 'ab-%s-*.txt' % b)))] for b in builds}
print('| row | API | ' + ' | '.join(builds) + ' |')
print('|---|---|' + '---|' * len(builds))
for row, api in rows:
    cells = []
    for b in builds:
        parts = []
        for run in runs[b]:
            r = run.get((row, api))
            if r: parts.append('%.2f %.2f (%.2f)' % (r.get(1, float('nan')), r.get(2, float('nan')), r.get(0, float('nan'))))
        cells.append('; '.join(parts))
    print('| `%s` | `%s` | %s |' % (row.replace('rebar ', '').replace('workload ', '').replace('replace ', 'replace '), api, ' | '.join(cells)))
