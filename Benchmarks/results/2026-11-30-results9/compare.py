"""Same-run A/B: each API's median ratio to raw ICU in main's probe (final41) and this branch's,
from two probe outputs (each possibly several runs concatenated)."""
import re, statistics, sys
from collections import defaultdict

def ratios(path):
    found = defaultdict(list)
    for line in open(path):
        match = re.match(r"(.*) r\d+: rawICU ([\d.]+) ms(.*)", line)
        if not match:
            continue
        raw = float(match.group(2))
        for api, ms in re.findall(r"\| (\S+) ([\d.]+) ms \(", match.group(3)):
            found[(match.group(1), api)].append(float(ms) / raw)
    return found

before, after = ratios(sys.argv[1]), ratios(sys.argv[2])
only = sys.argv[3:]  # optional: API names to show
print("| case | API | final41 median (n) | results9 median (n) | after/before |")
print("|---|---|---|---|---|")
for key in before:
    if key not in after or (only and key[1] not in only):
        continue
    b, a = statistics.median(before[key]), statistics.median(after[key])
    flag = " **slower**" if a > b * 1.15 else ""
    print(f"| {key[0]} | {key[1]} | {b:.3g} ({len(before[key])}) | {a:.3g} ({len(after[key])}) | {a / b:.2f}{flag} |")
