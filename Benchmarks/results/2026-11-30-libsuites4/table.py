#!/usr/bin/env python3
"""Tables of raw/SUITE-SIDE-ROUND.txt (SIDE: base = f48baab, main = main, fix = branch libsuites4; a copy of ../2026-11-30-libsuites3/table.py, itself libsuites2's):
per benchmark the median over rounds of each side's wall-clock p50, each side's time over
f48baab's, each side's ratio to its same-run peer (raw ICU from C, else Foundation; the ratio
taken within each run, then the median over rounds), the malloc count per iteration, and the
fastest sample (p0) of each side over f48baab's (rounds pooled)."""
import glob
import os
import statistics
import sys

# parse.py is the 2026-11-29 run's, used by path.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "2026-11-29-libsuites"))
from parse import parse  # noqa: E402

# The outputs read: raw/ beside this script, or the folder RAW names (a later run reusing it).
RAW = os.environ.get("RAW") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "raw")
LABELS = {"base": "f48baab", "main": "main", "fix": "branch"}


def peer_of(name, names):
    """The same-run peer of a benchmark: the row of raw ICU (else Foundation) for the same case."""
    if name.startswith("PatternSet:"):
        return None
    if name.startswith("CallOverhead:"):
        body = name[len("CallOverhead: "):]
        language = body.split(" / ")[1] if " / " in body else None
        if body.startswith(("NSRegularExpression", "ICURegularExpression")):
            peer = "CallOverhead: NSRegularExpression.rangeOfFirstMatch (NSString) / " + language
        else:
            peer = "CallOverhead: raw ICU (C)" + (" / " + language if language else "")
        return peer if peer in names and peer != name else None
    case, _, _ = name.rpartition(" / ")
    for candidate in ("raw ICU (C)", "raw ICU (C) findNext loop", "raw ICU (C) uregex_replaceAll",
                      "Foundation NSString.range(of:)"):
        peer = f"{case} / {candidate}"
        if peer in names and peer != name:
            return peer
    return None


def fmt(us):
    if us is None:
        return "-"
    if us >= 1000:
        return f"{us / 1000:.1f} ms"
    if us >= 1:
        return f"{us:.1f} µs"
    return f"{us * 1000:.0f} ns"


def ratio(a, b):
    return f"{a / b:.2f}" if a and b else "-"


def main(suite, rounds):
    runs = {}
    for side in LABELS:
        paths = []
        for path in sorted(glob.glob(os.path.join(RAW, f"{suite}-{side}-*.txt"))):
            number = path.rsplit("-", 1)[1][:-4]
            if rounds is None or number in rounds:
                paths.append(path)
        if paths:
            runs[side] = [parse(path) for path in paths]
    sides = [side for side in LABELS if side in runs]
    names = []
    for side in sides:
        for name in runs[side][0]:
            if name not in names:
                names.append(name)
    others = [side for side in sides if side != "base"]
    header = ["benchmark"] + [f"{LABELS[s]} p50" for s in sides] + [f"{LABELS[s]}/f48baab" for s in others]
    header += [f"{LABELS[s]} / peer" for s in sides] + ["mallocs"] + [f"p0 {LABELS[s]}/f48baab" for s in others]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for name in names:
        time = {}
        peer_ratio = {}
        fastest = {}
        for side in sides:
            values = [run[name]["p50_us"] for run in runs[side] if name in run]
            time[side] = statistics.median(values) if values else None
            ratios = [run[name]["p50_us"] / run[peer_of(name, run)]["p50_us"]
                      for run in runs[side] if name in run and peer_of(name, run)]
            peer_ratio[side] = f"{statistics.median(ratios):.3f}" if ratios else "-"
            fastest[side] = min((run[name]["p0_us"] for run in runs[side] if name in run), default=None)
        mallocs = " → ".join(str(next((run[name].get("mallocs") for run in runs[s] if name in run), "-")) for s in sides)
        row = [name.split(": ", 1)[1]] + [fmt(time[s]) for s in sides]
        row += [ratio(time[s], time.get("base")) for s in others] + [peer_ratio[s] for s in sides] + [mallocs]
        row += [ratio(fastest[s], fastest.get("base")) for s in others]
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    rounds = os.environ.get("ROUNDS")
    for suite in sys.argv[1:]:
        print(f"\n### {suite}\n")
        main(suite, rounds.split() if rounds else None)
