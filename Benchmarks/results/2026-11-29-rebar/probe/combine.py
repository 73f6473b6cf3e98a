#!/usr/bin/env python3
# Pools the runs into one file per build for summarize.py: run-a, run-b without its words and
# bounded-repeat rows (whole files, before rebar's line-end was read), ab-c, ab-d; the branch's
# "groups:" rows of run-a and ab-c are left out (7b02a2a's in-place group array, reverted in
# f804780, which ab-d measures). Usage: combine.py run-a.txt run-b.txt ab-c.txt ab-d.txt
import re, sys
out = {'main': [], 'branch': []}
for path in sys.argv[1:]:
    build = None
    for line in open(path):
        m = re.match(r'== (\S+)', line)
        if m:
            build = m.group(1)
            continue
        if build is None or not re.match(r'.* r\d+: rawICU', line):
            continue
        if 'run-b' in path and ('rebar words/' in line or 'rebar bounded-repeat/' in line):
            continue
        if build == 'branch' and 'groups:' in line and ('run-a' in path or 'ab-c' in path):
            continue
        out[build].append(line)
for build in ('main', 'branch'):
    print('== ' + build)
    sys.stdout.writelines(out[build])
