#!/usr/bin/env python3
"""parse.py FILE...: p0 and p50 wall clock (µs) of each row of package-benchmark's "Debug results" output."""
import re, sys
def rows(path):
    out, name, in_time = {}, None, False
    for line in open(path, errors="replace"):
        m = re.match(r"Debug results for (.*):$", line.strip())
        if m: name, in_time = m.group(1), False; continue
        if line.startswith("Time (wall clock)"): in_time = True; vals = {}; continue
        if in_time:
            m = re.match(r"\s*([0-9.]+)\s+([0-9.]+)\s+\d+", line)
            if m:
                p = float(m.group(2)); v = float(m.group(1)) / 1000
                for q in (0.0, 0.5):
                    if abs(p - q) < 1e-9: vals[q] = v
            elif line.startswith("#[Mean"):
                out[name] = (vals.get(0.0), vals.get(0.5)); in_time = False
    return out
files = sys.argv[1:]
tables = [rows(f) for f in files]
print("| row | " + " | ".join(f"{f.split('/')[-1]} p0 / p50 (µs)" for f in files) + (" | p0 ratio | p50 ratio |" if len(files) == 2 else " |"))
print("|---" * (len(files) + 1 + (2 if len(files) == 2 else 0)) + "|")
for name in tables[0]:
    fmt = lambda v: "-" if v is None else f"{v:.1f}"
    cells = [f"{fmt(t[name][0])} / {fmt(t[name][1])}" if name in t else "-" for t in tables]
    extra = ""
    if len(files) == 2 and name in tables[1] and None not in tables[0][name] + tables[1][name]:
        a, b = tables[0][name], tables[1][name]
        extra = f" | {b[0]/a[0]:.2f} | {b[1]/a[1]:.2f}"
    print(f"| {name} | " + " | ".join(cells) + extra + " |")
