#!/usr/bin/env python3
"""Reads package-benchmark's text output (`swift package benchmark --no-progress`) and prints,
per benchmark, the wall-clock p50 in microseconds and the p50 of malloc calls, as TSV."""
import re
import sys

UNITS = {"ns": 1e-3, "μs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}


def parse(path):
    rows = {}
    name = None
    previous = ""
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("╒"):
            name = previous.strip()
        elif name and line.startswith("│"):
            cells = [c.strip() for c in line.strip("│").split("│")]
            metric = cells[0]
            match = re.match(r"Time \(wall clock\) \((\w+|μs)\)", metric)
            if match:
                scale = UNITS[match.group(1)]
                rows.setdefault(name, {})["p50_us"] = float(cells[3]) * scale
                rows[name]["p0_us"] = float(cells[1]) * scale
                rows[name]["samples"] = int(cells[8])
            elif metric.startswith("Malloc (total)"):
                factor = 1
                unit = re.search(r"\((K|M)\)", metric)
                if unit:
                    factor = 1000 if unit.group(1) == "K" else 1000000
                rows.setdefault(name, {})["mallocs"] = int(cells[3]) * factor
        if line.strip():
            previous = line
    return rows


if __name__ == "__main__":
    for path in sys.argv[1:]:
        for name, values in parse(path).items():
            print(f"{name}\t{values.get('p50_us')}\t{values.get('p0_us')}\t{values.get('mallocs')}")
