#!/usr/bin/env python3
"""Per round, p50/p0 of f48baab (base) and this branch (fix) and their ratios, for the rows of
SUITE whose names contain PATTERN (raw/SUITE-SIDE-ROUND.txt). Usage: rows.py SUITE PATTERN."""
import glob, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-29-libsuites"))
from parse import parse  # noqa: E402
RAW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "raw")
suite, pattern = sys.argv[1], sys.argv[2]
rounds = sorted({p.rsplit("-", 1)[1][:-4] for p in glob.glob(os.path.join(RAW, f"{suite}-fix-*.txt"))})
print("| row | round | f48baab p50/p0 | branch p50/p0 | branch/f48baab p50/p0 |\n|---|--:|--:|--:|--:|")
for number in rounds:
    base, fix = parse(os.path.join(RAW, f"{suite}-base-{number}.txt")), parse(os.path.join(RAW, f"{suite}-fix-{number}.txt"))
    for name in fix:
        if pattern in name and name in base and base[name]["p50_us"]:
            b, f = base[name], fix[name]
            print(f"| {name.split(': ', 1)[1]} | {number} | {b['p50_us']*1000:.0f}/{b['p0_us']*1000:.0f} ns | "
                  f"{f['p50_us']*1000:.0f}/{f['p0_us']*1000:.0f} ns | {f['p50_us']/b['p50_us']:.2f}/{f['p0_us']/b['p0_us']:.2f} |")
