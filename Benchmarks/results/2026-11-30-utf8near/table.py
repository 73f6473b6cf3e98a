# table.py: the fastest iteration of each DriveU8 run in raw/ (driveu8-API-SIDE-ROUND.txt), per
# pattern, API and round, for main (utf8near-base, 4b387fe) and this branch (utf8near).
import glob, re, collections
rows = collections.defaultdict(dict)
for path in sorted(glob.glob("raw/driveu8-*.txt")):
    m = re.match(r"raw/driveu8-(\w+)-(utf8near(?:-base)?)-(\d+)\.txt", path)
    api, side, round_ = m.groups()
    for line in open(path):
        found = re.match(r"\w+ (.*): result (-?\d+), ms .*, min ([\d.]+)", line)
        if found:
            rows[(found.group(1), api, round_)][side] = (float(found.group(3)), found.group(2))
print("| pattern | API | round | main ms | utf8near ms | utf8near/main | matches |\n|---|---|---|---|---|---|---|")
for (pattern, api, round_), sides in rows.items():
    (a, ra), (b, rb) = sides["utf8near-base"], sides["utf8near"]
    assert ra == rb, (pattern, api, ra, rb)
    print(f"| `{pattern}` | {api} | {round_} | {a:.2f} | {b:.2f} | {b / a:.3f} | {ra} |")
