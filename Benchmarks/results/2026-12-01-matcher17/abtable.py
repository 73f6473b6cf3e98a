import sys, re, collections, statistics
d = collections.defaultdict(lambda: collections.defaultdict(list))
for l in open(sys.argv[1]):
    m = re.match(r'(A|B) r\d+ (.*?) \S+: ([\d.]+) ms a call', l)
    if m: d[m.group(2)][m.group(1)].append(float(m.group(3)))
print(f"| row | before ms | after ms | after/before |\n|---|--:|--:|--:|")
for row, s in d.items():
    a, b = statistics.median(s['A']), statistics.median(s['B'])
    print(f"| {row} | {a:.3f} ({', '.join('%.3f'%x for x in s['A'])}) | {b:.3f} ({', '.join('%.3f'%x for x in s['B'])}) | {b/a:.3f} |")
