# pp.py: PatternSet's 100 shaped regexes one by one (Drive26 ps-per-pattern 2), best of the runs
# raw/pp-SIDE-*.txt of each side: the loop totals (sums over the patterns) and the patterns named.
import glob, re, sys, collections
sides = ["base", "main", "dfaloop2"]
best = {s: collections.defaultdict(lambda: [float("inf"), float("inf")]) for s in sides}
names = {}
for s in sides:
    for f in glob.glob(f"raw/pp-{s}-*.txt"):
        for line in open(f):
            m = re.match(r"(\d+) every ([\d.]+) first ([\d.]+) count (\d+) (.*)", line)
            if not m: continue
            i = int(m.group(1)); names[i] = (m.group(5), m.group(4))
            b = best[s][i]; b[0] = min(b[0], float(m.group(2))); b[1] = min(b[1], float(m.group(3)))
for k, label in [(0, "every match"), (1, "first match")]:
    tot = {s: sum(best[s][i][k] for i in names) for s in sides}
    print(f"{label}: f48baab {tot['base']:.0f} ms, main {tot['main']:.0f} ms, dfaloop2 {tot['dfaloop2']:.0f} ms "
          f"(dfaloop2/main {tot['dfaloop2']/tot['main']:.2f}, dfaloop2/f48baab {tot['dfaloop2']/tot['base']:.2f})")
big = [i for i in names if best["base"][i][0] >= 20]
for s in ["main", "dfaloop2"]:
    slow = sum(1 for i in big if best[s][i][0] > 1.2 * best["base"][i][0])
    fast = sum(1 for i in big if best[s][i][0] < 0.8 * best["base"][i][0])
    print(f"{s}: of {len(big)} patterns whose walk takes 20 ms or more in f48baab, {slow} more than 20 % slower, {fast} more than 20 % faster")
print("\n| # | pattern | matches | every f48baab / main / dfaloop2 ms | dfaloop2/main | first f48baab / main / dfaloop2 ms |\n|---|---|---|---|---|---|")
for i in sorted(names):
    b, m, d = best["base"][i], best["main"][i], best["dfaloop2"][i]
    print(f"| {i} | `{names[i][0]}` | {names[i][1]} | {b[0]:.1f} / {m[0]:.1f} / {d[0]:.1f} | {d[0]/m[0]:.2f} | {b[1]:.2f} / {m[1]:.2f} / {d[1]:.2f} |")
