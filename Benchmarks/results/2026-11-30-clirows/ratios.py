#!/usr/bin/env python3
"""ratios.py RESULTS-DIR: CPU-time (user + system, hyperfine means) and wall ratios icugrep / baseline
of every time-*.json that compare-cli.sh wrote, sorted by the CPU ratio, with their geometric means;
and whether each search printed the same lines as the baseline (counts.tsv: lines and digest)."""
import glob, json, math, os, sys

results = sys.argv[1]
counts = {}
with open(os.path.join(results, "counts.tsv")) as f:
    next(f)
    for line in f:
        fields = line.rstrip("\n").split("\t")
        counts[(fields[0], fields[1])] = (fields[2], fields[5])
rows = []
for path in sorted(glob.glob(os.path.join(results, "time-*.json"))):
    name = os.path.basename(path)[5:-5]
    by_tool = {r["command"]: r for r in json.load(open(path))["results"]}
    new, base = by_tool["icugrep"], by_tool["baseline"]
    cpu_new, cpu_base = new["user"] + new["system"], base["user"] + base["system"]
    same = counts.get((name, "icugrep")) == counts.get((name, "baseline")) and (name, "icugrep") in counts
    rows.append((cpu_new / cpu_base, new["mean"] / base["mean"], name, cpu_base, cpu_new, same))
rows.sort(reverse=True)
print(f"# {len(rows)} searches, geometric mean CPU {math.exp(sum(math.log(r[0]) for r in rows) / len(rows)):.3f}, "
      f"wall {math.exp(sum(math.log(r[1]) for r in rows) / len(rows)):.3f}; "
      f"output {'identical in all' if all(r[5] for r in rows) else 'DIFFERENT in ' + ' '.join(r[2] for r in rows if not r[5])}")
for cpu, wall, name, cpu_base, cpu_new, same in rows:
    print(f"{name}\t{cpu:.3f}\t{wall:.3f}\tbase {cpu_base * 1000:.0f} ms\tnew {cpu_new * 1000:.0f} ms\t{'same' if same else 'DIFF'}")
