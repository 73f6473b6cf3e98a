# Median ratio to raw ICU (rounds r1, r2) per build, case and API, over the `== build` sections of the files.
import re, sys, statistics, collections
data = collections.defaultdict(list)
order = []
for path in sys.argv[1:]:
    build = None
    for line in open(path):
        if line.startswith("== "): build = line[3:].strip(); continue
        m = re.match(r"(.*) r([12]): rawICU [0-9.]+ ms \| (.*)", line)
        if not m or build is None: continue
        case = m.group(1)
        if case not in order: order.append(case)
        for part in m.group(3).split(" | "):
            a = re.match(r"(\S+) [0-9.]+ ms \(([0-9.]+)x\)", part)
            data[(case, a.group(1), build)].append(float(a.group(2)))
builds = sorted({k[2] for k in data}, key=lambda b: (b != "main", b))
print("| case | API | " + " | ".join(builds) + " |")
print("|---|---|" + "---|" * len(builds))
for case in order:
    apis = []
    for k in data:
        if k[0] == case and k[1] not in apis: apis.append(k[1])
    for api in apis:
        cells = []
        for b in builds:
            v = data.get((case, api, b), [])
            cells.append(f"{statistics.median(v):.2f} ({min(v):.2f}-{max(v):.2f})" if v else "")
        print(f"| {case} | {api} | " + " | ".join(cells) + " |")
