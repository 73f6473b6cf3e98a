# compare.py A B: median ratio to raw ICU of each case and API, raw/probe/A-*.txt against raw/probe/B-*.txt.
import glob, re, statistics, collections
def load(side):
    d = collections.defaultdict(list)
    for f in sorted(glob.glob(f"raw/probe/{side}-*.txt")):
        for line in open(f):
            m = re.match(r"(.*?) r\d+: rawICU ([\d.]+) ms \| (.*)", line)
            if not m: continue
            for api, ms in re.findall(r"([\w.:()]+) ([\d.]+) ms \(", m.group(3)):
                d[(m.group(1), api)].append(float(ms) / float(m.group(2)))
    return d
import sys
base, new = (sys.argv[1:] + ["final41", "dfaloop"])[:2] if len(sys.argv) > 2 else ("final41", "dfaloop")
a, b = load(base), load(new)
print(f"| case | API | {base} | {new} | {new}/{base} |\n|---|---|---|---|---|")
for key in a:
    x, y = statistics.median(a[key]), statistics.median(b.get(key, [float("nan")]))
    print(f"| {key[0]} | {key[1]} | {x:.3f} | {y:.3f} | {y/x:.2f} |")
