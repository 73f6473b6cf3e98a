#!/usr/bin/env python3
"""Medians of each row's ratios to raw ICU (rounds r1 and r2 of every run, r0 being a
warm-up) per side, from a file of alternated probe runs headed `== SIDE round N`.
Usage: ab-table.py FILE BEFORE AFTER"""
import re, statistics, sys
path, before, after = sys.argv[1:4]
ratios = {}  # (row, api) -> side -> [ratio]
side = None
for line in open(path):
    m = re.match(r'== (\S+)', line)
    if m:
        side = m.group(1)
        continue
    m = re.match(r'(.*) r(\d): rawICU ([\d.]+) ms((?: \| .*)*)', line.strip())
    if not m or m.group(2) == '0':
        continue
    row = m.group(1)
    raw = float(m.group(3))
    for api, t in re.findall(r'\| (\S+) ([\d.]+) ms', m.group(4)):
        ratios.setdefault((row, api), {}).setdefault(side, []).append(float(t) / raw)
print(f'| row | API | {before} | {after} | {after}/{before} |')
print('|---|---|--:|--:|--:|')
for (row, api), sides in ratios.items():
    if before in sides and after in sides:
        b, a = statistics.median(sides[before]), statistics.median(sides[after])
        print(f'| {row} | {api} | {b:.3f} | {a:.3f} | {a / b:.2f} |')
