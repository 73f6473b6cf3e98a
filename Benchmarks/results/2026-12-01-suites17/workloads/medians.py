#!/usr/bin/env python3
"""Reads the standalone package-benchmark runner's debug output (histograms) and prints, for each
workload, the median wall-clock time of raw ICU and of each API, with their ratio to raw ICU,
and the geometric mean of the ratios per API."""
import math, re, sys
from collections import OrderedDict

def medians(path):
    name, in_time, out = None, False, OrderedDict()
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"Debug results for (.*):$", line.strip())
        if m:
            name, in_time = m.group(1), False
            continue
        if line.startswith("Time (wall clock)"):
            in_time = True
            continue
        if in_time and name and name not in out:
            f = line.split()
            if len(f) >= 3 and re.match(r"^[0-9.]+$", f[0]) and re.match(r"^[0-9.]+$", f[1]):
                if float(f[1]) >= 0.5:
                    out[name] = float(f[0]) / 1e6  # ns -> ms
                    in_time = False
    return out

def api_of(variant):
    if variant.startswith("raw ICU"): return None
    if "RegexMatcher" in variant: return "RegexMatcher"
    if "ICURegularExpression" in variant:
        return "ICURegularExpression.matches(in:)" if "matches(in:" in variant else "ICURegularExpression"
    return "matches"  # RegexPattern.matches / replacing

runs = [medians(p) for p in sys.argv[1:]]
cases = OrderedDict()
for run in runs:
    for full in run:
        case, variant = full.rsplit(" / ", 1) if " / " in full else (full, "")
        cases.setdefault(case, OrderedDict()).setdefault(variant, [])
for run in runs:
    for full, ms in run.items():
        case, variant = full.rsplit(" / ", 1)
        cases[case][variant].append(ms)
geo = {}
print("| case | raw ICU ms | API: ratio to raw ICU |")
print("|---|--:|---|")
for case, variants in cases.items():
    raw = [v for k, v in variants.items() if k.startswith("raw ICU")]
    if not raw: continue
    rawms = sorted(raw[0])[len(raw[0]) // 2]
    parts = []
    for k, v in variants.items():
        api = api_of(k)
        if api is None: continue
        ms = sorted(v)[len(v) // 2]
        r = ms / rawms
        geo.setdefault(api, []).append(r)
        parts.append(f"{k}: {r:.3g}" + (" **slower**" if r > 1 else ""))
    print(f"| {case.replace('Workloads: ', '')} | {rawms:.3f} | " + "; ".join(parts).replace("|", "\\|") + " |")
print()
for api, rs in geo.items():
    g = math.exp(sum(math.log(r) for r in rs) / len(rs))
    print(f"- {api}: geometric mean of the ratios {g:.3f} ({1/g:.1f}x faster than raw ICU) over {len(rs)} cases; slower than raw ICU: {sum(r > 1 for r in rs)}")
