#!/usr/bin/env python3
"""A copy of ../2026-11-30-libsuites3/confirm.py (libsuites2's), comparing SIDE (env, default fix: branch libsuites4) with f48baab.
Per round, each row's SIDE/f48baab by p50 and by p0 (raw/SUITE-SIDE-ROUND.txt); lists the rows
above THRESHOLD (1.05) by both in any round, with every round's pair, and the rounds where both are."""
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-29-libsuites"))
from parse import parse  # noqa: E402

# The outputs read: raw/ beside this script, or the folder RAW names (a later run reusing it).
RAW = os.environ.get("RAW") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "raw")
THRESHOLD = 1.05
SIDE = os.environ.get("SIDE", "fix")

for suite in sys.argv[1:]:
    rounds = sorted({p.rsplit("-", 1)[1][:-4] for p in glob.glob(os.path.join(RAW, f"{suite}-base-*.txt"))})
    ratios = {}
    for number in rounds:
        base_path = os.path.join(RAW, f"{suite}-base-{number}.txt")
        main_path = os.path.join(RAW, f"{suite}-{SIDE}-{number}.txt")
        if not os.path.exists(main_path):
            continue
        base, main = parse(base_path), parse(main_path)
        for name in main:
            if name in base and base[name]["p50_us"] and base[name]["p0_us"]:
                ratios.setdefault(name, {})[number] = (
                    main[name]["p50_us"] / base[name]["p50_us"], main[name]["p0_us"] / base[name]["p0_us"])
    for name, by_round in ratios.items():
        above = [n for n, (p50, p0) in by_round.items() if p50 > THRESHOLD and p0 > THRESHOLD]
        if above:
            pairs = "; ".join(f"r{n} {p50:.2f}/{p0:.2f}" for n, (p50, p0) in sorted(by_round.items()))
            print(f"{name}\tabove in {len(above)} of {len(by_round)} rounds\t{pairs}")
